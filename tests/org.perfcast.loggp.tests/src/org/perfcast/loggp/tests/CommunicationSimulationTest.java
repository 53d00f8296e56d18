package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.loggp.Algorithm;
import org.perfcast.loggp.CommunicationPattern;
import org.perfcast.loggp.CommunicationSimulation;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.Operation;
import org.perfcast.loggp.StepResult;
import org.perfcast.loggp.TieSpread;

class CommunicationSimulationTest {

	/** The paper's Meiko CS-2-like parameters (µs). */
	static final LogGP MEIKO = new LogGP(9, 2, 14, 0.03);

	static StepResult simulate(CommunicationPattern pattern, LogGP logGP, LogGPRules rules) {
		return CommunicationSimulation.simulate(pattern, logGP, rules, EngineMonitor.NULL);
	}

	static void assertOp(Operation.Kind kind, int peer, double start, double end, Operation op) {
		assertEquals(kind, op.kind(), op.toString());
		assertEquals(peer, op.peer(), op.toString());
		assertEquals(start, op.start(), 1e-9, op.toString());
		assertEquals(end, op.end(), 1e-9, op.toString());
	}

	@Test
	void testSingleMessageCostsOverheadBytesLatencyOverhead() {
		StepResult step = simulate(Patterns.of("0 1 101"), MEIKO, LogGPRules.DEFAULT);
		// o + (k-1)G + L + o = 2 + 3 + 9 + 2
		assertEquals(16, step.T(), 1e-9);
		assertOp(Operation.Kind.SEND, 1, 0, 5, step.processor(0).ops().get(0));
		assertOp(Operation.Kind.RECV, 0, 11, 16, step.processor(1).ops().get(0));
		assertEquals(List.of(1), step.last());
		assertEquals(13, simulate(Patterns.of("3 7 1"), MEIKO, LogGPRules.DEFAULT).T(), 1e-9);
	}

	@Test
	void testFanOutSendsAreGapApart() {
		StepResult step = simulate(Patterns.of("0 1 101", "0 2 101", "0 3 101"), MEIKO, LogGPRules.DEFAULT);
		List<Operation> sends = step.processor(0).ops();
		// consecutive sends start (k-1)G + g = 17 apart
		assertOp(Operation.Kind.SEND, 1, 0, 5, sends.get(0));
		assertOp(Operation.Kind.SEND, 2, 17, 22, sends.get(1));
		assertOp(Operation.Kind.SEND, 3, 34, 39, sends.get(2));
		assertOp(Operation.Kind.RECV, 0, 45, 50, step.processor(3).ops().get(0));
		assertEquals(50, step.T(), 1e-9);
	}

	@Test
	void testFanInReceivesAreGapApart() {
		StepResult step = simulate(Patterns.of("1 0 101", "2 0 101", "3 0 101"), MEIKO, LogGPRules.DEFAULT);
		List<Operation> receives = step.processor(0).ops();
		assertOp(Operation.Kind.RECV, 1, 11, 16, receives.get(0));
		assertOp(Operation.Kind.RECV, 2, 28, 33, receives.get(1));
		assertOp(Operation.Kind.RECV, 3, 45, 50, receives.get(2));
		assertEquals(List.of(0), step.last());
	}

	@Test
	void testWaitingMessageIsReceivedBeforeTheNextSend() {
		CommunicationPattern pattern = Patterns.of("0 1 101", "1 2 101", "1 2 101");
		List<Operation> ops = simulate(pattern, MEIKO, LogGPRules.DEFAULT).processor(1).ops();
		// the message from 0 arrives at 11, before 1's second send could start (17): 1 receives first, g after
		// its first send ends, and sends max(2o, g) - 2o = 10 after the receive
		assertOp(Operation.Kind.SEND, 2, 0, 5, ops.get(0));
		assertOp(Operation.Kind.RECV, 0, 19, 24, ops.get(1));
		assertOp(Operation.Kind.SEND, 2, 34, 39, ops.get(2));
		// figure 2 taken literally compares start times: the receive could start only at 19, the send at 17
		List<Operation> literal = simulate(pattern, MEIKO,
				LogGPRules.DEFAULT.withReceivePriority(LogGPRules.ReceivePriority.EARLIER_START)).processor(1).ops();
		assertOp(Operation.Kind.SEND, 2, 17, 22, literal.get(1));
		assertOp(Operation.Kind.RECV, 0, 36, 41, literal.get(2));
	}

	@Test
	void testVariedSizes() {
		LogGP logGP = new LogGP(10, 1, 4, 0.5);
		StepResult step = simulate(Patterns.of("0 1 9", "0 2 1", "2 1 5"), logGP, LogGPRules.DEFAULT);
		assertOp(Operation.Kind.SEND, 1, 0, 5, step.processor(0).ops().get(0));
		// the second send waits (9 - 1)G + g after the first started
		assertOp(Operation.Kind.SEND, 2, 8, 9, step.processor(0).ops().get(1));
		assertOp(Operation.Kind.SEND, 1, 0, 3, step.processor(2).ops().get(0));
		// both messages to 1 arrive at 11; the second receive waits (9 - 1)G + g after the first started
		assertOp(Operation.Kind.RECV, 0, 11, 16, step.processor(1).ops().get(0));
		assertOp(Operation.Kind.RECV, 2, 19, 22, step.processor(1).ops().get(1));
		assertOp(Operation.Kind.RECV, 0, 19, 20, step.processor(2).ops().get(1));
		assertEquals(22, step.T(), 1e-9);
	}

	@Test
	void testRulesChangeTheCosts() {
		CommunicationPattern one = Patterns.of("0 1 101");
		assertEquals(19, simulate(one, MEIKO, LogGPRules.DEFAULT.withArrival(LogGPRules.Arrival.LAST_BYTE)).T(), 1e-9);
		assertEquals(13, simulate(one, MEIKO, LogGPRules.DEFAULT.withReceiveCost(LogGPRules.ReceiveCost.OVERHEAD)).T(),
				1e-9);
		CommunicationPattern relay = Patterns.of("0 1 101", "1 2 101", "1 2 101");
		StepResult without = simulate(relay, MEIKO, LogGPRules.DEFAULT.withCrossGaps(false));
		// without the gaps between kinds, 1 receives as soon as the message arrives and sends right after
		assertOp(Operation.Kind.RECV, 0, 11, 16, without.processor(1).ops().get(1));
		assertOp(Operation.Kind.SEND, 2, 17, 22, without.processor(1).ops().get(2));
	}

	@Test
	void testSameSeedSameSchedule() {
		CommunicationPattern pattern = CommunicationPattern.random(11, 16, 400, 1);
		LogGP logGP = new LogGP(1, 1, 20, 0);
		LogGPRules random = LogGPRules.DEFAULT.withCrossGaps(false).withTies(LogGPRules.Ties.RANDOM).withSeed(42);
		assertEquals(simulate(pattern, logGP, random), simulate(pattern, logGP, random));
		assertEquals(simulate(pattern, MEIKO, LogGPRules.DEFAULT), simulate(pattern, MEIKO, LogGPRules.DEFAULT.withSeed(7)));
	}

	@Test
	void testRandomTiesChangeWhichOfEqualProcessorsActsFirst() {
		// without the gaps between kinds and with o + L small against g, a processor at the same current time can
		// send a message that arrives before the other's next send could start: the order they act in matters
		LogGP logGP = new LogGP(1, 1, 20, 0);
		CommunicationPattern pattern = CommunicationPattern.random(11, 16, 400, 1);
		LogGPRules rules = LogGPRules.DEFAULT.withCrossGaps(false);
		StepResult lowest = simulate(pattern, logGP, rules);
		long differing = java.util.stream.LongStream.range(0, 10)
				.filter(seed -> !simulate(pattern, logGP, rules.withTies(LogGPRules.Ties.RANDOM).withSeed(seed)).equals(lowest))
				.count();
		assertTrue(differing > 0, "10 seeds all gave the lowest-id schedule");
		// under the default rules the same pattern does not depend on the order of equal processors
		StepResult byDefault = simulate(pattern, logGP, LogGPRules.DEFAULT);
		assertEquals(byDefault, simulate(pattern, logGP, LogGPRules.DEFAULT.withTies(LogGPRules.Ties.RANDOM).withSeed(3)));
	}

	@Test
	void testTieSpreadBracketsEachSeed() {
		CommunicationPattern pattern = CommunicationPattern.random(3, 12, 200, 500);
		TieSpread spread = TieSpread.of(Algorithm.STANDARD, pattern, MEIKO, LogGPRules.DEFAULT.withSeed(5), 10,
				EngineMonitor.NULL);
		assertEquals(10, spread.runs());
		for (long seed = 5; seed < 15; seed++) {
			double T = simulate(pattern, MEIKO, LogGPRules.DEFAULT.withTies(LogGPRules.Ties.RANDOM).withSeed(seed)).T();
			assertTrue(spread.min() <= T && T <= spread.max(), seed + ": " + T + " outside " + spread);
		}
		assertNotEquals(Double.POSITIVE_INFINITY, spread.min());
	}

	@Test
	void testEveryMessageIsSentAndReceivedOnceInTimeOrder() {
		CommunicationPattern pattern = CommunicationPattern.random(5, 30, 3000, 4096);
		StepResult step = simulate(pattern, MEIKO, LogGPRules.DEFAULT);
		int[] sends = new int[pattern.messages().size()];
		int[] receives = new int[pattern.messages().size()];
		for (var p : step.processors()) {
			double previousEnd = 0;
			for (Operation op : p.ops()) {
				assertTrue(op.start() >= previousEnd, "processor " + p.id() + " overlaps at " + op);
				previousEnd = op.end();
				(op.kind() == Operation.Kind.SEND ? sends : receives)[op.message()]++;
			}
			assertEquals(previousEnd, p.finish());
		}
		for (int m = 0; m < sends.length; m++) {
			assertEquals(1, sends[m], "sends of message " + m);
			assertEquals(1, receives[m], "receives of message " + m);
		}
	}
}
