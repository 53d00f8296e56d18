package org.perfcast.model.distribution;

/**
 * The position of a block in the array of blocks, counted from 0; a 1-D array's blocks are in column 0.
 *
 * @param row    the block row i
 * @param column the block column j
 */
public record Block(int row, int column) {

	/** The block as {@code (i, j)}. */
	@Override
	public String toString() {
		return "(" + row + ", " + column + ")";
	}
}
