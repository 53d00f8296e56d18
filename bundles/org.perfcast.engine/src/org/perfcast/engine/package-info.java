/**
 * The engine SPI: what every Perfcast engine takes and returns, free of Eclipse runtime and UI.
 * <p>
 * An engine call takes its input model, {@link org.perfcast.engine.ParameterBindings} for the symbolic
 * parameters and an {@link org.perfcast.engine.EngineMonitor} for progress and cancellation, and reports
 * problems as {@link org.perfcast.engine.Diagnostic}s located in a file (line and column) or at a model
 * element. Times carry a {@link org.perfcast.engine.TimeUnit}.
 */
package org.perfcast.engine;
