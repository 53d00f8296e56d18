/**
 * The engine SPI: what every Perfcast engine takes and returns, free of Eclipse runtime and UI.
 * <p>
 * An engine call takes its input model, {@link org.perfcast.engine.ParameterBindings} for the symbolic
 * parameters and an {@link org.perfcast.engine.EngineMonitor} for progress and cancellation, and reports
 * problems as {@link org.perfcast.engine.Diagnostic}s located in a file (line and column) or at a model
 * element. Times carry a {@link org.perfcast.engine.TimeUnit}.
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.engine;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
