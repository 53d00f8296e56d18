package org.perfcast.ui.tests.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swtchart.IAxis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ui.charts.ChartSeries;
import org.perfcast.ui.charts.ChartSeries.Style;
import org.perfcast.ui.charts.NearestPoint;
import org.perfcast.ui.charts.XyChart;

class XyChartTest {

	private static final ChartSeries T = new ChartSeries("T", new double[] { 1, 10, 100 }, new double[] { 100, 10, 1 },
			Style.LINE_AND_POINTS);
	private static final ChartSeries ZERO = new ChartSeries("zero", new double[] { 1, 10 }, new double[] { 0, 5 },
			Style.SCATTER);

	private Shell shell;
	private XyChart chart;

	@BeforeEach
	void open() {
		shell = new Shell(Display.getCurrent());
		shell.setLayout(new FillLayout());
		chart = new XyChart(shell, SWT.NONE);
		shell.setSize(600, 400);
		shell.open();
	}

	@AfterEach
	void close() {
		shell.dispose();
	}

	@Test
	void testNearestPointWithinRadius() {
		List<ChartSeries> series = List.of(T, ZERO);
		assertEquals(Optional.of(new NearestPoint(0, 1)), NearestPoint.find(series, x -> x, y -> y, 12, 9, 5));
		assertEquals(Optional.of(new NearestPoint(1, 0)), NearestPoint.find(series, x -> x, y -> y, 1, 1, 5));
		assertEquals(Optional.empty(), NearestPoint.find(series, x -> x, y -> y, 50, 50, 5));
	}

	@Test
	void testSeriesTitlesAndTooltip() {
		chart.setSeries(List.of(T, ZERO));
		chart.setAxisTitles("P", "T (cycles)");
		shell.layout(true, true);
		assertEquals(List.of("T", "zero"), chart.getSeries().stream().map(ChartSeries::name).toList());
		assertEquals(2, chart.getChart().getSeriesSet().getSeries().length);
		assertEquals(List.of("P", "T (cycles)"), chart.getAxisTitles());
		IAxis x = chart.getChart().getAxisSet().getXAxis(0);
		IAxis y = chart.getChart().getAxisSet().getYAxis(0);
		String tip = chart.tooltipAt(x.getPixelCoordinate(10) + 2, y.getPixelCoordinate(10) - 1);
		assertEquals(String.format("T%nP = 10%nT (cycles) = 10"), tip);
		assertNull(chart.tooltipAt(x.getPixelCoordinate(55), y.getPixelCoordinate(120)));
	}

	@Test
	void testLogAxesOnlyForPositiveValues() {
		chart.setSeries(List.of(T, ZERO));
		chart.setLogScale(true, true);
		assertTrue(chart.isLogX());
		assertFalse(chart.isLogY(), "zero has y = 0");
		chart.setSeries(List.of(T));
		assertTrue(chart.isLogY());
		chart.setSeries(List.of(ZERO));
		assertFalse(chart.isLogY());
		chart.setLogScale(false, false);
		assertFalse(chart.isLogX());
	}

	@Test
	void testSeriesNeedMatchingLengths() {
		assertThrows(IllegalArgumentException.class,
				() -> new ChartSeries("bad", new double[] { 1 }, new double[] { 1, 2 }, Style.LINE));
	}
}
