package org.perfcast.engine;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The unit of every time a model states and an engine predicts. Machine models count either clock
 * cycles (the papers' abstract machines) or physical time; cycles convert to physical time only with a
 * clock rate.
 */
public enum TimeUnit {
	/** Processor clock cycles; the default of abstract machine models. */
	CYCLES("cycles", 0, "cycle"),
	/** Nanoseconds. */
	NANOSECONDS("ns", 1e-9, "nanoseconds"),
	/** Microseconds; "us" is accepted for µs. */
	MICROSECONDS("µs", 1e-6, "us", "microseconds"),
	/** Milliseconds. */
	MILLISECONDS("ms", 1e-3, "milliseconds"),
	/** Seconds. */
	SECONDS("s", 1, "sec", "seconds");

	private final String symbol;
	private final double seconds;
	private final String[] aliases;

	TimeUnit(String symbol, double seconds, String... aliases) {
		this.symbol = symbol;
		this.seconds = seconds;
		this.aliases = aliases;
	}

	/** The symbol written in files and output, e.g. "µs" or "cycles". */
	public String symbol() {
		return symbol;
	}

	/** Whether this is a physical unit, i.e. convertible to seconds without a clock rate. */
	public boolean isPhysical() {
		return this != CYCLES;
	}

	/**
	 * Converts {@code amount} of this unit into {@code target} units.
	 *
	 * @throws IllegalArgumentException if one unit is {@link #CYCLES} and the other is not: that needs
	 *                                  {@link #convert(double, TimeUnit, double)} with a clock rate
	 */
	public double convert(double amount, TimeUnit target) {
		if (this == target) {
			return amount;
		}
		if (!isPhysical() || !target.isPhysical()) {
			throw new IllegalArgumentException("converting " + symbol + " to " + target.symbol
					+ " needs the processor's clock rate");
		}
		return amount * (seconds / target.seconds);
	}

	/**
	 * Converts {@code amount} of this unit into {@code target} units, using {@code clockHz} cycles per
	 * second where cycles are involved.
	 *
	 * @throws IllegalArgumentException if {@code clockHz} is not a positive finite number
	 */
	public double convert(double amount, TimeUnit target, double clockHz) {
		if (!(clockHz > 0) || Double.isInfinite(clockHz)) {
			throw new IllegalArgumentException("clock rate must be a positive number of Hz, was " + clockHz);
		}
		double inSeconds = isPhysical() ? amount * seconds : amount / clockHz;
		return target.isPhysical() ? inSeconds / target.seconds : inSeconds * clockHz;
	}

	/** Formats an amount with this unit's symbol, e.g. "4320 cycles" or "1.5 µs". */
	public String format(double amount) {
		return Numbers.format(amount) + " " + symbol;
	}

	/**
	 * The unit named by a symbol, an alias or an enum name, ignoring case: "cycles", "ns", "µs", "us",
	 * "ms", "s", "seconds", ...
	 *
	 * @throws IllegalArgumentException naming the accepted units if {@code text} is none of them
	 */
	public static TimeUnit parse(String text) {
		String t = text.strip();
		for (TimeUnit unit : values()) {
			if (unit.symbol.equalsIgnoreCase(t) || unit.name().equalsIgnoreCase(t)) {
				return unit;
			}
			for (String alias : unit.aliases) {
				if (alias.equalsIgnoreCase(t)) {
					return unit;
				}
			}
		}
		throw new IllegalArgumentException("unknown time unit '" + text + "'; expected one of "
				+ Arrays.stream(values()).map(TimeUnit::symbol).collect(Collectors.joining(", ")));
	}

	@Override
	public String toString() {
		return symbol.toLowerCase(Locale.ROOT);
	}
}
