package org.perfcast.engine;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A unit chosen for the magnitude of the numbers shown in it, so that a column or an axis reads "20 s" and not
 * "20000000 µs": times in ns, µs, ms or s, cycles in cycles, thousands, millions or billions of cycles (kcycles,
 * Mcycles, Gcycles). Other units, and values without a unit, are shown as they are.
 *
 * @param unit   the unit to show, e.g. "ms"
 * @param factor what a value in the original unit is multiplied by to be in {@code unit}
 */
public record UnitScale(String unit, double factor) {

	/** Seconds per unit, smallest first. */
	private static final List<String> TIMES = List.of("ns", "µs", "ms", "s");
	private static final double[] SECONDS = { 1e-9, 1e-6, 1e-3, 1 };
	private static final List<String> CYCLES = List.of("cycles", "kcycles", "Mcycles", "Gcycles");

	/** Values in {@code unit}, shown as they are. */
	public static UnitScale none(@Nullable String unit) {
		return new UnitScale(unit == null ? "" : unit, 1);
	}

	/**
	 * The unit to show values of {@code unit} whose largest magnitude is {@code magnitude}: the largest unit in
	 * which it is at least 1 (the smallest unit for 0, NaN or infinities).
	 */
	public static UnitScale of(@Nullable String unit, double magnitude) {
		String u = unit == null ? "" : unit.strip();
		String normal = u.equals("us") ? "µs" : u.equals("sec") ? "s" : u;
		double m = Math.abs(magnitude);
		int time = TIMES.indexOf(normal);
		if (time >= 0) {
			if (!(m > 0) || Double.isInfinite(m)) {
				return none(u);
			}
			double seconds = m * SECONDS[time];
			int best = 0;
			for (int i = 0; i < SECONDS.length; i++) {
				if (seconds >= SECONDS[i] * (1 - 1e-12)) {
					best = i;
				}
			}
			return new UnitScale(TIMES.get(best), SECONDS[time] / SECONDS[best]);
		}
		if (normal.equals("cycles")) {
			if (!(m > 0) || Double.isInfinite(m)) {
				return none(u);
			}
			int best = 0;
			for (int i = 1; i < CYCLES.size(); i++) {
				if (m >= Math.pow(1000, i) * (1 - 1e-12)) {
					best = i;
				}
			}
			return new UnitScale(CYCLES.get(best), Math.pow(1000, -best));
		}
		return none(u);
	}

	/** The unit for {@code values} of {@code unit}: by their largest finite magnitude. */
	public static UnitScale of(String unit, Iterable<Double> values) {
		double largest = 0;
		for (double v : values) {
			if (Double.isFinite(v)) {
				largest = Math.max(largest, Math.abs(v));
			}
		}
		return of(unit, largest);
	}

	/** {@code value} in this unit. */
	public double apply(double value) {
		return value * factor;
	}

	/** {@code value} in this unit, formatted with at most {@code digits} significant digits, e.g. "18.5". */
	public String format(double value, int digits) {
		return Numbers.significant(apply(value), digits);
	}

	/** E.g. "T (ms)", or the name alone without a unit. */
	public String label(String name) {
		return unit.isEmpty() ? name : name + " (" + unit + ")";
	}
}
