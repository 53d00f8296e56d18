package org.perfcast.ui.tests.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.perfcast.ui.charts.TimeWindow;
import org.perfcast.ui.charts.TimelineData;
import org.perfcast.ui.charts.TimelineData.Arrow;
import org.perfcast.ui.charts.TimelineData.Bar;
import org.perfcast.ui.charts.TimelineData.Row;
import org.perfcast.ui.charts.TimelineGeometry;
import org.perfcast.ui.charts.TimelineHit;

/** Two rows, 1 pixel per time unit right of a 50 pixel label column, rows 20 pixels high from y = 40. */
class TimelineGeometryTest {

	private static final Bar COMPUTE = new Bar("compute", 0, 100, "c0", "", "compute 0");
	private static final Bar SEND = new Bar("send", 100, 110, "s0", "", "send 0");
	private static final Bar WAIT = new Bar("wait", 0, 50, "w1", "", "wait 1");
	private static final Arrow MESSAGE = new Arrow(0, 110, 1, 150, "m", "message");
	private static final TimelineData DATA = new TimelineData("cycles",
			List.of(new Row("P0", List.of(COMPUTE, SEND)), new Row("P1", List.of(WAIT))), List.of(MESSAGE));
	private static final TimelineGeometry G = new TimelineGeometry(50, 40, 20, 200, new TimeWindow(0, 200));

	@Test
	void testMapsTimesAndRows() {
		assertEquals(50, G.x(0));
		assertEquals(150, G.x(100));
		assertEquals(60, G.rowTop(1));
		assertEquals(70, G.rowMiddle(1));
		assertEquals(0, G.rowAt(40, 2));
		assertEquals(1, G.rowAt(79, 2));
		assertEquals(-1, G.rowAt(80, 2));
		assertEquals(-1, G.rowAt(39, 2));
	}

	@Test
	void testHitsBarsByRowAndTime() {
		assertEquals(Optional.of(new TimelineHit.OnBar(0, 0, COMPUTE)), G.hit(DATA, 100, 50));
		assertEquals(Optional.of(new TimelineHit.OnBar(0, 1, SEND)), G.hit(DATA, 155, 50));
		assertEquals(Optional.of(new TimelineHit.OnBar(1, 0, WAIT)), G.hit(DATA, 60, 70));
		assertEquals("wait 1", G.hit(DATA, 60, 70).orElseThrow().data());
	}

	@Test
	void testMissesGapsInsetsAndLabels() {
		assertEquals(Optional.empty(), G.hit(DATA, 120, 70), "after the wait on P1");
		assertEquals(Optional.empty(), G.hit(DATA, 100, 41), "in the row's inset above the bar");
		assertEquals(Optional.empty(), G.hit(DATA, 20, 50), "on the row label");
		assertEquals(Optional.empty(), G.hit(DATA, 100, 90), "below the last row");
	}

	@Test
	void testHitsArrowsBeforeBars() {
		// the arrow goes from (160, 50) to (200, 70); its midpoint is (180, 60)
		assertEquals(Optional.of(new TimelineHit.OnArrow(0, MESSAGE)), G.hit(DATA, 180, 60));
		assertEquals(Optional.of(new TimelineHit.OnArrow(0, MESSAGE)), G.hit(DATA, 161, 50), "over the send bar's end");
		assertTrue(G.hit(DATA, 180, 66).isEmpty(), "6 pixels from the arrow");
	}

	@Test
	void testZoomedGeometryHitsWhatIsDrawnThere() {
		TimelineGeometry zoomed = new TimelineGeometry(50, 40, 20, 200, new TimeWindow(0, 200).zoomed(4, 100));
		assertEquals(50, zoomed.x(75));
		assertEquals(Optional.of(new TimelineHit.OnBar(0, 1, SEND)), zoomed.hit(DATA, zoomed.x(105), 50));
	}

	@Test
	void testDataChecksArrowsAndComputesExtentAndKinds() {
		assertEquals(new TimeWindow(0, 150), DATA.extent());
		assertEquals(List.of("compute", "send", "wait"), DATA.kinds());
		assertEquals(new TimeWindow(0, 1), TimelineData.EMPTY.extent());
		assertThrows(IllegalArgumentException.class, () -> new TimelineData("", List.of(new Row("P0", List.of())),
				List.of(new Arrow(0, 0, 1, 1, "", null))));
		assertThrows(IllegalArgumentException.class, () -> new Bar("compute", 2, 1, "", "", null));
	}
}
