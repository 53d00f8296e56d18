package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.Quantities;

/** Numbers for people: a scaled unit and at most four significant digits, whatever the value. */
class QuantitiesTest {

	@Test
	void testTheIssuesExamples() {
		assertEquals("12.39 s", Quantities.format(12388992, "µs"));
		assertEquals("500 ms", Quantities.format(500000, "µs"));
		assertEquals("1 s", Quantities.format(1000000, "us"));
		assertEquals("448 µs", Quantities.micros(448));
		assertEquals("570 ms", Quantities.seconds(0.57));
	}

	@Test
	void testUnitBoundaries() {
		assertEquals("999 µs", Quantities.micros(999));
		assertEquals("1 ms", Quantities.micros(1000));
		assertEquals("1 ms", Quantities.micros(999.96), "rounds up into the next unit");
		assertEquals("999.9 µs", Quantities.micros(999.94));
		assertEquals("999.9 s", Quantities.seconds(999.9));
		assertEquals("16.67 min", Quantities.seconds(1000));
		assertEquals("1.667 h", Quantities.seconds(6000));
		assertEquals("1.5 ns", Quantities.nanos(1.5));
		assertEquals("0.001 ns", Quantities.nanos(0.001), "the smallest unit holds what is below it");
		assertEquals("999 B", Quantities.bytes(999));
		assertEquals("1.023 kB", Quantities.bytes(1023));
		assertEquals("1.5 MB", Quantities.bytes(1.5e6));
		assertEquals("2.5 GB/s", Quantities.format(2.5e9, "B/s"));
		assertEquals("50 kcycles", Quantities.format(50_000, "cycles"));
		assertEquals("9999", Quantities.count(9999));
		assertEquals("10000", Quantities.count(9999.7));
		assertEquals("123500", Quantities.count(123456));
		assertEquals("12.39 M", Quantities.count(12388992));
		assertEquals("1 M messages", Quantities.format(999_999.9, "messages"));
		assertEquals("0.8", Quantities.number(0.8));
		assertEquals("3.142", Quantities.number(Math.PI));
	}

	@Test
	void testZeroNegativeNaNAndInfinities() {
		assertEquals("0 µs", Quantities.micros(0));
		assertEquals("0 µs", Quantities.micros(-0.0));
		assertEquals("0", Quantities.number(0));
		assertEquals("-12.39 s", Quantities.micros(-12388992));
		assertEquals("-15000", Quantities.number(-15004));
		assertEquals("NaN", Quantities.micros(Double.NaN));
		assertEquals("∞ µs", Quantities.micros(Double.POSITIVE_INFINITY));
		assertEquals("-∞ s", Quantities.seconds(Double.NEGATIVE_INFINITY));
		assertTrue(Double.isNaN(Quantities.parse("NaN", "µs")));
		assertEquals(Double.POSITIVE_INFINITY, Quantities.parse("∞ µs", "µs"));
	}

	@Test
	void testUnknownUnitsAreKept() {
		assertEquals("3.5 ops", Quantities.format(3.5, "ops"));
		assertEquals("12350 ops", Quantities.format(12345, "ops"));
		assertEquals("2.5 G ops", Quantities.format(2.5e9, "ops"));
		assertEquals("1.5E-7", Quantities.number(1.5e-7), "no prefix below one: an exponent");
	}

	@Test
	void testParseRejectsOtherUnits() {
		assertThrows(NumberFormatException.class, () -> Quantities.parse("12 MB", "µs"));
		assertThrows(NumberFormatException.class, () -> Quantities.parse("12 s", ""));
	}

	private static final Pattern DIGITS = Pattern.compile("-?(\\d+)(?:\\.(\\d+))?(?:E[+-]?\\d+)?");

	/** The significant digits of the number at the start of {@code text}. */
	private static int significantDigits(String text) {
		Matcher m = DIGITS.matcher(text.split(" ")[0]);
		assertTrue(m.matches(), text);
		String digits = (m.group(1) + (m.group(2) == null ? "" : m.group(2))).replaceFirst("^0+", "");
		if (m.group(2) == null) {
			digits = digits.replaceFirst("0+$", ""); // trailing zeros of a whole number are not significant
		}
		return digits.length();
	}

	@Test
	void testRandomValuesRoundTripWithFourSignificantDigits() {
		Random random = new Random(38);
		for (String unit : List.of("ns", "µs", "ms", "s", "B", "B/s", "cycles", "", "events")) {
			for (int i = 0; i < 4000; i++) {
				double value = Math.pow(10, random.nextDouble() * 22 - 4) * (random.nextBoolean() ? 1 : -1);
				if (i % 97 == 0) {
					value = Math.rint(value); // whole numbers too
				}
				String text = Quantities.format(value, unit);
				double back = Quantities.parse(text, unit);
				assertEquals(value, back, Math.abs(value) * 5.01e-4, text + " read back (" + unit + ")");
				assertTrue(significantDigits(text) <= Quantities.DIGITS, text + " has more than four significant digits");
				String number = text.split(" ")[0].replace("-", "");
				int most = List.of("", "events").contains(unit) ? 6 : 4; // plain up to a million, else scaled
				assertTrue(!number.matches("\\d{" + (most + 1) + ",}.*"), text + ": a number of more than " + most
						+ " digits before the point");
			}
		}
	}

	@Test
	void testFormattingIsMonotonic() {
		double previous = Double.NEGATIVE_INFINITY;
		for (double v = 1; v < 1e10; v *= 1.0137) {
			double back = Quantities.parse(Quantities.micros(v), "µs");
			assertTrue(back >= previous, v + " read back as " + back + " < " + previous);
			previous = back;
		}
	}
}
