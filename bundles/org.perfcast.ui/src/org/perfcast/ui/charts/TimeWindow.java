package org.perfcast.ui.charts;

/**
 * The span of time a {@link TimelineChart} shows, and the arithmetic of zooming and panning it.
 *
 * @param start the time at the left edge
 * @param end   the time at the right edge, after start
 */
public record TimeWindow(double start, double end) {

	/** The smallest span a window may be zoomed to, relative to the span it is kept within. */
	public static final double MIN_RELATIVE_SPAN = 1e-9;

	/** @throws IllegalArgumentException unless start &lt; end, both finite */
	public TimeWindow {
		if (!Double.isFinite(start) || !Double.isFinite(end) || !(start < end)) {
			throw new IllegalArgumentException("a time window needs finite start < end, was [" + start + ", " + end + "]");
		}
	}

	/** end - start. */
	public double span() {
		return end - start;
	}

	/** The pixel (from the left edge of a plot {@code width} pixels wide) at time {@code t}. */
	public double toPixel(double t, int width) {
		return (t - start) / span() * width;
	}

	/** The time at {@code pixel} of a plot {@code width} pixels wide. */
	public double toTime(double pixel, int width) {
		return start + pixel / width * span();
	}

	/**
	 * This window magnified by {@code factor} (greater than 1 zooms in) around {@code anchor}, which stays at
	 * the same place on screen.
	 */
	public TimeWindow zoomed(double factor, double anchor) {
		double span = span() / factor;
		double newStart = anchor - (anchor - start) / factor;
		return new TimeWindow(newStart, newStart + span);
	}

	/** This window moved by {@code dt} (positive: later). */
	public TimeWindow panned(double dt) {
		return new TimeWindow(start + dt, end + dt);
	}

	/**
	 * This window moved and, if needed, shrunk or grown to lie within {@code bounds}: at most the bounds and at
	 * least {@link #MIN_RELATIVE_SPAN} of them wide.
	 */
	public TimeWindow within(TimeWindow bounds) {
		double span = Math.max(Math.min(span(), bounds.span()), bounds.span() * MIN_RELATIVE_SPAN);
		double newStart = Math.max(bounds.start(), Math.min(start, bounds.end() - span));
		return new TimeWindow(newStart, newStart + span);
	}
}
