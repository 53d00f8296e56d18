/**
 * The recorders of real programs (the VPPB Recorder): a program runs on one processor and its threads'
 * synchronisation events are written as a trace ({@code *.vtrace}) that {@code org.perfcast.trace} replays and
 * simulates on N processors. {@link org.perfcast.record.PthreadRecorder} preloads the C library {@code recorder.c}
 * (with the OMPT tool {@code ompt.c} for OpenMP programs, see {@link org.perfcast.record.OpenMpRuntime}) into C and
 * C++ programs; {@link org.perfcast.record.JavaRecorder} runs Java programs with the agent of
 * {@code org.perfcast.record.agent}. {@link org.perfcast.record.RealRuns} times real runs on N processors to compare
 * with the predictions.
 */
package org.perfcast.record;
