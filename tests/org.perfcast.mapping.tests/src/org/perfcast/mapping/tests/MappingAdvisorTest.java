package org.perfcast.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.expr.Rational;
import org.perfcast.mapping.Advice;
import org.perfcast.mapping.BlockDataPartitioning;
import org.perfcast.mapping.Crossover;
import org.perfcast.mapping.Figure;
import org.perfcast.mapping.InterleavedDataPartitioning;
import org.perfcast.mapping.LoopBodyPipelining;
import org.perfcast.mapping.MappingAdvisor;
import org.perfcast.mapping.MappingTechnique;
import org.perfcast.mapping.PaperFigures;
import org.perfcast.mapping.ParallelLoop;
import org.perfcast.mapping.Sensitivity;
import org.perfcast.mapping.Series;
import org.perfcast.mapping.Verdict;

/** The advisor, the crossovers and the sensitivity series against the paper's statements about its figures. */
class MappingAdvisorTest {

	private static final MappingTechnique BLOCK = BlockDataPartitioning.INSTANCE;
	private static final MappingTechnique PIPELINE = LoopBodyPipelining.INSTANCE;

	private static Rational r(long value) {
		return Rational.of(value);
	}

	private static Rational r(String decimal) {
		return Rational.parse(decimal);
	}

	@Test
	void testFigure5NoOverlapCosts6000MoreAtN3000() {
		Figure figure = PaperFigures.figure5();
		assertEquals(6 * 21, figure.series().stream().mapToInt(s -> s.points().size()).sum());
		Series none = figure.series("block N=3000 K=0");
		Series complete = figure.series("block N=3000 K=1");
		for (Series.Point point : none.points()) {
			assertEquals(r(6000), point.y().subtract(complete.at(point.x())), "BB = " + point.x());
		}
		// the gap is 2N·ΔK: smaller in absolute terms for N = 1000, larger as a fraction of T
		Series small = figure.series("block N=1000 K=0");
		assertEquals(r(2000), small.at(r(10)).subtract(figure.series("block N=1000 K=1").at(r(10))));
	}

	@Test
	void testFigure6InterleavedBeatsBlockByTheSynchronizationDelay() {
		Figure figure = PaperFigures.figure6();
		for (String k : new String[] { "0", "0.5", "0.9" }) {
			Series block = figure.series("block K=" + k);
			Series interleaved = figure.series("interleaved K=" + k);
			for (Series.Point point : block.points()) {
				Rational n = point.x();
				assertEquals(r(9).multiply(n.divide(r(10)).subtract(Rational.ONE)), point.y().subtract(interleaved.at(n)));
			}
		}
		// "up to a factor of two" for small BB with much overlap: 2.1·N against 1.2·N + 9 at K = 0.9
		Rational ratio = figure.series("block K=0.9").at(r(10_000)).divide(figure.series("interleaved K=0.9").at(r(10_000)));
		assertTrue(ratio.compareTo(r("1.7")) > 0 && ratio.compareTo(r(2)) < 0, ratio.toString());
	}

	@Test
	void testFigure8LoadFactorMultipliesTheSlope() {
		Figure figure = PaperFigures.figure8();
		// the paper's "K = 1 with BB = 50 coincides with K = 2 with BB = 100" means LF: LF = 2 with BB = 50 has the
		// slope of LF = 1 with BB = 100 (10 per iteration); the lines stay 50 apart, the difference in pipeline fill
		Series balanced = figure.series("pipeline BB=100 LF=1");
		Series unbalanced = figure.series("pipeline BB=50 LF=2");
		for (Series.Point point : balanced.points()) {
			assertEquals(r(50), point.y().subtract(unbalanced.at(point.x())));
		}
	}

	@Test
	void testFigures9And10BalancedPipeliningBeatsBlockBy900And9000() {
		Series block1000 = PaperFigures.figure9().series("block K=1");
		Series pipeline1000 = PaperFigures.figure9().series("pipeline LF=1");
		Series block10000 = PaperFigures.figure10().series("block K=1");
		Series pipeline10000 = PaperFigures.figure10().series("pipeline LF=1");
		for (Series.Point point : block1000.points()) {
			Rational bb = point.x();
			// (BB + P − 1)·N/P − (BB/P)·(N + P − 1) = (P − 1)·(N/P − BB/P): 900 − 0.9·BB and 9000 − 0.9·BB
			assertEquals(r(900).subtract(r("0.9").multiply(bb)), point.y().subtract(pipeline1000.at(bb)));
			assertEquals(r(9000).subtract(r("0.9").multiply(bb)), block10000.at(bb).subtract(pipeline10000.at(bb)));
		}
	}

	@Test
	void testFigure9BlockUsuallyAtLeastAsGoodAsUnbalancedPipelining() {
		Figure figure = PaperFigures.figure9();
		for (Series.Point point : figure.series("block K=1").points()) {
			if (point.x().compareTo(r(20)) >= 0) {
				assertTrue(point.y().compareTo(figure.series("pipeline LF=1.5").at(point.x())) < 0);
				assertTrue(point.y().compareTo(figure.series("pipeline LF=2").at(point.x())) < 0);
			}
		}
	}

	/**
	 * Figure 10: "for OL = 0 and LF = 1.5, loop body pipelining is better for BB &lt; 60". Exactly, block
	 * partitioning gives (BB + 29)·1000 and pipelining (BB/10)·(1.5·10 000 + 8.5) = 1500.85·BB, equal at
	 * BB = 29 000 / 500.85 = 580 000 / 10 017 ≈ 57.9: the paper's 60 is this crossover read off the chart and
	 * rounded up to the next grid line; at BB = 58 and 59 block partitioning is already (slightly) faster.
	 */
	@Test
	void testFigure10CrossoverOfPipeliningWithLoadFactor1Point5() {
		ParallelLoop loop = ParallelLoop.of(10_000, r(50), 10).withK(Rational.ZERO).withLF(r("1.5")).withNeighbourhood(1, 1);
		Advice advice = MappingAdvisor.advise(loop, MappingTechnique.all(), EngineMonitor.NULL);
		assertEquals(List.of(PIPELINE, BLOCK), advice.ranking().stream().map(e -> e.technique()).toList());
		assertSame(InterleavedDataPartitioning.INSTANCE, advice.notApplicable().get(0).technique());
		assertSame(PIPELINE, assertInstanceOf(Verdict.Best.class, advice.verdict()).best().technique());

		Crossover bb = advice.crossovers().stream().filter(c -> c.parameter().equals("BB")).findFirst().orElseThrow();
		assertEquals(Rational.of(580_000, 10_017), bb.value());
		assertTrue(bb.exact());
		assertEquals("57.9015673355", String.format("%.10f", bb.value().toDouble()));
		assertSame(PIPELINE, bb.below());
		assertSame(BLOCK, bb.above());
		assertEquals(BLOCK.model(loop.withBB(bb.value())).T(), PIPELINE.model(loop.withBB(bb.value())).T());
		assertTrue(BLOCK.model(loop.withBB(r(58))).T().compareTo(PIPELINE.model(loop.withBB(r(58))).T()) < 0);

		// in N: pipelining's fill costs 42.5, its slope is 7.5 against block's 7.9 per iteration
		Crossover n = advice.crossovers().stream().filter(c -> c.parameter().equals("N")).findFirst().orElseThrow();
		assertSame(BLOCK, n.below());
		assertSame(PIPELINE, n.above());
		// on multiples of 10: 7.9·N against 7.5·N + 42.5, equal at N = 106.25
		assertEquals(r(110), n.value());
		assertTrue(BLOCK.model(loop.withN(100)).T().compareTo(PIPELINE.model(loop.withN(100)).T()) < 0);
		assertTrue(PIPELINE.model(loop.withN(110)).T().compareTo(BLOCK.model(loop.withN(110)).T()) < 0);
	}

	@Test
	void testFigure9CrossoversAtN1000() {
		ParallelLoop loop = ParallelLoop.of(1000, r(10), 10).withK(Rational.ZERO).withLF(r("1.5"));
		Advice advice = MappingAdvisor.advise(loop, List.of(BLOCK, PIPELINE), EngineMonitor.NULL);
		// 100·(BB + 29) = 150.85·BB at BB = 2900 / 50.85 ≈ 57.03
		assertEquals(Rational.of(290_000, 5085), advice.crossovers().get(0).value());
	}

	@Test
	void testTooCloseToCallWhenIntervalsOverlap() {
		ParallelLoop loop = ParallelLoop.of(10_000, r(57), 10).withK(Rational.ZERO).withLF(r("1.5")).withNeighbourhood(1, 1);
		Advice sure = MappingAdvisor.advise(loop, MappingTechnique.all(), EngineMonitor.NULL);
		assertSame(PIPELINE, assertInstanceOf(Verdict.Best.class, sure.verdict()).best().technique());
		Advice unsure = MappingAdvisor.advise(loop.withBounds(r(50), r(66)), MappingTechnique.all(), EngineMonitor.NULL);
		Verdict.TooCloseToCall close = assertInstanceOf(Verdict.TooCloseToCall.class, unsure.verdict());
		assertSame(PIPELINE, close.first().technique());
		assertSame(BLOCK, close.second().technique());
		assertEquals(r("75042.5"), close.first().Tlower());
		assertEquals(r(95_000), close.second().Tupper());
	}

	@Test
	void testEqualPredictionsAreTooCloseToCall() {
		// P = 1: every technique is the sequential loop plus its communication
		ParallelLoop loop = ParallelLoop.of(100, r(10), 1).withK(Rational.ONE);
		Advice advice = MappingAdvisor.advise(loop, MappingTechnique.all(), EngineMonitor.NULL);
		assertInstanceOf(Verdict.TooCloseToCall.class, advice.verdict());
		assertTrue(advice.crossovers().isEmpty());
	}

	@Test
	void testNoApplicableTechnique() {
		ParallelLoop loop = ParallelLoop.of(100, r(10), 4).withNeighbourhood(0, 1);
		assertEquals(InterleavedDataPartitioning.INSTANCE.notApplicable(loop).orElseThrow(),
				assertThrows(IllegalArgumentException.class,
						() -> MappingAdvisor.advise(loop, List.of(InterleavedDataPartitioning.INSTANCE), EngineMonitor.NULL))
						.getMessage());
	}

	@Test
	void testTechniquesByName() {
		assertSame(PIPELINE, MappingTechnique.named("pipeline"));
		assertEquals("unknown mapping technique 'cyclic'; expected block, interleaved or pipeline",
				assertThrows(IllegalArgumentException.class, () -> MappingTechnique.named("cyclic")).getMessage());
	}

	/** The Mapping view's figures: the loop's own value and the crossover are inside, the lines cross there. */
	@Test
	void testSensitivityAroundTheLoopShowsTheCrossover() {
		ParallelLoop loop = ParallelLoop.of(1000, r(100), 10).withNeighbourhood(1, 1).withK(Rational.ZERO);
		Advice advice = MappingAdvisor.advise(loop, MappingTechnique.all(), EngineMonitor.NULL);
		Crossover inBB = advice.crossovers().stream().filter(c -> c.parameter().equals("BB")).findFirst().orElseThrow();
		assertEquals(r(29_000).divide(r(9)), inBB.value());
		Figure figure = Sensitivity.around(loop, advice, Sensitivity.Parameter.BB, 41);
		assertEquals(List.of("pipeline", "block"), figure.series().stream().map(Series::name).toList());
		Series pipeline = figure.series("pipeline");
		Series block = figure.series("block");
		List<Rational> xs = pipeline.points().stream().map(Series.Point::x).toList();
		assertEquals(Rational.ZERO, xs.get(0));
		assertTrue(xs.contains(r(100)), xs.toString());
		assertEquals(inBB.value().multiply(r(3)).divide(r(2)), xs.get(xs.size() - 1));
		for (int i = 1; i < xs.size(); i++) {
			assertTrue(xs.get(i - 1).compareTo(xs.get(i)) < 0, "increasing x");
		}
		assertEquals(r(10_090), pipeline.at(r(100)));
		assertEquals(r(12_900), block.at(r(100)));
		Rational last = xs.get(xs.size() - 1);
		assertTrue(block.at(last).compareTo(pipeline.at(last)) < 0, "block wins beyond the crossover");

		Figure inN = Sensitivity.around(loop, advice, Sensitivity.Parameter.N, 41);
		List<Rational> ns = inN.series().get(0).points().stream().map(Series.Point::x).toList();
		assertEquals(r(10), ns.get(0));
		assertTrue(ns.contains(r(1000)) && ns.stream().allMatch(Rational::isInteger), ns.toString());
		assertThrows(IllegalArgumentException.class, () -> Sensitivity.around(loop, advice, Sensitivity.Parameter.N, 1));
	}
}
