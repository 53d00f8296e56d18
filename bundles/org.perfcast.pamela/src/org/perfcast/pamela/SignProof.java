package org.perfcast.pamela;

import java.util.List;

/**
 * Proves that a closed form is not negative for every value of the loop indices in their ranges, with the
 * model's free parameters assumed non-negative: the innermost index is replaced by the end of its range
 * that makes the form smallest (the lower end when its coefficient is provably non-negative, the upper end
 * when it is provably non-positive), then the next index, and a form in the parameters alone holds when no
 * coefficient is negative. Sound, not complete: "not proved" means "do not know".
 */
final class SignProof {

	/** A loop index and its range, both ends included and the range not empty. */
	record Range(String variable, RationalFunction from, RationalFunction to) {
	}

	private SignProof() {
	}

	/** Whether {@code value} ≥ 0 provably when every range of {@code ranges} (outermost first) holds. */
	static boolean nonNegative(RationalFunction value, List<Range> ranges) {
		return nonNegative(value.numerator(), ranges) && nonNegative(value.denominator(), ranges)
				|| nonNegative(value.numerator().negate(), ranges) && nonNegative(value.denominator().negate(), ranges);
	}

	/** Whether {@code a ≥ b} provably. */
	static boolean atLeast(RationalFunction a, RationalFunction b, List<Range> ranges) {
		return nonNegative(a.minus(b), ranges);
	}

	private static boolean nonNegative(Polynomial p, List<Range> ranges) {
		for (int r = ranges.size() - 1; r >= 0; r--) {
			Range range = ranges.get(r);
			if (!p.contains(range.variable())) {
				continue;
			}
			List<Range> outer = ranges.subList(0, r);
			List<Polynomial> c = p.coefficients(range.variable());
			if (c.size() == 2) {
				RationalFunction slope = RationalFunction.of(c.get(1));
				RationalFunction end = nonNegative(slope, outer) ? range.from()
						: nonNegative(slope.negate(), outer) ? range.to() : null;
				return end != null && nonNegative(p.substitute(range.variable(), end), outer);
			}
			// higher degree: every coefficient non-negative and the index non-negative
			if (!nonNegative(range.from(), outer)) {
				return false;
			}
			for (Polynomial coefficient : c) {
				if (!nonNegative(RationalFunction.of(coefficient), outer)) {
					return false;
				}
			}
			return true;
		}
		return p.coefficientValues().stream().allMatch(v -> v.signum() >= 0);
	}
}
