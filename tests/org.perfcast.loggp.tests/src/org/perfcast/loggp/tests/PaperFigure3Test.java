package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.perfcast.loggp.tests.CommunicationSimulationTest.MEIKO;
import static org.perfcast.loggp.tests.CommunicationSimulationTest.assertOp;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.loggp.Algorithm;
import org.perfcast.loggp.CommunicationPattern;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.Operation;
import org.perfcast.loggp.StepResult;

/**
 * The paper's section 4 example on examples/loggp-step/figure3.pattern, the reconstruction of its figure 3: 101-byte
 * messages, L = 9, o = 2, g = 14, G = 0.03 µs.
 */
class PaperFigure3Test {

	private static CommunicationPattern figure3;

	@BeforeAll
	static void load() throws Exception {
		figure3 = Patterns.exampleParsed("loggp-step/figure3.pattern");
	}

	@Test
	void testReconstructionHasEightProcessorsOnThreeDiagonalsAndNineMessages() {
		assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8), figure3.processors());
		assertEquals(9, figure3.messages().size());
	}

	@Test
	void testStandardTakes67WithProcessor7Last() {
		StepResult step = Algorithm.STANDARD.simulate(figure3, MEIKO, LogGPRules.DEFAULT, EngineMonitor.NULL);
		assertEquals(67, step.T(), 1e-9);
		assertEquals(List.of(7), step.last());
	}

	@Test
	void testProcessor4ReceivesFrom1And2BeforeItsSecondSendTo7() {
		List<Operation> ops = Algorithm.STANDARD.simulate(figure3, MEIKO, LogGPRules.DEFAULT, EngineMonitor.NULL)
				.processor(4).ops();
		assertOp(Operation.Kind.SEND, 8, 0, 5, ops.get(0));
		assertOp(Operation.Kind.RECV, 1, 19, 24, ops.get(1));
		assertOp(Operation.Kind.RECV, 2, 36, 41, ops.get(2));
		assertOp(Operation.Kind.SEND, 7, 51, 56, ops.get(3));
	}

	@Test
	void testOverestimateTakes76WithProcessors6To8Last() {
		StepResult step = Algorithm.OVERESTIMATE.simulate(figure3, MEIKO, LogGPRules.DEFAULT, EngineMonitor.NULL);
		assertEquals(76, step.T(), 1e-9);
		assertEquals(List.of(6, 7, 8), step.last());
		assertTrue(step.forcedTransmissions().isEmpty());
		// 8's messages from 4 and 5 arrive together at 54; the second receive waits (k - 1)G + g
		List<Operation> ops = step.processor(8).ops();
		assertOp(Operation.Kind.RECV, 4, 54, 59, ops.get(0));
		assertOp(Operation.Kind.RECV, 5, 71, 76, ops.get(1));
	}
}
