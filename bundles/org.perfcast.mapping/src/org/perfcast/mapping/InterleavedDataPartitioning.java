package org.perfcast.mapping;

import java.util.Optional;

import org.perfcast.engine.expr.Rational;

/**
 * Interleaved data partitioning (Sussman, section 3.1): processor i keeps the items whose index is congruent
 * to i mod P, so it receives one item and passes on the next P−1 at once: SD_i = (i−1)·c. With P | N and
 * c = 1 the last processor gives equation (4), T = (BB + 2P·(1 − K))·N/P + P − 1. Applicable only without a
 * neighbourhood (x = y = 0): otherwise every item would be replicated on x + y + 1 processors.
 */
public final class InterleavedDataPartitioning extends DataPartitioning {

	/** The technique. */
	public static final InterleavedDataPartitioning INSTANCE = new InterleavedDataPartitioning();

	private InterleavedDataPartitioning() {
	}

	@Override
	public String name() {
		return "interleaved";
	}

	@Override
	public String title() {
		return "interleaved data partitioning";
	}

	@Override
	public Optional<String> notApplicable(ParallelLoop loop) {
		if (loop.x() == 0 && loop.y() == 0) {
			return Optional.empty();
		}
		return Optional.of("interleaved data partitioning needs a loop body without neighbourhood (x = y = 0), but x = "
				+ loop.x() + " and y = " + loop.y() + ": every item would be replicated on x + y + 1 = "
				+ (loop.x() + loop.y() + 1) + " processors");
	}

	@Override
	Rational synchronizationDelay(ParallelLoop loop, int i, Rational perProcessor) {
		return Rational.of(i - 1).multiply(loop.itemCost());
	}
}
