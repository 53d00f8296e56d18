package org.perfcast.ui.charts;

import java.util.Arrays;
import java.util.Objects;

/**
 * One curve of an {@link XyChart}: points (x[i], y[i]) drawn in the given style and named in the legend.
 *
 * @param name  the legend entry; unique within a chart
 * @param x     the x values
 * @param y     the y values, as many as x
 * @param style how the points are drawn
 */
public record ChartSeries(String name, double[] x, double[] y, Style style) {

	/** How a series is drawn. */
	public enum Style {
		/** Points joined by a line, without marks. */
		LINE,
		/** Points joined by a line, each marked. */
		LINE_AND_POINTS,
		/** Marks only. */
		SCATTER
	}

	/** @throws IllegalArgumentException if x and y differ in length */
	public ChartSeries {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(style, "style");
		x = x.clone();
		y = y.clone();
		if (x.length != y.length) {
			throw new IllegalArgumentException("series " + name + " has " + x.length + " x values but " + y.length
					+ " y values");
		}
	}

	/** The x values (a copy). */
	@Override
	public double[] x() {
		return x.clone();
	}

	/** The y values (a copy). */
	@Override
	public double[] y() {
		return y.clone();
	}

	/** The number of points. */
	public int size() {
		return x.length;
	}

	/** The x value of point {@code i}. */
	public double x(int i) {
		return x[i];
	}

	/** The y value of point {@code i}. */
	public double y(int i) {
		return y[i];
	}

	/** Whether every x (or, with {@code ofY}, every y) is positive, as a log axis needs. */
	boolean positive(boolean ofY) {
		return Arrays.stream(ofY ? y : x).allMatch(v -> v > 0);
	}

	@Override
	public boolean equals(Object obj) {
		return obj instanceof ChartSeries other && name.equals(other.name) && style == other.style
				&& Arrays.equals(x, other.x) && Arrays.equals(y, other.y);
	}

	@Override
	public int hashCode() {
		return Objects.hash(name, style, Arrays.hashCode(x), Arrays.hashCode(y));
	}

	@Override
	public String toString() {
		return name + " (" + x.length + " points, " + style + ")";
	}
}
