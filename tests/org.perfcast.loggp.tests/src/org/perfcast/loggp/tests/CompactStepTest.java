package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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
import org.perfcast.loggp.CommunicationPattern;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPProgramEngine;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.Message;
import org.perfcast.loggp.Operation;
import org.perfcast.loggp.ProcessorSchedule;
import org.perfcast.loggp.ProgramResult;
import org.perfcast.loggp.ProgramSimulation;
import org.perfcast.loggp.StepResult;
import org.perfcast.model.program.Program;

/**
 * The simulation's compact records: a step's operations read from one log, and a program's steps simulated on the
 * processors that take part only. Both must give what the step simulated on every processor with an object per
 * operation gave.
 */
class CompactStepTest {

	private static final LogGP MEIKO = new LogGP(9, 2, 14, 0.03);

	private static final Map<String, Object[]> CONFIGS = Map.of(
			"standard", new Object[] { Algorithm.STANDARD, LogGPRules.DEFAULT },
			"overestimate", new Object[] { Algorithm.OVERESTIMATE, LogGPRules.DEFAULT },
			"random-ties", new Object[] { Algorithm.STANDARD,
					LogGPRules.DEFAULT.withTies(LogGPRules.Ties.RANDOM).withSeed(3) },
			"earlier-start-last-byte", new Object[] { Algorithm.STANDARD, LogGPRules.DEFAULT
					.withReceivePriority(LogGPRules.ReceivePriority.EARLIER_START).withArrival(LogGPRules.Arrival.LAST_BYTE) },
			"overestimate-seed-5", new Object[] { Algorithm.OVERESTIMATE, LogGPRules.DEFAULT.withSeed(5) });

	/** step-finishes.txt was written by the simulator that kept an Operation object per operation. */
	@Test
	void testStepsGiveTheRecordedFinishes() throws IOException {
		CommunicationPattern pattern = CommunicationPattern.random(11, 64, 3000, 4096);
		List<String> recorded;
		try (InputStream in = CompactStepTest.class.getResourceAsStream("step-finishes.txt")) {
			recorded = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("#"))
					.toList();
		}
		List<String> now = new ArrayList<>();
		for (String config : List.of("standard", "overestimate", "random-ties", "earlier-start-last-byte",
				"overestimate-seed-5")) {
			StepResult r = ((Algorithm) CONFIGS.get(config)[0]).simulate(pattern, MEIKO,
					(LogGPRules) CONFIGS.get(config)[1], EngineMonitor.NULL);
			now.add(config + " T " + r.T() + " " + r.forcedTransmissions().size());
			for (ProcessorSchedule p : r.processors()) {
				double starts = 0;
				for (Operation op : p.ops()) {
					starts += op.start();
				}
				now.add(config + " " + p.id() + " " + p.finish() + " " + p.ops().size() + " " + starts);
			}
		}
		assertEquals(recorded, now);
	}

	@Test
	void testCompactOperationsAreAnImmutableListOfTheStepsOperations() {
		CommunicationPattern pattern = CommunicationPattern.random(2, 40, 2000, 512);
		StepResult step = Algorithm.STANDARD.simulate(pattern, MEIKO, LogGPRules.DEFAULT, EngineMonitor.NULL);
		int[] sends = new int[pattern.messages().size()];
		int[] receives = new int[pattern.messages().size()];
		for (ProcessorSchedule p : step.processors()) {
			List<Operation> copy = List.copyOf(p.ops());
			assertEquals(copy, p.ops());
			assertEquals(copy.hashCode(), p.ops().hashCode());
			assertEquals(new ProcessorSchedule(p.id(), copy, p.finish()), p);
			assertThrows(UnsupportedOperationException.class, () -> p.ops().add(copy.get(0)));
			assertThrows(IndexOutOfBoundsException.class, () -> p.ops().get(copy.size()));
			double end = 0;
			for (Operation op : p.ops()) {
				Message m = pattern.messages().get(op.message());
				boolean send = op.kind() == Operation.Kind.SEND;
				assertEquals(p.id(), send ? m.from() : m.to());
				assertEquals(send ? m.to() : m.from(), op.peer());
				assertEquals(m.bytes(), op.bytes());
				assertTrue(op.start() >= end, "operations in time order");
				end = op.end();
				(send ? sends : receives)[op.message()]++;
			}
			assertEquals(end, p.finish());
		}
		for (int m = 0; m < sends.length; m++) {
			assertEquals(1, sends[m]);
			assertEquals(1, receives[m]);
		}
	}

	/**
	 * examples/loggp-scale/random-steps.program on 50 processes: each step as simulated in the program (on the
	 * processes it names) is the same step simulated alone as a pattern on all 50, shifted to the step's start.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "standard", "overestimate", "random-ties", "overestimate-seed-5" })
	void testProgramStepsAreTheirPatternsSimulatedOnEveryProcess(String config) throws EngineException {
		int P = 50;
		int M = 300;
		int S = 3;
		Program program = LogGPProgramEngine.load(Patterns.example("loggp-scale/random-steps.program"),
				"random-steps.program", "", "").values().iterator().next();
		Algorithm algorithm = (Algorithm) CONFIGS.get(config)[0];
		LogGPRules rules = (LogGPRules) CONFIGS.get(config)[1];
		ProgramResult result = ProgramSimulation.simulate(program,
				ParameterBindings.of(Map.of("P", (double) P, "M", (double) M, "S", (double) S)),
				new ProgramSimulation.Options(algorithm, rules, true), EngineMonitor.NULL);
		List<List<Operation>> expected = new ArrayList<>();
		double[] finish = new double[P];
		for (int p = 0; p < P; p++) {
			expected.add(new ArrayList<>());
		}
		double T = 0;
		long forced = 0;
		for (long s = 0; s < S; s++) {
			List<Message> messages = new ArrayList<>();
			for (long i = 0; i < M; i++) {
				long from = (i * 7919 + s * 104729) % P;
				long to = (from + 1 + (i * 6700417 + s) % (P - 1)) % P;
				messages.add(new Message((int) from, (int) to, 1 + (i * 2654435761L + s * 40503) % 4096));
			}
			StepResult alone = algorithm.simulate(CommunicationPattern.of(messages, P), MEIKO, rules, EngineMonitor.NULL);
			for (ProcessorSchedule p : alone.processors()) {
				for (Operation o : p.ops()) {
					expected.get(p.id()).add(new Operation(o.kind(), o.peer(), o.bytes(), T + o.start(), T + o.end(),
							o.message()));
				}
				if (!p.ops().isEmpty()) {
					finish[p.id()] = T + p.finish();
				}
			}
			forced += alone.forcedTransmissions().size();
			T += alone.T();
		}
		assertEquals(T, result.T());
		assertEquals(forced, result.forcedTransmissions());
		assertEquals((long) M * S, result.messages());
		for (ProgramResult.ProcessorRun p : result.processors()) {
			assertEquals(expected.get(p.id()), p.ops(), "process " + p.id());
			assertEquals(finish[p.id()], p.finish(), "process " + p.id());
		}
	}

	/** examples/loggp-scale/bcast.program: every round of the binomial tree is one message: o + L to its
	 * first byte's arrival, then the receive's o + (k − 1)G. */
	@ParameterizedTest
	@ValueSource(ints = { 1, 4, 10 })
	void testTheBinomialBroadcastTakesOneMessagePerRound(int d) throws EngineException {
		Program program = LogGPProgramEngine.load(Patterns.example("loggp-scale/bcast.program"), "bcast.program", "", "")
				.values().iterator().next();
		ProgramResult result = ProgramSimulation.simulate(program, ParameterBindings.of(Map.of("d", (double) d)),
				new ProgramSimulation.Options(Algorithm.STANDARD, LogGPRules.DEFAULT, true), EngineMonitor.NULL);
		double round = MEIKO.o() + MEIKO.L() + MEIKO.occupancy(8);
		assertEquals(d * round, result.T(), 1e-9);
		assertEquals((1L << d) - 1, result.messages());
		assertEquals(1 << d, result.processors().size());
		// the last process to get the message is the last of the last round's receivers
		assertEquals(result.T(), result.processors().get((1 << d) - 1).finish(), 1e-9);
		// the root sends once per round
		assertEquals(d, result.processors().get(0).ops().size());
	}
}
