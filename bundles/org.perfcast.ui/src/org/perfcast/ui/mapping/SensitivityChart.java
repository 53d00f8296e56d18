package org.perfcast.ui.mapping;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.perfcast.mapping.Sensitivity;
import org.perfcast.mapping.Series;
import org.perfcast.ui.charts.ChartSeries;
import org.perfcast.ui.charts.XyChart;

/**
 * The Mapping view's chart: T of each technique against BB or N (one line per technique), with the program's
 * own value marked on each line; the axes name the quantities with the program's time unit.
 */
final class SensitivityChart {

	private final XyChart chart;

	SensitivityChart(Composite parent) {
		chart = new XyChart(parent, SWT.NONE);
		chart.setAxisTitles("", "");
	}

	/** The SWT control. */
	XyChart control() {
		return chart;
	}

	/**
	 * Shows {@code content}, marking the program's own value on each line; null clears the chart. With
	 * {@code relative}, each T is divided by the smallest T of any technique at the same x, so that the fastest
	 * technique lies on 1 and the crossovers show where lines cross 1.
	 */
	void show(MappingViewContent.Chart content, boolean relative) {
		List<ChartSeries> lines = new ArrayList<>();
		List<XyChart.Mark> marks = new ArrayList<>();
		if (content != null) {
			List<Series> all = content.figure().series();
			double[] fastest = fastest(all);
			for (Series series : all) {
				double[] x = series.points().stream().mapToDouble(p -> p.x().toDouble()).toArray();
				double[] y = series.points().stream().mapToDouble(p -> p.y().toDouble()).toArray();
				if (relative) {
					for (int k = 0; k < y.length; k++) {
						y[k] = fastest[k] > 0 ? y[k] / fastest[k] : 1;
					}
				}
				lines.add(new ChartSeries(series.name(), x, y, ChartSeries.Style.LINE));
				for (int k = 0; k < x.length; k++) {
					if (x[k] == content.current()) {
						marks.add(new XyChart.Mark(series.name(), x[k], y[k]));
					}
				}
			}
		}
		chart.setSeries(lines, marks);
		if (content == null) {
			chart.setAxisTitles("", "");
		} else {
			chart.setAxisTitles(Sensitivity.Parameter.valueOf(content.figure().parameter()).axisTitle(content.unit()),
					relative ? Messages.CHART_Y_RELATIVE
							: content.unit().isEmpty() ? Messages.CHART_Y : Messages.CHART_Y_IN.formatted(content.unit()));
		}
	}

	/** The axis titles shown, x then y, for tests. */
	List<String> axisTitles() {
		return chart.getAxisTitles();
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
		return chart.getSeries().stream().map(ChartSeries::name).toList();
	}

	/** The program's own values marked, for tests. */
	List<XyChart.Mark> marks() {
		return chart.getMarks();
	}
}
