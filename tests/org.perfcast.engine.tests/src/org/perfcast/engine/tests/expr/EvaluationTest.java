package org.perfcast.engine.tests.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;

class EvaluationTest {

	/** Exact results, printed as integers or fractions. */
	@ParameterizedTest
	@CsvSource(delimiterString = " => ", quoteCharacter = '"', value = { //
			"0.1 + 0.2 => 3/10", //
			"(1/3) * 3 => 1", //
			"1/3 + 1/6 => 1/2", //
			"2^-1 => 1/2", //
			"(2/3)^-2 => 9/4", //
			"(-2)^3 => -8", //
			"-2^2 => -4", //
			"2^3^2 => 512", //
			"0^0 => 1", //
			"7 mod 3 => 1", //
			"-7 mod 3 => 2", //
			"7 mod -3 => -2", //
			"-1 mod 6 => 5", //
			"7.5 mod 2 => 3/2", //
			"-7.5 mod 2 => 1/2", //
			"mod(7, 3) => 1", //
			"floor(-7/2) => -4", //
			"ceil(7/2) => 4", //
			"ceil(-7/2) => -3", //
			"floor(5) => 5", //
			"log2(1024) => 10", //
			"log2(1/8) => -3", //
			"sqrt(9/4) => 3/2", //
			"abs(-5/3) => 5/3", //
			"min(3, 1/2, 2) => 1/2", //
			"max(3, 1/2, 7/2) => 7/2", //
			"2.5e-6 => 1/400000", //
			".5 + 7. => 15/2", //
			"6 ÷ 4 × 2 − 1 => 2", //
			"9223372036854775807 + 1 => 9223372036854775808", //
			"(9223372036854775807 + 1) - 1 => 9223372036854775807", //
			"-9223372036854775807 - 1 - 1 => -9223372036854775809", //
			"3037000500 * 3037000500 => 9223372037000250000", //
			"1/9223372036854775807 + 1/9223372036854775806 => 18446744073709551613/85070591730234615838173535747377725442", //
			"2^100 / 2^98 => 4", //
			"(2^64 + 1) mod 2^32 => 1", //
			"floor((2^70 + 1) / 2) => 590295810358705651712", //
			"floor(-(2^70 + 1) / 2) => -590295810358705651713", //
			"1 < 2 ? 10 : 20 => 10", //
			"1 > 2 ? 10 : 20 => 20" })
	void testExactResults(String source, String expected) {
		Value value = Trees.eval(source);
		assertTrue(value.isExact(), source + " should be exact");
		assertEquals(expected, value.toString());
	}

	@Test
	void testExactnessIsRealEquality() {
		assertEquals(Rational.of(3, 10), Trees.eval("0.1 + 0.2"));
		assertEquals(Rational.ONE, Trees.eval("(1/3) * 3"));
		assertEquals(Rational.of(10), Trees.eval("log2(1024)"));
		assertEquals(Rational.of(1, 2), Trees.eval("2^-1"));
		assertEquals(Trees.eval("2^63 - 2^63 + 5"), Rational.of(5));
		assertEquals(Trees.eval("2^63 - 2^63 + 5").hashCode(), Rational.of(5).hashCode());
	}

	/** Results that are doubles, as {@link org.perfcast.engine.Numbers#format} prints them. */
	@ParameterizedTest
	@CsvSource(delimiterString = " => ", quoteCharacter = '"', value = { //
			"sqrt(2) => 1.41421356237", //
			"log2(10) => 3.32192809489", //
			"2^0.5 => 1.41421356237", //
			"sqrt(2) * sqrt(2) => 2", //
			"sqrt(2) + 1/2 => 1.91421356237", //
			"min(sqrt(2), 5) => 1.41421356237", //
			"max(sqrt(2), 5) => 5", //
			"floor(sqrt(10)) => 3", //
			"sqrt(16) mod 3 + sqrt(2) * 0 => 1", //
			"-sqrt(2) mod 1 => 0.585786437627", //
			"log2(sqrt(2)^4) => 2", //
			"log2(2^0.5 * 2^0.5 * 8) => 4" })
	void testDoubleResults(String source, String expected) {
		Value value = Trees.eval(source);
		assertFalse(value.isExact(), source + " should be a double");
		assertInstanceOf(Value.Real.class, value);
		assertEquals(expected, value.toString());
	}

	@Test
	void testPamelaExpressions() {
		Map<String, Integer> send = Map.of("P", 6, "q", 1, "p", 4);
		assertEquals(Rational.of(3), Trees.eval("(P + q - p) mod P", send));
		assertEquals(Rational.of(3), Trees.eval("mod(P + q - p, P)", send));
		Map<String, Integer> block = Map.of("b", 10, "p", 2);
		assertEquals(Rational.of(29), Trees.eval("b*(p + 1) - 1", block));
		assertEquals(Rational.of(20), Trees.eval("b*p", block));
		// link index of hop k from p, and hops from p to q on a unidirectional ring
		for (int p = 0; p < 6; p++) {
			for (int q = 0; q < 6; q++) {
				Value k = Trees.eval("(P + q - p) mod P", Map.of("P", 6, "p", p, "q", q));
				assertEquals(Math.floorMod(q - p, 6), k.longValueExact());
			}
		}
		// the matrix-vector update: T = N^2 ((P-1)/(2P) t_l + (2/P) t_f) with t_l = 0.2, t_f = 1
		Scope scope = Scope.of(ParameterBindings.parse(List.of("N=60", "P=6", "t_l=0.2", "t_f=1")));
		Value t = Expression.parse("N^2 * ((P - 1) / (2*P) * t_l + (2 / P) * t_f)").evaluate(scope);
		assertEquals(Rational.of(1500), t);
	}

	@Test
	void testBooleans() {
		assertEquals(Value.of(true), Trees.eval("1 < 2 and 2 <= 2 and 3 > 2 and 3 >= 3 and 1 == 1 and 1 != 2"));
		assertEquals(Value.of(false), Trees.eval("1 > 2 or 2 < 2 or not (1 == 1)"));
		assertEquals(Value.of(true), Trees.eval("!(1 > 2) && (1 > 2 || 2 > 1)"));
		assertEquals(Value.of(true), Trees.eval("0.1 + 0.2 == 0.3"));
		assertEquals(Value.of(true), Trees.eval("sqrt(4) == 2"), "exact and double compare by value");
		assertEquals(Value.of(true), Trees.eval("(1 < 2) == (3 < 4)"));
		assertEquals(Value.of(false), Trees.eval("(1 < 2) != (3 < 4)"));
		assertEquals("true", Trees.eval("1/3 < 0.34").toString());
		assertEquals(Rational.of(4), Trees.eval("1 < 2 ? 1 > 0 ? 4 : 5 : 6"));
		assertEquals(Value.of(false), Trees.eval("1 > 2 ? 5 : 1 > 2"), "branches may be booleans");
	}

	@Test
	void testOnlyTheNeededOperandsAreEvaluated() {
		assertEquals(Rational.ZERO, Trees.eval("P > 0 ? N / P : 0", Map.of("P", 0, "N", 6)));
		assertEquals(Value.of(false), Trees.eval("P > 0 and N / P > 1", Map.of("P", 0, "N", 6)));
		assertEquals(Value.of(true), Trees.eval("P == 0 or N / P > 1", Map.of("P", 0, "N", 6)));
		assertEquals(Value.of(true), Trees.eval("1 < 2 or K", Map.of()), "unbound K is never looked up");
	}

	@ParameterizedTest
	@CsvSource(delimiterString = " => ", quoteCharacter = '"', value = { //
			"1 + (2 < 3) => expected a number but found a boolean => 3 => expr.type", //
			"-(1 < 2) => expected a number but found a boolean => 1 => expr.type", //
			"floor(1 < 2) => expected a number but found a boolean => 1 => expr.type", //
			"min(1, 2 < 3) => expected a number but found a boolean => 1 => expr.type", //
			"(1 < 2) < 3 => expected a number but found a boolean => 9 => expr.type", //
			"1 ? 2 : 3 => expected a boolean but found the number 1 => 3 => expr.type", //
			"not 3/2 => expected a boolean but found the number 3/2 => 1 => expr.type", //
			"1 < 2 and 5 => expected a boolean but found the number 5 => 7 => expr.type", //
			"2 or 1 < 2 => expected a boolean but found the number 2 => 3 => expr.type", //
			"(1 < 2) == 1 => cannot compare a number with a boolean => 9 => expr.type", //
			"1 + K * 2 => unbound parameter 'K' => 5 => expr.unbound", //
			"1 / (N - 6) => division by zero => 3 => expr.domain", //
			"1 mod 0 => modulo by zero => 3 => expr.domain", //
			"mod(1, 0.0) => modulo by zero => 1 => expr.domain", //
			"sqrt(2) / 0 => division by zero => 9 => expr.domain", //
			"sqrt(2) mod 0 => modulo by zero => 9 => expr.domain", //
			"1 + sqrt(-1) => square root of a negative number => 5 => expr.domain", //
			"sqrt(-sqrt(2)) => square root of a negative number => 1 => expr.domain", //
			"log2(0) => log2 of zero => 1 => expr.domain", //
			"log2(-8) => log2 of a negative number => 1 => expr.domain", //
			"log2(sqrt(2) - sqrt(2)) => log2 of zero => 1 => expr.domain", //
			"0^-1 => zero to a negative power => 2 => expr.domain", //
			"0^-sqrt(2) => zero to a negative power => 2 => expr.domain", //
			"(-8)^(1/3) => negative number to a non-integer power => 5 => expr.domain", //
			"2^100000 => result of '^' would need more than 10000 bits => 2 => expr.tooLarge", //
			"(1/2)^100000 => result of '^' would need more than 10000 bits => 6 => expr.tooLarge", //
			"3^(2^40) => result of '^' would need more than 10000 bits => 2 => expr.tooLarge", //
			"10^308 * 10 * sqrt(2) => result of '*' is too large => 13 => expr.tooLarge", //
			"sqrt(2)^3000 => result of '^' is too large => 8 => expr.tooLarge" })
	void testEvaluationErrors(String source, String message, int column, String code) {
		ExpressionException e = assertThrows(ExpressionException.class,
				() -> Trees.eval(source, Map.of("N", 6)));
		assertEquals(message, e.getMessage());
		assertEquals(1, e.line());
		assertEquals(column, e.column());
		assertEquals(code, e.kind().code());
	}

	@Test
	void testHugePowersFailQuickly() {
		assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
			assertThrows(ExpressionException.class, () -> Trees.eval("2^100000"));
			assertThrows(ExpressionException.class, () -> Trees.eval("2^2^2^2^2"));
			assertThrows(ExpressionException.class, () -> Trees.eval("7^(10^20)"));
		});
		assertEquals(10_001, Trees.eval("2^10000").toBigInteger().bitLength());
		assertEquals(Rational.ONE, Trees.eval("1^(10^30)"));
		assertEquals(Rational.of(-1), Trees.eval("(-1)^(10^30 + 1)"));
		assertEquals(Rational.ZERO, Trees.eval("0^(10^30)"));
	}

	@Test
	void testErrorOnLaterLinePointsAtTheOperator() {
		ExpressionException e = assertThrows(ExpressionException.class,
				() -> Trees.eval("N * 2\n  + N / (N - N)  # oops", Map.of("N", 3)));
		assertEquals("division by zero", e.getMessage());
		assertEquals(2, e.line());
		assertEquals(7, e.column());
		assertEquals(1, e.length());
		assertEquals("f.machine:2:7: error: division by zero", e.toDiagnostic("f.machine").toString());
		ExpressionException unbound = assertThrows(ExpressionException.class,
				() -> Trees.eval("1 +\n\n   t_l2 * 2", Map.of()));
		assertEquals("f:3:4: error: unbound parameter 't_l2'", unbound.toDiagnostic("f").toString());
		assertEquals(4, unbound.length());
		assertEquals("expr.unbound", unbound.toDiagnostic("f").code());
	}

	@Test
	void testScopes() {
		Scope params = Scope.of(ParameterBindings.parse(List.of("N=60", "t_l=0.2", "big=1e20", "tiny=2.5e-6")));
		assertEquals(Rational.of(60), params.lookup("N"));
		assertEquals(Rational.of(1, 5), params.lookup("t_l"));
		assertEquals("100000000000000000000", params.lookup("big").toString());
		assertEquals(Rational.of(1, 400_000), params.lookup("tiny"));
		assertNull(params.lookup("P"));

		Scope loop = params.with("i", Value.of(3)).with("N", Value.of(7));
		assertEquals(Rational.of(10), Expression.parse("N + i").evaluate(loop));
		assertEquals(Rational.of(63), Expression.parse("N + i").evaluate(params.with("i", Value.of(3))));
		Scope locals = Scope.of(Map.of("K", Value.of(2))).orElse(params);
		assertEquals(Rational.of(120), Expression.parse("K * N").evaluate(locals));
		assertEquals(Rational.of(5), Expression.parse("K").evaluate(Scope.of(Map.of("K", Value.of(5))).orElse(locals)));
		ExpressionException e = assertThrows(ExpressionException.class,
				() -> Expression.parse("K + M").evaluate(locals));
		assertEquals("unbound parameter 'M'", e.getMessage());
		assertEquals(5, e.column());
	}

	@Test
	void testEvaluationIsRepeatable() {
		Expression send = Expression.parse("(p + k) mod P");
		Scope base = Scope.of(Map.of("P", Value.of(6)));
		long sum = 0;
		for (int p = 0; p < 6; p++) {
			for (int k = 0; k < 1000; k++) {
				sum += send.evaluate(base.with("p", Value.of(p)).with("k", Value.of(k))).longValueExact();
			}
		}
		long expected = 0;
		for (int p = 0; p < 6; p++) {
			for (int k = 0; k < 1000; k++) {
				expected += (p + k) % 6;
			}
		}
		assertEquals(expected, sum);
	}
}
