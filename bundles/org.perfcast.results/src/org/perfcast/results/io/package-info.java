/**
 * Results files: recording a finished run ({@link org.perfcast.engine.run.RunOutcome}) as a results model
 * ({@link org.perfcast.results.io.RunRecorder}), saving and loading {@code *.results} files
 * ({@link org.perfcast.results.io.ResultsFiles}), and comparing two runs of the same inputs
 * ({@link org.perfcast.results.io.RunComparison}).
 */
package org.perfcast.results.io;
