package org.perfcast.results.export;

import java.util.List;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;

/**
 * An SVG line chart: several named lines of (x, y) points with markers, axes with ticks and labels, a
 * legend, and optionally logarithmic axes (where points that are not positive are left out). The SVG stands
 * alone: no scripts, fonts or other files.
 */
public final class SvgLineChart {

	/** Colours of successive lines (Tableau 10). */
	static final List<String> PALETTE = List.of("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
			"#b07aa1", "#ff9da7", "#9c755f", "#bab0ab");

	private static final int WIDTH = 760;
	private static final int HEIGHT = 360;
	private static final int LEFT = 70;
	private static final int RIGHT = 240;
	private static final int TOP = 30;
	private static final int BOTTOM = 50;

	/**
	 * One line of the chart.
	 *
	 * @param name the legend entry
	 * @param x    the x values
	 * @param y    the y values, as many as x
	 */
	public record Line(String name, List<Double> x, List<Double> y) {
		public Line {
			Objects.requireNonNull(name, "name");
			x = List.copyOf(x);
			y = List.copyOf(y);
			if (x.size() != y.size()) {
				throw new IllegalArgumentException("line " + name + " has " + x.size() + " x and " + y.size() + " y values");
			}
		}
	}

	private SvgLineChart() {
	}

	/** The chart as an {@code <svg>} element. */
	public static String render(String title, String xLabel, String yLabel, List<Line> lines, boolean logX,
			boolean logY) {
		double @Nullable [] xLog = range(lines, true, logX);
		double @Nullable [] yLog = range(lines, false, logY);
		boolean lx = logX && xLog != null;
		boolean ly = logY && yLog != null;
		double @Nullable [] xAny = xLog != null ? xLog : range(lines, true, false);
		double @Nullable [] yAny = yLog != null ? yLog : range(lines, false, false);
		double[] xr = xAny != null ? xAny : new double[] { 0, 1 };
		double[] yr = xAny != null && yAny != null ? yAny : new double[] { 0, 1 };
		ChartAxis xAxis = new ChartAxis(xr[0], xr[1], lx, LEFT, WIDTH - RIGHT);
		ChartAxis yAxis = new ChartAxis(yr[0], yr[1], ly, HEIGHT - BOTTOM, TOP);
		StringBuilder svg = new StringBuilder();
		svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"").append(WIDTH)
				.append("\" height=\"").append(HEIGHT).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ')
				.append(HEIGHT).append("\" font-family=\"sans-serif\" font-size=\"11\">\n");
		svg.append("<text x=\"").append(LEFT).append("\" y=\"18\" font-size=\"13\" font-weight=\"bold\">")
				.append(Xml.escape(title)).append("</text>\n");
		axes(svg, xAxis, yAxis, xLabel, yLabel);
		for (int i = 0; i < lines.size(); i++) {
			line(svg, lines.get(i), PALETTE.get(i % PALETTE.size()), xAxis, yAxis);
			int y = TOP + 14 * i;
			svg.append("<g class=\"legend\"><line x1=\"").append(WIDTH - RIGHT + 15).append("\" y1=\"").append(y + 4)
					.append("\" x2=\"").append(WIDTH - RIGHT + 35).append("\" y2=\"").append(y + 4)
					.append("\" stroke=\"").append(PALETTE.get(i % PALETTE.size())).append("\" stroke-width=\"2\"/><text x=\"")
					.append(WIDTH - RIGHT + 40).append("\" y=\"").append(y + 8).append("\">")
					.append(Xml.escape(lines.get(i).name())).append("</text></g>\n");
		}
		return svg.append("</svg>\n").toString();
	}

	private static void axes(StringBuilder svg, ChartAxis x, ChartAxis y, String xLabel, String yLabel) {
		int bottom = HEIGHT - BOTTOM;
		svg.append("<g class=\"axes\" stroke=\"#444\">")
				.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(bottom).append("\" x2=\"")
				.append(WIDTH - RIGHT).append("\" y2=\"").append(bottom).append("\"/>")
				.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(TOP).append("\" x2=\"").append(LEFT)
				.append("\" y2=\"").append(bottom).append("\"/></g>\n");
		x.appendBottomTicks(svg, bottom);
		for (double tick : y.ticks()) {
			String py = Xml.coordinate(y.pixel(tick));
			svg.append("<g class=\"ytick\"><line x1=\"").append(LEFT - 5).append("\" y1=\"").append(py).append("\" x2=\"")
					.append(WIDTH - RIGHT).append("\" y2=\"").append(py).append("\" stroke=\"#ddd\"/><text x=\"")
					.append(LEFT - 8).append("\" y=\"").append(py).append("\" dy=\"4\" text-anchor=\"end\">")
					.append(Xml.escape(y.label(tick))).append("</text></g>\n");
		}
		svg.append("<text x=\"").append((LEFT + WIDTH - RIGHT) / 2).append("\" y=\"").append(HEIGHT - 12)
				.append("\" text-anchor=\"middle\">").append(Xml.escape(xLabel)).append("</text>\n");
		svg.append("<text transform=\"translate(16,").append((TOP + bottom) / 2)
				.append(") rotate(-90)\" text-anchor=\"middle\">").append(Xml.escape(yLabel)).append("</text>\n");
	}

	private static void line(StringBuilder svg, Line line, String colour, ChartAxis x, ChartAxis y) {
		StringBuilder points = new StringBuilder();
		StringBuilder markers = new StringBuilder();
		for (int i = 0; i < line.x().size(); i++) {
			double vx = line.x().get(i);
			double vy = line.y().get(i);
			if (x.accepts(vx) && y.accepts(vy)) {
				String px = Xml.coordinate(x.pixel(vx));
				String py = Xml.coordinate(y.pixel(vy));
				points.append(points.isEmpty() ? "" : " ").append(px).append(',').append(py);
				markers.append("<circle cx=\"").append(px).append("\" cy=\"").append(py).append("\" r=\"2.5\"><title>")
						.append(Xml.escape(line.name() + ": (" + x.label(vx) + ", " + y.label(vy) + ")"))
						.append("</title></circle>");
			}
		}
		svg.append("<g class=\"series\" fill=\"").append(colour).append("\"><title>").append(Xml.escape(line.name()))
				.append("</title><polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1.5\" points=\"")
				.append(points).append("\"/>").append(markers).append("</g>\n");
	}

	/** The {min, max} of the x or y values drawable on such an axis, or null if there are none. */
	private static double @Nullable [] range(List<Line> lines, boolean x, boolean log) {
		double min = Double.POSITIVE_INFINITY;
		double max = Double.NEGATIVE_INFINITY;
		for (Line line : lines) {
			for (double v : x ? line.x() : line.y()) {
				if (Double.isFinite(v) && (!log || v > 0)) {
					min = Math.min(min, v);
					max = Math.max(max, v);
				}
			}
		}
		return min <= max ? new double[] { min, max } : null;
	}
}
