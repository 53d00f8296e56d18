package org.perfcast.pamela;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.expr.Rational;

/**
 * A multivariate polynomial with exact rational coefficients, such as {@code 1/2*P^2 - 1/2*P}: the numerators
 * and denominators of the closed forms of {@link ClosedForms}. Immutable.
 */
final class Polynomial {

	/** A product of variables with positive exponents; the empty map is the monomial 1. */
	private record Monomial(SortedMap<String, Integer> powers) {

		static final Monomial ONE = new Monomial(Collections.emptySortedMap());

		Monomial times(Monomial other) {
			SortedMap<String, Integer> product = new TreeMap<>(powers);
			other.powers.forEach((v, e) -> product.merge(v, e, Integer::sum));
			return new Monomial(Collections.unmodifiableSortedMap(product));
		}

		int degree() {
			return powers.values().stream().mapToInt(Integer::intValue).sum();
		}

		Monomial without(String variable) {
			SortedMap<String, Integer> rest = new TreeMap<>(powers);
			rest.remove(variable);
			return new Monomial(Collections.unmodifiableSortedMap(rest));
		}

		String text() {
			List<String> factors = new ArrayList<>();
			powers.forEach((v, e) -> factors.add(e == 1 ? v : v + "^" + e));
			return String.join("*", factors);
		}
	}

	/** Terms by descending degree, then alphabetically. */
	private static final Comparator<Monomial> ORDER = Comparator.comparingInt(Monomial::degree).reversed()
			.thenComparing(Monomial::text);

	static final Polynomial ZERO = new Polynomial(Map.of());
	static final Polynomial ONE = constant(Rational.ONE);

	private final Map<Monomial, Rational> terms;

	private Polynomial(Map<Monomial, Rational> terms) {
		this.terms = terms;
	}

	static Polynomial constant(Rational value) {
		return value.signum() == 0 ? ZERO : new Polynomial(Map.of(Monomial.ONE, value));
	}

	static Polynomial variable(String name) {
		SortedMap<String, Integer> powers = new TreeMap<>();
		powers.put(name, 1);
		return new Polynomial(Map.of(new Monomial(Collections.unmodifiableSortedMap(powers)), Rational.ONE));
	}

	boolean isZero() {
		return terms.isEmpty();
	}

	/** The value if the polynomial is a constant, else null. */
	@Nullable Rational constantValue() {
		if (terms.isEmpty()) {
			return Rational.ZERO;
		}
		return terms.size() == 1 ? terms.get(Monomial.ONE) : null;
	}

	Polynomial plus(Polynomial other) {
		Map<Monomial, Rational> sum = new HashMap<>(terms);
		other.terms.forEach((m, c) -> sum.merge(m, c, Rational::add));
		sum.values().removeIf(c -> c.signum() == 0);
		return new Polynomial(sum);
	}

	Polynomial negate() {
		return scale(Rational.ONE.negate());
	}

	Polynomial minus(Polynomial other) {
		return plus(other.negate());
	}

	Polynomial scale(Rational factor) {
		if (factor.signum() == 0) {
			return ZERO;
		}
		Map<Monomial, Rational> scaled = new HashMap<>();
		terms.forEach((m, c) -> scaled.put(m, c.multiply(factor)));
		return new Polynomial(scaled);
	}

	Polynomial times(Polynomial other) {
		Map<Monomial, Rational> product = new HashMap<>();
		terms.forEach((m1, c1) -> other.terms.forEach((m2, c2) -> product.merge(m1.times(m2), c1.multiply(c2), Rational::add)));
		product.values().removeIf(c -> c.signum() == 0);
		return new Polynomial(product);
	}

	Polynomial power(int exponent) {
		Polynomial result = ONE;
		for (int i = 0; i < exponent; i++) {
			result = result.times(this);
		}
		return result;
	}

	/** The variables that occur. */
	TreeSet<String> variables() {
		TreeSet<String> names = new TreeSet<>();
		terms.keySet().forEach(m -> names.addAll(m.powers().keySet()));
		return names;
	}

	boolean contains(String variable) {
		return terms.keySet().stream().anyMatch(m -> m.powers().containsKey(variable));
	}

	int degreeIn(String variable) {
		return terms.keySet().stream().mapToInt(m -> m.powers().getOrDefault(variable, 0)).max().orElse(0);
	}

	/** The coefficients of {@code variable}^0, ^1, ... as polynomials in the other variables. */
	List<Polynomial> coefficients(String variable) {
		List<Map<Monomial, Rational>> byPower = new ArrayList<>();
		for (int i = 0; i <= degreeIn(variable); i++) {
			byPower.add(new HashMap<>());
		}
		terms.forEach((m, c) -> byPower.get(m.powers().getOrDefault(variable, 0)).put(m.without(variable), c));
		return byPower.stream().map(Polynomial::new).toList();
	}

	/** The coefficients as they are, for sign arguments. */
	List<Rational> coefficientValues() {
		return List.copyOf(terms.values());
	}

	/** The largest monomial dividing every term, with the greatest common divisor of the coefficients. */
	Polynomial content() {
		if (terms.isEmpty()) {
			return ONE;
		}
		SortedMap<String, Integer> common = null;
		BigInteger numerators = BigInteger.ZERO;
		BigInteger denominators = BigInteger.ONE;
		for (Map.Entry<Monomial, Rational> term : terms.entrySet()) {
			if (common == null) {
				common = new TreeMap<>(term.getKey().powers());
			} else {
				common.keySet().retainAll(term.getKey().powers().keySet());
				for (Map.Entry<String, Integer> e : common.entrySet()) {
					e.setValue(Math.min(e.getValue(), term.getKey().powers().get(e.getKey())));
				}
			}
			numerators = numerators.gcd(term.getValue().numerator());
			BigInteger d = term.getValue().denominator();
			denominators = denominators.multiply(d).divide(denominators.gcd(d));
		}
		return new Polynomial(Map.of(new Monomial(Collections.unmodifiableSortedMap(common)),
				Rational.of(numerators, denominators)));
	}

	/**
	 * This polynomial divided by {@code divisor} if the division is exact, else null: multivariate long
	 * division with the term order of the printed form.
	 */
	@Nullable Polynomial dividedExactly(Polynomial divisor) {
		if (divisor.isZero()) {
			return null;
		}
		Monomial lead = divisor.leading();
		Rational leadCoefficient = divisor.terms.get(lead);
		Polynomial rest = this;
		Polynomial quotient = ZERO;
		for (int guard = 0; !rest.isZero(); guard++) {
			Monomial top = rest.leading();
			SortedMap<String, Integer> powers = new TreeMap<>(top.powers());
			for (Map.Entry<String, Integer> e : lead.powers().entrySet()) {
				int left = powers.getOrDefault(e.getKey(), 0) - e.getValue();
				if (left < 0 || guard > 10_000) {
					return null;
				}
				if (left == 0) {
					powers.remove(e.getKey());
				} else {
					powers.put(e.getKey(), left);
				}
			}
			Polynomial step = new Polynomial(Map.of(new Monomial(Collections.unmodifiableSortedMap(powers)),
					rest.terms.get(top).divide(leadCoefficient)));
			quotient = quotient.plus(step);
			rest = rest.minus(step.times(divisor));
		}
		return quotient;
	}

	/** The coefficient of the first term as printed. */
	Rational leadingCoefficient() {
		return terms.isEmpty() ? Rational.ZERO : terms.get(leading());
	}

	/** The rational factor of a single-term polynomial such as {@link #content()}. */
	Rational constantValueOfCoefficient() {
		return terms.isEmpty() ? Rational.ONE : terms.values().iterator().next();
	}

	private Monomial leading() {
		return terms.keySet().stream().min(ORDER).orElseThrow();
	}

	/** The polynomial with {@code variable} replaced by {@code value}. */
	RationalFunction substitute(String variable, RationalFunction value) {
		if (!contains(variable)) {
			return RationalFunction.of(this);
		}
		List<Polynomial> coefficients = coefficients(variable);
		int degree = coefficients.size() - 1;
		Polynomial numerator = ZERO;
		for (int k = 0; k <= degree; k++) {
			numerator = numerator.plus(coefficients.get(k).times(value.numerator().power(k))
					.times(value.denominator().power(degree - k)));
		}
		return RationalFunction.of(numerator, value.denominator().power(degree));
	}

	/** The value with every variable bound by {@code values}; null if one is not bound. */
	@Nullable Rational evaluate(Map<String, Rational> values) {
		Rational sum = Rational.ZERO;
		for (Map.Entry<Monomial, Rational> term : terms.entrySet()) {
			Rational product = term.getValue();
			for (Map.Entry<String, Integer> p : term.getKey().powers().entrySet()) {
				Rational v = values.get(p.getKey());
				if (v == null) {
					return null;
				}
				product = product.multiply(v.pow(BigInteger.valueOf(p.getValue())));
			}
			sum = sum.add(product);
		}
		return sum;
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		return obj instanceof Polynomial p && p.terms.equals(terms);
	}

	@Override
	public int hashCode() {
		return terms.hashCode();
	}

	/** The polynomial in the expression language, e.g. {@code N^2*P - 1/2*N}; re-parseable. */
	@Override
	public String toString() {
		if (terms.isEmpty()) {
			return "0";
		}
		StringBuilder text = new StringBuilder();
		for (Monomial m : terms.keySet().stream().sorted(ORDER).toList()) {
			Rational c = terms.get(m);
			boolean negative = c.signum() < 0;
			Rational magnitude = c.abs();
			if (text.length() > 0) {
				text.append(negative ? " - " : " + ");
			} else if (negative) {
				text.append("-");
			}
			String factors = m.text();
			if (factors.isEmpty()) {
				text.append(magnitude);
			} else if (magnitude.equals(Rational.ONE)) {
				text.append(factors);
			} else {
				text.append(magnitude).append("*").append(factors);
			}
		}
		return text.toString();
	}
}
