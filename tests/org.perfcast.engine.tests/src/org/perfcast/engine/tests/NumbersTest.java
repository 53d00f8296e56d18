package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.perfcast.engine.Numbers;

class NumbersTest {

	@ParameterizedTest
	@CsvSource({ "60, 60", "-3, -3", "0.2, 0.2", "1.5, 1.5", "0.1234567890123456, 0.123456789012", "2.5e-6, 0.0000025",
			"1e-7, 1E-7", "1e20, 1E+20", "4320.0, 4320" })
	void testFormat(double value, String expected) {
		assertEquals(expected, Numbers.format(value));
	}

	/** The exact binary value rounded half up to 12 significant digits: what format must print. */
	private static String exact(double value) {
		if (value == Math.rint(value) && Math.abs(value) < 1e15) {
			return Long.toString((long) value);
		}
		BigDecimal d = new BigDecimal(value).round(new MathContext(12)).stripTrailingZeros();
		return Math.abs(value) >= 1e-4 && Math.abs(value) < 1e15 ? d.toPlainString() : d.toString();
	}

	@ParameterizedTest
	@ValueSource(doubles = { 0.5, -0.5, 2.5, 1.0000000000005, 1.00000000000049, 999999999999.5, 99999999999.95,
			0.00099999999999951, 0.0001, 0.000123456789012345, 1e-4 * (1 - 1e-16), 123456789012.5, 1234567890123.45,
			99999.999999995, 0.30000000000000004, 67.03, 131.999999999999, 1e15 - 0.5, 9.999999999995e14 })
	void testFormatRoundsTheExactValueHalfUpAtTheEdges(double value) {
		assertEquals(exact(value), Numbers.format(value));
	}

	@Test
	void testFormatRoundsTheExactValueHalfUp() {
		SplittableRandom random = new SplittableRandom(7);
		for (int i = 0; i < 2_000_000; i++) {
			double value = switch (i % 4) {
			case 0 -> random.nextDouble() * Math.pow(10, random.nextInt(-5, 16));
			case 1 -> Math.round(random.nextDouble() * 1e6) / Math.pow(10, random.nextInt(0, 8)); // short decimals
			case 2 -> -random.nextDouble(1e-4, 1e15);
			default -> Double.longBitsToDouble(random.nextLong(0x3F1A36E2EB1C432DL, 0x430C6BF526340000L)); // 1e-4 .. 1e15
			};
			assertEquals(exact(value), Numbers.format(value), () -> "format(" + value + ")");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "", " ", "abc", "1,5", "0x10", "NaN", "Infinity", "1e400", "--1", "1.2.3" })
	void testParseFiniteRejects(String text) {
		assertThrows(NumberFormatException.class, () -> Numbers.parseFinite(text));
	}

	@ParameterizedTest
	@CsvSource({ "60, 60", "+2, 2", "-0.5, -0.5", ".5, 0.5", "2.5e-6, 2.5e-6", "7., 7" })
	void testParseFinite(String text, double expected) {
		assertEquals(expected, Numbers.parseFinite(text));
	}
}
