package org.perfcast.mapping;

import java.util.Objects;

import org.perfcast.engine.expr.Rational;

/**
 * A value of a loop parameter at which the ranking of two techniques flips: {@code below} is faster for
 * smaller values, {@code above} for larger ones.
 * <p>
 * For the loop body cost BB, {@code value} is where both predict the same T, exactly when {@code exact}. For
 * the iteration count N, {@code value} is the first multiple of P on the upper side: data partitioning pads N
 * to a multiple of P, so its T is a step function of N, and between multiples of P the order can alternate.
 *
 * @param parameter "BB" or "N"
 * @param value     the flip point
 * @param exact     whether {@code value} is exact rather than approximated by bisection
 * @param below     the faster technique below the flip point
 * @param above     the faster technique above it
 */
public record Crossover(String parameter, Rational value, boolean exact, MappingTechnique below, MappingTechnique above) {

	public Crossover {
		Objects.requireNonNull(parameter, "parameter");
		Objects.requireNonNull(value, "value");
		Objects.requireNonNull(below, "below");
		Objects.requireNonNull(above, "above");
	}
}
