package org.perfcast.revprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleBinaryOperator;

import org.junit.jupiter.api.Test;
import org.perfcast.revprof.Characterisation;
import org.perfcast.revprof.CostFit;
import org.perfcast.revprof.DataForm;
import org.perfcast.revprof.FunctionFit;
import org.perfcast.revprof.Measurement;
import org.perfcast.revprof.MeasurementsException;
import org.perfcast.revprof.StartupForm;

/** Fits recover known equations, including the paper's Allreduce and Allgather, from noisy synthetic timings. */
class CharacterisationTest {

	private static final int[] PROCESSES = { 2, 4, 8, 16, 32, 64 };
	private static final long[] SIZES = { 1, 2, 4, 8, 16, 32, 64, 256, 1024, 4096, 16384, 65536 };

	private static double log2(double p) {
		return Math.log(p) / Math.log(2);
	}

	/** Five repetitions of every (p, d), with 1 % Gaussian noise. */
	private static List<Measurement> synthetic(String function, DoubleBinaryOperator time, long seed) {
		Random random = new Random(seed);
		List<Measurement> points = new ArrayList<>();
		for (int p : PROCESSES) {
			for (long d : SIZES) {
				for (int r = 0; r < 5; r++) {
					double t = time.applyAsDouble(p, d);
					points.add(new Measurement(function, p, d, t * (1 + 0.01 * random.nextGaussian()), 0));
				}
			}
		}
		return points;
	}

	private static void assertCovers(double truth, double value, double error, String what) {
		assertTrue(Math.abs(value - truth) <= 3 * error + 1e-9 * Math.abs(truth), what + ": " + value + " ± " + error
				+ " does not cover " + truth);
	}

	private static void assertFit(CostFit fit, StartupForm startup, DataForm data, double c, double s, double k,
			String what) {
		assertEquals(startup, fit.startup(), what + " startup");
		assertEquals(data, fit.data(), what + " data");
		assertCovers(c, fit.c(), fit.cErr(), what + " c");
		assertCovers(s, fit.s(), fit.sErr(), what + " s");
		assertCovers(k, fit.k(), fit.kErr(), what + " k");
	}

	/** The paper's MPI_Allreduce: (50 + 200 log p + 4 d) up to 32 bytes, (300 + 20 p + 0.9 log p d) above. */
	@Test
	void testThePapersAllreduce() throws MeasurementsException {
		for (long seed = 0; seed < 5; seed++) {
			FunctionFit fit = Characterisation.fitFunction("MPI_Allreduce", synthetic("MPI_Allreduce",
					(p, d) -> d <= 32 ? 50 + 200 * log2(p) + 4 * d : 300 + 20 * p + 0.9 * log2(p) * d, seed));
			assertEquals(32L, fit.split(), "seed " + seed);
			assertNull(fit.all());
			assertFit(fit.small(), StartupForm.LOG_P, DataForm.D, 50, 200, 4, "small, seed " + seed);
			assertFit(fit.large(), StartupForm.P, DataForm.LOG_P_D, 300, 20, 0.9, "large, seed " + seed);
			assertTrue(fit.small().maxRelative() < 0.05, "residuals at the noise level");
		}
	}

	/** The paper's MPI_Allgather: (50 + 40 p + 1 d) up to 32 bytes, (4 + 40 p + 0.3 p d) above. */
	@Test
	void testThePapersAllgather() throws MeasurementsException {
		for (long seed = 0; seed < 5; seed++) {
			FunctionFit fit = Characterisation.fitFunction("MPI_Allgather", synthetic("MPI_Allgather",
					(p, d) -> d <= 32 ? 50 + 40 * p + 1 * d : 4 + 40 * p + 0.3 * p * d, seed));
			assertEquals(32L, fit.split(), "seed " + seed);
			assertFit(fit.small(), StartupForm.P, DataForm.D, 50, 40, 1, "small, seed " + seed);
			assertFit(fit.large(), StartupForm.P, DataForm.P_D, 4, 40, 0.3, "large, seed " + seed);
		}
	}

	/** One equation for all sizes is not split; each of the 12 forms is recognised. */
	@Test
	void testEveryFormWithoutASplit() throws MeasurementsException {
		long seed = 0;
		for (StartupForm startup : StartupForm.values()) {
			for (DataForm data : DataForm.values()) {
				FunctionFit fit = Characterisation.fitFunction("f", synthetic("f", (p, d) -> 100 + 30 * startup.value(p)
						+ 0.5 * data.value(p, d), seed++));
				assertNull(fit.split(), startup + " " + data);
				assertFit(fit.all(), startup, data, 100, 30, 0.5, startup + " " + data);
				assertTrue(fit.covers(8, 100) && !fit.covers(128, 100) && !fit.covers(8, 1 << 20), "ranges");
			}
		}
	}

	@Test
	void testBarrierHasNoDataTerm() throws MeasurementsException {
		List<Measurement> points = new ArrayList<>();
		Random random = new Random(3);
		for (int p : PROCESSES) {
			for (int r = 0; r < 5; r++) {
				points.add(new Measurement("MPI_Barrier", p, 0, (20 + 15 * log2(p)) * (1 + 0.01 * random.nextGaussian()),
						0));
			}
		}
		FunctionFit fit = Characterisation.fitFunction("MPI_Barrier", points);
		assertEquals(StartupForm.LOG_P, fit.all().startup());
		assertEquals(0, fit.all().k());
		assertCovers(15, fit.all().s(), fit.all().sErr(), "s");
	}

	@Test
	void testExactDataFitExactly() throws MeasurementsException {
		List<Measurement> points = new ArrayList<>();
		for (int p : PROCESSES) {
			for (long d : SIZES) {
				points.add(new Measurement("exact", p, d, 7 + 3 * p * p + 2 * d, 0));
			}
		}
		CostFit fit = Characterisation.fitFunction("exact", points).all();
		assertEquals(7, fit.c(), 1e-6);
		assertEquals(3, fit.s(), 1e-9);
		assertEquals(2, fit.k(), 1e-9);
		assertEquals("(7 ± 0) + (3 ± 0) × p^2 + (2 ± 0) × d", fit.equation().replaceAll("± [0-9.e-]+\\)", "± 0)"));
	}

	@Test
	void testOneProcessCountCannotBeFitted() {
		List<Measurement> points = new ArrayList<>();
		for (long d : SIZES) {
			points.add(new Measurement("MPI_Send", 2, d, 10 + d, 4));
		}
		MeasurementsException e = assertThrows(MeasurementsException.class, () -> Characterisation.fit(points));
		assertEquals("MPI_Send: cannot be fitted: the measurements need at least two process counts (they have 1) and "
				+ "more points than coefficients", e.getMessage());
		assertEquals(4, e.line());
	}

	/** Names and titles go into the LaTeX datasheet as text: nothing in them becomes a command. */
	@Test
	void testDatasheetTextCannotBecomeLatexCommands() throws Exception {
		String hostile = "x^^5cinput{/etc/passwd} \\write18{rm} $\\pi$ 100% #1 a_b & c~d <= e > f {g}";
		List<Measurement> points = synthetic("MPI_Barrier", (p, d) -> 10 + 2 * p, 0);
		FunctionFit fit = Characterisation.fitFunction("MPI_Barrier", points);
		String tex = org.perfcast.revprof.Datasheet.latex(hostile, List.of(fit), points);
		String title = tex.substring(tex.indexOf("\\title{") + 7, tex.indexOf("}\n\\begin{document}"));
		assertEquals("x\\textasciicircum{}\\textasciicircum{}5cinput\\{/etc/passwd\\} \\textbackslash{}write18\\{rm\\} "
				+ "\\$\\textbackslash{}pi\\$ 100\\% \\#1 a\\_b \\& c\\textasciitilde{}d $\\le$ e $>$ f \\{g\\}", title);
	}
}
