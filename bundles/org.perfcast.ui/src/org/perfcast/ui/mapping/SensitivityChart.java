package org.perfcast.ui.mapping;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ILineSeries.PlotSymbolType;
import org.eclipse.swtchart.ISeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.LineStyle;
import org.perfcast.mapping.Series;

/**
 * The Mapping view's chart: T of each technique against BB or N (one line per technique), with the program's
 * own value marked on each line.
 */
final class SensitivityChart {

	private static final int[] COLOURS = { SWT.COLOR_DARK_BLUE, SWT.COLOR_DARK_RED, SWT.COLOR_DARK_GREEN,
			SWT.COLOR_DARK_MAGENTA, SWT.COLOR_DARK_CYAN };

	private final Chart chart;

	SensitivityChart(Composite parent) {
		chart = new Chart(parent, SWT.NONE);
		chart.getTitle().setVisible(false);
		chart.getLegend().setPosition(SWT.BOTTOM);
		chart.getAxisSet().getYAxis(0).getTitle().setText(Messages.CHART_Y);
	}

	/** The SWT control. */
	Chart control() {
		return chart;
	}

	/** Shows {@code figure}, marking x = {@code current} on each line; null clears the chart. */
	void show(MappingViewContent.Chart content) {
		for (ISeries<?> series : chart.getSeriesSet().getSeries()) {
			chart.getSeriesSet().deleteSeries(series.getId());
		}
		if (content != null) {
			chart.getAxisSet().getXAxis(0).getTitle().setText(content.figure().parameter());
			List<Series> all = content.figure().series();
			for (int i = 0; i < all.size(); i++) {
				Series series = all.get(i);
				Color colour = chart.getDisplay().getSystemColor(COLOURS[i % COLOURS.length]);
				ILineSeries<?> line = (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE, series.name());
				line.setXSeries(series.points().stream().mapToDouble(p -> p.x().toDouble()).toArray());
				line.setYSeries(series.points().stream().mapToDouble(p -> p.y().toDouble()).toArray());
				line.setSymbolType(PlotSymbolType.NONE);
				line.setLineColor(colour);
				line.setLineWidth(2);
				double[] x = line.getXSeries();
				double[] y = line.getYSeries();
				for (int k = 0; k < x.length; k++) {
					if (x[k] == content.current()) {
						ILineSeries<?> mark = (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE,
								series.name() + " (" + Messages.CHART_CURRENT + ")");
						mark.setXSeries(new double[] { x[k] });
						mark.setYSeries(new double[] { y[k] });
						mark.setLineStyle(LineStyle.NONE);
						mark.setSymbolType(PlotSymbolType.CIRCLE);
						mark.setSymbolSize(5);
						mark.setSymbolColor(colour);
						mark.setVisibleInLegend(false);
					}
				}
			}
		}
		chart.getAxisSet().adjustRange();
		chart.redraw();
	}

	/** Names of the series shown, for tests. */
	List<String> seriesNames() {
		return java.util.Arrays.stream(chart.getSeriesSet().getSeries()).filter(ISeries::isVisibleInLegend)
				.map(ISeries::getId).toList();
	}
}
