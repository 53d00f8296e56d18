package org.perfcast.engine;

import java.math.BigDecimal;

import org.eclipse.jdt.annotation.Nullable;

/** Formatting and parsing of the numbers engines print and read. */
public final class Numbers {

	private Numbers() {
	}

	/**
	 * Formats a number the way Perfcast prints it: whole numbers without a fraction ("60"), others with up
	 * to 12 significant digits and no trailing zeros ("0.2", "1.33333333333"), "NaN" and "Infinity" as
	 * Java spells them.
	 */
	public static String format(double value) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			return Double.toString(value);
		}
		if (value == Math.rint(value) && Math.abs(value) < 1e15) {
			return Long.toString((long) value);
		}
		double a = Math.abs(value);
		if (a >= 1e-4 && a < 1e15) {
			String plain = plain(value, a);
			if (plain != null) {
				return plain;
			}
		}
		BigDecimal d = new BigDecimal(value).round(new java.math.MathContext(12)).stripTrailingZeros();
		return Math.abs(value) >= 1e-4 && Math.abs(value) < 1e15 ? d.toPlainString() : d.toString();
	}

	/** 10^0 .. 10^22, each exact as a double. */
	private static final double[] POWERS = new double[23];

	static {
		POWERS[0] = 1;
		for (int i = 1; i < POWERS.length; i++) {
			POWERS[i] = POWERS[i - 1] * 10;
		}
	}

	/**
	 * {@link #format}'s plain form of {@code value} (|value| = a in [10^-4, 10^15), not whole) rounded half up to
	 * 12 significant digits, computed in double arithmetic: a·10^k with 12 digits before the point carries an error
	 * below 2·10^-4, so its rounding is certain unless its fraction is within 10^-3 of one half, when this returns
	 * null and the caller rounds the exact binary value.
	 */
	private static @Nullable String plain(double value, double a) {
		int k = 11 - (int) Math.floor(Math.log10(a));
		double x = scaled(a, k);
		if (x >= 1e12) {
			x = scaled(a, --k);
		} else if (x < 1e11) {
			x = scaled(a, ++k);
		}
		if (!(x >= 1e11 && x < 1e12)) {
			return null;
		}
		double whole = Math.floor(x);
		double fraction = x - whole;
		if (Math.abs(fraction - 0.5) < 1e-3) {
			return null;
		}
		long n = (long) whole + (fraction > 0.5 ? 1 : 0);
		if (n == 1_000_000_000_000L) {
			n = 100_000_000_000L;
			k--;
		}
		while (n % 10 == 0) {
			n /= 10;
			k--;
		}
		String digits = Long.toString(n);
		StringBuilder text = new StringBuilder(24);
		if (value < 0) {
			text.append('-');
		}
		if (k <= 0) {
			text.append(digits);
			for (int i = 0; i < -k; i++) {
				text.append('0');
			}
			return text.toString();
		}
		int point = digits.length() - k;
		if (point > 0) {
			return text.append(digits, 0, point).append('.').append(digits, point, digits.length()).toString();
		}
		text.append("0.");
		for (int i = 0; i < -point; i++) {
			text.append('0');
		}
		return text.append(digits).toString();
	}

	/** a·10^k in one rounding (10^|k| is exact for |k| ≤ 22). */
	private static double scaled(double a, int k) {
		return k >= 0 ? a * POWERS[k] : a / POWERS[-k];
	}

	/**
	 * Formats a number for people to read: at most {@code digits} significant digits, no trailing zeros, no
	 * exponent between 1e-4 and 1e15 ("18.48", "0.0031", "4.1"), otherwise as {@link #format(double)}.
	 *
	 * @throws IllegalArgumentException if {@code digits} is not positive
	 */
	public static String significant(double value, int digits) {
		if (digits < 1) {
			throw new IllegalArgumentException("digits must be positive, was " + digits);
		}
		if (Double.isNaN(value) || Double.isInfinite(value) || value == 0) {
			return format(value);
		}
		BigDecimal d = new BigDecimal(value).round(new java.math.MathContext(digits)).stripTrailingZeros();
		return Math.abs(value) >= 1e-4 && Math.abs(value) < 1e15 ? d.toPlainString() : format(d.doubleValue());
	}

	/**
	 * Parses a finite decimal number: an optional sign, digits with an optional fraction, and an optional
	 * exponent ("60", "-0.5", "2.5e-6").
	 *
	 * @throws NumberFormatException with a message naming the text if it is not such a number, or is NaN
	 *                               or infinite
	 */
	public static double parseFinite(String text) {
		String t = text.strip();
		if (!t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
			throw new NumberFormatException("'" + text + "' is not a number");
		}
		double value = Double.parseDouble(t);
		if (Double.isInfinite(value)) {
			throw new NumberFormatException("'" + text + "' is too large");
		}
		return value;
	}
}
