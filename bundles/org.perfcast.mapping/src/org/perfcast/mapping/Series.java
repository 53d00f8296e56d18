package org.perfcast.mapping;

import java.util.List;
import java.util.Objects;

import org.perfcast.engine.expr.Rational;

/**
 * A named curve of a sensitivity chart: predicted T against a varied loop parameter.
 *
 * @param name   what the curve shows, e.g. "block K=0.9" or "pipeline LF=1.5"
 * @param points the points in increasing x
 */
public record Series(String name, List<Point> points) {

	/** One point of a curve, exact. */
	public record Point(Rational x, Rational y) {

		public Point {
			Objects.requireNonNull(x, "x");
			Objects.requireNonNull(y, "y");
		}
	}

	public Series {
		Objects.requireNonNull(name, "name");
		points = List.copyOf(points);
	}

	/** The y of the point at {@code x}. */
	public Rational at(Rational x) {
		return points.stream().filter(p -> p.x().equals(x)).map(Point::y).findFirst()
				.orElseThrow(() -> new IllegalArgumentException("series " + name + " has no point at " + x));
	}
}
