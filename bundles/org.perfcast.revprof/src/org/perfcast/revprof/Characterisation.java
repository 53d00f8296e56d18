package org.perfcast.revprof;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Fits each MPI function's measurements (section 2 of the paper): weighted least squares of
 * t(p, d) = c + s·startup(p) + k·data(p, d) for the 12 combinations of startup ∈ {p, log p, p²} and
 * data ∈ {d, p·d, log p·d, p²·d}, keeping the one with the least chi-squared. Timings spread in proportion
 * to their size, so each point weighs 1 / (ρ·t̄)², t̄ the mean of its (p, d) and ρ² the repetitions' pooled
 * relative variance (1 without repetitions): χ² is then about the number of points for a form that fits.
 * The data are also split into
 * small and large messages at every measured size that leaves both sides fittable; the best split is kept
 * when it lowers the Bayesian information criterion of the model (6 coefficients and a split against 3) and at
 * least halves χ², so that a split is found where the data change shape, as the paper's 32 bytes, and not made
 * where one equation does.
 */
public final class Characterisation {

	private Characterisation() {
	}

	/**
	 * Fits every function of {@code measurements}, in order of first appearance.
	 *
	 * @throws MeasurementsException naming a function whose data cannot be fitted (too few process counts or
	 *                               sizes)
	 */
	public static List<FunctionFit> fit(List<Measurement> measurements) throws MeasurementsException {
		Map<String, List<Measurement>> byFunction = new LinkedHashMap<>();
		for (Measurement m : measurements) {
			byFunction.computeIfAbsent(m.function(), f -> new ArrayList<>()).add(m);
		}
		List<FunctionFit> fits = new ArrayList<>();
		for (Map.Entry<String, List<Measurement>> entry : byFunction.entrySet()) {
			fits.add(fitFunction(entry.getKey(), entry.getValue()));
		}
		return fits;
	}

	/** Fits one function's measurements. */
	public static FunctionFit fitFunction(String function, List<Measurement> points) throws MeasurementsException {
		Weights variance = Weights.of(points);
		CostFit all = best(points, variance);
		if (all == null) {
			long ps = points.stream().mapToInt(Measurement::p).distinct().count();
			throw new MeasurementsException(points.get(0).line(), function + ": cannot be fitted: the measurements "
					+ "need at least two process counts (they have " + ps + ") and more points than coefficients");
		}
		TreeSet<Long> sizes = new TreeSet<>();
		points.forEach(m -> sizes.add(m.d()));
		FunctionFit bestSplit = null;
		double bestRss = Double.POSITIVE_INFINITY;
		for (long split : sizes.headSet(sizes.last(), false)) {
			List<Measurement> small = points.stream().filter(m -> m.d() <= split).toList();
			List<Measurement> large = points.stream().filter(m -> m.d() > split).toList();
			if (distinctSizes(small) < 2 || distinctSizes(large) < 2) {
				continue;
			}
			CostFit s = best(small, variance);
			CostFit l = best(large, variance);
			if (s == null || l == null) {
				continue;
			}
			double rss = s.chi2() + l.chi2();
			if (rss < bestRss) {
				bestRss = rss;
				bestSplit = new FunctionFit(function, split, null, s, l);
			}
		}
		int n = points.size();
		if (bestSplit != null && bic(bestRss, n, 7) < bic(all.chi2(), n, 3) && all.chi2() > 2 * bestRss) {
			return bestSplit;
		}
		return new FunctionFit(function, null, all, null, null);
	}

	private static long distinctSizes(List<Measurement> points) {
		return points.stream().mapToLong(Measurement::d).distinct().count();
	}

	/** The Bayesian information criterion of a fit with {@code parameters} to {@code n} points. */
	private static double bic(double chi2, int n, int parameters) {
		return n * Math.log(Math.max(chi2, 1e-24) / n) + parameters * Math.log(n);
	}

	/** Each point's weight: 1 / (ρ·t̄)², ρ² the pooled relative variance of the repetitions. */
	record Weights(Map<String, Double> means, double relativeVariance) {

		static Weights of(List<Measurement> points) {
			Map<String, List<Double>> groups = new LinkedHashMap<>();
			for (Measurement m : points) {
				groups.computeIfAbsent(key(m), k -> new ArrayList<>()).add(m.time());
			}
			Map<String, Double> means = new LinkedHashMap<>();
			double smallest = Double.POSITIVE_INFINITY;
			double sum = 0;
			long degrees = 0;
			for (Map.Entry<String, List<Double>> group : groups.entrySet()) {
				double mean = group.getValue().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
				means.put(group.getKey(), mean);
				if (mean > 0) {
					smallest = Math.min(smallest, mean);
					for (double t : group.getValue()) {
						sum += (t - mean) * (t - mean) / (mean * mean);
					}
					degrees += group.getValue().size() - 1;
				}
			}
			double floor = smallest == Double.POSITIVE_INFINITY ? 1 : smallest;
			means.replaceAll((k, v) -> Math.max(v, floor));
			return new Weights(means, degrees == 0 || sum == 0 ? 1 : sum / degrees);
		}

		double of(Measurement m) {
			double mean = means.get(key(m));
			return 1 / (relativeVariance * mean * mean);
		}

		private static String key(Measurement m) {
			return m.p() + ":" + m.d();
		}
	}

	/** The form with the least chi-squared, or null when no form can be fitted. */
	static @Nullable CostFit best(List<Measurement> points, Weights variance) {
		boolean noData = points.stream().allMatch(m -> m.d() == 0);
		CostFit best = null;
		for (StartupForm startup : StartupForm.values()) {
			for (DataForm data : noData ? new DataForm[] { DataForm.D } : DataForm.values()) {
				CostFit fit = fit(points, startup, data, noData, variance);
				if (fit != null && (best == null || fit.chi2() < best.chi2())) {
					best = fit;
				}
			}
		}
		return best;
	}

	/** One form's fit, or null when its columns are dependent on these points. */
	static @Nullable CostFit fit(List<Measurement> points, StartupForm startup, DataForm data, boolean noData, Weights weights) {
		int n = points.size();
		int m = noData ? 2 : 3;
		double[][] x = new double[m][n];
		double[] y = new double[n];
		double[] w = new double[n];
		for (int i = 0; i < n; i++) {
			Measurement point = points.get(i);
			w[i] = weights.of(point);
			x[0][i] = 1;
			x[1][i] = startup.value(point.p());
			if (!noData) {
				x[2][i] = data.value(point.p(), point.d());
			}
			y[i] = point.time();
		}
		LeastSquares.Solution solution = LeastSquares.fit(x, y, w);
		if (solution == null) {
			return null;
		}
		double[] c = solution.coefficients();
		double[] e = solution.errors();
		double maxRelative = 0;
		double squares = 0;
		for (int i = 0; i < n; i++) {
			Measurement point = points.get(i);
			double predicted = c[0] + c[1] * x[1][i] + (noData ? 0 : c[2] * x[2][i]);
			squares += (point.time() - predicted) * (point.time() - predicted);
			if (point.time() > 0) {
				maxRelative = Math.max(maxRelative, Math.abs(point.time() - predicted) / point.time());
			}
		}
		return new CostFit(startup, data, c[0], c[1], noData ? 0 : c[2], e[0], e[1], noData ? 0 : e[2], solution.rss(),
				n, Math.sqrt(squares / n), maxRelative, points.stream().mapToInt(Measurement::p).min().orElseThrow(),
				points.stream().mapToInt(Measurement::p).max().orElseThrow(),
				points.stream().mapToLong(Measurement::d).min().orElseThrow(),
				points.stream().mapToLong(Measurement::d).max().orElseThrow());
	}
}
