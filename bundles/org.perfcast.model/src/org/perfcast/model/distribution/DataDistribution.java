package org.perfcast.model.distribution;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.function.IntBinaryOperator;

import org.perfcast.model.layout.Distribution;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.layout.OwnerEntry;

/**
 * The ownership of the blocks of an array by processors, for a layout's distribution and evaluated
 * {@link LayoutShape}. Block (i, j), counted from 0, holds rows i·b … i·b + b − 1 and columns likewise;
 * the blocks of the last row and column are partial when b does not divide N or M. A 1-D array has
 * nbr = ⌈N / b⌉ blocks (i, 0); a 2-D array nbr × nbc = ⌈N / b⌉ × ⌈M / b⌉.
 * <p>
 * Owners, with P processors, and a Pr × Pc grid numbered row by row if the shape has one:
 * <ul>
 * <li>{@code BLOCK}: contiguous bands of ⌈nbr / P⌉ block rows, i div ⌈nbr / P⌉ (for a 1-D array, ranges
 * of blocks); with a grid, (i div ⌈nbr / Pr⌉)·Pc + j div ⌈nbc / Pc⌉;
 * <li>{@code CYCLIC}: block rows dealt in turn, i mod P; with a grid, (i mod Pr)·Pc + j mod Pc. With
 * b = 1 this interleaves single elements;
 * <li>{@code BLOCK_CYCLIC}: blocks dealt in turn in row-major order, (i·nbc + j) mod P (i mod P for a
 * 1-D array); with a grid, the same as {@code CYCLIC};
 * <li>{@code ROW_STRIPED_CYCLIC}: whole block rows dealt in turn, i mod P;
 * <li>{@code COLUMN_BLOCK}: contiguous bands of block columns, j div ⌈nbc / P⌉ (2-D arrays only);
 * <li>{@code DIAGONAL}: blocks numbered k = 0, 1, … by anti-diagonal i + j, and by increasing i within
 * one, go to k mod P, so the blocks of a diagonal of at most P blocks have different owners and
 * loads differ by at most one block;
 * <li>{@code CUSTOM}: the layout's owner table, a block without an entry being unowned; or, if the
 * table is empty, an owner function of (i, j) from the caller.
 * </ul>
 * Only {@code BLOCK}, {@code CYCLIC} and {@code BLOCK_CYCLIC} use the grid. Immutable; the per-processor
 * counts and {@link #problems()} are computed on first use, in time proportional to the number of blocks.
 */
public final class DataDistribution {

	private final Distribution distribution;
	private final LayoutShape shape;
	private final IntBinaryOperator owners;
	/** The blocks that have an owner, in row-major order; null when all have one. */
	private final BitSet owned;
	private final List<OwnershipProblem> tableProblems;
	private Census census;

	private DataDistribution(Distribution distribution, LayoutShape shape, IntBinaryOperator owners, BitSet owned,
			List<OwnershipProblem> tableProblems) {
		this.distribution = distribution;
		this.shape = shape;
		this.owners = owners;
		this.owned = owned;
		this.tableProblems = tableProblems;
	}

	/**
	 * The distribution of a layout whose distribution is built in, or custom with an owner table.
	 *
	 * @throws IllegalArgumentException if the distribution does not fit the shape (e.g.
	 *                                  {@code COLUMN_BLOCK} of a 1-D array), or is custom with an empty
	 *                                  owner table
	 */
	public static DataDistribution of(Layout layout, LayoutShape shape) {
		return of(layout, shape, null);
	}

	/**
	 * The distribution of a layout; a custom layout with an empty owner table takes its owners from
	 * {@code ownerFunction}, which maps (i, j) to a processor. The function is not used otherwise.
	 *
	 * @param ownerFunction the evaluated owner expression of a custom layout, or null
	 * @throws IllegalArgumentException if the distribution does not fit the shape (e.g.
	 *                                  {@code COLUMN_BLOCK} of a 1-D array), or is custom with neither an
	 *                                  owner table nor an owner function
	 */
	public static DataDistribution of(Layout layout, LayoutShape shape, IntBinaryOperator ownerFunction) {
		Objects.requireNonNull(layout, "layout");
		Objects.requireNonNull(shape, "shape");
		Distribution distribution = layout.getDistribution();
		if (distribution != Distribution.CUSTOM) {
			return new DataDistribution(distribution, shape, StandardOwners.of(distribution, shape), null, List.of());
		}
		if (!layout.getOwnerTable().isEmpty()) {
			return fromTable(shape, layout.getOwnerTable());
		}
		if (ownerFunction == null) {
			throw new IllegalArgumentException("a custom layout needs an owner table or an owner function");
		}
		return new DataDistribution(distribution, shape, ownerFunction, null, List.of());
	}

	private static DataDistribution fromTable(LayoutShape shape, List<OwnerEntry> table) {
		int blockRows = shape.blockRows();
		int blockColumns = shape.blockColumns();
		if ((long) blockRows * blockColumns > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("an owner table cannot cover " + blockRows + " x " + blockColumns
					+ " blocks");
		}
		int[] owner = new int[blockRows * blockColumns];
		int[] entryOf = new int[owner.length];
		BitSet owned = new BitSet(owner.length);
		List<OwnershipProblem> problems = new ArrayList<>();
		for (int e = 0; e < table.size(); e++) {
			OwnerEntry entry = table.get(e);
			Block block = new Block(entry.getBlockRow(), entry.getBlockColumn());
			if (block.row() < 0 || block.row() >= blockRows || block.column() < 0 || block.column() >= blockColumns) {
				problems.add(new OwnershipProblem(OwnershipProblem.Kind.BLOCK_OUT_OF_RANGE, block, e, "owner table entry "
						+ e + ": block " + block + " is outside the " + blockRows + " x " + blockColumns + " blocks"));
				continue;
			}
			int index = block.row() * blockColumns + block.column();
			if (owned.get(index)) {
				problems.add(new OwnershipProblem(OwnershipProblem.Kind.DUPLICATE_ENTRY, block, e,
						"owner table entry " + e + ": block " + block + " already belongs to processor " + owner[index]
								+ " by entry " + entryOf[index]));
				continue;
			}
			owned.set(index);
			owner[index] = entry.getProcessor();
			entryOf[index] = e;
		}
		return new DataDistribution(Distribution.CUSTOM, shape, (i, j) -> owner[i * blockColumns + j], owned,
				List.copyOf(problems));
	}

	/** The kind of distribution. */
	public Distribution distribution() {
		return distribution;
	}

	/** The sizes the distribution is for. */
	public LayoutShape shape() {
		return shape;
	}

	/** The rows of blocks, nbr; the number of blocks of a 1-D array. */
	public int blockRows() {
		return shape.blockRows();
	}

	/** The columns of blocks, nbc; 1 for a 1-D array. */
	public int blockColumns() {
		return shape.blockColumns();
	}

	/** The number of blocks, nbr · nbc. */
	public long blockCount() {
		return (long) blockRows() * blockColumns();
	}

	/**
	 * The processor owning block (i, j), or empty if it has no owner (custom tables only). A custom owner
	 * may lie outside 0 … P−1; {@link #problems()} reports it.
	 *
	 * @throws IllegalArgumentException if the block is outside the array
	 */
	public OptionalInt owner(int blockRow, int blockColumn) {
		checkBlock(blockRow, blockColumn);
		if (owned != null && !owned.get(blockRow * blockColumns() + blockColumn)) {
			return OptionalInt.empty();
		}
		return OptionalInt.of(owners.applyAsInt(blockRow, blockColumn));
	}

	/**
	 * The number of elements in block (i, j): b·b, or fewer for a block in the last row or column when b
	 * does not divide N or M.
	 *
	 * @throws IllegalArgumentException if the block is outside the array
	 */
	public long elements(int blockRow, int blockColumn) {
		checkBlock(blockRow, blockColumn);
		long rows = Math.min(shape.blockSize(), shape.rows() - (long) blockRow * shape.blockSize());
		long columns = shape.isTwoDimensional()
				? Math.min(shape.blockSize(), shape.columns() - (long) blockColumn * shape.blockSize())
				: 1;
		return rows * columns;
	}

	/** The number of blocks each processor 0 … P−1 owns, indexed by processor. */
	public long[] blocksPerProcessor() {
		return census().blocks().clone();
	}

	/** The number of elements each processor 0 … P−1 owns, partial blocks counted by their elements. */
	public long[] elementsPerProcessor() {
		return census().elements().clone();
	}

	/**
	 * The blocks {@code processor} owns, in row-major order.
	 *
	 * @throws IllegalArgumentException if the processor is outside 0 … P−1
	 */
	public List<Block> blocksOwnedBy(int processor) {
		if (processor < 0 || processor >= shape.processors()) {
			throw new IllegalArgumentException(
					"processor " + processor + " is outside the processors 0.." + (shape.processors() - 1));
		}
		List<Block> blocks = new ArrayList<>();
		for (int i = 0; i < blockRows(); i++) {
			for (int j = 0; j < blockColumns(); j++) {
				OptionalInt owner = owner(i, j);
				if (owner.isPresent() && owner.getAsInt() == processor) {
					blocks.add(new Block(i, j));
				}
			}
		}
		return blocks;
	}

	/**
	 * The load imbalance in blocks: the most blocks a processor owns over the mean, counting the blocks
	 * owned by processors 0 … P−1; 1.0 is perfect balance, NaN if no such block exists.
	 */
	public double blockImbalance() {
		return imbalance(census().blocks());
	}

	/** The load imbalance in elements, as {@link #blockImbalance()} with partial blocks weighed by size. */
	public double elementImbalance() {
		return imbalance(census().elements());
	}

	/**
	 * What keeps the distribution from giving every block exactly one owner among 0 … P−1: owner table
	 * entries that do not apply, in table order, then blocks without an owner or with an owner outside the
	 * processors, in row-major order. Empty for a valid distribution.
	 */
	public List<OwnershipProblem> problems() {
		return census().problems();
	}

	private double imbalance(long[] load) {
		long total = 0;
		long max = 0;
		for (long l : load) {
			total += l;
			max = Math.max(max, l);
		}
		return total == 0 ? Double.NaN : (double) max * load.length / total;
	}

	private void checkBlock(int blockRow, int blockColumn) {
		if (blockRow < 0 || blockRow >= blockRows() || blockColumn < 0 || blockColumn >= blockColumns()) {
			throw new IllegalArgumentException("block (" + blockRow + ", " + blockColumn + ") is outside the "
					+ blockRows() + " x " + blockColumns() + " blocks");
		}
	}

	private synchronized Census census() {
		if (census == null) {
			int p = shape.processors();
			long[] blocks = new long[p];
			long[] elements = new long[p];
			List<OwnershipProblem> problems = new ArrayList<>(tableProblems);
			for (int i = 0; i < blockRows(); i++) {
				for (int j = 0; j < blockColumns(); j++) {
					OptionalInt owner = owner(i, j);
					if (owner.isEmpty()) {
						Block block = new Block(i, j);
						problems.add(new OwnershipProblem(OwnershipProblem.Kind.UNOWNED, block, -1,
								"block " + block + " has no owner"));
					} else if (owner.getAsInt() < 0 || owner.getAsInt() >= p) {
						Block block = new Block(i, j);
						problems.add(new OwnershipProblem(OwnershipProblem.Kind.PROCESSOR_OUT_OF_RANGE, block, -1,
								"block " + block + " belongs to processor " + owner.getAsInt()
										+ ", outside the processors 0.." + (p - 1)));
					} else {
						blocks[owner.getAsInt()]++;
						elements[owner.getAsInt()] += elements(i, j);
					}
				}
			}
			census = new Census(blocks, elements, List.copyOf(problems));
		}
		return census;
	}

	/** The per-processor loads and the ownership problems, found in one pass over the blocks. */
	private record Census(long[] blocks, long[] elements, List<OwnershipProblem> problems) {
	}
}
