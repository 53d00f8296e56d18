package org.perfcast.engine;

import java.math.BigDecimal;

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
		BigDecimal d = new BigDecimal(value).round(new java.math.MathContext(12)).stripTrailingZeros();
		return Math.abs(value) >= 1e-4 && Math.abs(value) < 1e15 ? d.toPlainString() : d.toString();
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
