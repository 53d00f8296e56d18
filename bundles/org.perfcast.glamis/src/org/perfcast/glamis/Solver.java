package org.perfcast.glamis;

import java.util.List;

import org.perfcast.engine.EngineMonitor;

/** The MVA solvers a Glamis model or network can be solved with. */
public enum Solver {
	/** Exact single-class MVA. */
	EXACT("exact"),
	/** Bard–Schweitzer approximate MVA. */
	SCHWEITZER("schweitzer");

	private final String id;

	Solver(String id) {
		this.id = id;
	}

	/** The name on the command line and in results: "exact" or "schweitzer". */
	public String id() {
		return id;
	}

	/**
	 * The solver called {@code id}.
	 *
	 * @throws IllegalArgumentException naming the solvers if there is none of that name
	 */
	public static Solver named(String id) {
		for (Solver solver : values()) {
			if (solver.id.equals(id)) {
				return solver;
			}
		}
		throw new IllegalArgumentException("unknown solver '" + id + "'; expected exact or schweitzer");
	}

	/** Solves {@code stations} with {@code customers} customers (default tolerance and iteration limit). */
	public MvaSolution solve(List<Station> stations, long customers, EngineMonitor monitor) {
		return this == EXACT ? MeanValueAnalysis.exact(stations, customers, monitor)
				: MeanValueAnalysis.schweitzer(stations, customers, MeanValueAnalysis.TOLERANCE,
						MeanValueAnalysis.MAX_ITERATIONS, monitor);
	}
}
