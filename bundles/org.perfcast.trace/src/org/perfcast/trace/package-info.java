/**
 * Trace-driven simulation of multi-threaded programs (Broberg, Lundberg and Grahn, "Selecting Simulation Models
 * when Predicting Parallel Program Behavior", the VPPB Simulator): predict the execution on N processors from a
 * recording on one.
 * <p>
 * A {@link org.perfcast.trace.Trace} ({@code *.vtrace}, read by {@link org.perfcast.trace.TraceReader}, or its
 * binary form) lists the synchronisation events of a uni-processor execution. A
 * {@link org.perfcast.trace.Recording} replays it: it checks the events against the recorded priorities, cuts
 * each thread into work segments and operations, and pairs every Wait_for with the Activate that satisfied it.
 * The {@link org.perfcast.trace.TraceSimulator} runs the recording on a {@link org.perfcast.trace.TargetMachine}
 * under a {@link org.perfcast.trace.SimulationModel} (Direct, Client-Server, Strict Sequence, or the paper's
 * automatic choice) and gives a {@link org.perfcast.trace.Simulation}: completion or deadlock, per-thread
 * timelines and the critical path. {@link org.perfcast.trace.TraceEngine} runs it in the outer loop.
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.trace;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
