package org.perfcast.revprof;

import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The model of one MPI function: one equation for all message sizes, or one for small messages (d up to the
 * split) and one for large ones.
 *
 * @param function the function's name
 * @param split    the largest d of the small fit, or null for a single fit
 * @param all      the single fit, or null
 * @param small    the small-message fit, or null
 * @param large    the large-message fit, or null
 */
public record FunctionFit(String function, @Nullable Long split, @Nullable CostFit all, @Nullable CostFit small,
		@Nullable CostFit large) {

	/** @throws IllegalArgumentException unless the fits of its form are there */
	public FunctionFit {
		if (split == null ? all == null : small == null || large == null) {
			throw new IllegalArgumentException(function + ": a single fit needs all, a split one small and large");
		}
	}

	/** The equation for messages of {@code d} bytes. */
	public CostFit fitFor(double d) {
		Long s = split;
		return Objects.requireNonNull(s == null ? all : d <= s ? small : large); // as the constructor checked
	}

	/** The predicted time of a call with {@code p} processes and {@code d} bytes. */
	public double time(double p, double d) {
		return fitFor(d).time(p, d);
	}

	/** Whether ({@code p}, {@code d}) lies inside the measured ranges. */
	public boolean covers(double p, double d) {
		CostFit fit = fitFor(d);
		Long s = split;
		return fit.covers(p, d) || s != null && fit == large && p >= fit.pMin() && p <= fit.pMax() && d > s
				&& d <= fit.dMax();
	}
}
