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

	/**
	 * Shows {@code content}, marking the program's own value on each line; null clears the chart. With
	 * {@code relative}, each T is divided by the smallest T of any technique at the same x, so that the fastest
	 * technique lies on 1 and the crossovers show where lines cross 1.
	 */
	void show(MappingViewContent.Chart content, boolean relative) {
		for (ISeries<?> series : chart.getSeriesSet().getSeries()) {
			chart.getSeriesSet().deleteSeries(series.getId());
		}
		chart.getAxisSet().getYAxis(0).getTitle().setText(relative ? Messages.CHART_Y_RELATIVE : Messages.CHART_Y);
		if (content != null) {
			chart.getAxisSet().getXAxis(0).getTitle().setText(content.figure().parameter());
			List<Series> all = content.figure().series();
			double[] fastest = fastest(all);
			for (int i = 0; i < all.size(); i++) {
				Series series = all.get(i);
				Color colour = chart.getDisplay().getSystemColor(COLOURS[i % COLOURS.length]);
				double[] x = series.points().stream().mapToDouble(p -> p.x().toDouble()).toArray();
				double[] y = series.points().stream().mapToDouble(p -> p.y().toDouble()).toArray();
				if (relative) {
					for (int k = 0; k < y.length; k++) {
						y[k] = fastest[k] > 0 ? y[k] / fastest[k] : 1;
					}
				}
				ILineSeries<?> line = (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE, series.name());
				line.setXSeries(x);
				line.setYSeries(y);
				line.setSymbolType(PlotSymbolType.NONE);
				line.setLineColor(colour);
				line.setLineWidth(2);
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

	/** The smallest T at each x over all series (the series share their x values). */
	private static double[] fastest(List<Series> all) {
		if (all.isEmpty()) {
			return new double[0];
		}
		double[] min = new double[all.get(0).points().size()];
		java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
		for (Series series : all) {
			for (int k = 0; k < min.length && k < series.points().size(); k++) {
				min[k] = Math.min(min[k], series.points().get(k).y().toDouble());
			}
		}
		return min;
	}

	/** Names of the series shown, for tests. */
	List<String> seriesNames() {
		return java.util.Arrays.stream(chart.getSeriesSet().getSeries()).filter(ISeries::isVisibleInLegend)
				.map(ISeries::getId).toList();
	}
}
