package org.perfcast.model.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.perfcast.model.distribution.Block;
import org.perfcast.model.distribution.DataDistribution;
import org.perfcast.model.distribution.LayoutShape;
import org.perfcast.model.distribution.OwnershipProblem;
import org.perfcast.model.layout.Distribution;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.layout.LayoutFactory;
import org.perfcast.model.layout.OwnerEntry;

class DistributionTest {

	private static final LayoutShape EIGHT_BY_EIGHT = LayoutShape.twoDimensional(8, 8, 1, 4);

	// owner tables, written out by hand

	@Test
	void testBlockBandsOfRows() {
		assertOwners(distribute(Distribution.BLOCK, EIGHT_BY_EIGHT),
				"0 0 0 0 0 0 0 0",
				"0 0 0 0 0 0 0 0",
				"1 1 1 1 1 1 1 1",
				"1 1 1 1 1 1 1 1",
				"2 2 2 2 2 2 2 2",
				"2 2 2 2 2 2 2 2",
				"3 3 3 3 3 3 3 3",
				"3 3 3 3 3 3 3 3");
	}

	@Test
	void testBlockOnAGrid() {
		assertOwners(distribute(Distribution.BLOCK, EIGHT_BY_EIGHT.withGrid(2, 2)),
				"0 0 0 0 1 1 1 1",
				"0 0 0 0 1 1 1 1",
				"0 0 0 0 1 1 1 1",
				"0 0 0 0 1 1 1 1",
				"2 2 2 2 3 3 3 3",
				"2 2 2 2 3 3 3 3",
				"2 2 2 2 3 3 3 3",
				"2 2 2 2 3 3 3 3");
		// 5 x 7 blocks (N = 10, M = 14, b = 2) on a 2 x 3 grid: bands of 3 block rows and 3 block columns
		assertOwners(distribute(Distribution.BLOCK, new LayoutShape(10, 14, 2, 6, 2, 3)),
				"0 0 0 1 1 1 2",
				"0 0 0 1 1 1 2",
				"0 0 0 1 1 1 2",
				"3 3 3 4 4 4 5",
				"3 3 3 4 4 4 5");
	}

	@Test
	void testBlockOfAOneDimensionalArrayIsContiguousRanges() {
		assertOwners(distribute(Distribution.BLOCK, LayoutShape.oneDimensional(10, 1, 4)),
				"0", "0", "0", "1", "1", "1", "2", "2", "2", "3");
		// N = 20 in blocks of 2 gives the same 10 blocks
		assertOwners(distribute(Distribution.BLOCK, LayoutShape.oneDimensional(20, 2, 4)),
				"0", "0", "0", "1", "1", "1", "2", "2", "2", "3");
	}

	@Test
	void testCyclicDealsBlockRowsOrGridPositions() {
		assertOwners(distribute(Distribution.CYCLIC, LayoutShape.twoDimensional(6, 3, 1, 4)),
				"0 0 0",
				"1 1 1",
				"2 2 2",
				"3 3 3",
				"0 0 0",
				"1 1 1");
		assertOwners(distribute(Distribution.CYCLIC, EIGHT_BY_EIGHT.withGrid(2, 2)),
				"0 1 0 1 0 1 0 1",
				"2 3 2 3 2 3 2 3",
				"0 1 0 1 0 1 0 1",
				"2 3 2 3 2 3 2 3",
				"0 1 0 1 0 1 0 1",
				"2 3 2 3 2 3 2 3",
				"0 1 0 1 0 1 0 1",
				"2 3 2 3 2 3 2 3");
		assertOwners(distribute(Distribution.CYCLIC, LayoutShape.oneDimensional(7, 1, 3)),
				"0", "1", "2", "0", "1", "2", "0");
	}

	@Test
	void testBlockCyclicDealsBlocksInRowMajorOrderOrOverTheGrid() {
		// 6 x 6 blocks of 2 x 2 elements: (6 i + j) mod 4
		assertOwners(distribute(Distribution.BLOCK_CYCLIC, LayoutShape.twoDimensional(12, 12, 2, 4)),
				"0 1 2 3 0 1",
				"2 3 0 1 2 3",
				"0 1 2 3 0 1",
				"2 3 0 1 2 3",
				"0 1 2 3 0 1",
				"2 3 0 1 2 3");
		assertOwners(distribute(Distribution.BLOCK_CYCLIC, new LayoutShape(12, 12, 2, 6, 2, 3)),
				"0 1 2 0 1 2",
				"3 4 5 3 4 5",
				"0 1 2 0 1 2",
				"3 4 5 3 4 5",
				"0 1 2 0 1 2",
				"3 4 5 3 4 5");
		// 9 elements in blocks of 2: 5 blocks, the last of one element
		assertOwners(distribute(Distribution.BLOCK_CYCLIC, LayoutShape.oneDimensional(9, 2, 2)),
				"0", "1", "0", "1", "0");
	}

	@Test
	void testRowStripedCyclicGivesWholeBlockRows() {
		assertOwners(distribute(Distribution.ROW_STRIPED_CYCLIC, LayoutShape.twoDimensional(8, 4, 2, 3)),
				"0 0",
				"1 1",
				"2 2",
				"0 0");
		assertOwners(distribute(Distribution.ROW_STRIPED_CYCLIC, new LayoutShape(5, 5, 1, 4, 2, 2)),
				"0 0 0 0 0",
				"1 1 1 1 1",
				"2 2 2 2 2",
				"3 3 3 3 3",
				"0 0 0 0 0");
	}

	@Test
	void testColumnBlockGivesBandsOfBlockColumns() {
		assertOwners(distribute(Distribution.COLUMN_BLOCK, LayoutShape.twoDimensional(3, 8, 1, 4)),
				"0 0 1 1 2 2 3 3",
				"0 0 1 1 2 2 3 3",
				"0 0 1 1 2 2 3 3");
		assertOwners(distribute(Distribution.COLUMN_BLOCK, LayoutShape.twoDimensional(2, 7, 1, 3)),
				"0 0 0 1 1 1 2",
				"0 0 0 1 1 1 2");
	}

	@Test
	void testDiagonalNumbersBlocksByAntiDiagonal() {
		assertOwners(distribute(Distribution.DIAGONAL, LayoutShape.twoDimensional(4, 4, 1, 3)),
				"0 1 0 0",
				"2 1 1 1",
				"2 2 2 1",
				"0 0 2 0");
		assertOwners(distribute(Distribution.DIAGONAL, EIGHT_BY_EIGHT),
				"0 1 3 2 2 3 1 0",
				"2 0 3 3 0 2 1 0",
				"1 0 0 1 3 2 1 3",
				"1 1 2 0 3 2 0 1",
				"2 3 1 0 3 1 2 2",
				"0 2 1 0 2 3 3 2",
				"3 2 1 3 0 0 3 1",
				"3 2 0 1 1 0 2 3");
		// 3 x 5 blocks: diagonals longer than wide
		assertOwners(distribute(Distribution.DIAGONAL, LayoutShape.twoDimensional(3, 5, 1, 4)),
				"0 1 3 2 1",
				"2 0 3 2 0",
				"1 0 3 1 2");
	}

	@Test
	void testCustomFromTheOwnerTable() {
		Layout layout = layout(Distribution.CUSTOM);
		addEntry(layout, 0, 0, 3);
		addEntry(layout, 0, 1, 2);
		addEntry(layout, 1, 1, 0);
		addEntry(layout, 1, 0, 1);
		DataDistribution distribution = DataDistribution.of(layout, LayoutShape.twoDimensional(4, 4, 2, 4),
				(i, j) -> 0);
		assertOwners(distribution,
				"3 2",
				"1 0");
		assertEquals(List.of(), distribution.problems());
		assertEquals(List.of(new Block(1, 0)), distribution.blocksOwnedBy(1));
	}

	@Test
	void testCustomTableReportsUnownedAndInvalidBlocks() {
		Layout layout = layout(Distribution.CUSTOM);
		addEntry(layout, 0, 0, 1);
		addEntry(layout, 0, 2, 7);
		addEntry(layout, 2, 0, 0);
		addEntry(layout, 0, 0, 2);
		addEntry(layout, 1, 1, 0);
		DataDistribution distribution = DataDistribution.of(layout, LayoutShape.twoDimensional(4, 6, 2, 3));
		assertEquals(OptionalInt.of(1), distribution.owner(0, 0));
		assertEquals(OptionalInt.empty(), distribution.owner(0, 1));
		assertEquals(OptionalInt.of(7), distribution.owner(0, 2));
		assertEquals(List.of(
				"owner table entry 2: block (2, 0) is outside the 2 x 3 blocks",
				"owner table entry 3: block (0, 0) already belongs to processor 1 by entry 0",
				"block (0, 1) has no owner",
				"block (0, 2) belongs to processor 7, outside the processors 0..2",
				"block (1, 0) has no owner",
				"block (1, 2) has no owner"),
				distribution.problems().stream().map(OwnershipProblem::message).toList());
		OwnershipProblem duplicate = distribution.problems().get(1);
		assertEquals(OwnershipProblem.Kind.DUPLICATE_ENTRY, duplicate.kind());
		assertEquals(new Block(0, 0), duplicate.block());
		assertEquals(3, duplicate.tableEntry());
		assertEquals(List.of(OwnershipProblem.Kind.BLOCK_OUT_OF_RANGE, OwnershipProblem.Kind.DUPLICATE_ENTRY,
				OwnershipProblem.Kind.UNOWNED, OwnershipProblem.Kind.PROCESSOR_OUT_OF_RANGE,
				OwnershipProblem.Kind.UNOWNED, OwnershipProblem.Kind.UNOWNED),
				distribution.problems().stream().map(OwnershipProblem::kind).toList());
		assertArrayEquals(new long[] { 1, 1, 0 }, distribution.blocksPerProcessor());
		assertEquals(1.5, distribution.blockImbalance());
	}

	@Test
	void testCustomFromTheOwnerFunctionWhenTheTableIsEmpty() {
		DataDistribution distribution = DataDistribution.of(layout(Distribution.CUSTOM),
				LayoutShape.twoDimensional(3, 4, 1, 3), (i, j) -> (i + 2 * j) % 3);
		assertOwners(distribution,
				"0 2 1 0",
				"1 0 2 1",
				"2 1 0 2");
		assertEquals(List.of(), distribution.problems());
		DataDistribution outside = DataDistribution.of(layout(Distribution.CUSTOM),
				LayoutShape.twoDimensional(2, 2, 1, 2), (i, j) -> i - j);
		assertEquals(List.of("block (0, 1) belongs to processor -1, outside the processors 0..1"),
				outside.problems().stream().map(OwnershipProblem::message).toList());
	}

	@Test
	void testCustomNeedsATableOrAFunction() {
		assertEquals("a custom layout needs an owner table or an owner function",
				assertThrows(IllegalArgumentException.class,
						() -> DataDistribution.of(layout(Distribution.CUSTOM), EIGHT_BY_EIGHT)).getMessage());
	}

	// properties

	@ParameterizedTest
	@EnumSource(value = Distribution.class, names = "CUSTOM", mode = EnumSource.Mode.EXCLUDE)
	void testEveryBlockIsOwnedExactlyOnceOnGeneratedShapes(Distribution kind) {
		Random random = new Random(600_000L + kind.ordinal());
		for (int round = 0; round < 60; round++) {
			int p = 1 + random.nextInt(9);
			int b = 1 + random.nextInt(4);
			int n = 1 + random.nextInt(40);
			int m = kind == Distribution.COLUMN_BLOCK || random.nextBoolean() ? 1 + random.nextInt(40) : 0;
			LayoutShape shape = new LayoutShape(n, m, b, p, 0, 0);
			if (m > 0 && random.nextBoolean()) {
				int gridRows = divisors(p).get(random.nextInt(divisors(p).size()));
				shape = shape.withGrid(gridRows, p / gridRows);
			}
			checkOwnedExactlyOnce(distribute(kind, shape));
		}
	}

	private static void checkOwnedExactlyOnce(DataDistribution distribution) {
		LayoutShape shape = distribution.shape();
		String where = distribution.distribution() + " " + shape;
		assertEquals(List.of(), distribution.problems(), where);
		long[] blocks = distribution.blocksPerProcessor();
		assertEquals(distribution.blockCount(), Arrays.stream(blocks).sum(), where);
		assertEquals((long) shape.rows() * Math.max(1, shape.columns()),
				Arrays.stream(distribution.elementsPerProcessor()).sum(), where);
		Set<Block> seen = new HashSet<>();
		for (int p = 0; p < shape.processors(); p++) {
			List<Block> owned = distribution.blocksOwnedBy(p);
			assertEquals(blocks[p], owned.size(), where);
			for (Block block : owned) {
				assertEquals(OptionalInt.of(p), distribution.owner(block.row(), block.column()), where);
				assertTrue(seen.add(block), where + ": " + block + " owned twice");
			}
		}
		assertEquals(distribution.blockCount(), seen.size(), where);
	}

	@Test
	void testBlockAndCyclicAreBalancedOnDivisibleSizes() {
		List<DataDistribution> balanced = List.of(
				distribute(Distribution.BLOCK, EIGHT_BY_EIGHT),
				distribute(Distribution.BLOCK, EIGHT_BY_EIGHT.withGrid(2, 2)),
				distribute(Distribution.BLOCK, LayoutShape.oneDimensional(24, 3, 4)),
				distribute(Distribution.CYCLIC, EIGHT_BY_EIGHT),
				distribute(Distribution.CYCLIC, EIGHT_BY_EIGHT.withGrid(4, 1)),
				distribute(Distribution.CYCLIC, LayoutShape.oneDimensional(16, 1, 8)),
				distribute(Distribution.BLOCK_CYCLIC, LayoutShape.twoDimensional(12, 12, 2, 4)));
		for (DataDistribution distribution : balanced) {
			assertEquals(1.0, distribution.blockImbalance(), distribution.shape().toString());
			assertEquals(1.0, distribution.elementImbalance(), distribution.shape().toString());
		}
	}

	@Test
	void testImbalanceOnIndivisibleSizes() {
		DataDistribution block = distribute(Distribution.BLOCK, LayoutShape.oneDimensional(10, 1, 4));
		assertArrayEquals(new long[] { 3, 3, 3, 1 }, block.blocksPerProcessor());
		assertEquals(1.2, block.blockImbalance(), 1e-12);
		DataDistribution rows = distribute(Distribution.ROW_STRIPED_CYCLIC, LayoutShape.twoDimensional(5, 5, 1, 4));
		assertArrayEquals(new long[] { 10, 5, 5, 5 }, rows.blocksPerProcessor());
		assertEquals(1.6, rows.blockImbalance(), 1e-12);
	}

	@Test
	void testEdgeBlocksArePartial() {
		// 10 x 7 elements in 3 x 3 blocks: 4 x 3 blocks, the last row 1 element high, the last column 1 wide
		DataDistribution distribution = distribute(Distribution.BLOCK, new LayoutShape(10, 7, 3, 4, 2, 2));
		assertEquals(4, distribution.blockRows());
		assertEquals(3, distribution.blockColumns());
		assertEquals(9, distribution.elements(0, 0));
		assertEquals(3, distribution.elements(0, 2));
		assertEquals(3, distribution.elements(3, 0));
		assertEquals(1, distribution.elements(3, 2));
		assertOwners(distribution,
				"0 0 1",
				"0 0 1",
				"2 2 3",
				"2 2 3");
		assertArrayEquals(new long[] { 4, 2, 4, 2 }, distribution.blocksPerProcessor());
		assertArrayEquals(new long[] { 36, 6, 24, 4 }, distribution.elementsPerProcessor());
		assertEquals(4.0 / 3, distribution.blockImbalance(), 1e-12);
		assertEquals(36.0 / 17.5, distribution.elementImbalance(), 1e-12);
		// 1-D: 10 elements in blocks of 3 on 2 processors: 2 blocks each, but 6 and 4 elements
		DataDistribution line = distribute(Distribution.BLOCK, LayoutShape.oneDimensional(10, 3, 2));
		assertEquals(1.0, line.blockImbalance());
		assertArrayEquals(new long[] { 6, 4 }, line.elementsPerProcessor());
		assertEquals(1.2, line.elementImbalance(), 1e-12);
		assertEquals(1, line.elements(3, 0));
	}

	@Test
	void testDiagonalSpreadsEachDiagonalAndBalancesLoad() {
		for (int rows = 1; rows <= 12; rows++) {
			for (int columns = 1; columns <= 12; columns++) {
				for (int p = 1; p <= 9; p++) {
					DataDistribution distribution = distribute(Distribution.DIAGONAL,
							LayoutShape.twoDimensional(rows, columns, 1, p));
					String where = rows + " x " + columns + " blocks on " + p;
					for (int d = 0; d <= rows + columns - 2; d++) {
						List<Integer> owners = new ArrayList<>();
						for (int i = Math.max(0, d - columns + 1); i <= Math.min(d, rows - 1); i++) {
							owners.add(distribution.owner(i, d - i).getAsInt());
						}
						if (owners.size() <= p) {
							assertEquals(owners.size(), new HashSet<>(owners).size(), where + ", diagonal " + d);
						}
					}
					long[] load = distribution.blocksPerProcessor();
					long spread = Arrays.stream(load).max().getAsLong() - Arrays.stream(load).min().getAsLong();
					assertTrue(spread <= 1, where + ": loads " + Arrays.toString(load));
				}
			}
		}
	}

	// bad input

	@Test
	void testShapeRefusesBadSizesWithClearMessages() {
		assertEquals("block size b must be at least 1, was 0", shapeError(() -> LayoutShape.oneDimensional(8, 0, 2)));
		assertEquals("processor count P must be at least 1, was -1",
				shapeError(() -> LayoutShape.twoDimensional(8, 8, 2, -1)));
		assertEquals("rows N must be at least 1, was 0", shapeError(() -> LayoutShape.oneDimensional(0, 1, 2)));
		assertEquals("columns M must be at least 1, or 0 for a 1-D array, was -3",
				shapeError(() -> LayoutShape.twoDimensional(8, -3, 1, 2)));
		assertEquals("processor grid 2 x 3 has 6 processors, but P is 4", shapeError(() -> EIGHT_BY_EIGHT.withGrid(2, 3)));
		assertEquals("processor grid rows and columns must both be at least 1, or both 0 for no grid, was 4 x 0",
				shapeError(() -> EIGHT_BY_EIGHT.withGrid(4, 0)));
		assertEquals("a processor grid needs a 2-D array, but columns M is 0",
				shapeError(() -> LayoutShape.oneDimensional(8, 1, 4).withGrid(2, 2)));
	}

	@Test
	void testQueriesRefuseBlocksAndProcessorsOutside() {
		DataDistribution distribution = distribute(Distribution.BLOCK, EIGHT_BY_EIGHT);
		assertEquals("block (8, 0) is outside the 8 x 8 blocks",
				assertThrows(IllegalArgumentException.class, () -> distribution.owner(8, 0)).getMessage());
		assertEquals("block (0, -1) is outside the 8 x 8 blocks",
				assertThrows(IllegalArgumentException.class, () -> distribution.elements(0, -1)).getMessage());
		assertEquals("processor 4 is outside the processors 0..3",
				assertThrows(IllegalArgumentException.class, () -> distribution.blocksOwnedBy(4)).getMessage());
		assertEquals("the COLUMN_BLOCK distribution needs a 2-D array, but columns M is 0",
				assertThrows(IllegalArgumentException.class,
						() -> distribute(Distribution.COLUMN_BLOCK, LayoutShape.oneDimensional(8, 1, 2))).getMessage());
	}

	// helpers

	private static DataDistribution distribute(Distribution kind, LayoutShape shape) {
		return DataDistribution.of(layout(kind), shape);
	}

	private static Layout layout(Distribution kind) {
		Layout layout = LayoutFactory.eINSTANCE.createLayout();
		layout.setDistribution(kind);
		return layout;
	}

	private static void addEntry(Layout layout, int blockRow, int blockColumn, int processor) {
		OwnerEntry entry = LayoutFactory.eINSTANCE.createOwnerEntry();
		entry.setBlockRow(blockRow);
		entry.setBlockColumn(blockColumn);
		entry.setProcessor(processor);
		layout.getOwnerTable().add(entry);
	}

	/** Checks the owner of every block against rows of space-separated processors, one string per block row. */
	private static void assertOwners(DataDistribution distribution, String... expectedRows) {
		assertEquals(expectedRows.length, distribution.blockRows(), "block rows");
		List<String> actual = new ArrayList<>();
		for (int i = 0; i < distribution.blockRows(); i++) {
			StringBuilder row = new StringBuilder();
			for (int j = 0; j < distribution.blockColumns(); j++) {
				row.append(j == 0 ? "" : " ").append(distribution.owner(i, j).getAsInt());
			}
			actual.add(row.toString());
		}
		assertEquals(List.of(expectedRows), actual, distribution.distribution() + " " + distribution.shape());
	}

	private static String shapeError(org.junit.jupiter.api.function.Executable executable) {
		return assertThrows(IllegalArgumentException.class, executable).getMessage();
	}

	private static List<Integer> divisors(int n) {
		List<Integer> divisors = new ArrayList<>();
		for (int d = 1; d <= n; d++) {
			if (n % d == 0) {
				divisors.add(d);
			}
		}
		return divisors;
	}
}
