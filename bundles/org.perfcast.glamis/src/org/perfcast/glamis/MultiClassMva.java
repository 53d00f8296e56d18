package org.perfcast.glamis;

import java.util.List;

import org.perfcast.engine.EngineMonitor;

/**
 * Multi-class MVA: exact for small populations (the recursion over every population vector n ≤ N, so the cost
 * is the product of (N_c + 1) over the classes times the stations), and Bard–Schweitzer's approximation for
 * any population (a fixed point over the classes' queue lengths at the full population). Stations are as in
 * the single-class case (their demand there is not used); each class has its own demand per member of each
 * station.
 */
public final class MultiClassMva {

	/** The most population vectors × stations solved, to keep memory and time bounded. */
	public static final long MAX_STATES = 50_000_000L;

	/**
	 * The mean values per class.
	 *
	 * @param throughput X_c per class
	 * @param cycleTime  N_c / X_c per class (0 for an empty class)
	 * @param residence  R_{c,k}, per class and station, per member
	 * @param queueLength Q_k, all classes together, per member
	 * @param utilisation U_k = Σ_c X_c D_{c,k}, per member
	 * @param iterations  fixed-point iterations (the population vectors for exact MVA)
	 * @param residual    the last change of the queue lengths (0 for exact MVA)
	 */
	public record Solution(double[] throughput, double[] cycleTime, double[][] residence, double[] queueLength,
			double[] utilisation, long iterations, double residual) {
	}

	private MultiClassMva() {
	}

	/**
	 * Solves the network of {@code stations} with {@code demands[c][k]} for class c at station k and
	 * {@code populations[c]} customers of class c.
	 *
	 * @throws IllegalArgumentException if the dimensions disagree, a population or demand is negative, a class
	 *                                  with customers has no demand, or the state space exceeds {@link #MAX_STATES}
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static Solution exact(List<Station> stations, double[][] demands, long[] populations, EngineMonitor monitor) {
		int classes = populations.length;
		int k = stations.size();
		long states = states(stations, demands, populations);
		if (states > MAX_STATES / Math.max(1, k)) {
			throw new IllegalArgumentException("the population vectors times stations (" + states + " × " + k
					+ ") exceed " + MAX_STATES + "; use Bard-Schweitzer per class or fewer customers");
		}
		long[] radix = new long[classes];
		long stride = 1;
		for (int c = 0; c < classes; c++) {
			radix[c] = stride;
			stride *= populations[c] + 1;
		}
		double[][] q = new double[(int) states][k];
		double[] x = new double[classes];
		double[][] r = new double[classes][k];
		long[] n = new long[classes];
		for (int state = 1; state < states; state++) {
			if ((state & 1023) == 0) {
				monitor.checkCancelled();
			}
			long rest = state;
			for (int c = classes - 1; c >= 0; c--) {
				n[c] = rest / radix[c];
				rest %= radix[c];
			}
			double[] qHere = q[state];
			for (int c = 0; c < classes; c++) {
				x[c] = 0;
				if (n[c] == 0) {
					continue;
				}
				double[] qWithout = q[(int) (state - radix[c])];
				double cycle = 0;
				for (int i = 0; i < k; i++) {
					Station s = stations.get(i);
					r[c][i] = s.kind() == Station.Kind.DELAY ? demands[c][i] : demands[c][i] * (1 + qWithout[i]);
					cycle += s.multiplicity() * r[c][i];
				}
				x[c] = n[c] / cycle;
			}
			for (int i = 0; i < k; i++) {
				double sum = 0;
				for (int c = 0; c < classes; c++) {
					sum += x[c] * r[c][i];
				}
				qHere[i] = sum;
			}
		}
		// x and r hold the values of the last state, the full population
		double[] cycleTime = new double[classes];
		double[] utilisation = new double[k];
		for (int c = 0; c < classes; c++) {
			cycleTime[c] = x[c] > 0 ? populations[c] / x[c] : 0;
			for (int i = 0; i < k; i++) {
				utilisation[i] += x[c] * demands[c][i];
			}
		}
		return new Solution(x.clone(), cycleTime, r, q[(int) states - 1].clone(), utilisation, states - 1, 0);
	}

	/**
	 * Whether exact MVA of {@code populations} at {@code stations} solves at most {@code limit} population
	 * vectors × stations ({@link #exact} refuses more than {@link #MAX_STATES}).
	 *
	 * @throws IllegalArgumentException as {@link #exact}
	 */
	public static boolean exactFits(List<Station> stations, double[][] demands, long[] populations, long limit) {
		long states = states(stations, demands, populations);
		return states <= Math.min(limit, MAX_STATES) / Math.max(1, stations.size());
	}

	/**
	 * Bard–Schweitzer's approximation: a customer of class c arriving at station k finds the full population's
	 * queue there less its own share, Q_k − Q_{c,k} / N_c; iterated from an even spread of the customers until
	 * no queue length changes by more than {@code tolerance} (relative to 1 + Q).
	 *
	 * @throws IllegalArgumentException as {@link #exact} (except the state limit), for a tolerance that is not
	 *                                  positive, or when the iteration does not converge within
	 *                                  {@code maxIterations}
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static Solution schweitzer(List<Station> stations, double[][] demands, long[] populations, double tolerance,
			long maxIterations, EngineMonitor monitor) {
		states(stations, demands, populations);
		if (!(tolerance > 0)) {
			throw new IllegalArgumentException("the tolerance must be positive, was " + tolerance);
		}
		int classes = populations.length;
		int k = stations.size();
		long queueingCentres = stations.stream().filter(s -> s.kind() == Station.Kind.QUEUE)
				.mapToLong(Station::multiplicity).sum();
		double[][] qc = new double[classes][k];
		for (int c = 0; c < classes; c++) {
			for (int i = 0; i < k; i++) {
				if (stations.get(i).kind() == Station.Kind.QUEUE && demands[c][i] > 0) {
					qc[c][i] = (double) populations[c] / queueingCentres;
				}
			}
		}
		double[] x = new double[classes];
		double[][] r = new double[classes][k];
		double[] q = new double[k];
		double change = Double.POSITIVE_INFINITY;
		long iteration = 0;
		while (change > tolerance) {
			if (++iteration > maxIterations) {
				throw new IllegalArgumentException("Bard-Schweitzer did not converge in " + maxIterations
						+ " iterations (last change " + change + ", tolerance " + tolerance + ")");
			}
			if ((iteration & 1023) == 0) {
				monitor.checkCancelled();
			}
			java.util.Arrays.fill(q, 0);
			for (int c = 0; c < classes; c++) {
				for (int i = 0; i < k; i++) {
					q[i] += qc[c][i];
				}
			}
			change = 0;
			for (int c = 0; c < classes; c++) {
				if (populations[c] == 0) {
					continue;
				}
				double cycle = 0;
				for (int i = 0; i < k; i++) {
					Station s = stations.get(i);
					r[c][i] = s.kind() == Station.Kind.DELAY ? demands[c][i]
							: demands[c][i] * (1 + q[i] - qc[c][i] / populations[c]);
					cycle += s.multiplicity() * r[c][i];
				}
				x[c] = populations[c] / cycle;
				for (int i = 0; i < k; i++) {
					double next = x[c] * r[c][i];
					change = Math.max(change, Math.abs(next - qc[c][i]) / (1 + Math.abs(qc[c][i])));
					qc[c][i] = next;
				}
			}
		}
		double[] cycleTime = new double[classes];
		double[] utilisation = new double[k];
		java.util.Arrays.fill(q, 0);
		for (int c = 0; c < classes; c++) {
			cycleTime[c] = x[c] > 0 ? populations[c] / x[c] : 0;
			for (int i = 0; i < k; i++) {
				utilisation[i] += x[c] * demands[c][i];
				q[i] += qc[c][i];
			}
		}
		return new Solution(x, cycleTime, r, q, utilisation, iteration, change);
	}

	/** The population vectors n ≤ N, after checking the dimensions, populations and demands. */
	private static long states(List<Station> stations, double[][] demands, long[] populations) {
		int classes = populations.length;
		int k = stations.size();
		if (demands.length != classes) {
			throw new IllegalArgumentException(demands.length + " rows of demands for " + classes + " classes");
		}
		long states = 1;
		for (int c = 0; c < classes; c++) {
			if (populations[c] < 0) {
				throw new IllegalArgumentException("class " + (c + 1) + " has a negative population " + populations[c]);
			}
			if (demands[c].length != k) {
				throw new IllegalArgumentException("class " + (c + 1) + " has " + demands[c].length + " demands for " + k
						+ " stations");
			}
			double total = 0;
			for (int i = 0; i < k; i++) {
				if (!(demands[c][i] >= 0) || Double.isInfinite(demands[c][i])) {
					throw new IllegalArgumentException("class " + (c + 1) + ", " + stations.get(i).name()
							+ ": the demand must be finite and not negative, was " + demands[c][i]);
				}
				total += demands[c][i] * stations.get(i).multiplicity();
			}
			if (populations[c] > 0 && total <= 0) {
				throw new IllegalArgumentException("class " + (c + 1) + " has customers but no demand anywhere");
			}
			states = states > Long.MAX_VALUE / (populations[c] + 1) ? Long.MAX_VALUE : states * (populations[c] + 1);
		}
		return states;
	}
}
