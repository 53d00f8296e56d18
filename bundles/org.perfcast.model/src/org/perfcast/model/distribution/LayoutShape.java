package org.perfcast.model.distribution;

/**
 * The evaluated sizes of a data layout: an array of N elements (1-D) or N × M elements (2-D) cut into
 * blocks of b (1-D) or b × b (2-D) elements, distributed over P processors, optionally arranged as a
 * Pr × Pc processor grid numbered row by row.
 *
 * @param rows        N, the elements of a 1-D array or the rows of a 2-D array
 * @param columns     M, the columns of a 2-D array, or 0 for a 1-D array
 * @param blockSize   b
 * @param processors  P
 * @param gridRows    Pr, or 0 without a grid
 * @param gridColumns Pc, or 0 without a grid
 */
public record LayoutShape(int rows, int columns, int blockSize, int processors, int gridRows, int gridColumns) {

	public LayoutShape {
		if (rows < 1) {
			throw new IllegalArgumentException("rows N must be at least 1, was " + rows);
		}
		if (columns < 0) {
			throw new IllegalArgumentException("columns M must be at least 1, or 0 for a 1-D array, was " + columns);
		}
		if (blockSize < 1) {
			throw new IllegalArgumentException("block size b must be at least 1, was " + blockSize);
		}
		if (processors < 1) {
			throw new IllegalArgumentException("processor count P must be at least 1, was " + processors);
		}
		if (gridRows != 0 || gridColumns != 0) {
			if (gridRows < 1 || gridColumns < 1) {
				throw new IllegalArgumentException("processor grid rows and columns must both be at least 1, "
						+ "or both 0 for no grid, was " + gridRows + " x " + gridColumns);
			}
			if (columns == 0) {
				throw new IllegalArgumentException("a processor grid needs a 2-D array, but columns M is 0");
			}
			if ((long) gridRows * gridColumns != processors) {
				throw new IllegalArgumentException("processor grid " + gridRows + " x " + gridColumns + " has "
						+ (long) gridRows * gridColumns + " processors, but P is " + processors);
			}
		}
	}

	/** A 1-D array of {@code n} elements in blocks of {@code blockSize} over {@code processors}. */
	public static LayoutShape oneDimensional(int n, int blockSize, int processors) {
		return new LayoutShape(n, 0, blockSize, processors, 0, 0);
	}

	/** A 2-D array of {@code rows} × {@code columns} elements in square blocks, without a processor grid. */
	public static LayoutShape twoDimensional(int rows, int columns, int blockSize, int processors) {
		return new LayoutShape(rows, columns, blockSize, processors, 0, 0);
	}

	/** This shape with its P processors arranged as a {@code gridRows} × {@code gridColumns} grid. */
	public LayoutShape withGrid(int gridRows, int gridColumns) {
		return new LayoutShape(rows, columns, blockSize, processors, gridRows, gridColumns);
	}

	/** Whether the array has columns. */
	public boolean isTwoDimensional() {
		return columns > 0;
	}

	/** Whether the processors form a grid. */
	public boolean hasGrid() {
		return gridRows > 0;
	}

	/** The rows of blocks, ⌈N / b⌉ (the blocks of a 1-D array). */
	public int blockRows() {
		return ceilDiv(rows, blockSize);
	}

	/** The columns of blocks, ⌈M / b⌉, or 1 for a 1-D array. */
	public int blockColumns() {
		return isTwoDimensional() ? ceilDiv(columns, blockSize) : 1;
	}

	static int ceilDiv(int a, int b) {
		return (a + b - 1) / b;
	}
}
