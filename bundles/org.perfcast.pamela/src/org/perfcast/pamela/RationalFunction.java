package org.perfcast.pamela;

import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.expr.Rational;

/**
 * A quotient of two {@link Polynomial}s, such as {@code N^2*t_l/(2*P)}: the values of {@link ClosedForms}.
 * Kept reduced as far as cheap rules allow: common monomial factors and rational contents cancel, and a
 * numerator that the denominator divides exactly becomes a polynomial. Immutable.
 *
 * @param numerator   the numerator
 * @param denominator the denominator, never zero
 */
record RationalFunction(Polynomial numerator, Polynomial denominator) {

	static final RationalFunction ZERO = of(Polynomial.ZERO);
	static final RationalFunction ONE = of(Polynomial.ONE);

	static RationalFunction of(Polynomial polynomial) {
		return new RationalFunction(polynomial, Polynomial.ONE);
	}

	static RationalFunction of(Rational value) {
		return of(Polynomial.constant(value));
	}

	static RationalFunction variable(String name) {
		return of(Polynomial.variable(name));
	}

	/** The reduced quotient; the denominator must not be the zero polynomial. */
	static RationalFunction of(Polynomial numerator, Polynomial denominator) {
		if (numerator.isZero()) {
			return new RationalFunction(Polynomial.ZERO, Polynomial.ONE);
		}
		Polynomial exact = numerator.dividedExactly(denominator);
		if (exact != null) {
			return new RationalFunction(exact, Polynomial.ONE);
		}
		Polynomial gcd = monomialGcd(numerator.content(), denominator.content());
		// a common monomial factor divides both exactly
		Polynomial n = Objects.requireNonNull(numerator.dividedExactly(gcd));
		Polynomial d = Objects.requireNonNull(denominator.dividedExactly(gcd));
		// the denominator's coefficients become coprime integers, its leading one positive
		Rational scale = d.content().constantValueOfCoefficient();
		if (d.leadingCoefficient().signum() < 0) {
			scale = scale.negate();
		}
		return new RationalFunction(n.scale(Rational.ONE.divide(scale)), d.scale(Rational.ONE.divide(scale)));
	}

	private static Polynomial monomialGcd(Polynomial a, Polynomial b) {
		Polynomial g = Polynomial.ONE;
		for (String v : a.variables()) {
			int e = Math.min(a.degreeIn(v), b.degreeIn(v));
			if (e > 0) {
				g = g.times(Polynomial.variable(v).power(e));
			}
		}
		return g;
	}

	boolean isPolynomial() {
		return denominator.constantValue() != null;
	}

	/** The value if this is a constant, else null. */
	@Nullable Rational constantValue() {
		Rational n = numerator.constantValue();
		Rational d = denominator.constantValue();
		return n == null || d == null ? null : n.divide(d);
	}

	boolean contains(String variable) {
		return numerator.contains(variable) || denominator.contains(variable);
	}

	TreeSet<String> variables() {
		TreeSet<String> names = numerator.variables();
		names.addAll(denominator.variables());
		return names;
	}

	RationalFunction plus(RationalFunction other) {
		if (denominator.equals(other.denominator)) {
			return of(numerator.plus(other.numerator), denominator);
		}
		return of(numerator.times(other.denominator).plus(other.numerator.times(denominator)),
				denominator.times(other.denominator));
	}

	RationalFunction negate() {
		return new RationalFunction(numerator.negate(), denominator);
	}

	RationalFunction minus(RationalFunction other) {
		return plus(other.negate());
	}

	RationalFunction times(RationalFunction other) {
		return of(numerator.times(other.numerator), denominator.times(other.denominator));
	}

	/** The quotient, or null when {@code other} is the zero polynomial. */
	@Nullable RationalFunction dividedBy(RationalFunction other) {
		if (other.numerator.isZero()) {
			return null;
		}
		return of(numerator.times(other.denominator), denominator.times(other.numerator));
	}

	RationalFunction power(int exponent) {
		return exponent >= 0 ? of(numerator.power(exponent), denominator.power(exponent))
				: of(denominator.power(-exponent), numerator.power(-exponent));
	}

	/** This function with {@code value} for {@code variable}, or null where the denominator becomes zero. */
	@Nullable RationalFunction substitute(String variable, RationalFunction value) {
		if (!contains(variable)) {
			return this;
		}
		RationalFunction n = numerator.substitute(variable, value);
		RationalFunction d = denominator.substitute(variable, value);
		return n.dividedBy(d);
	}

	/** The value with every variable bound by {@code values}; null if one is unbound or the denominator is 0. */
	@Nullable Rational evaluate(Map<String, Rational> values) {
		Rational n = numerator.evaluate(values);
		Rational d = denominator.evaluate(values);
		return n == null || d == null || d.signum() == 0 ? null : n.divide(d);
	}

	/** The function in the expression language, e.g. {@code (N^2*P - N^2)/(2*P)}; re-parseable. */
	@Override
	public String toString() {
		String n = numerator.toString();
		Rational d = denominator.constantValue();
		if (d != null && d.equals(Rational.ONE)) {
			return n;
		}
		String top = n.contains(" ") ? "(" + n + ")" : n;
		String bottom = denominator.toString();
		return top + "/" + (bottom.matches("[A-Za-z0-9_]+") ? bottom : "(" + bottom + ")");
	}
}
