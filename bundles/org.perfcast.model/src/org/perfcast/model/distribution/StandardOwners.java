package org.perfcast.model.distribution;

import static org.perfcast.model.distribution.LayoutShape.ceilDiv;

import java.util.function.IntBinaryOperator;

import org.perfcast.model.layout.Distribution;

/**
 * The owner functions of the built-in distributions, mapping block (i, j) to a processor; the formulas are
 * listed in {@link DataDistribution}.
 */
final class StandardOwners {

	private StandardOwners() {
	}

	/**
	 * The owner function of a built-in distribution.
	 *
	 * @throws IllegalArgumentException for {@code COLUMN_BLOCK} of a 1-D array, or {@code CUSTOM}
	 */
	static IntBinaryOperator of(Distribution distribution, LayoutShape shape) {
		int p = shape.processors();
		int blockRows = shape.blockRows();
		int blockColumns = shape.blockColumns();
		return switch (distribution) {
			case BLOCK -> shape.hasGrid() ? gridBlock(shape) : rowBands(blockRows, p);
			case CYCLIC -> shape.hasGrid() ? gridCyclic(shape) : (i, j) -> i % p;
			case BLOCK_CYCLIC -> shape.hasGrid() ? gridCyclic(shape) : (i, j) -> (int) (((long) i * blockColumns + j) % p);
			case ROW_STRIPED_CYCLIC -> (i, j) -> i % p;
			case COLUMN_BLOCK -> {
				if (!shape.isTwoDimensional()) {
					throw new IllegalArgumentException("the COLUMN_BLOCK distribution needs a 2-D array, but columns M is 0");
				}
				int band = ceilDiv(blockColumns, p);
				yield (i, j) -> j / band;
			}
			case DIAGONAL -> diagonal(blockRows, blockColumns, p);
			case CUSTOM -> throw new IllegalArgumentException("CUSTOM has no built-in owner function");
		};
	}

	private static IntBinaryOperator rowBands(int blockRows, int p) {
		int band = ceilDiv(blockRows, p);
		return (i, j) -> i / band;
	}

	private static IntBinaryOperator gridBlock(LayoutShape shape) {
		int rowBand = ceilDiv(shape.blockRows(), shape.gridRows());
		int columnBand = ceilDiv(shape.blockColumns(), shape.gridColumns());
		int gridColumns = shape.gridColumns();
		return (i, j) -> i / rowBand * gridColumns + j / columnBand;
	}

	private static IntBinaryOperator gridCyclic(LayoutShape shape) {
		int gridRows = shape.gridRows();
		int gridColumns = shape.gridColumns();
		return (i, j) -> i % gridRows * gridColumns + j % gridColumns;
	}

	/**
	 * Block (i, j) is number k in the order of anti-diagonals d = i + j, and by increasing i within one:
	 * k = (blocks on the diagonals before d) + i − (first i on diagonal d); its owner is k mod P.
	 */
	private static IntBinaryOperator diagonal(int blockRows, int blockColumns, int p) {
		return (i, j) -> {
			long d = (long) i + j;
			long before = triangle(d) - triangle(d - blockRows) - triangle(d - blockColumns)
					+ triangle(d - blockRows - blockColumns);
			long k = before + i - Math.max(0, d - blockColumns + 1);
			return (int) (k % p);
		};
	}

	/** The pairs of non-negative integers with a sum below x: x (x + 1) / 2, or 0 if x ≤ 0. */
	private static long triangle(long x) {
		return x > 0 ? x * (x + 1) / 2 : 0;
	}
}
