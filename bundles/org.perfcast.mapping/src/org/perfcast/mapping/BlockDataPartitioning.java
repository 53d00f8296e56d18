package org.perfcast.mapping;

import org.perfcast.engine.expr.Rational;

/**
 * Block data partitioning (Sussman, section 3.1): processor i keeps the i-th block of consecutive items, so it
 * cannot start receiving its own input before processor i−1 has received all of its own:
 * SD_i = (i−1)·⌈N/P⌉·c. With P | N and c = 1 the last processor gives equation (3),
 * T = (BB + 3P − 2K·P − 1)·N/P.
 */
public final class BlockDataPartitioning extends DataPartitioning {

	/** The technique. */
	public static final BlockDataPartitioning INSTANCE = new BlockDataPartitioning();

	private BlockDataPartitioning() {
	}

	@Override
	public String name() {
		return "block";
	}

	@Override
	public String title() {
		return "block data partitioning";
	}

	@Override
	Rational synchronizationDelay(ParallelLoop loop, int i, Rational perProcessor) {
		return Rational.of(i - 1).multiply(perProcessor).multiply(loop.itemCost());
	}
}
