package org.perfcast.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.cost.StepComputation;
import org.perfcast.model.layout.Distribution;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.layout.LayoutFactory;
import org.perfcast.model.machine.BasicOperation;
import org.perfcast.model.machine.CostPoint;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.program.OperationCount;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramFactory;
import org.perfcast.model.program.Step;

/** Operation counts: count per block × blocks owned × the machine's cost of the operation at the size. */
class StepComputationTest {

	private static Scope scope(Map<String, Long> values) {
		Map<String, Value> map = new java.util.HashMap<>();
		values.forEach((k, v) -> map.put(k, Rational.of(v)));
		return Scope.of(map);
	}

	private static BasicOperation operation(String name, String cost) {
		BasicOperation operation = MachineFactory.eINSTANCE.createBasicOperation();
		operation.setName(name);
		operation.setCost(cost);
		return operation;
	}

	private static Step step(BasicOperation operation, String countPerBlock, String size) {
		Step step = ProgramFactory.eINSTANCE.createStep();
		OperationCount count = ProgramFactory.eINSTANCE.createOperationCount();
		count.setOperation(operation);
		count.setCountPerBlock(countPerBlock);
		count.setSize(size);
		step.getOperations().add(count);
		return step;
	}

	private static Layout rowStriped() {
		Layout layout = LayoutFactory.eINSTANCE.createLayout();
		layout.setDistribution(Distribution.ROW_STRIPED_CYCLIC);
		layout.setRows("N");
		layout.setColumns("N");
		layout.setBlockSize("b");
		layout.setProcessors("P");
		return layout;
	}

	@Test
	void testCountPerBlockTimesBlocksOwnedTimesCost() {
		Program program = ProgramFactory.eINSTANCE.createProgram();
		program.setLayout(rowStriped());
		Scope scope = scope(Map.of("N", 8L, "b", 2L, "P", 2L));
		StepComputation computation = StepComputation.of(program, scope);
		// 4 × 4 blocks, block rows dealt out cyclically: 8 blocks each
		assertEquals(8, computation.blocksOf(0));
		assertEquals(8, computation.blocksOf(1));
		assertEquals(0, computation.blocksOf(2));
		Step step = step(operation("Op1", "3 * size"), "2", "b");
		assertEquals(Rational.of(2 * 8 * 6), computation.time(step, 0, scope.with("p", Rational.ZERO)));
		assertEquals(Rational.ZERO, computation.time(step, 2, scope.with("p", Rational.of(2))));
		// the count may depend on the process
		Step uneven = step(operation("Op2", "1"), "p + 1", "0");
		assertEquals(Rational.of(8), computation.time(uneven, 0, scope.with("p", Rational.ZERO)));
		assertEquals(Rational.of(16), computation.time(uneven, 1, scope.with("p", Rational.ONE)));
	}

	@Test
	void testWithoutLayoutEachProcessOwnsOneBlockAndTablesInterpolate() {
		Program program = ProgramFactory.eINSTANCE.createProgram();
		StepComputation computation = StepComputation.of(program, scope(Map.of()));
		assertEquals(1, computation.blocksOf(5));
		BasicOperation tabled = MachineFactory.eINSTANCE.createBasicOperation();
		tabled.setName("Op3");
		for (double[] point : new double[][] { { 10, 100 }, { 20, 300 } }) {
			CostPoint cost = MachineFactory.eINSTANCE.createCostPoint();
			cost.setSize(point[0]);
			cost.setCost(point[1]);
			tabled.getCostTable().add(cost);
		}
		Rational t = computation.time(step(tabled, null, "15"), 0, scope(Map.of()));
		assertTrue(t.compareTo(Rational.of(100)) > 0 && t.compareTo(Rational.of(300)) < 0, t.toString());
	}

	@Test
	void testBadCountsAreNamed() {
		Program program = ProgramFactory.eINSTANCE.createProgram();
		StepComputation computation = StepComputation.of(program, scope(Map.of()));
		assertEquals("countPerBlock of Op1 must not be negative, was -1", assertThrows(IllegalArgumentException.class,
				() -> computation.time(step(operation("Op1", "1"), "-1", "1"), 0, scope(Map.of()))).getMessage());
		assertEquals("an operation count names no basic operation of the machine", assertThrows(
				IllegalArgumentException.class, () -> computation.time(step(null, "1", "1"), 0, scope(Map.of())))
				.getMessage());
		assertTrue(assertThrows(IllegalArgumentException.class,
				() -> computation.time(step(operation("Op4", "size - 10"), "1", "1"), 0, scope(Map.of()))).getMessage()
				.startsWith("basic operation Op4 costs -9.0 at size 1"));
		Program withBadLayout = ProgramFactory.eINSTANCE.createProgram();
		Layout layout = rowStriped();
		layout.setRows(null);
		withBadLayout.setLayout(layout);
		assertEquals("the layout needs rows",
				assertThrows(IllegalArgumentException.class,
						() -> StepComputation.of(withBadLayout, scope(Map.of("N", 8L, "b", 2L, "P", 2L))))
						.getMessage());
		withBadLayout.setLayout(rowStriped());
		assertEquals("processors: unbound parameter 'P'", assertThrows(IllegalArgumentException.class,
				() -> StepComputation.of(withBadLayout, scope(Map.of("N", 8L, "b", 2L)))).getMessage());
	}
}
