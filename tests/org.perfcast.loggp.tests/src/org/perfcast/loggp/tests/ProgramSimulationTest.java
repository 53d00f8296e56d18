package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.loggp.Algorithm;
import org.perfcast.loggp.BlockSizeStudy;
import org.perfcast.loggp.CommunicationPattern;
import org.perfcast.loggp.CommunicationSimulation;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPProgramEngine;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.Message;
import org.perfcast.loggp.Operation;
import org.perfcast.loggp.ProgramResult;
import org.perfcast.loggp.ProgramSimulation;
import org.perfcast.loggp.StepResult;
import org.perfcast.model.core.CoreFactory;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.machine.Communication;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.program.IndexRange;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramFactory;
import org.perfcast.model.program.Step;

/**
 * The LogGP simulation of whole programs: the elimination wave of examples/gauss-elim against counts that
 * follow from the algorithm, lock-step accounting against the communication step simulated alone, and bad models.
 */
class ProgramSimulationTest {

	private static final ProgramSimulation.Options STANDARD = new ProgramSimulation.Options(Algorithm.STANDARD,
			LogGPRules.DEFAULT, true);

	private static Program gauss(String layout) throws EngineException {
		return LogGPProgramEngine.load(Patterns.example("gauss-elim/gauss-elim.program"), "gauss-elim.program",
				layout, "").values().iterator().next();
	}

	private static ProgramResult simulate(Program program, double b, Algorithm algorithm) {
		return ProgramSimulation.simulate(program, ParameterBindings.of(Map.of("b", b)),
				new ProgramSimulation.Options(algorithm, LogGPRules.DEFAULT, true), EngineMonitor.NULL);
	}

	/** The cost of one Op at block size b in meiko.machine, read back from a one-block elimination (n = 1). */
	@ParameterizedTest
	@ValueSource(ints = { 120, 160, 240, 480 })
	void testTheWaveDoesEveryBlockOperationOnce(int b) throws EngineException {
		Program program = gauss("row-striped.layout");
		int n = 960 / b;
		ProgramResult result = simulate(program, b, Algorithm.STANDARD);
		double[] op = costs(program, b);
		// Op1 on each diagonal block, Op2 and Op3 on the blocks right of and below it, Op4 on the trailing ones
		double expected = n * op[0] + n * (n - 1) / 2.0 * (op[1] + op[2]) + (n - 1) * n * (2 * n - 1) / 6.0 * op[3];
		double busy = result.processors().stream().mapToDouble(ProgramResult.ProcessorRun::computation).sum();
		assertEquals(expected, busy, 1e-6 * expected);
		assertEquals(3 * (n - 1) + 1, result.steps().size());
		// every block (i, j) of iteration k <= i, j sends down unless in the last row, right unless in the last column
		long messages = 2L * (n * (long) n * n - n) / 3;
		assertEquals(messages, result.messages() + result.localMessages());
		// row-striped cyclic: a block row on one processor, so what goes right stays local
		assertEquals(messages / 2, result.localMessages());
	}

	private static double[] costs(Program program, double b) {
		double[] costs = new double[4];
		for (int i = 0; i < 4; i++) {
			costs[i] = org.perfcast.model.cost.OperationCosts.at(program.getMachine().getComputation().getOperations().get(i),
					b, org.perfcast.engine.expr.Scope.EMPTY).value();
		}
		return costs;
	}

	@ParameterizedTest
	@ValueSource(ints = { 40, 48, 60, 96 })
	void testTimeIsComputationPlusCommunicationStepByStep(int b) throws EngineException {
		for (String layout : List.of("row-striped.layout", "diagonal.layout")) {
			ProgramResult result = simulate(gauss(layout), b, Algorithm.STANDARD);
			assertEquals(result.T(), result.computation() + result.communication(), 1e-9 * result.T());
			double sum = 0;
			for (ProgramResult.StepTime step : result.steps()) {
				assertEquals(sum, step.start(), 1e-9 * result.T() + 1e-9);
				sum += step.computation() + step.communication();
			}
			assertEquals(result.T(), sum, 1e-9 * result.T());
			double latest = result.processors().stream().mapToDouble(ProgramResult.ProcessorRun::finish).max().orElseThrow();
			assertEquals(result.T(), latest, 1e-9 * result.T());
		}
	}

	@ParameterizedTest
	@ValueSource(ints = { 20, 48, 80, 160 })
	void testOverestimationIsNeverBelowTheStandardResult(int b) throws EngineException {
		for (String layout : List.of("row-striped.layout", "diagonal.layout")) {
			Program program = gauss(layout);
			ProgramResult standard = simulate(program, b, Algorithm.STANDARD);
			ProgramResult over = simulate(program, b, Algorithm.OVERESTIMATE);
			assertEquals(standard.computation(), over.computation(), 1e-9 * standard.T());
			assertTrue(over.communication() >= standard.communication() - 1e-9, layout + " b=" + b);
		}
	}

	@Test
	void testTheSameInputsGiveTheSameNumbers() throws EngineException {
		ProgramResult first = simulate(gauss("diagonal.layout"), 48, Algorithm.STANDARD);
		ProgramResult second = simulate(gauss("diagonal.layout"), 48, Algorithm.STANDARD);
		assertEquals(first.T(), second.T());
		assertEquals(first.processors(), second.processors());
		assertEquals(first.steps().stream().map(s -> s.label() + s.computation() + "/" + s.communication()).toList(),
				second.steps().stream().map(s -> s.label() + s.computation() + "/" + s.communication()).toList());
	}

	@Test
	void testEachStepsCommunicationIsTheStepSimulatedAlone() throws EngineException {
		// a ring program: every process computes p + 1 time units, then sends 100 bytes to the next
		Program program = ring(4, "p + 1", "100");
		ProgramResult result = ProgramSimulation.simulate(program, ParameterBindings.EMPTY, STANDARD, EngineMonitor.NULL);
		List<Message> messages = new ArrayList<>();
		for (int p = 0; p < 4; p++) {
			messages.add(new Message(p, (p + 1) % 4, 100));
		}
		StepResult alone = CommunicationSimulation.simulate(CommunicationPattern.of(messages, 4), new LogGP(9, 2, 14, 0.03),
				LogGPRules.DEFAULT, EngineMonitor.NULL);
		assertEquals(4, result.computation());
		assertEquals(alone.T(), result.communication(), 1e-12);
		assertEquals(4 + alone.T(), result.T(), 1e-12);
		// the operations are the step's, shifted by the longest computation
		for (ProgramResult.ProcessorRun p : result.processors()) {
			List<Operation> shifted = alone.processor(p.id()).ops().stream().map(o -> new Operation(o.kind(), o.peer(),
					o.bytes(), o.start() + 4, o.end() + 4, o.message())).toList();
			assertEquals(shifted, p.ops());
			assertEquals(1, p.compute().size());
			assertEquals(p.id() + 1, p.compute().get(0).end());
		}
	}

	@Test
	void testARepeatedStepRunsOncePerIndexValue() {
		Program program = ring(3, "t", "100");
		Step step = program.getSteps().get(0);
		step.getIndices().add(range("t", "1", "5"));
		ProgramResult result = ProgramSimulation.simulate(program, ParameterBindings.EMPTY, STANDARD, EngineMonitor.NULL);
		assertEquals(5, result.steps().size());
		assertEquals("ring [t = 3]", result.steps().get(2).label());
		assertEquals(1 + 2 + 3 + 4 + 5, result.computation(), 1e-12);
		assertEquals(15, result.messages());
	}

	@Test
	void testMessagesToTheSameProcessorCostNothing() {
		Program program = ring(3, "1", "100");
		program.getSteps().get(0).getMessages().get(0).setTo("p");
		ProgramResult result = ProgramSimulation.simulate(program, ParameterBindings.EMPTY, STANDARD, EngineMonitor.NULL);
		assertEquals(0, result.messages());
		assertEquals(3, result.localMessages());
		assertEquals(0, result.communication());
		assertEquals(1, result.T());
	}

	@Test
	void testBadModelsNameTheElement() {
		Program leaves = ring(3, "1", "100");
		leaves.getSteps().get(0).getMessages().get(0).setTo("p + 1");
		ProgramSimulation.Failure failure = assertThrows(ProgramSimulation.Failure.class,
				() -> ProgramSimulation.simulate(leaves, ParameterBindings.EMPTY, STANDARD, EngineMonitor.NULL));
		assertEquals("a message from 2 to 3 in ring leaves the processes 0 .. 2", failure.getMessage());
		assertEquals(leaves.getSteps().get(0).getMessages().get(0), failure.element());

		Program nan = ring(3, "1", "0");
		assertTrue(assertThrows(ProgramSimulation.Failure.class,
				() -> ProgramSimulation.simulate(nan, ParameterBindings.EMPTY, STANDARD, EngineMonitor.NULL)).getMessage()
				.contains("has 0.0 bytes; a message has 1 to"));

		Program negative = ring(3, "p - 1", "100");
		assertEquals("cost of ring on process 0 is -1.0; costs must be finite and not negative", assertThrows(
				ProgramSimulation.Failure.class,
				() -> ProgramSimulation.simulate(negative, ParameterBindings.EMPTY, STANDARD, EngineMonitor.NULL)).getMessage());

		Program noLayout = ring(3, "1", "100");
		noLayout.getSteps().get(0).getMessages().get(0).setTo("owner(p, 0)");
		assertTrue(assertThrows(ProgramSimulation.Failure.class,
				() -> ProgramSimulation.simulate(noLayout, ParameterBindings.EMPTY, STANDARD, EngineMonitor.NULL)).getMessage()
				.contains("'owner' has no meaning here; it needs a program with a layout"));

		Program noMachine = ring(3, "1", "100");
		noMachine.setMachine(null);
		assertEquals("the program has no machine, so its messages have no LogGP parameters", assertThrows(
				ProgramSimulation.Failure.class,
				() -> ProgramSimulation.simulate(noMachine, ParameterBindings.EMPTY, STANDARD, EngineMonitor.NULL)).getMessage());
	}

	@Test
	void testTheStudyFindsTheBestBlockSizePerLayout() throws EngineException {
		Map<String, Program> programs = LogGPProgramEngine.load(Patterns.example("gauss-elim/gauss-elim.program"),
				"gauss-elim.program", "row-striped.layout, diagonal.layout", "");
		BlockSizeStudy study = BlockSizeStudy.run(programs, "b", List.of(20.0, 30.0, 48.0, 96.0, 160.0),
				ParameterBindings.EMPTY, List.of(Algorithm.STANDARD, Algorithm.OVERESTIMATE), LogGPRules.DEFAULT,
				EngineMonitor.NULL);
		assertEquals(20, study.points().size());
		for (BlockSizeStudy.Best best : study.best()) {
			double least = study.points().stream().filter(p -> p.layout().equals(best.layout())
					&& p.algorithm() == best.algorithm()).mapToDouble(p -> p.result().T()).min().orElseThrow();
			assertEquals(least, best.best().result().T());
		}
		// the paper's finding: the diagonal layout is better, the more so for large blocks
		assertEquals("diagonal", study.bestLayout(Algorithm.STANDARD).orElseThrow().layout());
		double striped160 = study.points().stream().filter(p -> p.value() == 160 && p.layout().equals("row-striped")
				&& p.algorithm() == Algorithm.STANDARD).findFirst().orElseThrow().result().T();
		double diagonal160 = study.points().stream().filter(p -> p.value() == 160 && p.layout().equals("diagonal")
				&& p.algorithm() == Algorithm.STANDARD).findFirst().orElseThrow().result().T();
		assertTrue(striped160 > 1.3 * diagonal160);
	}

	/** P processes in a ring: one step costing {@code cost} on process p, then p sends {@code size} bytes to p + 1. */
	private static Program ring(int P, String cost, String size) {
		Machine machine = MachineFactory.eINSTANCE.createMachine();
		machine.setName("meiko");
		Communication communication = MachineFactory.eINSTANCE.createCommunication();
		communication.setLatency("9");
		communication.setOverhead("2");
		communication.setGap("14");
		communication.setGapPerByte("0.03");
		machine.setCommunication(communication);
		Program program = ProgramFactory.eINSTANCE.createProgram();
		program.setName("ring");
		program.setMachine(machine);
		Parameter parameter = CoreFactory.eINSTANCE.createParameter();
		parameter.setName("P");
		parameter.setDefaultValue(Integer.toString(P));
		program.getParameters().add(parameter);
		program.setProcessCount("P");
		Step step = ProgramFactory.eINSTANCE.createStep();
		step.setName("ring");
		step.setCost(cost);
		org.perfcast.model.program.Message message = ProgramFactory.eINSTANCE.createMessage();
		message.getIndices().add(range("p", "0", "P - 1"));
		message.setFrom("p");
		message.setTo("(p + 1) mod P");
		message.setSize(size);
		step.getMessages().add(message);
		program.getSteps().add(step);
		return program;
	}

	private static IndexRange range(String variable, String from, String to) {
		IndexRange range = ProgramFactory.eINSTANCE.createIndexRange();
		range.setVariable(variable);
		range.setFrom(from);
		range.setTo(to);
		return range;
	}
}
