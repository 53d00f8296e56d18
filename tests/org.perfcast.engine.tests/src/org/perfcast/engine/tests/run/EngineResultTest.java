package org.perfcast.engine.tests.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.Schedule;
import org.perfcast.engine.run.Series;
import org.perfcast.engine.run.Table;

class EngineResultTest {

	@Test
	void testResultIsACopy() {
		List<Series.Point> points = new ArrayList<>(List.of(new Series.Point(1, 2)));
		Series series = new Series("s", "x", "y", points);
		points.add(new Series.Point(3, 4));
		assertEquals(1, series.points().size());
		EngineResult result = EngineResult.builder().summary("T", 1, "s").series(series).build();
		assertThrows(UnsupportedOperationException.class, () -> result.summary().clear());
	}

	@Test
	void testInvalidParts() {
		assertThrows(IllegalArgumentException.class, () -> EngineResult.builder()
				.diagnostic(Diagnostic.error("x", "bad", Location.of("f"))).build());
		assertThrows(IllegalArgumentException.class, () -> EngineResult.builder().summary("T", Double.NaN, "s"));
		assertThrows(IllegalArgumentException.class, () -> new Schedule.Interval(Schedule.Kind.WAIT, 2, 1, "w"));
		assertEquals("schedule s: message 0 -> 1 names a row outside 0..0", assertThrows(IllegalArgumentException.class,
				() -> new Schedule("s", "s", List.of(new Schedule.Timeline("P0", List.of())),
						List.of(new Schedule.Message(0, 0, 1, 1, "")))).getMessage());
		assertThrows(IllegalArgumentException.class, () -> new Table("t", List.of("a", "b"), List.of(List.of("1"))));
	}
}
