package org.perfcast.mapping;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.expr.Rational;

/**
 * Sensitivity series: the predicted T of a technique as one loop parameter, BB or N, varies and the others
 * stay as in the loop.
 */
public final class Sensitivity {

	/** The loop parameters a series can vary. */
	public enum Parameter {
		/** The loop body cost. */
		BB,
		/** The number of iterations (integers at least P). */
		N;

		ParallelLoop apply(ParallelLoop loop, Rational value) {
			return this == BB ? loop.withBB(value) : loop.withN(value.longValueExact());
		}
	}

	private Sensitivity() {
	}

	/**
	 * T of {@code technique} on {@code loop} with {@code parameter} at each of {@code values}.
	 *
	 * @throws IllegalArgumentException if a value makes the loop invalid or the technique inapplicable
	 */
	public static Series series(String name, MappingTechnique technique, ParallelLoop loop, Parameter parameter,
			List<Rational> values) {
		List<Series.Point> points = new ArrayList<>(values.size());
		for (Rational value : values) {
			points.add(new Series.Point(value, technique.model(parameter.apply(loop, value)).T()));
		}
		return new Series(name, points);
	}

	/** One series per technique applicable to {@code loop}, named after the technique. */
	public static Figure of(String title, ParallelLoop loop, List<MappingTechnique> techniques, Parameter parameter,
			List<Rational> values) {
		List<Series> series = new ArrayList<>();
		for (MappingTechnique technique : techniques) {
			if (technique.notApplicable(loop).isEmpty()) {
				series.add(series(technique.name(), technique, loop, parameter, values));
			}
		}
		return new Figure(title, parameter.name(), series);
	}

	/** The values from {@code from} to {@code to} (inclusive) in steps of {@code step}. */
	public static List<Rational> range(long from, long to, long step) {
		if (step <= 0 || to < from) {
			throw new IllegalArgumentException("a range needs from <= to and a positive step, was " + from + " .. " + to
					+ " by " + step);
		}
		List<Rational> values = new ArrayList<>();
		for (long v = from; v <= to; v += step) {
			values.add(Rational.of(v));
		}
		return values;
	}
}
