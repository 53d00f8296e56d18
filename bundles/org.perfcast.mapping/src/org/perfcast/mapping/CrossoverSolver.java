package org.perfcast.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.expr.Rational;

/**
 * Finds where the ranking of a winning technique and its runner-up flips, in BB and in N, by evaluating both
 * execution models exactly: the difference d = T_winner − T_runnerUp is at most 0 at the loop's values, and a
 * flip is where it becomes positive.
 * <p>
 * In BB, the search doubles the distance from the loop's BB upwards (and tries BB = 0 downwards) until d
 * changes sign, then solves on the bracket by secant steps, which are exact at the first step for the
 * paper's techniques (T is affine in BB), alternating with bisection otherwise. In N it doubles the same way
 * (down to N = P) and bisects, over the multiples of P: there the data partitioning techniques need no padding
 * and T is affine in N, so the order changes at most once, while in between the padded techniques' steps can
 * make it alternate. Each evaluation costs O(P); a search takes at most about
 * 200 of them.
 */
final class CrossoverSolver {

	private static final int DOUBLINGS = 50;
	private static final int ROOT_STEPS = 64;

	private final ParallelLoop loop;
	private final MappingTechnique winner;
	private final MappingTechnique runnerUp;
	private final EngineMonitor monitor;

	CrossoverSolver(ParallelLoop loop, MappingTechnique winner, MappingTechnique runnerUp, EngineMonitor monitor) {
		this.loop = loop;
		this.winner = winner;
		this.runnerUp = runnerUp;
		this.monitor = monitor;
	}

	/** The flips in BB, then those in N: at most one above and one below the loop's value of each. */
	List<Crossover> solve() {
		List<Crossover> found = new ArrayList<>();
		inBB(found);
		inN(found);
		return found;
	}

	private Rational difference(ParallelLoop at) {
		monitor.checkCancelled();
		return winner.model(at).T().subtract(runnerUp.model(at).T());
	}

	private void inBB(List<Crossover> found) {
		Function<Rational, Rational> d = bb -> difference(loop.withBB(bb));
		Rational start = loop.BB();
		Rational step = start.compareTo(Rational.ONE) > 0 ? start : Rational.ONE;
		Rational low = start;
		for (int k = 0; k < DOUBLINGS; k++) {
			Rational high = start.add(step.multiply(Rational.of(1L << k)));
			Rational dHigh = d.apply(high);
			if (dHigh.signum() > 0) {
				found.add(root(d, low, d.apply(low), high, dHigh, winner, runnerUp));
				break;
			}
			low = high;
		}
		if (start.signum() > 0) {
			Rational dZero = d.apply(Rational.ZERO);
			if (dZero.signum() > 0) {
				found.add(root(d, Rational.ZERO, dZero, start, d.apply(start), runnerUp, winner));
			}
		}
	}

	/** The sign change of {@code d} between {@code a} and {@code b}, where exactly one of d(a), d(b) is positive. */
	private static Crossover root(Function<Rational, Rational> d, Rational a, Rational dA, Rational b, Rational dB,
			MappingTechnique below, MappingTechnique above) {
		Rational half = Rational.of(1, 2);
		for (int i = 0; i < ROOT_STEPS; i++) {
			if (dA.signum() == 0) {
				return new Crossover("BB", a, true, below, above);
			}
			if (dB.signum() == 0) {
				return new Crossover("BB", b, true, below, above);
			}
			Rational r = i % 2 == 0 ? a.subtract(dA.multiply(b.subtract(a)).divide(dB.subtract(dA))) : a.add(b).multiply(half);
			Rational dR = d.apply(r);
			if (dR.signum() == 0) {
				return new Crossover("BB", r, true, below, above);
			}
			if ((dR.signum() > 0) == (dA.signum() > 0)) {
				a = r;
				dA = dR;
			} else {
				b = r;
				dB = dR;
			}
		}
		return new Crossover("BB", a.add(b).multiply(half), false, below, above);
	}

	/** Searches the multiples m·P of P, where no technique pads and the order changes at most once. */
	private void inN(List<Crossover> found) {
		long p = loop.P();
		long start = Math.max(1, loop.N() / p);
		long low = start;
		for (int k = 0; k < DOUBLINGS; k++) {
			long high = start + start * (1L << k);
			if (positive(high * p)) {
				while (high - low > 1) {
					long middle = low + (high - low) / 2;
					if (positive(middle * p)) {
						high = middle;
					} else {
						low = middle;
					}
				}
				found.add(new Crossover("N", Rational.of(high * p), true, winner, runnerUp));
				break;
			}
			low = high;
		}
		if (start > 1 && positive(p)) {
			long high = start;
			low = 1;
			while (high - low > 1) {
				long middle = low + (high - low) / 2;
				if (positive(middle * p)) {
					low = middle;
				} else {
					high = middle;
				}
			}
			found.add(new Crossover("N", Rational.of(high * p), true, runnerUp, winner));
		}
	}

	private boolean positive(long n) {
		return difference(loop.withN(n)).signum() > 0;
	}
}
