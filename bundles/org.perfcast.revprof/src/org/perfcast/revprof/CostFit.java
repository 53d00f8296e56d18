package org.perfcast.revprof;

import java.util.Locale;

/**
 * A fitted equation t(p, d) = c + s·startup(p) + k·data(p, d) in microseconds over the points it was fitted
 * to, with the standard errors of its coefficients and how well it fits.
 *
 * @param startup     the startup form
 * @param data        the data form; with {@code k} = 0 and {@code kErr} = 0 for a function without data
 * @param c           the constant
 * @param s           the startup coefficient
 * @param k           the data coefficient
 * @param cErr        standard error of c
 * @param sErr        standard error of s
 * @param kErr        standard error of k
 * @param chi2        chi-squared: the residuals weighted by the repetitions' spread (see
 *                    {@link Characterisation}); about the number of points when the form fits
 * @param points      the measurements fitted
 * @param rms         root mean square residual, µs
 * @param maxRelative the largest |residual| / time among points with time > 0
 * @param pMin        smallest p fitted
 * @param pMax        largest p fitted
 * @param dMin        smallest d fitted
 * @param dMax        largest d fitted
 */
public record CostFit(StartupForm startup, DataForm data, double c, double s, double k, double cErr, double sErr,
		double kErr, double chi2, int points, double rms, double maxRelative, int pMin, int pMax, long dMin,
		long dMax) {

	/** The fitted time at {@code p}, {@code d}. */
	public double time(double p, double d) {
		return c + s * startup.value(p) + k * data.value(p, d);
	}

	/** The time with every coefficient at its value minus one standard error (the "minimum" equation). */
	public double min(double p, double d) {
		return (c - cErr) + (s - sErr) * startup.value(p) + (k - kErr) * data.value(p, d);
	}

	/** The time with every coefficient at its value plus one standard error (the "maximum" equation). */
	public double max(double p, double d) {
		return (c + cErr) + (s + sErr) * startup.value(p) + (k + kErr) * data.value(p, d);
	}

	/** Whether ({@code p}, {@code d}) lies inside the fitted ranges; outside, the equation extrapolates. */
	public boolean covers(double p, double d) {
		return p >= pMin && p <= pMax && d >= dMin && d <= dMax;
	}

	/** E.g. "(50 ± 30) + (200 ± 10) × log p + (4 ± 1) × d". */
	public String equation() {
		return "(" + number(c) + " ± " + number(cErr) + ") + (" + number(s) + " ± " + number(sErr) + ") × "
				+ startup.id() + " + (" + number(k) + " ± " + number(kErr) + ") × " + data.id().replace("*", "·");
	}

	/** Three significant digits, as the paper writes its coefficients. */
	static String number(double v) {
		if (v == 0 || !Double.isFinite(v)) {
			return v == 0 ? "0" : Double.toString(v);
		}
		return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros()
				.toPlainString().toLowerCase(Locale.ROOT);
	}
}
