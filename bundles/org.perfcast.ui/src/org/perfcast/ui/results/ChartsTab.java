package org.perfcast.ui.results;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.ui.charts.XyChart;

/**
 * The Charts tab: the shown run's summary values against its swept parameter, and the series of a point
 * chosen among those that have any. Its log-axis boxes also serve the Compare tab's chart and the HTML report.
 */
public final class ChartsTab extends ResultsTab {

	private final XyChart sweepChart;
	private final Combo pointChoice;
	private final Button logX;
	private final Button logY;
	private final XyChart pointChart;
	private final List<Runnable> logScaleListeners = new ArrayList<>();
	private List<RunPoint> points = List.of();

	ChartsTab(CTabFolder folder) {
		super(folder, Messages.TAB_CHARTS, Messages.TAB_CHARTS_TIP);
		Composite charts = new Composite(folder, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(4).applyTo(charts);
		sweepChart = new XyChart(charts, SWT.NONE);
		GridDataFactory.fillDefaults().grab(true, true).span(4, 1).applyTo(sweepChart);
		new Label(charts, SWT.NONE).setText(Messages.POINT_LABEL);
		pointChoice = new Combo(charts, SWT.READ_ONLY);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(pointChoice);
		pointChoice.addListener(SWT.Selection, e -> showPointSeries());
		logX = new Button(charts, SWT.CHECK);
		logX.setText(Messages.LOG_X);
		logY = new Button(charts, SWT.CHECK);
		logY.setText(Messages.LOG_Y);
		for (Button log : List.of(logX, logY)) {
			log.setToolTipText(Messages.LOG_TIP);
			log.addListener(SWT.Selection, e -> applyLogScales());
		}
		pointChart = new XyChart(charts, SWT.NONE);
		GridDataFactory.fillDefaults().grab(true, true).span(4, 1).applyTo(pointChart);
		setControl(charts);
	}

	/** Charts {@code run}, or nothing if it is {@code null}. */
	void show(Run run) {
		sweepChart.setSeries(run == null ? List.of() : RunCharts.sweepSeries(run));
		sweepChart.setAxisTitles(run == null ? "" : RunCharts.sweptParameter(run).orElse(Messages.NO_SWEEP),
				Messages.SWEEP_CHART_Y);
		points = run == null ? List.of() : run.getPoints().stream().filter(p -> !p.getSeries().isEmpty()).toList();
		pointChoice.setItems(points.stream().map(RunCharts::pointLabel).toArray(String[]::new));
		pointChoice.select(0);
		showPointSeries();
	}

	private void showPointSeries() {
		int index = pointChoice.getSelectionIndex();
		RunPoint point = index < 0 ? null : points.get(index);
		pointChart.setSeries(point == null ? List.of() : RunCharts.pointSeries(point));
		List<String> titles = point == null ? List.of("", "") : RunCharts.pointSeriesTitles(point);
		pointChart.setAxisTitles(titles.get(0), titles.get(1));
		applyLogScales();
	}

	private void applyLogScales() {
		sweepChart.setLogScale(isLogX(), isLogY());
		pointChart.setLogScale(isLogX(), isLogY());
		logScaleListeners.forEach(Runnable::run);
	}

	/** Calls {@code listener} whenever the log axes may have changed. */
	void addLogScaleListener(Runnable listener) {
		logScaleListeners.add(listener);
	}

	/** Whether the x axes are logarithmic. */
	public boolean isLogX() {
		return logX.getSelection();
	}

	/** Whether the y axes are logarithmic. */
	public boolean isLogY() {
		return logY.getSelection();
	}

	/** The chart of summary values against the swept parameter. */
	public XyChart getSweepChart() {
		return sweepChart;
	}

	/** The chart of the chosen point's series. */
	public XyChart getPointChart() {
		return pointChart;
	}
}
