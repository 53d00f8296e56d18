package org.perfcast.results.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepRunner;
import org.perfcast.engine.tests.fixtures.SquareEngine;

/** Runs of the square test engine for the results tests. */
final class Runs {

	private Runs() {
	}

	/** Runs the square engine on {@code dir/m.square} with N=60, the sweeps and options given. */
	static RunOutcome square(Path dir, List<String> sweeps, List<String> options) throws IOException {
		SquareEngine engine = new SquareEngine();
		Path model = dir.resolve("m.square");
		if (!Files.exists(model)) {
			Files.writeString(model, "square\n");
		}
		RunRequest request = new RunRequest(model, "m.square", ParameterBindings.parse(List.of("N=60")),
				sweeps.stream().map(Sweep::parse).toList(), OptionValues.parse(engine.options(), options));
		return new SweepRunner(2).run(engine, request, EngineMonitor.NULL);
	}
}
