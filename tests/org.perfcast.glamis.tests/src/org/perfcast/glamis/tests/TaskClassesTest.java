package org.perfcast.glamis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.glamis.GlamisAnalysis;
import org.perfcast.glamis.GlamisParser;
import org.perfcast.glamis.MultiClassMva;
import org.perfcast.glamis.ProgramDerivation;
import org.perfcast.glamis.Solver;
import org.perfcast.glamis.Station;
import org.perfcast.pamela.Pamela;

/**
 * Sections of several task classes: the multi-class solution, the slowest class's time, and the classes the
 * derivation from a program makes of processes with unequal loads.
 */
class TaskClassesTest {

	private static Path example(String relative) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative);
	}

	private static GlamisAnalysis.Result solve(String text, Solver solver) {
		return GlamisAnalysis.analyse(GlamisParser.parse(text), ParameterBindings.EMPTY, solver, EngineMonitor.NULL);
	}

	/**
	 * One task of each of two classes at one queue, demands a and b: each always finds the other there, so
	 * R = 2a and 2b exactly, and the section lasts 2 max(a, b).
	 */
	@Test
	void testTwoClassesAtOneQueueTakeTheSlowerCycle() {
		GlamisAnalysis.Result result = solve("""
				machine < cpu: I(1), bus: Q(1) >
				program 1 : < 0, 3 >,
				        1 : < 0, 5 >
				""", Solver.EXACT);
		GlamisAnalysis.SectionResult section = result.sections().get(0);
		assertEquals(List.of(6.0, 10.0), section.classes().stream().map(GlamisAnalysis.ClassResult::T).toList());
		assertEquals(10, result.T(), 1e-12);
		assertEquals(2, section.tasks());
		assertEquals(List.of(), result.notes());
	}

	/** Classes that only compute do not contend: the section is the largest computation, not the mean. */
	@Test
	void testUnequalComputationIsNotAveraged() {
		GlamisAnalysis.Result result = solve("""
				machine < cpu: I(1), bus: Q(1) >
				program 3 : < 100, 0 >, 5 : < 0, 0 >, 1 : < 400, 0 >
				""", Solver.EXACT);
		assertEquals(400, result.T(), 1e-12);
		// a class that asks nothing takes no time
		assertEquals(0, result.sections().get(0).classes().get(1).T());
	}

	/**
	 * Bard–Schweitzer per class stays within 10 % of exact multi-class MVA on a small network (its error is
	 * largest for small populations, here 7 % for the class of two).
	 */
	@Test
	void testSchweitzerNearExact() {
		List<Station> stations = List.of(Station.delay("cpu", 0), Station.queue("a", 0), Station.block("b", 3, 0));
		double[][] demands = { { 4, 1, 2 }, { 1, 3, 0.5 } };
		long[] populations = { 3, 2 };
		MultiClassMva.Solution exact = MultiClassMva.exact(stations, demands, populations, EngineMonitor.NULL);
		MultiClassMva.Solution approximate = MultiClassMva.schweitzer(stations, demands, populations, 1e-12, 100_000,
				EngineMonitor.NULL);
		for (int c = 0; c < 2; c++) {
			assertEquals(exact.cycleTime()[c], approximate.cycleTime()[c], 0.1 * exact.cycleTime()[c], "class " + c);
		}
		// with a single class it is the single-class approximation
		MultiClassMva.Solution one = MultiClassMva.schweitzer(stations, new double[][] { demands[0] }, new long[] { 4 },
				1e-12, 100_000, EngineMonitor.NULL);
		double single = org.perfcast.glamis.MeanValueAnalysis.schweitzer(List.of(Station.delay("cpu", 4),
				Station.queue("a", 1), Station.block("b", 3, 2)), 4, 1e-12, 100_000, EngineMonitor.NULL).cycleTime();
		assertEquals(single, one.cycleTime()[0], 1e-9 * single);
	}

	/** Too many population vectors for exact MVA: Bard–Schweitzer, and a note saying so. */
	@Test
	void testManyClassesFallBackToSchweitzer() {
		StringBuilder text = new StringBuilder("machine < cpu: I(1), bus: Q(1) >\nprogram ");
		for (int c = 1; c <= 24; c++) {
			text.append(c == 1 ? "" : ", ").append("1 : < ").append(c).append(", 1 >");
		}
		GlamisAnalysis.Result result = solve(text.toString(), Solver.EXACT);
		assertEquals(1, result.notes().size(), result.notes().toString());
		assertTrue(result.notes().get(0).contains("24 task classes"), result.notes().get(0));
		// at least the largest computation plus its own visit, at most that plus everyone's visits
		assertTrue(result.T() > 25 && result.T() <= 24 + 24, Double.toString(result.T()));
	}

	/**
	 * A program whose processes compute unequally: process 0 computes 300, the others 100 each, and no messages.
	 * Glamis gives the slowest process's time, as PAMELA does, not the mean 125.
	 */
	@Test
	void testDerivedClassesFollowTheMostLoadedProcess(@TempDir Path dir) throws Exception {
		Files.copy(example("matvec-ring/ring.machine"), dir.resolve("ring.machine"));
		Path program = Files.writeString(dir.resolve("unequal.program"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<program:Program xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI"
				    xmlns:program="http://perfcast.org/model/program/1.0" name="unequal" processCount="4">
				  <machine href="ring.machine#/"/>
				  <steps name="compute" cost="p == 0 ? 300 : 100"/>
				</program:Program>
				""");
		ProgramDerivation.Derived derived = ProgramDerivation.derived(program, "unequal.program",
				ParameterBindings.EMPTY, EngineMonitor.NULL);
		assertTrue(derived.text().contains("program 1 : < 300, 0 >,   # compute: process 0\n"
				+ "        3 : < 100, 0 >   # processes 1, 2, 3\n"), derived.text());
		assertEquals(300, solve(derived.text(), Solver.EXACT).T(), 1e-12);
		assertEquals(300, Pamela.analyseProgram(program, "unequal.program", ParameterBindings.EMPTY,
				EngineMonitor.NULL).prediction().T(), 1e-12);
	}

	/**
	 * The blocked Gaussian elimination over the block size b: Glamis's T moves in the same direction as PAMELA's
	 * from one b to the next and stays within 1 % of it (few processes are busy in each wave of the elimination,
	 * so averaging the computation over the 8 processes halved T at b = 160).
	 */
	@Test
	void testGaussElimFollowsPamelaOverTheBlockSize() throws Exception {
		Path file = example("gauss-elim/gauss-elim.program");
		double[] glamis = new double[4];
		double[] pamela = new double[4];
		int[] sizes = { 48, 80, 120, 160 };
		for (int i = 0; i < sizes.length; i++) {
			ParameterBindings b = ParameterBindings.of(Map.of("b", sizes[i]));
			glamis[i] = solve(ProgramDerivation.derive(file, "gauss-elim.program", b, EngineMonitor.NULL), Solver.EXACT)
					.T();
			pamela[i] = Pamela.analyseProgram(file, "gauss-elim.program", b, EngineMonitor.NULL).prediction().T();
			assertEquals(pamela[i], glamis[i], 0.01 * pamela[i], "b = " + sizes[i]);
			if (i > 0) {
				assertEquals(Math.signum(pamela[i] - pamela[i - 1]), Math.signum(glamis[i] - glamis[i - 1]),
						"from b = " + sizes[i - 1] + " to " + sizes[i]);
			}
		}
		// PAMELA gives 18.48 s at b = 160
		assertEquals(18.48e6, glamis[3], 0.01e6);
	}
}
