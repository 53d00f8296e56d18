package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.perfcast.loggp.tests.CommunicationSimulationTest.MEIKO;
import static org.perfcast.loggp.tests.CommunicationSimulationTest.assertOp;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.loggp.Algorithm;
import org.perfcast.loggp.CommunicationPattern;
import org.perfcast.loggp.ForcedTransmission;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.Operation;
import org.perfcast.loggp.OverestimationSimulation;
import org.perfcast.loggp.StepResult;

class OverestimationSimulationTest {

	static StepResult overestimate(CommunicationPattern pattern, LogGPRules rules) {
		return OverestimationSimulation.simulate(pattern, MEIKO, rules, EngineMonitor.NULL);
	}

	@Test
	void testReceivesEverythingBeforeSending() {
		// 1 would send at 0 in the standard simulation; here it waits for the message from 0
		StepResult step = overestimate(Patterns.of("0 1 101", "1 2 101"), LogGPRules.DEFAULT);
		List<Operation> ops = step.processor(1).ops();
		assertOp(Operation.Kind.RECV, 0, 11, 16, ops.get(0));
		assertOp(Operation.Kind.SEND, 2, 26, 31, ops.get(1));
		assertEquals(42, step.T(), 1e-9);
		assertTrue(step.forcedTransmissions().isEmpty());
	}

	@Test
	void testNeverBelowTheStandardSimulation() {
		for (long seed = 0; seed < 200; seed++) {
			int P = 2 + (int) (seed % 9);
			CommunicationPattern pattern = CommunicationPattern.random(seed, P, 1 + (int) (seed % 23), 1 + (int) (seed * 37 % 3000));
			double standard = Algorithm.STANDARD.simulate(pattern, MEIKO, LogGPRules.DEFAULT, EngineMonitor.NULL).T();
			double over = overestimate(pattern, LogGPRules.DEFAULT.withSeed(seed)).T();
			assertTrue(over >= standard - 1e-9, "seed " + seed + ": overestimate " + over + " < standard " + standard
					+ " on " + pattern.messages());
		}
	}

	@Test
	void testCycleIsBrokenByAForcedTransmission() {
		CommunicationPattern cycle = Patterns.of("0 1 101", "1 0 101");
		StepResult step = overestimate(cycle, LogGPRules.DEFAULT);
		assertEquals(1, step.forcedTransmissions().size());
		ForcedTransmission forced = step.forcedTransmissions().get(0);
		assertEquals(0, forced.start(), 1e-9);
		int other = 1 - forced.from();
		// the other processor, no longer waiting, receives at 11, sends 10 later; the forced one receives at 37
		assertOp(Operation.Kind.RECV, forced.from(), 11, 16, step.processor(other).ops().get(0));
		assertOp(Operation.Kind.SEND, forced.from(), 26, 31, step.processor(other).ops().get(1));
		assertOp(Operation.Kind.RECV, other, 37, 42, step.processor(forced.from()).ops().get(1));
		assertEquals(42, step.T(), 1e-9);
		assertEquals(step, overestimate(cycle, LogGPRules.DEFAULT));
	}

	@Test
	void testSeedChoosesWhichProcessorOfTheCycleIsForced() {
		CommunicationPattern ring = Patterns.of("0 1 101", "1 2 101", "2 3 101", "3 0 101");
		long distinct = java.util.stream.LongStream.range(0, 20)
				.map(seed -> overestimate(ring, LogGPRules.DEFAULT.withSeed(seed)).forcedTransmissions().get(0).from())
				.distinct().count();
		assertTrue(distinct > 1, "20 seeds all forced the same processor");
		for (long seed = 0; seed < 20; seed++) {
			assertEquals(1, overestimate(ring, LogGPRules.DEFAULT.withSeed(seed)).forcedTransmissions().size());
		}
	}

	@Test
	void testAcyclicPatternNeedsNoForcing() {
		StepResult step = overestimate(Patterns.of("0 1 10", "0 2 10", "1 3 10", "2 3 10", "3 4 10"), LogGPRules.DEFAULT);
		assertTrue(step.forcedTransmissions().isEmpty());
		assertEquals(Operation.Kind.RECV, step.processor(3).ops().get(1).kind());
		assertEquals(Operation.Kind.SEND, step.processor(3).ops().get(2).kind());
	}
}
