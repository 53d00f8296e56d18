package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
