package org.perfcast.engine.run;

import java.nio.file.Path;
import java.util.Objects;

import org.perfcast.engine.ParameterBindings;

/**
 * What an engine runs on for one point: the model file, its parameter bindings and the option values.
 *
 * @param model       the model file
 * @param displayName how diagnostics name the file, e.g. its workspace path
 * @param bindings    the parameters bound for this point (the run's bindings and the point's swept values)
 * @param options     the engine's option values, defaults filled in
 */
public record EngineInput(Path model, String displayName, ParameterBindings bindings, OptionValues options) {

	public EngineInput {
		Objects.requireNonNull(model, "model");
		Objects.requireNonNull(displayName, "displayName");
		Objects.requireNonNull(bindings, "bindings");
		Objects.requireNonNull(options, "options");
	}
}
