package org.perfcast.engine.tests.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;

/** Properties over many generated expressions, from a fixed seed so failures reproduce. */
class PropertyTest {

	private static final int CASES = 2000;
	private static final List<String> NUMBERS = List.of("0", "1", "2", "3", "7", "12", "0.5", ".25", "2.5e-1", "1e2",
			"60", "0.1");
	private static final List<String> NAMES = List.of("a", "b", "c", "N");
	private static final Map<String, Double> DOUBLES = Map.of("a", 3.0, "b", 0.5, "c", -4.0, "N", 60.0);
	private static final Scope SCOPE = Scope.of(Map.of("a", Value.of(3), "b", Rational.of(1, 2), "c", Value.of(-4),
			"N", Value.of(60)));

	/** Generates expression text with every construct, random spacing, redundant parentheses and alternative spellings. */
	private static final class Generator {
		private final Random random;
		private final boolean full;

		Generator(long seed, boolean full) {
			this.random = new Random(seed);
			this.full = full;
		}

		String number(int depth) {
			String e = depth == 0 || random.nextInt(4) == 0 ? atom() : switch (random.nextInt(full ? 10 : 7)) {
				case 0, 1 -> number(depth - 1) + pick(" + ", "+", " - ", "-", " − ") + number(depth - 1);
				case 2 -> number(depth - 1) + pick(" * ", "*", " × ", " / ", "/", " ÷ ") + number(depth - 1);
				case 3 -> "-" + space() + number(depth - 1);
				// without parentheses, "x^2^-1" would be a root, which is not exact
				case 4 -> (full ? number(depth - 1) : "(" + number(depth - 1) + ")") + pick("^", " ^ ")
						+ pick("2", "3", "0", "-1", "(-2)", "1");
				case 5 -> pick("min", "max") + "(" + number(depth - 1) + ", " + number(depth - 1)
						+ (random.nextBoolean() ? ", " + number(depth - 1) : "") + ")";
				case 6 -> "abs(" + number(depth - 1) + ")";
				case 7 -> number(depth - 1) + " mod " + number(depth - 1);
				case 8 -> pick("floor", "ceil", "sqrt", "log2") + "(" + number(depth - 1) + ")";
				// parenthesised: an operand of a comparison cannot be a bare conditional
				default -> "(" + bool(depth - 1) + " ? " + number(depth - 1) + " : " + number(depth - 1) + ")";
			};
			return random.nextInt(4) == 0 ? "(" + space() + e + space() + ")" : e;
		}

		String bool(int depth) {
			String e = depth == 0 || random.nextInt(3) == 0
					? number(Math.max(0, depth - 1)) + pick(" < ", " <= ", " > ", " >= ", " == ", " != ")
							+ number(Math.max(0, depth - 1))
					: switch (random.nextInt(3)) {
						case 0 -> bool(depth - 1) + pick(" and ", " && ") + bool(depth - 1);
						case 1 -> bool(depth - 1) + pick(" or ", " || ") + bool(depth - 1);
						default -> pick("not ", "!") + "(" + bool(depth - 1) + ")";
					};
			return random.nextInt(3) == 0 ? "(" + e + ")" : e;
		}

		private String atom() {
			return random.nextBoolean() ? pick(NUMBERS.toArray(String[]::new)) : pick(NAMES.toArray(String[]::new));
		}

		private String space() {
			return random.nextInt(5) == 0 ? " " : "";
		}

		private String pick(String... choices) {
			return choices[random.nextInt(choices.length)];
		}
	}

	/** The value or the error message, for comparing two evaluations. */
	private static String outcome(Expression expression) {
		try {
			return expression.evaluate(SCOPE).toString();
		} catch (ExpressionException e) {
			return "error (" + e.kind() + "): " + e.getMessage();
		}
	}

	@Test
	void testPrintedFormReparsesToTheSameTree() {
		Generator generator = new Generator(20240601L, true);
		int errors = 0;
		for (int i = 0; i < CASES; i++) {
			String source = generator.random.nextInt(5) == 0 ? generator.bool(4) : generator.number(5);
			Expression original = Expression.parse(source);
			String printed = original.toString();
			Expression reparsed = Expression.parse(printed);
			assertEquals(Trees.shape(original), Trees.shape(reparsed), () -> source + " printed as " + printed);
			assertEquals(printed, reparsed.toString(), source);
			assertEquals(original.freeVariables(), reparsed.freeVariables(), source);
			String value = outcome(original);
			assertEquals(value, outcome(reparsed), source);
			if (value.startsWith("error")) {
				errors++;
			}
		}
		assertTrue(errors < CASES / 2, "most generated expressions evaluate: " + errors + " errors");
	}

	/** Evaluates with doubles only; NaN when a divisor is too close to zero for the comparison to be meaningful. */
	private static double reference(Expression expression, double[] largest) {
		double value = switch (expression) {
			case Expression.NumberLiteral n -> Double.parseDouble(n.text());
			case Expression.Variable v -> DOUBLES.get(v.name());
			case Expression.Unary u -> -reference(u.operand(), largest);
			case Expression.Binary b -> {
				double l = reference(b.left(), largest);
				double r = reference(b.right(), largest);
				yield switch (b.operator()) {
					case ADD -> l + r;
					case SUBTRACT -> l - r;
					case MULTIPLY -> l * r;
					case DIVIDE -> Math.abs(r) < 1e-6 * Math.max(1, largest[0]) ? Double.NaN : l / r;
					case POWER -> Math.abs(l) < 1e-6 * Math.max(1, largest[0]) && r < 0 ? Double.NaN : Math.pow(l, r);
					default -> throw new AssertionError(b.operator());
				};
			}
			case Expression.Call c -> {
				double[] args = c.arguments().stream().mapToDouble(a -> reference(a, largest)).toArray();
				yield switch (c.function()) {
					case MIN -> java.util.Arrays.stream(args).min().orElseThrow();
					case MAX -> java.util.Arrays.stream(args).max().orElseThrow();
					case ABS -> Math.abs(args[0]);
					default -> throw new AssertionError(c.function());
				};
			}
			case Expression.Conditional c -> throw new AssertionError(c);
		};
		largest[0] = Math.max(largest[0], Math.abs(value));
		return value;
	}

	@Test
	void testExactEvaluationAgreesWithDoubles() {
		Generator generator = new Generator(42L, false);
		int compared = 0;
		for (int i = 0; i < CASES; i++) {
			String source = generator.number(5);
			Expression expression = Expression.parse(source);
			Value exact;
			try {
				exact = expression.evaluate(SCOPE);
			} catch (ExpressionException e) {
				assertEquals(ExpressionException.Kind.DOMAIN, e.kind(), source);
				continue;
			}
			assertTrue(exact.isExact(), source);
			double[] largest = { 0 };
			double approximate = reference(expression, largest);
			if (Double.isNaN(approximate)) {
				continue;
			}
			double expected = exact.toDouble();
			double tolerance = 1e-9 * Math.max(1, Math.max(Math.abs(expected), largest[0]));
			assertEquals(expected, approximate, tolerance, source);
			compared++;
		}
		assertTrue(compared > CASES * 3 / 4, "compared only " + compared + " of " + CASES);
	}
}
