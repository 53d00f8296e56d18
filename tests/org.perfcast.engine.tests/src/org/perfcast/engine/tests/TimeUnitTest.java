package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.perfcast.engine.TimeUnit;

class TimeUnitTest {

	@ParameterizedTest
	@CsvSource({ "cycles, CYCLES", "cycle, CYCLES", "ns, NANOSECONDS", "µs, MICROSECONDS", "us, MICROSECONDS",
			"US, MICROSECONDS", "ms, MILLISECONDS", "s, SECONDS", "seconds, SECONDS", " sec , SECONDS" })
	void testParseAcceptsSymbolsAndAliases(String text, TimeUnit expected) {
		assertSame(expected, TimeUnit.parse(text));
	}

	@Test
	void testParseRejectsUnknownUnitNamingTheAcceptedOnes() {
		IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TimeUnit.parse("fortnight"));
		assertTrue(e.getMessage().contains("fortnight"), e.getMessage());
		assertTrue(e.getMessage().contains("cycles, ns, µs, ms, s"), e.getMessage());
	}

	@ParameterizedTest
	@CsvSource({ "1, s, ms, 1000", "1500, ns, µs, 1.5", "2.5, ms, s, 0.0025", "1, µs, ns, 1000", "3, s, s, 3" })
	void testConvertBetweenPhysicalUnits(double amount, String from, String to, double expected) {
		assertEquals(expected, TimeUnit.parse(from).convert(amount, TimeUnit.parse(to)), 1e-12 * Math.abs(expected));
	}

	@Test
	void testCyclesNeedAClockRate() {
		assertThrows(IllegalArgumentException.class, () -> TimeUnit.CYCLES.convert(10, TimeUnit.SECONDS));
		assertThrows(IllegalArgumentException.class, () -> TimeUnit.MICROSECONDS.convert(10, TimeUnit.CYCLES));
		assertEquals(42, TimeUnit.CYCLES.convert(42, TimeUnit.CYCLES));
		// 2 GHz: 4000 cycles = 2 µs, and back
		assertEquals(2.0, TimeUnit.CYCLES.convert(4000, TimeUnit.MICROSECONDS, 2e9), 1e-12);
		assertEquals(4000.0, TimeUnit.MICROSECONDS.convert(2, TimeUnit.CYCLES, 2e9), 1e-9);
		assertThrows(IllegalArgumentException.class, () -> TimeUnit.CYCLES.convert(1, TimeUnit.SECONDS, 0));
		assertThrows(IllegalArgumentException.class, () -> TimeUnit.CYCLES.convert(1, TimeUnit.SECONDS, Double.NaN));
	}

	@ParameterizedTest
	@EnumSource(TimeUnit.class)
	void testRoundTripThroughSecondsIsIdentity(TimeUnit unit) {
		double amount = 123.456;
		double back = TimeUnit.SECONDS.convert(unit.convert(amount, TimeUnit.SECONDS, 1e9), unit, 1e9);
		assertEquals(amount, back, 1e-9);
		assertSame(unit, TimeUnit.parse(unit.symbol()));
	}

	@Test
	void testFormatAndPhysical() {
		assertEquals("4320 cycles", TimeUnit.CYCLES.format(4320));
		assertEquals("1.5 µs", TimeUnit.MICROSECONDS.format(1.5));
		assertFalse(TimeUnit.CYCLES.isPhysical());
		assertTrue(TimeUnit.SECONDS.isPhysical());
	}
}
