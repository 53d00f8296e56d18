package org.perfcast.ui.tests.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.perfcast.ui.charts.TimeWindow;

class TimeWindowTest {

	@Test
	void testPixelsAndTimes() {
		TimeWindow w = new TimeWindow(100, 300);
		assertEquals(0, w.toPixel(100, 400));
		assertEquals(200, w.toPixel(200, 400));
		assertEquals(250, w.toTime(300, 400));
	}

	@Test
	void testZoomKeepsTheAnchorInPlace() {
		TimeWindow w = new TimeWindow(0, 100);
		TimeWindow in = w.zoomed(2, 80);
		assertEquals(new TimeWindow(40, 90), in);
		assertEquals(w.toPixel(80, 500), in.toPixel(80, 500), 1e-9);
		assertEquals(w, in.zoomed(0.5, 80));
	}

	@Test
	void testPanAndClampToBounds() {
		TimeWindow bounds = new TimeWindow(0, 100);
		assertEquals(new TimeWindow(30, 50), new TimeWindow(10, 30).panned(20));
		assertEquals(new TimeWindow(80, 100), new TimeWindow(90, 110).within(bounds));
		assertEquals(new TimeWindow(0, 10), new TimeWindow(-5, 5).within(bounds));
		assertEquals(bounds, new TimeWindow(-50, 500).within(bounds));
		assertEquals(100 * TimeWindow.MIN_RELATIVE_SPAN, new TimeWindow(1, 1 + 1e-12).within(bounds).span(), 1e-15);
	}

	@Test
	void testRejectsEmptyWindows() {
		assertThrows(IllegalArgumentException.class, () -> new TimeWindow(5, 5));
		assertThrows(IllegalArgumentException.class, () -> new TimeWindow(0, Double.POSITIVE_INFINITY));
	}
}
