package org.perfcast.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Scope;
import org.perfcast.model.cost.CostTable;
import org.perfcast.model.cost.LogGP;
import org.perfcast.model.cost.OperationCosts;
import org.perfcast.model.machine.BasicOperation;
import org.perfcast.model.machine.Communication;
import org.perfcast.model.machine.CostPoint;
import org.perfcast.model.machine.LogGPPoint;
import org.perfcast.model.machine.MachineFactory;

class CostTest {

	private static final MachineFactory F = MachineFactory.eINSTANCE;

	@Test
	void testInterpolationAndExtrapolation() {
		CostTable table = new CostTable(new double[] { 40, 10, 20 }, new double[] { 400, 50, 150 });
		assertEquals(50, table.costAt(10));
		assertEquals(100, table.costAt(15), 1e-12);
		assertEquals(275, table.costAt(30), 1e-12);
		assertEquals(462.5, table.costAt(45), 1e-12); // beyond the last point: the last segment's slope, 12.5
		assertEquals(0, table.costAt(0)); // the first segment would give -50: clamped at 0
		assertTrue(table.covers(25));
		assertFalse(table.covers(41));
		assertEquals(7, new CostTable(new double[] { 3 }, new double[] { 7 }).costAt(1000));
	}

	@Test
	void testInterpolationStaysBetweenNeighbours() {
		Random random = new Random(42);
		for (int round = 0; round < 200; round++) {
			int n = 2 + random.nextInt(6);
			double[] sizes = random.doubles(n, 0, 1000).toArray();
			double[] costs = random.doubles(n, 0, 100).toArray();
			CostTable table = new CostTable(sizes, costs);
			for (int i = 0; i < n; i++) {
				assertEquals(costs[i], table.costAt(sizes[i]), 1e-9);
			}
			double min = java.util.Arrays.stream(sizes).min().getAsDouble();
			double max = java.util.Arrays.stream(sizes).max().getAsDouble();
			double size = min + random.nextDouble() * (max - min);
			double cost = table.costAt(size);
			assertTrue(cost >= java.util.Arrays.stream(costs).min().getAsDouble() - 1e-9
					&& cost <= java.util.Arrays.stream(costs).max().getAsDouble() + 1e-9);
		}
	}

	@Test
	void testBadTables() {
		assertThrows(IllegalArgumentException.class, () -> new CostTable(new double[0], new double[0]));
		assertThrows(IllegalArgumentException.class, () -> new CostTable(new double[] { 1, 1 }, new double[] { 2, 3 }));
		assertThrows(IllegalArgumentException.class, () -> new CostTable(new double[] { 1 }, new double[] { -3 }));
		assertThrows(IllegalArgumentException.class, () -> new CostTable(new double[] { Double.NaN }, new double[] { 3 }));
		assertThrows(IllegalArgumentException.class, () -> new CostTable(new double[] { 1 }, new double[] { 3 }).costAt(Double.NaN));
	}

	private static BasicOperation operation(String cost, double... table) {
		BasicOperation operation = F.createBasicOperation();
		operation.setName("update");
		operation.setCost(cost);
		for (int i = 0; i < table.length; i += 2) {
			CostPoint point = F.createCostPoint();
			point.setSize(table[i]);
			point.setCost(table[i + 1]);
			operation.getCostTable().add(point);
		}
		return operation;
	}

	@Test
	void testOperationCostsFromExpressionOrTable() {
		Scope t = Scope.of(ParameterBindings.of(Map.of("t_f", 0.5)));
		assertEquals(2 * 48 * 48 * 48 * 0.5, OperationCosts.at(operation("2 * size^3 * t_f"), 48, t).value(), 1e-9);
		OperationCosts.Cost tabled = OperationCosts.at(operation(null, 10, 1.0, 20, 3.0), 15, Scope.EMPTY);
		assertEquals(new OperationCosts.Cost(2.0, 2.0, 2.0), tabled);
		BasicOperation bounded = operation("size");
		bounded.setLowerBound("0.8 * size");
		bounded.setUpperBound("1.5 * size");
		assertEquals(new OperationCosts.Cost(10, 8, 15), OperationCosts.at(bounded, 10, Scope.EMPTY));
		assertThrows(IllegalArgumentException.class, () -> OperationCosts.at(operation(null), 1, Scope.EMPTY));
		assertThrows(ExpressionException.class, () -> OperationCosts.at(operation("size * t_f"), 1, Scope.EMPTY));
	}

	@Test
	void testLogGPFromExpressionsAndTable() {
		Communication meiko = F.createCommunication();
		meiko.setLatency("9");
		meiko.setOverhead("2");
		meiko.setGap("14");
		meiko.setGapPerByte("0.03");
		assertEquals(new LogGP(9, 2, 14, 0.03), LogGP.of(meiko, 101, Scope.EMPTY));

		Communication tabled = F.createCommunication();
		for (long[] row : List.of(new long[] { 8, 10, 2, 12 }, new long[] { 1024, 20, 4, 16 })) {
			LogGPPoint point = F.createLogGPPoint();
			point.setMessageSize(row[0]);
			point.setLatency(row[1]);
			point.setOverhead(row[2]);
			point.setGap(row[3]);
			point.setGapPerByte(0.01);
			tabled.getLogGPTable().add(point);
		}
		LogGP middle = LogGP.of(tabled, 516, Scope.EMPTY);
		assertEquals(15, middle.latency(), 1e-12);
		assertEquals(3, middle.overhead(), 1e-12);
		assertEquals(14, middle.gap(), 1e-12);
		assertEquals(0.01, middle.gapPerByte(), 1e-12);

		Communication none = F.createCommunication();
		IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LogGP.of(none, 1, Scope.EMPTY));
		assertEquals("the machine states no LogGP L (latency)", e.getMessage());
	}
}
