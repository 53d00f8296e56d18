package org.perfcast.ui.charts;

import java.util.List;
import java.util.Optional;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.IAxis;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ILineSeries.PlotSymbolType;
import org.eclipse.swtchart.ISeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.LineStyle;
import org.eclipse.swtchart.Range;
import org.perfcast.engine.Quantities;

/**
 * An XY chart on SWTChart: several {@link ChartSeries} as lines or scatter marks with a legend, axis titles,
 * optional log axes and a tooltip that names the point nearest to the mouse.
 * <p>
 * A log axis is used only while every value on it is positive; {@link #isLogX()} and {@link #isLogY()} say
 * whether it is.
 */
public final class XyChart extends Composite {

	/** How near (pixels) the mouse must be to a point for the tooltip to show it. */
	public static final int HOVER_RADIUS = 12;

	private static final int[] COLOURS = { SWT.COLOR_DARK_BLUE, SWT.COLOR_DARK_RED, SWT.COLOR_DARK_GREEN,
			SWT.COLOR_DARK_MAGENTA, SWT.COLOR_DARK_CYAN, SWT.COLOR_DARK_YELLOW, SWT.COLOR_BLUE, SWT.COLOR_RED };

	private final Chart chart;
	private List<ChartSeries> series = List.of();
	private List<Mark> marks = List.of();
	private boolean wantLogX;
	private boolean wantLogY;

	/** An empty chart without a title, its legend below the plot. */
	public XyChart(Composite parent, int style) {
		super(parent, style);
		setLayout(new FillLayout());
		chart = new Chart(this, SWT.NONE);
		chart.getTitle().setVisible(false);
		chart.getLegend().setPosition(SWT.BOTTOM);
		Control plot = chart.getPlotArea().getControl();
		plot.addMouseMoveListener(e -> plot.setToolTipText(tooltipAt(e.x, e.y)));
		plot.addListener(SWT.MouseExit, e -> plot.setToolTipText(null));
	}

	/** The SWTChart underneath, for what this class does not cover. */
	public Chart getChart() {
		return chart;
	}

	/**
	 * A point to stand out on a series, such as the value a model has now: drawn larger in the series' colour
	 * and left out of the legend.
	 *
	 * @param series the name of a shown series
	 * @param x      the point's x
	 * @param y      the point's y
	 */
	public record Mark(String series, double x, double y) {
	}

	/** Shows {@code all} instead of the current series, each in a colour of its own, and fits the axes. */
	public void setSeries(List<ChartSeries> all) {
		setSeries(all, List.of());
	}

	/**
	 * Shows {@code all} instead of the current series, each in a colour of its own, with {@code marked} points
	 * on them (marks on series not shown are ignored), and fits the axes.
	 */
	public void setSeries(List<ChartSeries> all, List<Mark> marked) {
		xAxis().enableLogScale(false);
		yAxis().enableLogScale(false);
		for (ISeries<?> old : chart.getSeriesSet().getSeries()) {
			chart.getSeriesSet().deleteSeries(old.getId());
		}
		series = List.copyOf(all);
		for (int i = 0; i < series.size(); i++) {
			ChartSeries one = series.get(i);
			ILineSeries<?> line = (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE, one.name());
			Color colour = getDisplay().getSystemColor(COLOURS[i % COLOURS.length]);
			line.setXSeries(one.x());
			line.setYSeries(one.y());
			line.setLineColor(colour);
			line.setSymbolColor(colour);
			line.setLineWidth(2);
			line.setLineStyle(one.style() == ChartSeries.Style.SCATTER ? LineStyle.NONE : LineStyle.SOLID);
			line.setSymbolType(one.style() == ChartSeries.Style.LINE ? PlotSymbolType.NONE : PlotSymbolType.CIRCLE);
			line.setSymbolSize(4);
		}
		marks = List.copyOf(marked);
		for (int m = 0; m < marks.size(); m++) {
			Mark mark = marks.get(m);
			int index = series.stream().map(ChartSeries::name).toList().indexOf(mark.series());
			if (index < 0) {
				continue;
			}
			ILineSeries<?> point = (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE,
					mark.series() + " \u0000mark " + m);
			point.setXSeries(new double[] { mark.x() });
			point.setYSeries(new double[] { mark.y() });
			point.setLineStyle(LineStyle.NONE);
			point.setSymbolType(PlotSymbolType.CIRCLE);
			point.setSymbolSize(6);
			point.setSymbolColor(getDisplay().getSystemColor(COLOURS[index % COLOURS.length]));
			point.setVisibleInLegend(false);
		}
		applyScales();
	}

	/** The marks shown, as given. */
	public List<Mark> getMarks() {
		return marks;
	}

	/** The series shown, in legend order. */
	public List<ChartSeries> getSeries() {
		return series;
	}

	/** Sets the axis titles, with their units. */
	public void setAxisTitles(String x, String y) {
		xAxis().getTitle().setText(x);
		yAxis().getTitle().setText(y);
		chart.redraw();
	}

	/** The x and y axis titles. */
	public List<String> getAxisTitles() {
		return List.of(xAxis().getTitle().getText(), yAxis().getTitle().getText());
	}

	/** Asks for log axes; each is used while all its values are positive. */
	public void setLogScale(boolean x, boolean y) {
		wantLogX = x;
		wantLogY = y;
		applyScales();
	}

	/** Whether the x axis is logarithmic now. */
	public boolean isLogX() {
		return xAxis().isLogScaleEnabled();
	}

	/** Whether the y axis is logarithmic now. */
	public boolean isLogY() {
		return yAxis().isLogScaleEnabled();
	}

	/**
	 * The tooltip for the mouse at plot-area pixel ({@code x}, {@code y}): the nearest point's series and
	 * values, or null when no point is within {@link #HOVER_RADIUS}.
	 */
	public String tooltipAt(int x, int y) {
		Optional<NearestPoint> hit = NearestPoint.find(series, v -> xAxis().getPixelCoordinate(v),
				v -> yAxis().getPixelCoordinate(v), x, y, HOVER_RADIUS);
		return hit.map(h -> {
			ChartSeries one = series.get(h.series());
			String xTitle = xAxis().getTitle().getText();
			String yTitle = yAxis().getTitle().getText();
			return String.format(Messages.POINT_TIP, one.name(), xTitle.isEmpty() ? Messages.X : xTitle,
					Quantities.number(one.x(h.index())), yTitle.isEmpty() ? Messages.Y : yTitle,
					Quantities.number(one.y(h.index())));
		}).orElse(null);
	}

	private void applyScales() {
		boolean logX = wantLogX && !series.isEmpty() && series.stream().allMatch(s -> s.positive(false))
				&& marks.stream().allMatch(m -> m.x() > 0);
		boolean logY = wantLogY && !series.isEmpty() && series.stream().allMatch(s -> s.positive(true))
				&& marks.stream().allMatch(m -> m.y() > 0);
		// turn log off first: SWTChart refuses a log axis while any series has a value <= 0
		xAxis().enableLogScale(false);
		yAxis().enableLogScale(false);
		xAxis().enableLogScale(logX);
		yAxis().enableLogScale(logY);
		chart.getAxisSet().adjustRange();
		if (!logY) {
			// keep lines that run along the extremes off the plot's edges
			Range range = yAxis().getRange();
			double pad = Math.max(range.upper - range.lower, Math.abs(range.upper) * 1e-3) * 0.05;
			yAxis().setRange(new Range(range.lower - pad, range.upper + pad));
		}
		chart.redraw();
	}

	private IAxis xAxis() {
		return chart.getAxisSet().getXAxis(0);
	}

	private IAxis yAxis() {
		return chart.getAxisSet().getYAxis(0);
	}
}
