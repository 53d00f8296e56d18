package org.perfcast.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.expr.Rational;
import org.perfcast.mapping.BlockDataPartitioning;
import org.perfcast.mapping.Evaluation;
import org.perfcast.mapping.ExecutionModel;
import org.perfcast.mapping.InterleavedDataPartitioning;
import org.perfcast.mapping.LoopBodyPipelining;
import org.perfcast.mapping.MappingTechnique;
import org.perfcast.mapping.ParallelLoop;
import org.perfcast.mapping.ProcessorTime;

/** The execution models of the three techniques against Sussman's equations (3), (4), (7) and (8). */
class ExecutionModelsTest {

	private static final BlockDataPartitioning BLOCK = BlockDataPartitioning.INSTANCE;
	private static final InterleavedDataPartitioning INTERLEAVED = InterleavedDataPartitioning.INSTANCE;
	private static final LoopBodyPipelining PIPELINE = LoopBodyPipelining.INSTANCE;

	private static final String[] BBS = { "0", "1", "10", "3/7", "50", "57.5", "100", "1000" };

	private static Rational r(String text) {
		int slash = text.indexOf('/');
		return slash < 0 ? Rational.parse(text)
				: Rational.parse(text.substring(0, slash)).divide(Rational.parse(text.substring(slash + 1)));
	}

	private static Rational r(long value) {
		return Rational.of(value);
	}

	/** K = 0, 1/2, 9/10, 1 and 1 − 1/P. */
	private static List<Rational> overlaps(int p) {
		return List.of(Rational.ZERO, r("1/2"), r("9/10"), Rational.ONE, ParallelLoop.defaultOverlap(p));
	}

	@Test
	void testEquation3BlockDataPartitioning() {
		int points = 0;
		for (int p = 1; p <= 16; p++) {
			for (long multiple : new long[] { 1, 7, 100 }) {
				long n = p * multiple;
				for (String bb : BBS) {
					for (Rational k : overlaps(p)) {
						ParallelLoop loop = ParallelLoop.of(n, r(bb), p).withK(k);
						ExecutionModel model = BLOCK.model(loop);
						// (BB + 3P − 2K·P − 1)·N/P
						Rational expected = r(bb).add(r(3 * p)).subtract(r(2).multiply(k).multiply(r(p))).subtract(Rational.ONE)
								.multiply(Rational.of(n, p));
						assertEquals(expected, model.T(), loop.toString());
						assertEquals(expected, model.processors().get(p - 1).T(), "T = T_P");
						points++;
					}
				}
			}
		}
		assertEquals(16 * 3 * BBS.length * 5, points);
	}

	@Test
	void testEquation4InterleavedDataPartitioning() {
		for (int p = 1; p <= 16; p++) {
			for (long multiple : new long[] { 1, 7, 100 }) {
				long n = p * multiple;
				for (String bb : BBS) {
					for (Rational k : overlaps(p)) {
						ExecutionModel model = INTERLEAVED.model(ParallelLoop.of(n, r(bb), p).withK(k));
						// (BB + 2P·(1 − K))·N/P + P − 1
						Rational expected = r(bb).add(r(2 * p).multiply(Rational.ONE.subtract(k))).multiply(Rational.of(n, p))
								.add(r(p - 1));
						assertEquals(expected, model.T());
						assertEquals(expected, model.processors().get(p - 1).T(), "T = T_P");
					}
				}
			}
		}
	}

	@Test
	void testBlockMinusInterleavedIsTheSynchronizationDelay() {
		for (int p = 1; p <= 16; p++) {
			for (long n : new long[] { p, 10L * p, 1000L * p }) {
				for (String bb : BBS) {
					for (Rational k : overlaps(p)) {
						ParallelLoop loop = ParallelLoop.of(n, r(bb), p).withK(k);
						// T_bdp − T_idp = (P−1)·(N/P − 1)
						assertEquals(r(p - 1).multiply(Rational.of(n, p).subtract(Rational.ONE)),
								BLOCK.model(loop).T().subtract(INTERLEAVED.model(loop).T()));
					}
				}
			}
		}
	}

	@Test
	void testEquation7BalancedPipelining() {
		for (int p = 1; p <= 16; p++) {
			for (long n : new long[] { p, 3L * p + 1, 1000, 10_000 }) {
				for (String bb : BBS) {
					ExecutionModel model = PIPELINE.model(ParallelLoop.of(n, r(bb), p));
					// (BB/P)·(N + P − 1)
					assertEquals(r(bb).divide(r(p)).multiply(r(n + p - 1)), model.T());
					assertEquals(model.T(), model.processors().get(p - 1).T(), "T = T_P");
				}
			}
		}
	}

	@Test
	void testEquation8UnbalancedPipelining() {
		for (int p = 1; p <= 16; p++) {
			for (Rational lf : List.of(Rational.ONE, r("1.5"), r(2), r("7/3"), r(p))) {
				if (lf.compareTo(r(p)) > 0) {
					continue;
				}
				for (long n : new long[] { p, 1000, 10_000 }) {
					for (String bb : BBS) {
						ExecutionModel model = PIPELINE.model(ParallelLoop.of(n, r(bb), p).withLF(lf));
						// (BB/P)·(LF·N + P − LF)
						assertEquals(r(bb).divide(r(p)).multiply(lf.multiply(r(n)).add(r(p)).subtract(lf)), model.T());
					}
				}
			}
		}
	}

	@Test
	void testExplicitStageCosts() {
		ParallelLoop loop = ParallelLoop.of(100, r(10), 3).withStageCosts(List.of(r(2), r(5), r(3)));
		assertEquals(r(10), loop.BB());
		ExecutionModel model = PIPELINE.model(loop);
		// equation (6): T_i = BB_i·N + Σ_{j<i} BB_j
		assertEquals(List.of(r(200), r(502), r(307)), model.processors().stream().map(ProcessorTime::T).toList());
		assertEquals(r(502), model.T());
		assertEquals(1, model.critical());
	}

	@Test
	void testPaddingWhenPDoesNotDivideN() {
		// N = 95 on P = 10 is padded to 100 items, ⌈N/P⌉ = 10 each: equation (3) with N = 100
		ParallelLoop loop = ParallelLoop.of(95, r(7), 10).withK(Rational.ZERO);
		assertEquals(BLOCK.model(loop.withN(100)).T(), BLOCK.model(loop).T());
	}

	@Test
	void testInterleavingNeedsNoNeighbourhood() {
		ParallelLoop loop = ParallelLoop.of(1000, r(10), 10).withNeighbourhood(1, 2);
		String reason = INTERLEAVED.notApplicable(loop).orElseThrow();
		assertEquals("interleaved data partitioning needs a loop body without neighbourhood (x = y = 0), but x = 1 and y = 2:"
				+ " every item would be replicated on x + y + 1 = 4 processors", reason);
		assertEquals(reason, assertThrows(IllegalArgumentException.class, () -> INTERLEAVED.model(loop)).getMessage());
		assertTrue(BLOCK.notApplicable(loop).isEmpty());
		assertTrue(INTERLEAVED.notApplicable(loop.withNeighbourhood(0, 0)).isEmpty());
	}

	@Test
	void testBadInput() {
		ParallelLoop loop = ParallelLoop.of(1000, r(10), 10);
		assertEquals("P = 20 processors exceed the N = 10 loop iterations: every processor needs at least one iteration",
				assertThrows(IllegalArgumentException.class, () -> ParallelLoop.of(10, r(10), 20)).getMessage());
		assertEquals("loop body cost BB must not be negative, was -5",
				assertThrows(IllegalArgumentException.class, () -> ParallelLoop.of(10, r(-5), 2)).getMessage());
		assertEquals("loop body cost BB must not be negative, was -1",
				assertThrows(IllegalArgumentException.class, () -> loop.withBB(r(-1))).getMessage());
		assertEquals("communication cost per item must not be negative, was -1",
				assertThrows(IllegalArgumentException.class, () -> loop.withItemCost(r(-1))).getMessage());
		assertEquals("stage cost BB_2 must not be negative, was -1", assertThrows(IllegalArgumentException.class,
				() -> ParallelLoop.of(10, r(1), 2).withStageCosts(List.of(r(2), r(-1)))).getMessage());
		assertEquals("load factor LF must be between 1 and P = 10, was 1/2",
				assertThrows(IllegalArgumentException.class, () -> loop.withLF(r("0.5"))).getMessage());
		assertEquals("load factor LF must be between 1 and P = 10, was 11",
				assertThrows(IllegalArgumentException.class, () -> loop.withLF(r(11))).getMessage());
		assertEquals("overlap fraction K must be between 0 and 1, was 3/2",
				assertThrows(IllegalArgumentException.class, () -> loop.withK(r("1.5"))).getMessage());
		assertEquals("the neighbourhood x = -1, y = 0 must not be negative",
				assertThrows(IllegalArgumentException.class, () -> loop.withNeighbourhood(-1, 0)).getMessage());
		assertEquals("the loop body cost BB = 10 must lie between its lower bound 12 and its upper bound 14",
				assertThrows(IllegalArgumentException.class, () -> loop.withBounds(r(12), r(14))).getMessage());
		assertEquals("pipelining needs one stage cost per processor: 2 given for P = 10",
				assertThrows(IllegalArgumentException.class, () -> loop.withStageCosts(List.of(r(1), r(2)))).getMessage());
	}

	/** Random loops: T = max_i T_i, parts not negative, T monotone in BB and N, Tlower ≤ T ≤ Tupper. */
	@Test
	void testPropertiesOnGeneratedLoops() {
		Random random = new Random(20260614);
		for (int i = 0; i < 2000; i++) {
			int p = 1 + random.nextInt(32);
			long n = p + random.nextInt(5000);
			Rational bb = Rational.of(random.nextInt(20_000), 1 + random.nextInt(100));
			Rational k = Rational.of(random.nextInt(11), 10);
			Rational lf = Rational.ONE.add(Rational.of(random.nextInt(100), 100).multiply(r(p - 1)));
			Rational c = Rational.of(random.nextInt(5), 1 + random.nextInt(4));
			ParallelLoop loop = ParallelLoop.of(n, bb, p).withK(k).withLF(lf).withItemCost(c)
					.withBounds(bb.multiply(r("0.8")), bb.multiply(r("1.25")));
			for (MappingTechnique technique : MappingTechnique.all()) {
				ExecutionModel model = technique.model(loop);
				assertEquals(p, model.processors().size());
				Rational max = model.processors().stream().map(ProcessorTime::T).max(Rational::compareTo).orElseThrow();
				assertEquals(max, model.T());
				for (ProcessorTime t : model.processors()) {
					assertTrue(t.SEQ().signum() >= 0 && t.CL().signum() >= 0 && t.SD().signum() >= 0 && t.OL().signum() >= 0);
					assertTrue(t.OL().compareTo(t.CL()) <= 0);
					assertEquals(t.SEQ().add(t.CL()).add(t.SD()).subtract(t.OL()), t.T());
				}
				Rational more = bb.add(Rational.of(1 + random.nextInt(50), 7));
				assertTrue(technique.model(loop.withBB(more)).T().compareTo(model.T()) >= 0, "monotone in BB");
				assertTrue(technique.model(loop.withN(n + 1 + random.nextInt(50))).T().compareTo(model.T()) >= 0,
						"monotone in N");
				Evaluation evaluation = Evaluation.of(technique, loop);
				assertTrue(evaluation.Tlower().compareTo(evaluation.T()) <= 0 && evaluation.T().compareTo(evaluation.Tupper()) <= 0);
			}
		}
	}
}
