package org.perfcast.model.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.cost.IndexEnumeration;
import org.perfcast.model.cost.StepComputation;
import org.perfcast.model.cost.StepInstances;
import org.perfcast.model.layout.Distribution;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.layout.LayoutFactory;
import org.perfcast.model.machine.BasicOperation;
import org.perfcast.model.machine.CostPoint;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.program.IndexRange;
import org.perfcast.model.program.OperationCount;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramFactory;
import org.perfcast.model.program.Step;
import org.perfcast.model.validation.ParameterEnvironment;

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
	void testCountsOnBlocksAreChargedToTheBlocksOwner() {
		Program program = ProgramFactory.eINSTANCE.createProgram();
		program.setLayout(rowStriped());
		Scope scope = scope(Map.of("N", 4L, "b", 1L, "P", 2L));
		StepComputation computation = StepComputation.of(program, scope);
		// the diagonal blocks (i, i), i = 0 .. 3, on block rows 0, 1, 0, 1, and one more on (3, 0) when k > 2
		Step step = step(operation("Op1", "5 * size"), null, "2");
		OperationCount count = step.getOperations().get(0);
		IndexRange range = ProgramFactory.eINSTANCE.createIndexRange();
		range.setVariable("i");
		range.setFrom("0");
		range.setTo("3");
		count.getIndices().add(range);
		count.setRow("i");
		count.setColumn("i");
		assertTrue(StepComputation.targetsBlocks(count));
		assertArrayEquals(new double[] { 20, 20, 0 }, computation.times(step, scope, 3));
		assertEquals(Rational.of(20), computation.time(step, 1, scope.with("p", Rational.ONE)));
		count.setCondition("i mod 2 == 1");
		assertArrayEquals(new double[] { 0, 20 }, computation.times(step, scope, 2));
		// the count may depend on the indices
		count.setCountPerBlock("i");
		assertArrayEquals(new double[] { 0, 10 * (1 + 3) }, computation.times(step, scope, 2));
		count.setRow("i + 1");
		assertEquals("Op1 on block (4, 3), outside the layout's 4 x 4 blocks",
				assertThrows(IllegalArgumentException.class, () -> computation.times(step, scope, 2)).getMessage());
		count.setRow("i");
		count.setColumn(null);
		assertEquals("the count of Op1 needs both a row and a column",
				assertThrows(IllegalArgumentException.class, () -> computation.times(step, scope, 2)).getMessage());
		assertEquals("the count of Op1 names a block, but the program has no layout",
				assertThrows(IllegalArgumentException.class, () -> StepComputation.of(ProgramFactory.eINSTANCE
						.createProgram(), scope).times(step, scope, 2)).getMessage());
	}

	@Test
	void testRepeatedStepsAndNestedIndexRanges() {
		Program program = ProgramFactory.eINSTANCE.createProgram();
		Step step = ProgramFactory.eINSTANCE.createStep();
		step.setName("wave");
		IndexRange t = ProgramFactory.eINSTANCE.createIndexRange();
		t.setVariable("t");
		t.setFrom("0");
		t.setTo("n - 1");
		step.getIndices().add(t);
		program.getSteps().add(step);
		Step once = ProgramFactory.eINSTANCE.createStep();
		program.getSteps().add(once);
		List<StepInstances.Instance> instances = StepInstances.of(program, scope(Map.of("n", 3L)));
		assertEquals(List.of("wave [t = 0]", "wave [t = 1]", "wave [t = 2]", "step 2"),
				instances.stream().map(StepInstances.Instance::label).toList());
		assertEquals(Rational.of(2), instances.get(2).scope().lookup("t"));
		// a later range's bounds use the earlier variables: the triangle j <= i
		IndexRange j = ProgramFactory.eINSTANCE.createIndexRange();
		j.setVariable("j");
		j.setFrom("0");
		j.setTo("i");
		IndexRange i = ProgramFactory.eINSTANCE.createIndexRange();
		i.setVariable("i");
		i.setFrom("0");
		i.setTo("3");
		List<String> seen = new java.util.ArrayList<>();
		IndexEnumeration.forEach(List.of(i, j), "i + j != 3", Scope.EMPTY,
				at -> seen.add(at.lookup("i") + "," + at.lookup("j")));
		assertEquals(List.of("0,0", "1,0", "1,1", "2,0", "2,2", "3,1", "3,2", "3,3"), seen);
		t.setTo("n /");
		assertEquals(step, assertThrows(StepInstances.Failure.class, () -> StepInstances.of(program, scope(Map.of("n", 3L))))
				.step());
	}

	@Test
	void testOwnerGivesTheBlocksProcessorInAProgramWithALayout() {
		Program program = ProgramFactory.eINSTANCE.createProgram();
		program.setLayout(rowStriped());
		for (String[] p : new String[][] { { "N", "8" }, { "b", "2" }, { "P", "3" } }) {
			org.perfcast.model.core.Parameter parameter = org.perfcast.model.core.CoreFactory.eINSTANCE.createParameter();
			parameter.setName(p[0]);
			parameter.setDefaultValue(p[1]);
			program.getParameters().add(parameter);
		}
		Scope scope = ParameterEnvironment.of(program, org.perfcast.engine.ParameterBindings.EMPTY).scope();
		assertEquals(Rational.of(1), Expression.parse("owner(1, 3)").evaluate(scope));
		assertEquals(Rational.of(0), Expression.parse("owner(3, 0)").evaluate(scope.with("x", Rational.ONE)));
		assertTrue(assertThrows(ExpressionException.class, () -> Expression.parse("owner(4, 0)").evaluate(scope))
				.getMessage().contains("block (4, 0) is outside the layout's 4 x 4 blocks"));
		assertTrue(assertThrows(ExpressionException.class, () -> Expression.parse("owner(0, 0)").evaluate(
				ParameterEnvironment.of(ProgramFactory.eINSTANCE.createProgram(),
						org.perfcast.engine.ParameterBindings.EMPTY).scope())).getMessage()
				.contains("'owner' has no meaning here; it needs a program with a layout"));
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
