package org.perfcast.model.cost;

import java.util.Arrays;

/**
 * A cost measured at a few sizes, interpolated linearly between them and extrapolated linearly beyond
 * them from the nearest two points (a single point is a constant). Extrapolated costs never go below 0.
 */
public final class CostTable {

	private final double[] sizes;
	private final double[] costs;

	/**
	 * @throws IllegalArgumentException if there is no point, the arrays differ in length, a value is not
	 *                                  finite, a cost is negative or two points have the same size
	 */
	public CostTable(double[] sizes, double[] costs) {
		if (sizes.length == 0 || sizes.length != costs.length) {
			throw new IllegalArgumentException("a cost table needs at least one point and as many costs as sizes");
		}
		Integer[] order = new Integer[sizes.length];
		for (int i = 0; i < order.length; i++) {
			order[i] = i;
			if (!Double.isFinite(sizes[i]) || !Double.isFinite(costs[i])) {
				throw new IllegalArgumentException("cost table point " + (i + 1) + " is not finite");
			}
			if (costs[i] < 0) {
				throw new IllegalArgumentException("cost table point " + (i + 1) + " has a negative cost " + costs[i]);
			}
		}
		Arrays.sort(order, (a, b) -> Double.compare(sizes[a], sizes[b]));
		this.sizes = new double[sizes.length];
		this.costs = new double[sizes.length];
		for (int i = 0; i < order.length; i++) {
			this.sizes[i] = sizes[order[i]];
			this.costs[i] = costs[order[i]];
			if (i > 0 && this.sizes[i] == this.sizes[i - 1]) {
				throw new IllegalArgumentException("cost table has two points for size " + this.sizes[i]);
			}
		}
	}

	/**
	 * The cost at {@code size}.
	 *
	 * @throws IllegalArgumentException if {@code size} is not finite
	 */
	public double costAt(double size) {
		if (!Double.isFinite(size)) {
			throw new IllegalArgumentException("size must be a finite number, was " + size);
		}
		int n = sizes.length;
		if (n == 1) {
			return costs[0];
		}
		int found = Arrays.binarySearch(sizes, size);
		if (found >= 0) {
			return costs[found];
		}
		int upper = Math.min(Math.max(-found - 1, 1), n - 1);
		int lower = upper - 1;
		double slope = (costs[upper] - costs[lower]) / (sizes[upper] - sizes[lower]);
		return Math.max(0, costs[lower] + slope * (size - sizes[lower]));
	}

	/** Whether {@code size} lies within the measured sizes (no extrapolation). */
	public boolean covers(double size) {
		return size >= sizes[0] && size <= sizes[sizes.length - 1];
	}
}
