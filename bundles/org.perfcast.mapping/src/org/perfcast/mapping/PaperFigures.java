package org.perfcast.mapping;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.expr.Rational;

/**
 * The sensitivity charts of Sussman's figures 5, 6, 8, 9 and 10 as data, on a ten processor array. The paper
 * gives the curves but not the axis ranges; BB runs from 0 to 200 in steps of 10 and N from 100 to 10 000 in
 * steps of 100 here.
 */
public final class PaperFigures {

	private static final int P = 10;
	private static final List<Rational> BB_AXIS = Sensitivity.range(0, 200, 10);
	private static final List<Rational> N_AXIS = Sensitivity.range(100, 10_000, 100);

	private PaperFigures() {
	}

	/** Figure 5: block data partitioning, T against BB for N = 1000 and 3000, K = 0, 0.9 and 1. */
	public static Figure figure5() {
		List<Series> series = new ArrayList<>();
		for (long n : new long[] { 1000, 3000 }) {
			for (String k : new String[] { "0", "0.9", "1" }) {
				series.add(Sensitivity.series("block N=" + n + " K=" + k, BlockDataPartitioning.INSTANCE,
						loop(n, 0).withK(Rational.parse(k)), Sensitivity.Parameter.BB, BB_AXIS));
			}
		}
		return new Figure("Varying overlap of communication and computation", "BB", series);
	}

	/** Figure 6: block and interleaved data partitioning, T against N for BB = 10, K = 0, 0.5 and 0.9. */
	public static Figure figure6() {
		List<Series> series = new ArrayList<>();
		for (MappingTechnique technique : List.of(BlockDataPartitioning.INSTANCE, InterleavedDataPartitioning.INSTANCE)) {
			for (String k : new String[] { "0", "0.5", "0.9" }) {
				series.add(Sensitivity.series(technique.name() + " K=" + k, technique, loop(1000, 10).withK(Rational.parse(k)),
						Sensitivity.Parameter.N, N_AXIS));
			}
		}
		return new Figure("Block vs. interleaved data partitioning (BB = 10)", "N", series);
	}

	/** Figure 8: loop body pipelining, T against N for BB = 10, 50 and 100, LF = 1 and 2. */
	public static Figure figure8() {
		List<Series> series = new ArrayList<>();
		for (long bb : new long[] { 10, 50, 100 }) {
			for (long lf : new long[] { 1, 2 }) {
				series.add(Sensitivity.series("pipeline BB=" + bb + " LF=" + lf, LoopBodyPipelining.INSTANCE,
						loop(1000, bb).withLF(Rational.of(lf)), Sensitivity.Parameter.N, N_AXIS));
			}
		}
		return new Figure("Varying BB, with computation load balanced (LF=1) and unbalanced (LF=2)", "N", series);
	}

	/** Figure 9: block data partitioning (K = 0, 0.5, 1) vs. loop body pipelining (LF = 1, 1.5, 2), N = 1000. */
	public static Figure figure9() {
		return blockVersusPipelining(1000);
	}

	/** Figure 10: as figure 9 with N = 10 000. */
	public static Figure figure10() {
		return blockVersusPipelining(10_000);
	}

	private static Figure blockVersusPipelining(long n) {
		List<Series> series = new ArrayList<>();
		for (String k : new String[] { "0", "0.5", "1" }) {
			series.add(Sensitivity.series("block K=" + k, BlockDataPartitioning.INSTANCE, loop(n, 0).withK(Rational.parse(k)),
					Sensitivity.Parameter.BB, BB_AXIS));
		}
		for (String lf : new String[] { "1", "1.5", "2" }) {
			series.add(Sensitivity.series("pipeline LF=" + lf, LoopBodyPipelining.INSTANCE,
					loop(n, 0).withLF(Rational.parse(lf)), Sensitivity.Parameter.BB, BB_AXIS));
		}
		return new Figure("Block data partitioning vs. loop body pipelining, N=" + n, "BB", series);
	}

	private static ParallelLoop loop(long n, long bb) {
		return ParallelLoop.of(n, Rational.of(bb), P);
	}
}
