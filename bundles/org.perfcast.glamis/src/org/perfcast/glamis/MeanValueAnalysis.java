package org.perfcast.glamis;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.EngineMonitor;

/**
 * Mean value analysis of closed single-class networks (Reiser and Lavenberg), exact and by Bard and
 * Schweitzer's approximation Q_k(N − 1) ≈ (N − 1)/N · Q_k(N). A block of m identical queueing centres is
 * solved as one: by symmetry its members have equal queue lengths, so the cost per population is the number
 * of stations, not of centres.
 */
public final class MeanValueAnalysis {

	/** The default convergence tolerance of Bard–Schweitzer on the queue lengths. */
	public static final double TOLERANCE = 1e-12;

	/** The default limit of Bard–Schweitzer iterations. */
	public static final long MAX_ITERATIONS = 1_000_000;

	private MeanValueAnalysis() {
	}

	/**
	 * Exact MVA: the recursion over the populations 1 … N; O(N × stations).
	 *
	 * @throws IllegalArgumentException if there are no customers or every demand is zero
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static MvaSolution exact(List<Station> stations, long customers, EngineMonitor monitor) {
		check(stations, customers);
		int k = stations.size();
		double[] q = new double[k];
		double[] r = new double[k];
		double x = 0;
		for (long n = 1; n <= customers; n++) {
			if ((n & 1023) == 0) {
				monitor.checkCancelled();
			}
			double cycle = 0;
			for (int i = 0; i < k; i++) {
				Station s = stations.get(i);
				r[i] = s.kind() == Station.Kind.DELAY ? s.demand() : s.demand() * (1 + q[i]);
				cycle += s.multiplicity() * r[i];
			}
			x = n / cycle;
			for (int i = 0; i < k; i++) {
				q[i] = x * r[i];
			}
		}
		return solution(stations, customers, x, r, q, "exact", customers, 0);
	}

	/**
	 * Bard–Schweitzer approximate MVA: a fixed point of the MVA equations at population N alone, iterated
	 * from customers spread evenly over the queueing centres until no queue length changes by more than
	 * {@code tolerance} (relative to 1 + Q).
	 *
	 * @throws IllegalArgumentException if there are no customers, every demand is zero, the tolerance is not
	 *                                  positive, or the iteration does not converge within {@code maxIterations}
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static MvaSolution schweitzer(List<Station> stations, long customers, double tolerance, long maxIterations,
			EngineMonitor monitor) {
		check(stations, customers);
		if (!(tolerance > 0)) {
			throw new IllegalArgumentException("the tolerance must be positive, was " + tolerance);
		}
		int k = stations.size();
		long queueingCentres = stations.stream().filter(s -> s.kind() == Station.Kind.QUEUE)
				.mapToLong(Station::multiplicity).sum();
		double[] q = new double[k];
		for (int i = 0; i < k; i++) {
			if (stations.get(i).kind() == Station.Kind.QUEUE) {
				q[i] = (double) customers / queueingCentres;
			}
		}
		double[] r = new double[k];
		double shrink = (customers - 1.0) / customers;
		double x = 0;
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
			double cycle = 0;
			for (int i = 0; i < k; i++) {
				Station s = stations.get(i);
				r[i] = s.kind() == Station.Kind.DELAY ? s.demand() : s.demand() * (1 + shrink * q[i]);
				cycle += s.multiplicity() * r[i];
			}
			x = customers / cycle;
			change = 0;
			for (int i = 0; i < k; i++) {
				double next = x * r[i];
				change = Math.max(change, Math.abs(next - q[i]) / (1 + Math.abs(q[i])));
				q[i] = next;
			}
		}
		return solution(stations, customers, x, r, q, "schweitzer", iteration, change);
	}

	private static void check(List<Station> stations, long customers) {
		if (customers < 1) {
			throw new IllegalArgumentException("a closed network needs at least one customer, was " + customers);
		}
		if (stations.stream().mapToDouble(Station::totalDemand).sum() <= 0) {
			throw new IllegalArgumentException("every demand is zero: a cycle would take no time and the throughput"
					+ " would be infinite");
		}
	}

	private static MvaSolution solution(List<Station> stations, long customers, double x, double[] r, double[] q,
			String solver, long iterations, double residual) {
		List<MvaSolution.Result> results = new ArrayList<>(stations.size());
		for (int i = 0; i < stations.size(); i++) {
			Station s = stations.get(i);
			results.add(new MvaSolution.Result(s, x * s.demand(), q[i], r[i]));
		}
		return new MvaSolution(customers, x, customers / x, results, solver, iterations, residual);
	}
}
