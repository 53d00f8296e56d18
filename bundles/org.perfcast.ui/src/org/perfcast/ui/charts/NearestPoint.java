package org.perfcast.ui.charts;

import java.util.List;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;

/**
 * The point of a chart nearest to the mouse, in pixels: what an {@link XyChart} tooltip shows.
 *
 * @param series the series index
 * @param index  the point's index in the series
 */
public record NearestPoint(int series, int index) {

	/**
	 * The point of {@code series} whose pixel position (through {@code xPixel}, {@code yPixel}) is nearest to
	 * ({@code px}, {@code py}) and at most {@code radius} pixels away; on ties the first series wins.
	 */
	public static Optional<NearestPoint> find(List<ChartSeries> series, DoubleUnaryOperator xPixel,
			DoubleUnaryOperator yPixel, int px, int py, int radius) {
		NearestPoint best = null;
		double bestDistance = (double) radius * radius;
		for (int s = 0; s < series.size(); s++) {
			ChartSeries one = series.get(s);
			for (int i = 0; i < one.size(); i++) {
				double dx = xPixel.applyAsDouble(one.x(i)) - px;
				double dy = yPixel.applyAsDouble(one.y(i)) - py;
				double distance = dx * dx + dy * dy;
				if (distance <= bestDistance && (best == null || distance < bestDistance)) {
					best = new NearestPoint(s, i);
					bestDistance = distance;
				}
			}
		}
		return Optional.ofNullable(best);
	}
}
