package org.perfcast.loggp;

import org.perfcast.engine.EngineMonitor;

/**
 * How much the step time depends on random tie breaks: T over several seeds.
 *
 * @param runs      the number of seeds tried, the first being the rules' seed
 * @param firstSeed the first seed
 * @param min       the least T
 * @param max       the greatest T
 */
public record TieSpread(int runs, long firstSeed, double min, double max) {

	/**
	 * Simulates {@code pattern} with random ties under seeds {@code rules.seed()} .. {@code rules.seed() + runs − 1}.
	 *
	 * @throws IllegalArgumentException if {@code runs} is less than 1
	 */
	public static TieSpread of(Algorithm algorithm, CommunicationPattern pattern, LogGP logGP, LogGPRules rules,
			int runs, EngineMonitor monitor) {
		if (runs < 1) {
			throw new IllegalArgumentException("the tie spread needs at least 1 run, was " + runs);
		}
		LogGPRules random = rules.withTies(LogGPRules.Ties.RANDOM);
		double min = Double.POSITIVE_INFINITY;
		double max = Double.NEGATIVE_INFINITY;
		for (int i = 0; i < runs; i++) {
			double T = algorithm.simulate(pattern, logGP, random.withSeed(rules.seed() + i), monitor).T();
			min = Math.min(min, T);
			max = Math.max(max, T);
		}
		return new TieSpread(runs, rules.seed(), min, max);
	}
}
