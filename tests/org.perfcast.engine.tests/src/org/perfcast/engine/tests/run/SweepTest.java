package org.perfcast.engine.tests.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepGrid;

class SweepTest {

	@Test
	void testList() {
		Sweep sweep = Sweep.parse(" P = 1, 2,4 ,8");
		assertEquals("P", sweep.parameter());
		assertEquals(List.of(1.0, 2.0, 4.0, 8.0), sweep.values());
		assertEquals("P=1, 2,4 ,8", sweep.text());
	}

	@Test
	void testRangeIsInclusive() {
		assertEquals(List.of(100.0, 200.0, 300.0, 400.0, 500.0, 600.0, 700.0, 800.0, 900.0, 1000.0),
				Sweep.parse("N=100..1000:100").values());
		assertEquals(List.of(1.0, 2.0, 3.0), Sweep.parse("P=1..3").values());
		assertEquals(List.of(5.0), Sweep.parse("P=5..5").values());
	}

	@Test
	void testRangeStopsBeforeAnEndBetweenSteps() {
		assertEquals(List.of(0.0, 3.0, 6.0, 9.0), Sweep.parse("x=0..10:3").values());
	}

	@Test
	void testDecimalStepsDoNotDrift() {
		List<Double> values = Sweep.parse("x=0..1:0.1").values();
		assertEquals(11, values.size());
		assertEquals(List.of(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0), values);
		assertEquals(0.3, Sweep.parse("x=0.1..0.3:0.1").values().get(2));
		assertEquals(List.of(1e-6, 2e-6, 3e-6), Sweep.parse("t=1e-6..3e-6:1e-6").values());
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"P|sweep 'P' is not NAME=v1,v2,... or NAME=a..b:step",
			"P=|sweep 'P=' has no values",
			"P=1,,2|sweep 'P=1,,2' has an empty value",
			"P=1,2,|sweep 'P=1,2,' has an empty value",
			"P=1,x|sweep 'P=1,x': 'x' is not a number",
			"P=1,2,1|sweep 'P=1,2,1' repeats the value 1",
			"2P=1|sweep '2P=1': '2P' is not a parameter name",
			"N=1000..100:100|sweep 'N=1000..100:100' is reversed: 1000 is after 100",
			"N=1..10:0|sweep 'N=1..10:0': the step must be positive, was 0",
			"N=1..10:-1|sweep 'N=1..10:-1': the step must be positive, was -1",
			"N=1..|sweep 'N=1..' is not NAME=a..b or NAME=a..b:step",
			"N=1..1e9|sweep 'N=1..1e9' has 1000000000 values, more than the 100000 allowed",
			"N=0..1:1e-9|sweep 'N=0..1:1e-9' has 1000000001 values, more than the 100000 allowed" })
	void testErrors(String text, String message) {
		assertEquals(message, assertThrows(IllegalArgumentException.class, () -> Sweep.parse(text)).getMessage());
	}

	@Test
	void testGridIsCartesianProductFirstSweepSlowest() {
		SweepGrid grid = new SweepGrid(List.of(Sweep.parse("P=1,2"), Sweep.parse("N=10..30:10")));
		assertEquals(6, grid.size());
		List<ParameterBindings> points = grid.points(ParameterBindings.parse(List.of("b=4", "P=99")));
		assertEquals(List.of("b=4, P=1, N=10", "b=4, P=1, N=20", "b=4, P=1, N=30", "b=4, P=2, N=10",
				"b=4, P=2, N=20", "b=4, P=2, N=30"), points.stream().map(ParameterBindings::toString).toList());
	}

	@Test
	void testNoSweepIsOnePoint() {
		ParameterBindings base = ParameterBindings.of(Map.of("N", 3));
		assertEquals(List.of(base), new SweepGrid(List.of()).points(base));
	}

	@Test
	void testGridErrors() {
		String twice = assertThrows(IllegalArgumentException.class,
				() -> new SweepGrid(List.of(Sweep.parse("P=1,2"), Sweep.parse("P=3")))).getMessage();
		assertEquals("parameter P is swept twice", twice);
		String tooMany = assertThrows(IllegalArgumentException.class, () -> new SweepGrid(
				List.of(Sweep.parse("a=1..1000"), Sweep.parse("b=1..1000")))).getMessage();
		assertEquals("the sweeps a=1..1000 × b=1..1000 give more than the 100000 points allowed", tooMany);
		assertTrue(new SweepGrid(List.of(Sweep.parse("a=1..1000"), Sweep.parse("b=1..100"))).size() == 100_000);
	}
}
