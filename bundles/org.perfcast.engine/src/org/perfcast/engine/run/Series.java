package org.perfcast.engine.run;

import java.util.List;
import java.util.Objects;

/**
 * A curve of a result: (x, y) points in order, with the axes' labels, e.g. the time of each step.
 *
 * @param name   the curve's name, shown in legends
 * @param xLabel the x axis label, with its unit, e.g. "step"
 * @param yLabel the y axis label, with its unit, e.g. "time (cycles)"
 * @param points the points, finite, in the engine's order
 */
public record Series(String name, String xLabel, String yLabel, List<Point> points) {

	/** One point of a series. */
	public record Point(double x, double y) {
		public Point {
			if (!Double.isFinite(x) || !Double.isFinite(y)) {
				throw new IllegalArgumentException("series points must be finite, was (" + x + ", " + y + ")");
			}
		}
	}

	public Series {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(xLabel, "xLabel");
		Objects.requireNonNull(yLabel, "yLabel");
		points = List.copyOf(points);
	}
}
