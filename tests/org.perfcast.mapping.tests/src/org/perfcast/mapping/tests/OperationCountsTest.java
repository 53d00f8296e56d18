package org.perfcast.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Rational;
import org.perfcast.mapping.ExecutionModel;
import org.perfcast.mapping.GeneralExecutionModel;
import org.perfcast.mapping.ProcessorTime;
import org.perfcast.model.core.CoreFactory;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.layout.Distribution;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.layout.LayoutFactory;
import org.perfcast.model.machine.BasicOperation;
import org.perfcast.model.machine.Computation;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.program.OperationCount;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramFactory;
import org.perfcast.model.program.Step;

/** Steps given as operation counts: SEQ_p sums count per block × blocks p owns × the operation's cost. */
class OperationCountsTest {

	private static Parameter parameter(String name, String value) {
		Parameter parameter = CoreFactory.eINSTANCE.createParameter();
		parameter.setName(name);
		parameter.setDefaultValue(value);
		return parameter;
	}

	/** 4 processes, an 8 × 8 matrix in 2 × 2 blocks dealt out by block rows: 4 blocks each. */
	private static Program program(String cost, String countPerBlock) {
		Machine machine = MachineFactory.eINSTANCE.createMachine();
		machine.setProcessorCount("P");
		machine.setTopology(MachineFactory.eINSTANCE.createFullyConnected());
		Computation computation = MachineFactory.eINSTANCE.createComputation();
		BasicOperation update = MachineFactory.eINSTANCE.createBasicOperation();
		update.setName("Op1");
		update.setCost(cost);
		computation.getOperations().add(update);
		machine.setComputation(computation);
		Layout layout = LayoutFactory.eINSTANCE.createLayout();
		layout.setDistribution(Distribution.ROW_STRIPED_CYCLIC);
		layout.setRows("N");
		layout.setColumns("N");
		layout.setBlockSize("b");
		layout.setProcessors("P");
		Program program = ProgramFactory.eINSTANCE.createProgram();
		program.getParameters().addAll(List.of(parameter("P", "4"), parameter("N", "8"), parameter("b", "2")));
		program.setProcessCount("P");
		program.setMachine(machine);
		program.setLayout(layout);
		Step step = ProgramFactory.eINSTANCE.createStep();
		step.setName("update");
		step.setCost("1");
		OperationCount count = ProgramFactory.eINSTANCE.createOperationCount();
		count.setOperation(update);
		count.setCountPerBlock(countPerBlock);
		count.setSize("b");
		step.getOperations().add(count);
		program.getSteps().add(step);
		return program;
	}

	@Test
	void testOperationCountsAddToTheStepCost() throws EngineException {
		// 1 + 3 × 4 blocks × (5 × 2) = 121 on every process
		ExecutionModel model = GeneralExecutionModel.of(program("5 * size", "3"), "ops.program", ParameterBindings.EMPTY,
				EngineMonitor.NULL);
		assertEquals(List.of(Rational.of(121)), model.processors().stream().map(ProcessorTime::SEQ).distinct().toList());
		// a count depending on p makes the processes differ; the slowest sets T
		ExecutionModel uneven = GeneralExecutionModel.of(program("size", "p"), "ops.program", ParameterBindings.EMPTY,
				EngineMonitor.NULL);
		assertEquals(Rational.of(1 + 3 * 4 * 2), uneven.T());
		// more, smaller blocks: 16 × 16 in 2 × 2 blocks gives 16 blocks each
		ExecutionModel bigger = GeneralExecutionModel.of(program("5 * size", "3"), "ops.program",
				ParameterBindings.of(Map.of("N", 16)), EngineMonitor.NULL);
		assertEquals(Rational.of(1 + 3 * 16 * 10), bigger.T());
	}

	@Test
	void testBadOperationCountsAreErrorsOnTheStep() {
		EngineException e = assertThrows(EngineException.class, () -> GeneralExecutionModel.of(program("size - 10", "1"),
				"ops.program", ParameterBindings.EMPTY, EngineMonitor.NULL));
		String message = e.diagnostics().get(0).message();
		assertTrue(message.startsWith("operations on process 0: basic operation Op1 costs -8.0 at size 2"), message);
	}
}
