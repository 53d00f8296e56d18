package org.perfcast.engine;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What the causal profiles of recorded threads and of recorded MPI runs share (Curtsinger and Berger's virtual
 * speed-ups, simulated instead of measured): the speed-ups a curve is made of and the pool its simulations run on.
 */
public final class VirtualSpeedUps {

	private VirtualSpeedUps() {
	}

	/**
	 * The speed-ups of a curve: {@code given} (fractions of a location's time removed, 0 to 1) sorted without
	 * repeats, with {@code rankedAt}, at which locations are compared, among them.
	 *
	 * @throws IllegalArgumentException if a speed-up is not from 0 to 1 (NaN included)
	 */
	public static double[] of(double[] given, double rankedAt) {
		double[] s = Arrays.stream(given).map(x -> {
			if (!(x >= 0 && x <= 1)) {
				throw new IllegalArgumentException("a speed-up is a fraction of the time removed, from 0 to 1, not " + x);
			}
			return x;
		}).sorted().distinct().toArray();
		if (Arrays.stream(s).noneMatch(x -> x == rankedAt)) {
			s = Arrays.copyOf(s, s.length + 1);
			s[s.length - 1] = rankedAt;
			Arrays.sort(s);
		}
		return s;
	}

	/** A pool of {@code threads} (at least one) daemon threads named {@code name}; shut it down when done. */
	public static ExecutorService pool(int threads, String name) {
		return Executors.newFixedThreadPool(Math.max(1, threads), r -> {
			Thread t = new Thread(r, name);
			t.setDaemon(true);
			return t;
		});
	}
}
