/**
 * Results files: recording a finished run ({@link org.perfcast.engine.run.RunOutcome}) as a results model
 * ({@link org.perfcast.results.io.RunRecorder}), saving and loading {@code *.results} files
 * ({@link org.perfcast.results.io.ResultsFiles}), and comparing two runs of the same inputs
 * ({@link org.perfcast.results.io.RunComparison}).
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.results.io;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
