package org.perfcast.loggp;

import java.util.Locale;

import org.perfcast.engine.EngineMonitor;

/** The paper's two algorithms for a communication step. */
public enum Algorithm {
	/** The communication simulation algorithm of figure 2: {@link CommunicationSimulation}. */
	STANDARD,
	/** The overestimation simulation algorithm of section 4.2: {@link OverestimationSimulation}. */
	OVERESTIMATE;

	/** The name on the command line and in results: "standard" or "overestimate". */
	public String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * The algorithm called {@code id}.
	 *
	 * @throws IllegalArgumentException naming the choices if there is none
	 */
	public static Algorithm named(String id) {
		for (Algorithm a : values()) {
			if (a.id().equals(id)) {
				return a;
			}
		}
		throw new IllegalArgumentException("unknown algorithm '" + id + "'; known: standard, overestimate");
	}

	/** Simulates {@code pattern} on a machine with parameters {@code logGP} under {@code rules}. */
	public StepResult simulate(CommunicationPattern pattern, LogGP logGP, LogGPRules rules, EngineMonitor monitor) {
		return switch (this) {
		case STANDARD -> CommunicationSimulation.simulate(pattern, logGP, rules, monitor);
		case OVERESTIMATE -> OverestimationSimulation.simulate(pattern, logGP, rules, monitor);
		};
	}

	/** Simulates the step of {@code state} to its end, forced transmissions only counted. */
	void run(StepTimelines state, LogGPRules rules, EngineMonitor monitor) {
		switch (this) {
		case STANDARD -> CommunicationSimulation.run(state, rules, monitor);
		case OVERESTIMATE -> OverestimationSimulation.run(state, rules, null, monitor);
		}
	}
}
