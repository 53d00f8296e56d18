package org.perfcast.glamis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.glamis.GlamisAnalysis;
import org.perfcast.glamis.GlamisParser;
import org.perfcast.glamis.Solver;

/**
 * Section 4 of Jonkers, van Gemund and Reijns: the matrix-vector update on P processors, N = 60, t_f = 1,
 * t_l = 0.2, as the original one-section model solved by Bard–Schweitzer and as the split two-section model.
 */
class MatvecPaperTest {

	static final String ORIGINAL = """
			# the paper's Glamis model of the matrix-vector update (section 4)
			param N = 60
			param P = 6
			param tf = 1
			param tl = 0.2
			machine < I(tf), Q^P(tl) >
			program P : < 2*N^2/P, (N/P)^2*(P-1)/2 >
			""";

	static final String SPLIT = ORIGINAL.replace("program P : < 2*N^2/P, (N/P)^2*(P-1)/2 >",
			"program P : < 2*N^2/P, 0 > ;\n        P : < 0, (N/P)^2*(P-1)/2 >");

	private static double solve(String text, int p, Solver solver) {
		return GlamisAnalysis.analyse(GlamisParser.parse(text), ParameterBindings.of(Map.of("P", p)), solver,
				EngineMonitor.NULL).T();
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60 })
	void testOriginalModelByBardSchweitzerIsTheClosedForm(int p) {
		double expected = 180 * (2.0 * p * p + 17 * p + 1 + Math.sqrt(4.0 * p * p * p * p - 12.0 * p * p * p
				+ 453.0 * p * p - 46 * p + 1)) / ((double) p * p);
		assertEquals(expected, solve(ORIGINAL, p, Solver.SCHWEITZER), 1e-9 * expected);
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60 })
	void testSplitModelIsTheClosedForm(int p) {
		double expected = 360 * (2.0 * p * p + 17 * p + 1) / ((double) p * p);
		assertEquals(expected, solve(SPLIT, p, Solver.EXACT), 1e-9 * expected);
		// with every task at the links, Bard–Schweitzer is exact here too
		assertEquals(expected, solve(SPLIT, p, Solver.SCHWEITZER), 1e-9 * expected);
	}

	@ParameterizedTest
	@ValueSource(ints = { 2, 6, 20, 60 })
	void testExactMvaOfTheOriginalModelLiesBetweenTheSplitAndNoContention(int p) {
		double exact = solve(ORIGINAL, p, Solver.EXACT);
		// at least the computation; at most the split model, which puts every send after a barrier
		org.junit.jupiter.api.Assertions.assertTrue(exact >= 7200.0 / p, exact + " below the computation");
		org.junit.jupiter.api.Assertions.assertTrue(exact <= solve(SPLIT, p, Solver.EXACT) + 1e-9,
				exact + " above the split model");
	}
}
