package org.perfcast.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Rational;
import org.perfcast.mapping.BlockDataPartitioning;
import org.perfcast.mapping.ExecutionModel;
import org.perfcast.mapping.GeneralExecutionModel;
import org.perfcast.mapping.LoopBodyPipelining;
import org.perfcast.mapping.MappingAnalysis;
import org.perfcast.mapping.MappingResult;
import org.perfcast.mapping.MappingTechnique;
import org.perfcast.mapping.ProcessorTime;
import org.perfcast.model.core.CoreFactory;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.program.IndexRange;
import org.perfcast.model.program.Message;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramFactory;
import org.perfcast.model.program.Step;

/** The general model on the example programs and small programs built here, and the analysis entry point. */
class GeneralExecutionModelTest {

	private static Rational r(long value) {
		return Rational.of(value);
	}

	private static List<Rational> parts(ExecutionModel model, java.util.function.Function<ProcessorTime, Rational> part) {
		return model.processors().stream().map(part).toList();
	}

	@Test
	void testLoopProgramAsWritten() throws EngineException {
		Program program = Examples.program("linear-array/loop.program");
		ExecutionModel model = GeneralExecutionModel.of(program, "loop.program", ParameterBindings.EMPTY, EngineMonitor.NULL);
		// boundary exchange of one item each way (the ends have one neighbour), then ⌈1000/10⌉·100 of loop body
		assertEquals(List.of(r(2), r(4), r(4), r(4), r(4), r(4), r(4), r(4), r(4), r(2)), parts(model, ProcessorTime::CL));
		assertTrue(parts(model, ProcessorTime::SEQ).stream().allMatch(r(10_000)::equals));
		assertTrue(parts(model, ProcessorTime::SD).stream().allMatch(Rational.ZERO::equals));
		assertEquals(r(10_004), model.T());
		ExecutionModel none = GeneralExecutionModel.of(program, "loop.program",
				ParameterBindings.of(Map.of("x", 0, "y", 0, "N", 95)), EngineMonitor.NULL);
		assertEquals(r(1000), none.T());
	}

	@Test
	void testMatvecOnTheRing() throws EngineException {
		Program program = Examples.program("matvec-ring/matvec.program");
		ExecutionModel model = GeneralExecutionModel.of(program, "matvec.program", ParameterBindings.EMPTY, EngineMonitor.NULL);
		// b² = 100 items per message at t_l = 1/40 per item and link: 5 sends and 5 receives of 2.5 each, and
		// 10 messages passed through (in and out, 5 each) on the unidirectional ring; then 2·b·N·t_f = 240
		for (ProcessorTime t : model.processors()) {
			assertEquals(r(240), t.SEQ());
			assertEquals(r(75), t.CL());
			assertEquals(Rational.ZERO, t.SD());
			assertEquals(Rational.ZERO, t.OL());
		}
		assertEquals(r(315), model.T());
	}

	/** Process 0 computes 10 before it sends one item to process 1, which waits for it: SD_1 = 10. */
	@Test
	void testSynchronizationDelayFromTheGlobalPass() throws EngineException {
		Program program = twoProcesses("p == 0 ? 10 : 0", "1");
		ExecutionModel model = GeneralExecutionModel.of(program, "two.program", ParameterBindings.EMPTY, EngineMonitor.NULL);
		ProcessorTime receiver = model.processors().get(1);
		assertEquals(List.of(Rational.ZERO, r(10)), parts(model, ProcessorTime::SD));
		assertEquals(r(1), receiver.CL());
		assertEquals(r(11), receiver.T());
		assertEquals(r(11), model.T());
		// half the communication overlapped: the send leaves at 10.5, the receive costs 1/2 on the receiver's clock
		Parameter k = CoreFactory.eINSTANCE.createParameter();
		k.setName("K");
		k.setDefaultValue("0.5");
		program.getParameters().add(k);
		ExecutionModel overlapped = GeneralExecutionModel.of(program, "two.program", ParameterBindings.EMPTY,
				EngineMonitor.NULL);
		assertEquals(Rational.of(1, 2), overlapped.processors().get(1).OL());
		assertEquals(r(10), overlapped.processors().get(1).SD());
		assertEquals(r(21).divide(r(2)), overlapped.T());
	}

	@Test
	void testBadProgramsGetLocatedErrors() {
		EngineException negative = assertThrows(EngineException.class, () -> GeneralExecutionModel.of(
				twoProcesses("p - 1", "1"), "two.program", ParameterBindings.EMPTY, EngineMonitor.NULL));
		assertEquals("two.program: error: Step 'work': cost: the step costs -1 on process 0; costs must not be negative",
				negative.diagnostics().get(0).toString());
		EngineException missing = assertThrows(EngineException.class, () -> GeneralExecutionModel.of(
				twoProcesses("0", "q"), "two.program", ParameterBindings.EMPTY, EngineMonitor.NULL));
		assertEquals("Message 'pass': size: unbound parameter 'q' (give it a value with --set NAME=VALUE)",
				missing.diagnostics().get(0).toString().substring("two.program: error: ".length()));
	}

	@Test
	void testAnalysisOfTheLoopProgram() {
		Program program = Examples.program("linear-array/loop.program");
		MappingResult.LoopAdvice advice = assertInstanceOf(MappingResult.LoopAdvice.class, MappingAnalysis.analyse(program,
				"loop.program", ParameterBindings.EMPTY, List.of(), EngineMonitor.NULL));
		// block: (100 + 29)·100 = 12 900; pipeline: 10·1009 = 10 090; interleaved ruled out by x = y = 1
		assertSame(LoopBodyPipelining.INSTANCE, advice.advice().ranking().get(0).technique());
		assertEquals(r(10_090), advice.advice().ranking().get(0).T());
		assertEquals(r(12_900), advice.advice().ranking().get(1).T());
		assertSame(BlockDataPartitioning.INSTANCE, advice.declared());
		List<String> messages = advice.diagnostics().stream().map(Diagnostic::toString).toList();
		assertEquals(List.of("loop.program:3: info: Program 'parallel loop, block data partitioning': best: loop body pipelining, T = 10090",
				"loop.program:3: info: Program 'parallel loop, block data partitioning': interleaved data partitioning needs a "
						+ "loop body without neighbourhood (x = y = 0), but x = 1 and y = 1: every item would be replicated on "
						+ "x + y + 1 = 3 processors",
				"loop.program:3: info: Program 'parallel loop, block data partitioning': block data partitioning (declared): "
						+ "T = 12900; best: loop body pipelining, T = 10090",
				"loop.program:3: warning: Program 'parallel loop, block data partitioning': the declared block data "
						+ "partitioning (T = 12900) is predicted 28 % slower than loop body pipelining (T = 10090)"),
				messages);
		// above the crossover BB = 29000/9 the declared block partitioning is the best: no warning
		MappingResult heavyBody = MappingAnalysis.analyse(program, "loop.program", ParameterBindings.of(Map.of("BB", 5000)),
				List.of(), EngineMonitor.NULL);
		List<String> heavy = heavyBody.diagnostics().stream().map(Diagnostic::message).toList();
		assertTrue(heavy.contains("block data partitioning (declared): T = 502900, the best technique"), heavy.toString());
		assertTrue(heavyBody.diagnostics().stream().noneMatch(d -> d.severity() == org.perfcast.engine.Severity.WARNING),
				heavy.toString());
		MappingResult interleaved = MappingAnalysis.analyse(program, "loop.program",
				ParameterBindings.of(Map.of("x", 0, "y", 0)), List.of(), EngineMonitor.NULL);
		assertEquals(3, assertInstanceOf(MappingResult.LoopAdvice.class, interleaved).advice().ranking().size());
	}

	@Test
	void testAnalysisReportsBadLoopParameters() {
		Program program = Examples.program("linear-array/loop.program");
		assertEquals("loop.program:3: error: Program 'parallel loop, block data partitioning': P = 10 processors exceed the "
				+ "N = 5 loop iterations: every processor needs at least one iteration", failure(program, Map.of("N", 5)));
		assertEquals("loop.program:3: error: Program 'parallel loop, block data partitioning': loop body cost BB must not "
				+ "be negative, was -3", failure(program, Map.of("BB", -3)));
		assertEquals("loop.program:3: error: Program 'parallel loop, block data partitioning': load factor LF must be "
				+ "between 1 and P = 10, was 12", failure(program, Map.of("LF", 12)));
		assertEquals("loop.program:5: error: Parameter 'N': N must be an integer, was 10.5", failure(program, Map.of("N", 10.5)));
		MappingResult interleavedOnly = MappingAnalysis.analyse(program, "loop.program", ParameterBindings.EMPTY,
				List.of(MappingTechnique.named("interleaved")), EngineMonitor.NULL);
		assertTrue(assertInstanceOf(MappingResult.Failed.class, interleavedOnly).diagnostics().get(0).message()
				.startsWith("interleaved data partitioning needs a loop body without neighbourhood"));
	}

	@Test
	void testAnalysisOfAGeneralProgram() {
		Program program = Examples.program("matvec-ring/matvec.program");
		MappingResult result = MappingAnalysis.analyse(program, "matvec.program", ParameterBindings.EMPTY, List.of(),
				EngineMonitor.NULL);
		assertEquals(r(315), assertInstanceOf(MappingResult.ProgramModel.class, result).model().T());
		assertEquals("T = 315 (processor 0 finishes last: SEQ = 240, CL = 75, SD = 0, OL = 0)",
				result.diagnostics().get(0).message());
		MappingResult technique = MappingAnalysis.analyse(program, "matvec.program", ParameterBindings.EMPTY,
				List.of(BlockDataPartitioning.INSTANCE), EngineMonitor.NULL);
		assertEquals("the program declares no parallel loop (parameters N and BB), so no mapping technique applies",
				assertInstanceOf(MappingResult.Failed.class, technique).diagnostics().get(0).message());
	}

	private static String failure(Program program, Map<String, Number> bindings) {
		MappingResult result = MappingAnalysis.analyse(program, "loop.program", ParameterBindings.of(bindings), List.of(),
				EngineMonitor.NULL);
		return assertInstanceOf(MappingResult.Failed.class, result).diagnostics().get(0).toString();
	}

	/** Two processes: a step "work" of the given cost, and a message "pass" of the given size from 0 to 1. */
	private static Program twoProcesses(String cost, String size) {
		ProgramFactory factory = ProgramFactory.eINSTANCE;
		Program program = factory.createProgram();
		program.setName("two");
		program.setProcessCount("2");
		Step step = factory.createStep();
		step.setName("work");
		step.setCost(cost);
		Message message = factory.createMessage();
		message.setName("pass");
		IndexRange range = factory.createIndexRange();
		range.setVariable("p");
		range.setFrom("0");
		range.setTo("0");
		message.getIndices().add(range);
		message.setFrom("p");
		message.setTo("p + 1");
		message.setSize(size);
		step.getMessages().add(message);
		program.getSteps().add(step);
		return program;
	}
}
