package org.perfcast.engine.tests.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.perfcast.engine.expr.Builtin;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Value;

class ValueTest {

	/** Powers of small rationals, computed in long arithmetic where they fit, are the exact BigInteger powers. */
	@Test
	void testPowersAreExactWhetherOrNotTheyFitALong() {
		java.util.SplittableRandom random = new java.util.SplittableRandom(5);
		for (int i = 0; i < 20_000; i++) {
			long n = random.nextLong(-5000, 5000);
			long d = random.nextLong(1, 300);
			int e = random.nextInt(-70, 71);
			if (n == 0 && e < 0) {
				continue;
			}
			Rational base = Rational.of(n, d);
			BigInteger bn = base.numerator().pow(Math.abs(e));
			BigInteger bd = base.denominator().pow(Math.abs(e));
			Rational expected = e >= 0 ? Rational.of(bn, bd) : Rational.of(bd, bn);
			assertEquals(expected, base.pow(BigInteger.valueOf(e)), n + "/" + d + " ^ " + e);
		}
	}

	@ParameterizedTest
	@CsvSource(delimiterString = " => ", quoteCharacter = '"', value = { //
			"60 => 60 => 60", //
			"1/5 => 1/5 => 0.2", //
			"-7/2 => -7/2 => -3.5", //
			"1/3 => 1/3 => 0.333333333333", //
			"2^70 => 1180591620717411303424 => 1.18059162072E+21", //
			"sqrt(2) => 1.41421356237 => 1.41421356237", //
			"sqrt(2) * 0 + 60 => 60 => 60", //
			"1 < 2 => true => true" })
	void testPrinting(String source, String printed, String formatted) {
		Value value = Trees.eval(source);
		assertEquals(printed, value.toString());
		assertEquals(formatted, value.format());
	}

	@Test
	void testConversions() {
		assertEquals(60, Trees.eval("120 / 2").longValueExact());
		assertEquals(BigInteger.TWO.pow(70), Trees.eval("2^70").toBigInteger());
		assertEquals(4, Trees.eval("sqrt(2)^4 * 0 + sqrt(16)").longValueExact());
		assertEquals(0.2, Trees.eval("1/5").toDouble());
		assertEquals(1.0 / 3, Trees.eval("1/3").toDouble());
		assertEquals(Math.pow(2, 70) / 3, Trees.eval("2^70 / 3").toDouble(), Math.ulp(Math.pow(2, 70) / 3));
		assertTrue(Trees.eval("1 < 2").toBoolean());
		assertTrue(Trees.eval("6/3").isInteger());
		assertFalse(Trees.eval("7/3").isInteger());
		assertFalse(Trees.eval("1 < 2").isNumber());
		assertFalse(Trees.eval("1 < 2").isExact());

		ExpressionException fraction = assertThrows(ExpressionException.class, () -> Trees.eval("7/2").longValueExact());
		assertEquals("expected an integer but found 7/2", fraction.getMessage());
		assertEquals(ExpressionException.Kind.NOT_INTEGER, fraction.kind());
		assertEquals("expected an integer but found 1.41421356237",
				assertThrows(ExpressionException.class, () -> Trees.eval("sqrt(2)").toBigInteger()).getMessage());
		assertEquals("expected an integer but found a boolean",
				assertThrows(ExpressionException.class, () -> Trees.eval("1 < 2").toBigInteger()).getMessage());
		assertEquals("integer 18446744073709551616 is too large (more than 63 bits)",
				assertThrows(ExpressionException.class, () -> Trees.eval("2^64").longValueExact()).getMessage());
		assertEquals("expected a number but found a boolean",
				assertThrows(ExpressionException.class, () -> Trees.eval("1 < 2").toDouble()).getMessage());
	}

	@Test
	void testRationalFactoriesNormalise() {
		assertEquals(Rational.of(1, 2), Rational.of(-3, -6));
		assertEquals("-1/2", Rational.of(3, -6).toString());
		assertEquals(BigInteger.TWO, Rational.of(-3, -6).denominator());
		assertEquals(Rational.of(2), Rational.of(BigInteger.valueOf(-4), BigInteger.valueOf(-2)));
		assertEquals("9223372036854775808", Rational.of(Long.MIN_VALUE, -1).toString());
		assertEquals("-1/4611686018427387904", Rational.of(2, Long.MIN_VALUE).toString());
		assertEquals(Rational.of(Long.MAX_VALUE).negate().subtract(Rational.ONE), Rational.of(Long.MIN_VALUE));
		assertEquals("9223372036854775808", Rational.of(Long.MIN_VALUE).negate().toString());
		assertEquals("division by zero", assertThrows(ExpressionException.class, () -> Rational.of(1, 0)).getMessage());
		assertEquals(Rational.of(1, 5), Rational.valueOf(0.2));
		assertEquals(Rational.of(-3), Rational.valueOf(-3.0));
		assertEquals(Rational.of(7, 2), Rational.parse("3.50"));
		assertThrows(IllegalArgumentException.class, () -> Rational.valueOf(Double.NaN));
		assertThrows(NumberFormatException.class, () -> Rational.parse("-1"));
		assertThrows(IllegalArgumentException.class, () -> Value.of(Double.POSITIVE_INFINITY));
	}

	@Test
	void testLongOverflowFallsBackToBigIntegers() {
		Rational max = Rational.of(Long.MAX_VALUE);
		assertEquals("85070591730234615847396907784232501249", max.multiply(max).toString());
		assertEquals(max, max.multiply(max).divide(max));
		assertEquals("1/85070591730234615847396907784232501249",
				Rational.of(1, Long.MAX_VALUE).multiply(Rational.of(1, Long.MAX_VALUE)).toString());
		// 1 - 1/MAX is closer to 1 than 1 - 1/(MAX - 1); the cross products overflow longs
		assertTrue(Rational.of(Long.MAX_VALUE - 1, Long.MAX_VALUE)
				.compareTo(Rational.of(Long.MAX_VALUE - 2, Long.MAX_VALUE - 1)) > 0);
		assertEquals(Rational.of(Math.floorMod(Long.MIN_VALUE, 7L)), Rational.of(Long.MIN_VALUE).mod(Rational.of(7)));
		assertEquals(Rational.of(Long.MIN_VALUE + 1), Rational.of(Long.MIN_VALUE).add(Rational.ONE));
		assertEquals(Rational.of(1, 3), Rational.of(Long.MAX_VALUE, 3).subtract(Rational.of(Long.MAX_VALUE - 1, 3)));
	}

	@Test
	void testOperatorsAndFunctionsApplyDirectly() {
		assertEquals(Rational.of(5), Expression.Binary.Operator.ADD.apply(Value.of(2), Value.of(3)));
		assertEquals(Value.of(true), Expression.Binary.Operator.OR.apply(Value.of(false), Value.of(true)));
		assertEquals(Value.of(false), Expression.Unary.Operator.NOT.apply(Value.of(true)));
		assertEquals(Rational.of(2), Builtin.MIN.apply(Value.of(4), Value.of(2), Value.of(3)));
		assertEquals(Value.of(2.0), Builtin.MIN.apply(Value.of(4), Value.of(2), Value.of(3.5)));
		assertEquals(Builtin.LOG2, Builtin.lookup("log2").orElseThrow());
		assertTrue(Builtin.lookup("flor").isEmpty());
		ExpressionException e = assertThrows(ExpressionException.class, () -> Builtin.ABS.checkArity(3));
		assertEquals("'abs' takes 1 argument but got 3", e.getMessage());
		assertTrue(e.position().isEmpty());
	}
}
