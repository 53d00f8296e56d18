package org.perfcast.ui.charts;

import java.util.ArrayList;
import java.util.List;

/** Round tick values for a time axis: steps of 1, 2 or 5 times a power of ten. */
final class TimeTicks {

	private TimeTicks() {
	}

	/** The smallest round step that puts at most {@code maxTicks} ticks on {@code span}. */
	static double step(double span, int maxTicks) {
		double raw = span / Math.max(1, maxTicks);
		double power = Math.pow(10, Math.floor(Math.log10(raw)));
		for (double m : new double[] { 1, 2, 5, 10 }) {
			if (m * power >= raw) {
				return m * power;
			}
		}
		return 10 * power;
	}

	/** The multiples of {@code step} within {@code window}. */
	static List<Double> ticks(TimeWindow window, double step) {
		List<Double> ticks = new ArrayList<>();
		for (long k = (long) Math.ceil(window.start() / step); k * step <= window.end() && ticks.size() < 1000; k++) {
			ticks.add(k * step);
		}
		return ticks;
	}
}
