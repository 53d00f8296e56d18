package org.perfcast.engine;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Numbers for people to read: every value in a unit scaled to its magnitude with at most four significant digits,
 * "12.39 s" and not "12388992 µs", "1.5 MB" and not "1500000 B", "12.39 M" and not "12388992". Summaries, chart
 * ticks, tooltips, tables, markers, the command line's text and the HTML report show numbers through this class;
 * JSON and results files keep the full value with its unit (see {@link Numbers#format(double)}).
 * <p>
 * Times (ns, µs or us, ms, s or sec) are shown in ns, µs, ms, s, min or h; bytes (B) in B, kB, MB, GB, TB, PB
 * (powers of 1000); cycles in cycles, kcycles, Mcycles, Gcycles; rates of bytes (B/s) in B/s to PB/s; any other
 * unit, and numbers without one, plain up to six digits ("12350") and with M, G, T, P, E before the unit from a
 * million on ("12.39 M events"). A value that rounds up to the next unit's threshold is shown in that unit ("1 ms", not "1000 µs").
 */
public final class Quantities {

	/** The significant digits shown. */
	public static final int DIGITS = 4;

	private static final List<String> TIMES = List.of("ns", "µs", "ms", "s");
	private static final double[] TIME_SECONDS = { 1e-9, 1e-6, 1e-3, 1 };

	/** Units with their size in the smallest: a family of units scaled by magnitude. */
	private record Family(String[] units, double[] sizes) {
	}

	/** Times, in nanoseconds: s up to 999.9 s, then min up to 99.99 min, then h. */
	private static final Family TIME = new Family(new String[] { "ns", "µs", "ms", "s", "min", "h" }, new double[] { 1,
			1e3, 1e6, 1e9, 60e9, 3600e9 });
	private static final Family BYTES = family("B", "kB", "MB", "GB", "TB", "PB");
	private static final Family BYTE_RATES = family("B/s", "kB/s", "MB/s", "GB/s", "TB/s", "PB/s");
	private static final Family CYCLES = family("cycles", "kcycles", "Mcycles", "Gcycles", "Tcycles");

	private static Family family(String... units) {
		double[] sizes = new double[units.length];
		for (int i = 0; i < units.length; i++) {
			sizes[i] = Math.pow(1000, i);
		}
		return new Family(units, sizes);
	}

	private Quantities() {
	}

	/**
	 * {@code value} of {@code unit} in the unit that suits its magnitude, with at most four significant digits and
	 * the unit after a space: "12.39 s", "-3.2 ms", "1.5 MB", "2310 messages", "0.8" (no unit); NaN as "NaN" and
	 * infinities as "∞ s" and "-∞ s".
	 */
	public static String format(double value, @Nullable String unit) {
		String u = normal(unit);
		if (Double.isNaN(value)) {
			return "NaN";
		}
		if (Double.isInfinite(value)) {
			return join(value > 0 ? "∞" : "-∞", u);
		}
		Family family = family(u);
		if (family == null) {
			return plain(value, u);
		}
		double base = value * family.sizes()[index(family, u)];
		if (base == 0) {
			return join("0", u);
		}
		double a = Math.abs(base);
		int best = 0;
		for (int i = 0; i < family.sizes().length; i++) {
			if (a >= threshold(family, i)) {
				best = i;
			}
		}
		BigDecimal rounded = round(base / family.sizes()[best]);
		// 999.96 µs rounds to 1000 µs: show it as 1 ms
		if (best + 1 < family.sizes().length && rounded.abs().doubleValue() * family.sizes()[best] >= threshold(family,
				best + 1)) {
			best++;
			rounded = round(base / family.sizes()[best]);
		}
		return join(text(rounded), family.units()[best]);
	}

	/** A duration of {@code seconds}: "1.5 s", "250 ms", "2.5 min". */
	public static String seconds(double seconds) {
		return format(seconds, "s");
	}

	/** A duration of {@code nanos} nanoseconds: "1.5 s", "250 ms". */
	public static String nanos(double nanos) {
		return format(nanos, "ns");
	}

	/** A duration of {@code micros} µs: "12.39 s", "448 µs". */
	public static String micros(double micros) {
		return format(micros, "µs");
	}

	/** A size of {@code bytes}: "512 B", "1.5 MB". */
	public static String bytes(double bytes) {
		return format(bytes, "B");
	}

	/** A number of things: "950", "12350", "3 M". */
	public static String count(double count) {
		return format(count, "");
	}

	/** A number without a unit, at most four significant digits: "0.8", "12350", "12.39 M". */
	public static String number(double value) {
		return format(value, "");
	}

	/** The smallest magnitude shown in unit {@code i} of {@code family} (in the family's smallest unit). */
	private static double threshold(Family family, int i) {
		if (i == 0) {
			return 0;
		}
		if (family == TIME && i >= 4) {
			// min from 1000 s, h from 100 min
			return i == 4 ? 1000e9 : 6000e9;
		}
		return family.sizes()[i] * (1 - 1e-12);
	}

	/** Where {@code unit} is in {@code family} (the smallest unit for an alias, e.g. "bytes"). */
	private static int index(Family family, String unit) {
		for (int i = 0; i < family.units().length; i++) {
			if (family.units()[i].equals(unit)) {
				return i;
			}
		}
		return 0;
	}

	/** The unit spelled as this class shows it: "us" and "µs" alike, "sec" as "s". */
	private static String normal(@Nullable String unit) {
		String u = unit == null ? "" : unit.strip();
		return switch (u) {
		case "us", "μs" -> "µs";
		case "sec", "secs", "seconds" -> "s";
		default -> u;
		};
	}

	private static @Nullable Family family(String unit) {
		if (TIMES.contains(unit)) {
			return TIME;
		}
		return switch (unit) {
		case "B", "bytes" -> BYTES;
		case "B/s" -> BYTE_RATES;
		case "cycles" -> CYCLES;
		default -> null;
		};
	}

	/**
	 * A value of another unit, or of none: plain up to six digits ("12350 messages"), then M, G, T, P, E before the
	 * unit ("12.39 M messages").
	 */
	private static String plain(double value, String unit) {
		double a = Math.abs(value);
		if (a == 0) {
			return join("0", unit);
		}
		int p = 0;
		if (a >= 999_999.5) {
			p = Math.min(PREFIXES.length - 1, (int) Math.floor(Math.log10(a) / 3));
			if (a < Math.pow(1000, p) * (1 - 1e-12)) {
				p--;
			}
		}
		BigDecimal rounded = round(value / Math.pow(1000, p));
		if (p > 0 && p + 1 < PREFIXES.length && rounded.abs().compareTo(BigDecimal.valueOf(1000)) >= 0) {
			p++;
			rounded = round(value / Math.pow(1000, p));
		}
		if (p == 0 && a < 1e-4) {
			return join(Numbers.significant(value, DIGITS), unit); // an exponent: 1.5E-7
		}
		return join((p == 0 ? rounded.toPlainString() : text(rounded) + " " + PREFIXES[p]), unit);
	}

	/** The prefixes of {@link #plain}: none, then powers of 1000. */
	private static final String[] PREFIXES = { "", "k", "M", "G", "T", "P", "E" };

	private static BigDecimal round(double value) {
		return new BigDecimal(value).round(new MathContext(DIGITS, RoundingMode.HALF_UP)).stripTrailingZeros();
	}

	private static String text(BigDecimal rounded) {
		if (rounded.signum() == 0) {
			return "0";
		}
		// beyond the largest unit: an exponent rather than a long number
		return rounded.abs().compareTo(BigDecimal.valueOf(10_000)) >= 0 ? rounded.toString() : rounded.toPlainString();
	}

	private static String join(String number, String unit) {
		return unit.isEmpty() ? number : number + " " + unit;
	}

	/**
	 * Parses what {@link #format} writes back into a value of {@code unit} (for tests and for tools that read text
	 * outputs): "12.39 s" as 1.239e7 of µs.
	 *
	 * @throws NumberFormatException if {@code text} is not such a quantity or its unit is not of {@code unit}'s kind
	 */
	public static double parse(String text, @Nullable String unit) {
		String u = normal(unit);
		String t = text.strip();
		int space = t.indexOf(' ');
		String number = space < 0 ? t : t.substring(0, space);
		String rest = space < 0 ? "" : t.substring(space + 1).strip();
		double value = switch (number) {
		case "NaN" -> Double.NaN;
		case "∞" -> Double.POSITIVE_INFINITY;
		case "-∞" -> Double.NEGATIVE_INFINITY;
		default -> Numbers.parseFinite(number);
		};
		Family family = family(u);
		if (family == null) {
			double factor = 1;
			for (int i = 1; i < PREFIXES.length; i++) {
				if (rest.equals(PREFIXES[i]) || rest.startsWith(PREFIXES[i] + " ")) {
					factor = Math.pow(1000, i);
					rest = rest.substring(PREFIXES[i].length()).strip();
					break;
				}
			}
			if (!rest.equals(u)) {
				throw new NumberFormatException("'" + text + "' is not in " + (u.isEmpty() ? "no unit" : u));
			}
			return value * factor;
		}
		if (rest.isEmpty() && Double.isNaN(value)) {
			return value;
		}
		for (int i = 0; i < family.units().length; i++) {
			if (family.units()[i].equals(rest)) {
				return value * family.sizes()[i] / family.sizes()[index(family, u)];
			}
		}
		throw new NumberFormatException("'" + text + "' is not a quantity of " + u + " (" + String.join(", ", family
				.units()) + ")");
	}
}
