package org.perfcast.results.export;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.Numbers;

/**
 * One axis of a chart: maps data values to pixels, linearly or logarithmically, and chooses the ticks
 * (1, 2 or 5 times a power of ten on a linear axis, powers of ten on a log axis).
 */
final class ChartAxis {

	private final double low;
	private final double high;
	private final boolean log;
	private final double pixelLow;
	private final double pixelHigh;
	private final double step;

	/**
	 * An axis covering {@code min..max} (positive values for a log axis) drawn from {@code pixelLow} to
	 * {@code pixelHigh}.
	 */
	ChartAxis(double min, double max, boolean log, double pixelLow, double pixelHigh) {
		this.log = log;
		this.pixelLow = pixelLow;
		this.pixelHigh = pixelHigh;
		if (log) {
			double lo = Math.floor(Math.log10(min));
			double hi = Math.ceil(Math.log10(max));
			this.low = lo;
			this.high = hi > lo ? hi : lo + 1;
			this.step = Math.max(1, Math.ceil((this.high - this.low) / 8));
		} else {
			double lo = min;
			double hi = max;
			if (hi <= lo) {
				double pad = lo == 0 ? 1 : Math.abs(lo) * 0.1;
				lo -= pad;
				hi += pad;
			}
			this.step = niceStep((hi - lo) / 6);
			this.low = Math.floor(lo / step) * step;
			this.high = Math.ceil(hi / step) * step;
		}
	}

	/** Whether {@code value} can be drawn: any finite value, only positive ones on a log axis. */
	boolean accepts(double value) {
		return Double.isFinite(value) && (!log || value > 0);
	}

	/** The pixel coordinate of {@code value}. */
	double pixel(double value) {
		double v = log ? Math.log10(value) : value;
		return pixelLow + (v - low) / (high - low) * (pixelHigh - pixelLow);
	}

	/** The tick values, from low to high. */
	List<Double> ticks() {
		List<Double> ticks = new ArrayList<>();
		long count = Math.round((high - low) / step);
		for (long i = 0; i <= count; i++) {
			double t = low + i * step;
			ticks.add(log ? Math.pow(10, t) : Math.abs(t) < step * 1e-9 ? 0 : t);
		}
		return ticks;
	}

	/** A tick's label. */
	String label(double tick) {
		if (log && (tick >= 1e5 || tick < 1e-3)) {
			return "1e" + Math.round(Math.log10(tick));
		}
		return Numbers.format(Double.parseDouble(String.format(java.util.Locale.ROOT, "%.10g", tick)));
	}

	/** Draws this axis's ticks and their labels below the horizontal line at {@code y}. */
	void appendBottomTicks(StringBuilder svg, int y) {
		for (double tick : ticks()) {
			String px = Xml.coordinate(pixel(tick));
			svg.append("<g class=\"xtick\"><line x1=\"").append(px).append("\" y1=\"").append(y).append("\" x2=\"")
					.append(px).append("\" y2=\"").append(y + 5).append("\" stroke=\"#444\"/><text x=\"").append(px)
					.append("\" y=\"").append(y + 17).append("\" text-anchor=\"middle\">").append(Xml.escape(label(tick)))
					.append("</text></g>\n");
		}
	}

	private static double niceStep(double rough) {
		double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
		double fraction = rough / magnitude;
		return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * magnitude;
	}
}
