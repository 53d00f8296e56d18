package org.perfcast.engine.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import org.perfcast.engine.ParameterBindings;

/**
 * What to run: a model file, the parameters bound for every point, the sweeps that make the points, and the
 * engine's options.
 *
 * @param model       the model file
 * @param displayName how diagnostics and results name the file, e.g. its workspace path
 * @param bindings    parameters bound at every point; swept values override them
 * @param grid        the sweeps; no sweeps make one point
 * @param options     the engine's option values
 */
public record RunRequest(Path model, String displayName, ParameterBindings bindings, SweepGrid grid,
		OptionValues options) {

	public RunRequest {
		Objects.requireNonNull(model, "model");
		Objects.requireNonNull(displayName, "displayName");
		Objects.requireNonNull(bindings, "bindings");
		Objects.requireNonNull(grid, "grid");
		Objects.requireNonNull(options, "options");
	}

	/** A request sweeping {@code sweeps} (see {@link SweepGrid} for the checks). */
	public RunRequest(Path model, String displayName, ParameterBindings bindings, List<Sweep> sweeps,
			OptionValues options) {
		this(model, displayName, bindings, new SweepGrid(sweeps), options);
	}

	/** The bindings of every point, in grid order. */
	public List<ParameterBindings> points() {
		return grid.points(bindings);
	}
}
