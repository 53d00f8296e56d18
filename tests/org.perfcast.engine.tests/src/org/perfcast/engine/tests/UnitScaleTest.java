package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.UnitScale;

/** Units scaled to the magnitude of the values shown in them. */
class UnitScaleTest {

	@Test
	void testTimesAreShownInTheLargestUnitAtLeastOne() {
		assertEquals(new UnitScale("s", 1e-6), UnitScale.of("µs", 20_000_000));
		assertEquals("20", UnitScale.of("µs", 20_000_000).format(20_000_000, 3));
		assertEquals(new UnitScale("ms", 1e-3), UnitScale.of("us", 9_999));
		assertEquals(new UnitScale("µs", 1), UnitScale.of("µs", 999));
		assertEquals(new UnitScale("ms", 1e3), UnitScale.of("s", 0.0042));
		assertEquals(new UnitScale("s", 1), UnitScale.of("s", 86_400), "seconds are the largest time unit");
		assertEquals("ms", UnitScale.of("µs", List.of(12.0, -3_500.0, Double.NaN)).unit(), "the largest magnitude");
	}

	@Test
	void testCyclesInThousandsAndMillions() {
		assertEquals(new UnitScale("kcycles", 1e-3), UnitScale.of("cycles", 50_001));
		assertEquals(new UnitScale("Mcycles", 1e-6), UnitScale.of("cycles", 2.5e6));
		assertEquals(new UnitScale("cycles", 1), UnitScale.of("cycles", 315));
		assertEquals("T (kcycles)", UnitScale.of("cycles", 50_001).label("T"));
	}

	@Test
	void testOtherUnitsAndNoValuesStayAsTheyAre() {
		assertEquals(new UnitScale("", 1), UnitScale.of("", 1e9));
		assertEquals(new UnitScale("ops", 1), UnitScale.of("ops", 1e9));
		assertEquals(new UnitScale("µs", 1), UnitScale.of("µs", 0));
		assertEquals(new UnitScale("µs", 1), UnitScale.of("µs", List.of()));
		assertEquals("speedup", UnitScale.none("").label("speedup"));
	}

	@Test
	void testSignificantDigits() {
		assertEquals("18.5", Numbers.significant(18.481152, 3));
		assertEquals("0.00312", Numbers.significant(0.0031234, 3));
		assertEquals("120000", Numbers.significant(123456, 2));
		assertEquals("0", Numbers.significant(0, 3));
	}
}
