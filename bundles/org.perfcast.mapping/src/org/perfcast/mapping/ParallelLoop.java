package org.perfcast.mapping;

import java.util.List;
import java.util.Objects;

import org.perfcast.engine.expr.Rational;

/**
 * Sussman's parallel loop (figure 3) on a linear array of P processors with a host: N iterations of a
 * neighbourhood computation whose body costs BB, with the parameters of the mapping techniques. Immutable;
 * the {@code with...} methods return changed copies and check them again.
 *
 * @param N         loop iterations (the size of the one-dimensional data set), at least P
 * @param BB        cost of the whole loop body for one iteration
 * @param BBlower   lower-bound sequential estimate of BB (at most BB)
 * @param BBupper   upper-bound sequential estimate of BB (at least BB)
 * @param P         processors in the array, at least 1
 * @param x         neighbourhood: items the body needs from the left
 * @param y         neighbourhood: items the body needs from the right
 * @param K         data partitioning's overlap, OL = K·CL, between 0 and 1
 * @param LF        pipelining's load factor, between 1 and P: the most loaded stage costs LF·BB/P
 * @param stageCosts pipelining's explicit stage costs BB_1 … BB_P, or empty for a split by LF; when given,
 *                  they sum to BB and LF is not used
 * @param itemCost  communication cost of one data item sent or received (1 cycle in the paper)
 */
public record ParallelLoop(long N, Rational BB, Rational BBlower, Rational BBupper, int P, long x, long y, Rational K,
		Rational LF, List<Rational> stageCosts, Rational itemCost) {

	/**
	 * @throws IllegalArgumentException naming the parameter and its value if a value is outside its range
	 *                                  (see the components), or P exceeds N
	 */
	public ParallelLoop {
		Objects.requireNonNull(BB, "BB");
		Objects.requireNonNull(BBlower, "BBlower");
		Objects.requireNonNull(BBupper, "BBupper");
		Objects.requireNonNull(K, "K");
		Objects.requireNonNull(LF, "LF");
		Objects.requireNonNull(itemCost, "itemCost");
		stageCosts = List.copyOf(stageCosts);
		if (P < 1) {
			throw new IllegalArgumentException("the array needs at least one processor, P was " + P);
		}
		if (N < 1) {
			throw new IllegalArgumentException("the loop needs at least one iteration, N was " + N);
		}
		if (P > N) {
			throw new IllegalArgumentException("P = " + P + " processors exceed the N = " + N
					+ " loop iterations: every processor needs at least one iteration");
		}
		notNegative("loop body cost BB", BB);
		notNegative("lower-bound loop body cost", BBlower);
		notNegative("communication cost per item", itemCost);
		if (BBlower.compareTo(BB) > 0 || BBupper.compareTo(BB) < 0) {
			throw new IllegalArgumentException("the loop body cost BB = " + BB + " must lie between its lower bound "
					+ BBlower + " and its upper bound " + BBupper);
		}
		if (x < 0 || y < 0) {
			throw new IllegalArgumentException("the neighbourhood x = " + x + ", y = " + y + " must not be negative");
		}
		if (K.signum() < 0 || K.compareTo(Rational.ONE) > 0) {
			throw new IllegalArgumentException("overlap fraction K must be between 0 and 1, was " + K);
		}
		if (LF.compareTo(Rational.ONE) < 0 || LF.compareTo(Rational.of(P)) > 0) {
			throw new IllegalArgumentException("load factor LF must be between 1 and P = " + P + ", was " + LF);
		}
		if (!stageCosts.isEmpty()) {
			if (stageCosts.size() != P) {
				throw new IllegalArgumentException("pipelining needs one stage cost per processor: " + stageCosts.size()
						+ " given for P = " + P);
			}
			Rational sum = Rational.ZERO;
			for (int i = 0; i < P; i++) {
				notNegative("stage cost BB_" + (i + 1), stageCosts.get(i));
				sum = sum.add(stageCosts.get(i));
			}
			if (!sum.equals(BB)) {
				throw new IllegalArgumentException("the stage costs sum to " + sum + ", not to the loop body cost BB = " + BB);
			}
		}
	}

	/**
	 * The paper's loop with N iterations of cost BB on P processors: no neighbourhood, overlap
	 * K = 1 − 1/P, a balanced pipeline (LF = 1), one cycle per item, no bounds on BB.
	 */
	public static ParallelLoop of(long N, Rational BB, int P) {
		Rational bb = Objects.requireNonNull(BB, "BB");
		return new ParallelLoop(N, bb, bb, bb, P, 0, 0, defaultOverlap(Math.max(P, 1)), Rational.ONE, List.of(),
				Rational.ONE);
	}

	/**
	 * K = 1 − 1/P: all communication overlapped except that of the processor's own 1/P of the data.
	 *
	 * @throws IllegalArgumentException if P is below 1
	 */
	public static Rational defaultOverlap(int P) {
		if (P < 1) {
			throw new IllegalArgumentException("the array needs at least one processor, P was " + P);
		}
		return Rational.ONE.subtract(Rational.of(1, P));
	}

	/** This loop with another loop body cost; explicit stage costs are scaled, bounds move by the same factor. */
	public ParallelLoop withBB(Rational bb) {
		notNegative("loop body cost BB", bb);
		if (BB.signum() == 0) {
			return new ParallelLoop(N, bb, bb, bb, P, x, y, K, LF, List.of(), itemCost);
		}
		Rational factor = bb.divide(BB);
		List<Rational> stages = stageCosts.stream().map(s -> s.multiply(factor)).toList();
		return new ParallelLoop(N, bb, BBlower.multiply(factor), BBupper.multiply(factor), P, x, y, K, LF, stages, itemCost);
	}

	/** This loop with the lower-bound (or upper-bound) estimate as its loop body cost. */
	ParallelLoop atBound(boolean upper) {
		Rational bb = upper ? BBupper : BBlower;
		ParallelLoop scaled = withBB(bb);
		return new ParallelLoop(N, bb, bb, bb, P, x, y, K, LF, scaled.stageCosts, itemCost);
	}

	/** This loop with another number of iterations. */
	public ParallelLoop withN(long n) {
		return new ParallelLoop(n, BB, BBlower, BBupper, P, x, y, K, LF, stageCosts, itemCost);
	}

	/** This loop with lower- and upper-bound estimates of the loop body cost. */
	public ParallelLoop withBounds(Rational lower, Rational upper) {
		return new ParallelLoop(N, BB, lower, upper, P, x, y, K, LF, stageCosts, itemCost);
	}

	/** This loop with another neighbourhood. */
	public ParallelLoop withNeighbourhood(long left, long right) {
		return new ParallelLoop(N, BB, BBlower, BBupper, P, left, right, K, LF, stageCosts, itemCost);
	}

	/** This loop with another overlap fraction K of data partitioning. */
	public ParallelLoop withK(Rational k) {
		return new ParallelLoop(N, BB, BBlower, BBupper, P, x, y, k, LF, stageCosts, itemCost);
	}

	/** This loop with another load factor of pipelining (and no explicit stage costs). */
	public ParallelLoop withLF(Rational lf) {
		return new ParallelLoop(N, BB, BBlower, BBupper, P, x, y, K, lf, List.of(), itemCost);
	}

	/** This loop with explicit stage costs BB_1 … BB_P; BB becomes their sum, bounds move by the same factor. */
	public ParallelLoop withStageCosts(List<Rational> stages) {
		Rational sum = stages.stream().reduce(Rational.ZERO, Rational::add);
		Rational lower = BB.signum() == 0 ? sum : BBlower.multiply(sum).divide(BB);
		Rational upper = BB.signum() == 0 ? sum : BBupper.multiply(sum).divide(BB);
		return new ParallelLoop(N, sum, lower, upper, P, x, y, K, LF, stages, itemCost);
	}

	/** This loop with another communication cost per item. */
	public ParallelLoop withItemCost(Rational cost) {
		return new ParallelLoop(N, BB, BBlower, BBupper, P, x, y, K, LF, stageCosts, cost);
	}

	private static void notNegative(String what, Rational value) {
		Objects.requireNonNull(value, what);
		if (value.signum() < 0) {
			throw new IllegalArgumentException(what + " must not be negative, was " + value);
		}
	}
}
