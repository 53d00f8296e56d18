package org.perfcast.ui.tests.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ui.charts.TimeWindow;
import org.perfcast.ui.charts.TimelineChart;
import org.perfcast.ui.charts.TimelineData;
import org.perfcast.ui.charts.TimelineData.Arrow;
import org.perfcast.ui.charts.TimelineData.Bar;
import org.perfcast.ui.charts.TimelineData.Row;
import org.perfcast.ui.charts.TimelineGeometry;
import org.perfcast.ui.charts.TimelineHit;

class TimelineChartTest {

	private static final TimelineData DATA = new TimelineData("cycles", List.of(
			new Row("P0", List.of(new Bar("compute", 0, 1000, "work", "model.program: Step 1", "c0"),
					new Bar("send", 1000, 1010, "", "", "s0"))),
			new Row("P1", List.of(new Bar("wait", 0, 1020, "", "", "w1")))),
			List.of(new Arrow(0, 1000, 1, 1020, "8 bytes", "m0")));

	private Shell shell;
	private TimelineChart chart;

	@BeforeEach
	void open() {
		shell = new Shell(Display.getCurrent());
		shell.setLayout(new FillLayout());
		chart = new TimelineChart(shell, SWT.BORDER);
		shell.setSize(700, 300);
		shell.open();
		chart.setData(DATA);
	}

	@AfterEach
	void close() {
		shell.dispose();
	}

	private static void send(TimelineChart chart, int type, int x, int y, int button, int stateMask) {
		Event e = new Event();
		e.x = x;
		e.y = y;
		e.button = button;
		e.stateMask = stateMask;
		e.count = 1;
		chart.notifyListeners(type, e);
	}

	@Test
	void testZoomPanAndFit() {
		assertEquals(new TimeWindow(0, 1020), chart.getWindow());
		chart.zoom(2);
		assertEquals(510, chart.getWindow().span(), 1e-9);
		assertEquals(255, chart.getWindow().start(), 2, "zoomed around the middle");
		chart.pan(chart.geometry().plotWidth());
		assertEquals(new TimeWindow(510, 1020), chart.getWindow(), "panned one screen right, stopped at the end");
		chart.zoom(1e-3);
		assertEquals(new TimeWindow(0, 1020), chart.getWindow(), "zooming out stops at the whole schedule");
		chart.setWindow(new TimeWindow(100, 200));
		chart.fit();
		assertEquals(new TimeWindow(0, 1020), chart.getWindow());
	}

	@Test
	void testWheelZoomsAroundTheMouse() {
		TimelineGeometry g = chart.geometry();
		int x = g.x(300);
		send(chart, SWT.MouseVerticalWheel, x, g.rowMiddle(0), 0, 0);
		assertEquals(1020 / TimelineChart.ZOOM_STEP, chart.getWindow().span(), 1e-9);
		assertEquals(x, chart.geometry().x(300), 1);
	}

	@Test
	void testClickAndHoverNameTheIntervalAndMessage() {
		List<Object> clicked = new ArrayList<>();
		chart.addClickListener(hit -> clicked.add(hit.data()));
		TimelineGeometry g = chart.geometry();
		send(chart, SWT.MouseDown, g.x(500), g.rowMiddle(0), 1, 0);
		send(chart, SWT.MouseUp, g.x(500), g.rowMiddle(0), 1, SWT.BUTTON1);
		assertEquals(List.of("c0"), clicked);
		TimelineHit bar = chart.hitAt(g.x(500), g.rowMiddle(0)).orElseThrow();
		assertEquals(String.format("work%nP0: compute, 0 cycles to 1 kcycles (1 kcycles)%nmodel.program: Step 1"),
				chart.tooltip(bar));
		chart.zoom(20);
		g = chart.geometry();
		int mx = (g.x(1000) + g.x(1020)) / 2;
		int my = (g.rowMiddle(0) + g.rowMiddle(1)) / 2;
		TimelineHit arrow = chart.hitAt(mx, my).orElseThrow();
		assertEquals(String.format("8 bytes%nP0 at 1 kcycles to P1 at 1.02 kcycles"), chart.tooltip(arrow));
		chart.click(arrow);
		assertEquals(List.of("c0", "m0"), clicked);
	}

	@Test
	void testDragPansWithoutClicking() {
		List<Object> clicked = new ArrayList<>();
		chart.addClickListener(hit -> clicked.add(hit.data()));
		chart.zoom(4);
		TimeWindow before = chart.getWindow();
		TimelineGeometry g = chart.geometry();
		int y = g.rowMiddle(1);
		send(chart, SWT.MouseDown, 300, y, 1, 0);
		send(chart, SWT.MouseMove, 250, y, 0, SWT.BUTTON1);
		send(chart, SWT.MouseUp, 250, y, 1, SWT.BUTTON1);
		assertEquals(before.start() + 50 * before.span() / g.plotWidth(), chart.getWindow().start(), 1e-9);
		assertTrue(clicked.isEmpty());
	}

	@Test
	void testLabelsThatDoNotFitAreShortened() {
		org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(chart);
		try {
			String label = "at barrier 0 of parallel region 1";
			int full = gc.textExtent(label).x;
			assertEquals(label, TimelineChart.fitted(gc, label, full + 1));
			int shorter = gc.textExtent("at barrier\u2026").x;
			assertEquals("at barrier\u2026", TimelineChart.fitted(gc, label, shorter + 1));
			assertEquals("at barrier\u2026", TimelineChart.fitted(gc, label, gc.textExtent("at barrier \u2026").x),
					"no space before the ellipsis");
			assertEquals("", TimelineChart.fitted(gc, label, 10), "no room for " + TimelineChart.SHORTEST_LABEL
					+ " characters");
			assertEquals("", TimelineChart.fitted(gc, "", 100));
		} finally {
			gc.dispose();
		}
	}
}
