package org.perfcast.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.perfcast.engine.expr.Rational;

/**
 * Sensitivity series: the predicted T of a technique as one loop parameter, BB or N, varies and the others
 * stay as in the loop.
 */
public final class Sensitivity {

	/** The loop parameters a series can vary. */
	public enum Parameter {
		/** The loop body cost, a time. */
		BB("loop body cost BB", true),
		/** The number of iterations (integers at least P). */
		N("iterations N", false);

		private final String quantity;
		private final boolean time;

		Parameter(String quantity, boolean time) {
			this.quantity = quantity;
			this.time = time;
		}

		/**
		 * The title of an axis of this parameter: the quantity and its symbol, with {@code unit} (the machine's
		 * time unit) for a time, e.g. "loop body cost BB (cycles)" or "iterations N".
		 */
		public String axisTitle(String unit) {
			return time && !unit.isEmpty() ? quantity + " (" + unit + ")" : quantity;
		}

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

	/**
	 * The sensitivity figure around a loop, as the Mapping view draws it: T of every applicable technique
	 * against {@code parameter} from its smallest value (0 for BB, P for N) up to twice the loop's value, or
	 * further when the advice's crossover in that parameter lies beyond, so that the crossover shows; about
	 * {@code points} values, always including the loop's own.
	 *
	 * @throws IllegalArgumentException if {@code points} is below 2
	 */
	public static Figure around(ParallelLoop loop, Advice advice, Parameter parameter, int points) {
		if (points < 2) {
			throw new IllegalArgumentException("a sensitivity figure needs at least 2 points, was " + points);
		}
		Rational current = parameter == Parameter.BB ? loop.BB() : Rational.of(loop.N());
		Rational from = parameter == Parameter.BB ? Rational.ZERO : Rational.of(loop.P());
		Rational to = current.multiply(Rational.of(2));
		for (Crossover crossover : advice.crossovers()) {
			if (crossover.parameter().equals(parameter.name())) {
				to = max(to, crossover.value().multiply(Rational.of(3, 2)));
			}
		}
		if (to.compareTo(from) <= 0) {
			to = from.add(Rational.ONE);
		}
		TreeSet<Rational> values = new java.util.TreeSet<>();
		Rational step = to.subtract(from).divide(Rational.of(points - 1));
		for (int i = 0; i < points; i++) {
			Rational value = from.add(step.multiply(Rational.of(i)));
			values.add(parameter == Parameter.N ? Rational.of(Math.round(value.toDouble())) : value);
		}
		values.add(current);
		List<MappingTechnique> techniques = new ArrayList<>();
		advice.ranking().forEach(e -> techniques.add(e.technique()));
		return of("T against " + parameter.name(), loop, techniques, parameter, new ArrayList<>(values));
	}

	private static Rational max(Rational a, Rational b) {
		return a.compareTo(b) >= 0 ? a : b;
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
