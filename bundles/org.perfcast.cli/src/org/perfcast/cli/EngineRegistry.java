package org.perfcast.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.perfcast.engine.run.Engine;
import org.perfcast.glamis.GlamisEngine;
import org.perfcast.loggp.LogGPProgramEngine;
import org.perfcast.loggp.LogGPStepEngine;
import org.perfcast.loggp.ReplayEngine;
import org.perfcast.mapping.MappingEngine;
import org.perfcast.pamela.PamelaEngine;
import org.perfcast.revprof.RevprofEngine;
import org.perfcast.trace.TraceEngine;

/**
 * The simulation engines {@code perfcast run} knows, by id. {@link #builtin()} holds the engines that
 * exist; tests and embedders add their own with {@link #add}.
 */
public final class EngineRegistry {

	private final Map<String, Engine> engines = new LinkedHashMap<>();

	/**
	 * The engines built into Perfcast: PAMELA, the mapping execution models, Glamis, the LogGP communication
	 * step and program simulation, trace-driven simulation, reverse profiling and the replay of recorded MPI runs.
	 */
	public static EngineRegistry builtin() {
		return new EngineRegistry().add(new PamelaEngine()).add(new MappingEngine()).add(new GlamisEngine())
				.add(new LogGPStepEngine()).add(new LogGPProgramEngine()).add(new TraceEngine()).add(new RevprofEngine())
				.add(new ReplayEngine());
	}

	/**
	 * Adds an engine.
	 *
	 * @throws IllegalArgumentException if an engine of the same id is already registered
	 */
	public EngineRegistry add(Engine engine) {
		if (engines.putIfAbsent(engine.id(), engine) != null) {
			throw new IllegalArgumentException("engine " + engine.id() + " is registered twice");
		}
		return this;
	}

	/** The engine with id {@code id}, if registered. */
	public Optional<Engine> engine(String id) {
		return Optional.ofNullable(engines.get(id));
	}

	/** The registered engines in registration order. */
	public List<Engine> engines() {
		return Collections.unmodifiableList(new ArrayList<>(engines.values()));
	}
}
