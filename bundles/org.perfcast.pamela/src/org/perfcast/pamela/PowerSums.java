package org.perfcast.pamela;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.expr.Rational;

/**
 * Faulhaber's formulas: the sum of i^k for i from 0 to n as a polynomial in n, built from the Bernoulli
 * numbers, so that {@code seq(i = a .. b)} over a body polynomial in i reduces exactly to
 * S(b) - S(a - 1) without iterating. Exact for every integer a ≤ b + 1.
 */
final class PowerSums {

	/** The highest power of a loop index summed; bodies of higher degree are not reduced. */
	static final int MAX_DEGREE = 30;

	private static final List<Rational> BERNOULLI = bernoulli(MAX_DEGREE + 1);

	private PowerSums() {
	}

	/**
	 * The sum of {@code body} for {@code variable} from {@code from} to {@code to}, where {@code body} is a
	 * polynomial in {@code variable} over rational functions of the other variables; null if its degree in
	 * the variable is above {@link #MAX_DEGREE} or the variable occurs in a denominator.
	 */
	static @Nullable RationalFunction sum(RationalFunction body, String variable, RationalFunction from, RationalFunction to) {
		if (body.denominator().contains(variable) || body.numerator().degreeIn(variable) > MAX_DEGREE) {
			return null;
		}
		List<Polynomial> coefficients = body.numerator().coefficients(variable);
		RationalFunction total = RationalFunction.ZERO;
		RationalFunction before = from.minus(RationalFunction.ONE);
		for (int k = 0; k < coefficients.size(); k++) {
			if (coefficients.get(k).isZero()) {
				continue;
			}
			RationalFunction powers = upTo(k, to).minus(upTo(k, before));
			total = total.plus(RationalFunction.of(coefficients.get(k)).times(powers));
		}
		return total.times(RationalFunction.of(Polynomial.ONE, body.denominator()));
	}

	/** The sum of i^k for i = 0 .. n (0^0 counting as 1). */
	private static RationalFunction upTo(int k, RationalFunction n) {
		// sum_{i=1}^{n} i^k = 1/(k+1) sum_{j=0}^{k} C(k+1, j) B_j^+ n^{k+1-j}, with B_1^+ = +1/2
		RationalFunction total = k == 0 ? RationalFunction.ONE : RationalFunction.ZERO;
		Rational binomial = Rational.ONE;
		for (int j = 0; j <= k; j++) {
			Rational b = j == 1 ? Rational.of(1, 2) : BERNOULLI.get(j);
			Rational c = binomial.multiply(b).divide(Rational.of(k + 1));
			if (c.signum() != 0) {
				total = total.plus(RationalFunction.of(c).times(n.power(k + 1 - j)));
			}
			binomial = binomial.multiply(Rational.of(k + 1 - j)).divide(Rational.of(j + 1));
		}
		return total;
	}

	/** B_0 .. B_count-1 (with B_1 = -1/2) from the recurrence sum_{j<m} C(m+1, j) B_j = -(m+1) B_m. */
	private static List<Rational> bernoulli(int count) {
		List<Rational> b = new ArrayList<>();
		b.add(Rational.ONE);
		for (int m = 1; m < count; m++) {
			Rational sum = Rational.ZERO;
			Rational binomial = Rational.ONE; // C(m+1, 0)
			for (int j = 0; j < m; j++) {
				sum = sum.add(binomial.multiply(b.get(j)));
				binomial = binomial.multiply(Rational.of(m + 1 - j)).divide(Rational.of(j + 1));
			}
			b.add(sum.negate().divide(Rational.of(m + 1)));
		}
		return b;
	}
}
