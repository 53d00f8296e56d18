package org.perfcast.engine.run;

import java.util.Objects;

/**
 * One named number of a result, e.g. T = 4320 cycles.
 *
 * @param name  what it is, e.g. "T" or "utilisation of l[3]"
 * @param value the number, finite
 * @param unit  its unit, e.g. "cycles", "s" or "" for a pure number
 */
public record SummaryValue(String name, double value, String unit) {

	public SummaryValue {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(unit, "unit");
		if (!Double.isFinite(value)) {
			throw new IllegalArgumentException("summary value " + name + " must be finite, was " + value);
		}
	}
}
