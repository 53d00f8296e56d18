package org.perfcast.pamela.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.tests.fixtures.Monitors;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.pamela.Pamela;
import org.perfcast.pamela.Prediction;

class PamelaTest {

	static String matvec() throws IOException {
		return Files.readString(Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring", "matvec.pamela"));
	}

	private static Prediction predict(String text, String... bindings) {
		Pamela.Result result = Pamela.analyse(text, "t.pamela", ParameterBindings.parse(List.of(bindings)), EngineMonitor.NULL);
		assertTrue(result.prediction() != null, result.diagnostics().toString());
		return result.prediction();
	}

	private static Diagnostic error(String text) {
		Pamela.Result result = Pamela.analyse(text, "t.pamela", ParameterBindings.EMPTY, EngineMonitor.NULL);
		assertNull(result.prediction());
		assertEquals(1, result.diagnostics().size());
		assertEquals(Severity.ERROR, result.diagnostics().get(0).severity());
		return result.diagnostics().get(0);
	}

	/** Every P dividing N = 60, with the text's (0.2, 0.025) and the printed formulas' (1, 0.2) times. */
	static Stream<Arguments> divisors() {
		return Stream.of(new double[] { 0.2, 0.025 }, new double[] { 1, 0.2 }).flatMap(t -> IntStream.rangeClosed(1, 60)
				.filter(p -> 60 % p == 0).mapToObj(p -> Arguments.of(p, t[0], t[1])));
	}

	/**
	 * The paper's derivation (section 3): T_cplx = b^2 P(P-1)/2 t_l + 2bN t_f, every link's workload is
	 * b^2 P(P-1)/2 t_l, and T = T_cplx = N^2((P-1)/(2P) t_l + (2/P) t_f). These identities hold for both
	 * settings; the paper's printed numbers (e.g. the Glamis times 7200/P for the flops) use t_f = 1 and
	 * t_l = 0.2, while its text states t_f = 0.2 and t_l = 0.025.
	 */
	@ParameterizedTest
	@MethodSource("divisors")
	void testMatrixVectorUpdateMatchesThePaper(int P, double tf, double tl) throws IOException {
		int N = 60;
		double b = (double) N / P;
		Prediction p = predict(matvec(), "P=" + P, "t_f=" + tf, "t_l=" + tl);
		double tcplx = b * b * P * (P - 1) / 2 * tl + 2 * b * N * tf;
		assertEquals(tcplx, p.Tcplx(), 1e-9 * tcplx);
		assertEquals((double) N * N * ((P - 1.0) / (2 * P) * tl + 2.0 / P * tf), p.T(), 1e-9 * p.T());
		assertEquals("critical-path-bound", p.bound());
		double sigma = b * b * P * (P - 1) / 2 * tl;
		assertEquals(P == 1 ? 0 : P, p.resources().size());
		p.resources().values().forEach(w -> assertEquals(sigma, w, 1e-9 * Math.max(1, sigma)));
		assertEquals(sigma, p.sigmaMax(), 1e-9 * Math.max(1, sigma));
	}

	@Test
	void testLoopsOverFloorOfTheIndexAreAnalysedInBlocks() throws IOException {
		// N = 600 000, P = 60: each send loop runs over blocks of b = 10 000 indices, not every index
		Prediction p = predict(matvec(), "N=600000", "P=60", "t_f=1", "t_l=0.2");
		double N = 600000;
		double expected = N * N * (59.0 / 120 * 0.2 + 2.0 / 60);
		assertEquals(expected, p.T(), 1e-9 * expected);
		assertEquals(60, p.resources().size());
		assertEquals(16, predict("param d = 4\nmain = seq(i = 2 .. 17) delay(floor(i / d) - floor(i / d) + 1)").T());
		assertEquals(2 * 2 + 4 * 3 + 4 * 4 + 2 * 5, predict("main = seq(i = 2 .. 13) delay(floor(i / 4) + 2)").T());
	}

	@Test
	void testLoopsOverResiduesAreAnalysedOncePerResidue() {
		assertEquals(25 * (0 + 1 + 2 + 3), predict("main = seq(i = 0 .. 99) delay(i mod 4)").T());
		assertEquals(3, predict("main = par(i = 0 .. 99) delay((i + 1) mod 4)").T());
		// 10^12 indices, 7 residues: each residue class has 10^12 / 7 (rounded) members
		Prediction huge = predict("resource r[7]\nmain = seq(i = 1 .. 1000000000000) use(r[i mod 7], 1)");
		assertEquals(1e12, huge.T(), 1);
		assertEquals(142857142857.0, huge.resources().get("r[0]"));
		assertEquals(142857142858.0, huge.resources().get("r[1]"));
	}

	@Test
	void testProcessContributions() {
		Prediction p = predict("f(x) = delay(x)\ng = delay(2)\nmain = seq { seq(i = 1 .. 3) f(i); f(10); par(k = 1 .. 5) g }");
		assertEquals(new Prediction.Calls(4, 16), p.processes().get("f"));
		assertEquals(new Prediction.Calls(5, 10), p.processes().get("g"));
		assertEquals("f", p.mostContributing());
		Pamela.Result result = Pamela.analyse("f = delay(1)\nmain = f", "f.pamela", ParameterBindings.EMPTY, EngineMonitor.NULL);
		assertTrue(result.diagnostics().get(0).message().endsWith("; most time in f)"), result.diagnostics().toString());
	}

	@Test
	void testConstructs() {
		String head = "param n = 3\nresource r[2]\nresource bus\n";
		assertEquals(5, predict(head + "main = delay(5)").T());
		assertEquals(9, predict(head + "main = seq { delay(4); delay(5) }").T());
		assertEquals(5, predict(head + "main = par { delay(4); delay(5) }").T());
		assertEquals(6, predict(head + "main = seq(i = 1 .. n) delay(i)").T()); // 1 + 2 + 3
		assertEquals(3, predict(head + "main = par(i = 1 .. n) delay(i)").T());
		assertEquals(0, predict(head + "main = seq(i = 1 .. 0) delay(i)").T(), "empty ranges are empty");
		Prediction contended = predict(head + "main = par(i = 1 .. 4) use(bus, 2)");
		assertEquals(2, contended.Tcplx());
		assertEquals(8, contended.T());
		assertEquals("contention-bound on bus", contended.bound());
		Prediction indexed = predict(head + "work(k) = use(r[k mod 2], k)\nmain = par(k = 1 .. 3) work(k)");
		assertEquals(Map.of("r[0]", 2.0, "r[1]", 4.0), indexed.resources());
		assertEquals(List.of("r[0]", "r[1]"), List.copyOf(indexed.resources().keySet()));
		assertEquals(4, predict(head + "main = seq(i = 1 .. n) delay(1)", "n=4").T(), "bindings override defaults");
	}

	@Test
	void testLoopsThatDoNotReadTheirIndexAreMultiplied() {
		long start = System.nanoTime();
		Prediction p = predict("resource l\nmain = seq(i = 1 .. 1000000000) seq(j = 1 .. 1000) use(l, 0.5)");
		assertEquals(5e11, p.T(), 1);
		assertTrue(System.nanoTime() - start < 5_000_000_000L, "not iterated");
	}

	@Test
	void testPredictionAndWarningsAsDiagnostics() {
		Pamela.Result result = Pamela.analyse("resource bus\nbudget T < 10\n\nmain = par(i = 1 .. 4) use(bus, 3)", "b.pamela",
				ParameterBindings.EMPTY, EngineMonitor.NULL);
		assertEquals(List.of(
				"b.pamela:4:1: info: T = 12 (contention-bound on bus; T_cplx = 3, sigma_max = 12)",
				"b.pamela:4:1: warning: contention dominates: bus is busy for 12, longer than the critical path 3",
				"b.pamela:2:1: warning: T = 12 exceeds the budget T < 10"),
				result.diagnostics().stream().map(Diagnostic::toString).toList());
	}

	@Test
	void testErrorsAreLocated() {
		Diagnostic syntax = error("param N = 60\nmain = seq(i = 0 .. N) delay(i\n");
		assertEquals(3, ((Location.TextLocation) syntax.location()).line());
		assertTrue(syntax.message().startsWith("expected ')'"), syntax.message());

		Diagnostic undefined = error("main = seq { delay(1); flop }");
		assertEquals("undefined process 'flop'", undefined.message());
		assertEquals(24, ((Location.TextLocation) undefined.location()).column());

		assertTrue(error("main = delay(t_x)").message().contains("t_x"));
		assertEquals("recursion: main -> f -> g -> f (PAMELA models cannot call themselves)",
				error("f = seq { delay(1); g }\ng = f\nmain = f").message());
		assertTrue(error("param d = 0\nmain = delay(1 / d)").message().contains("division by zero"));
		assertTrue(error("resource l[4]\nmain = use(l[4], 1)").message().startsWith("index 4 of 'l' is outside 0 .. 3"));
		assertTrue(error("main = delay(-1)").message().contains("negative"));
		String huge = error("main = seq(i = 1 .. 100000000000) delay(sqrt(i))").message();
		assertTrue(huge.startsWith("the range i = 1 .. 100000000000 has 100000000000 iterations, more than 10000000 that "
				+ "can be analysed one by one, and no closed form: sqrt of a symbolic value"), huge);
		assertEquals(5e21 + 5e10, predict("main = seq(i = 1 .. 100000000000) delay(i)").T(), 1e7,
				"a huge range with a polynomial body is summed in closed form");
		assertEquals("the model has no 'main' process", error("param N = 1").message());
		assertEquals("the model has no 'main' process", error("").message());
	}

	@Test
	void testCancel() {
		assertThrows(CancelledException.class, () -> Pamela.analyse("main = seq(i = 1 .. 100000) delay(i)", "c.pamela",
				ParameterBindings.EMPTY, Monitors.CANCELLED));
	}

	/** A model nested 5000 deep is a located error naming the limit, not a StackOverflowError. */
	@Test
	void testDeepNestingIsAnErrorNamingTheLimit() {
		String deep = "main = " + "seq { ".repeat(5000) + "delay(1)" + " }".repeat(5000);
		org.perfcast.engine.expr.ExpressionException e = assertThrows(org.perfcast.engine.expr.ExpressionException.class,
				() -> org.perfcast.pamela.PamelaParser.parse(deep));
		assertTrue(e.getMessage().contains("more than 100 levels"), e.getMessage());
		assertEquals(1, e.line());
		assertEquals(7 + 6 * 100 + 1, e.column(), "at the 101st seq");
		String fine = "main = " + "seq { ".repeat(99) + "delay(1)" + " }".repeat(99); // 100 levels with the delay
		org.perfcast.pamela.PamelaParser.parse(fine);
	}

	/** 63 processes each calling the next twice (2^62 calls) end in a located error naming the limit. */
	@Test
	void testExponentialExpansionIsAnErrorNamingTheLimit() {
		StringBuilder text = new StringBuilder("p0 = delay(1)\n");
		for (int i = 1; i < 63; i++) {
			text.append("p").append(i).append(" = seq { p").append(i - 1).append("; p").append(i - 1).append(" }\n");
		}
		text.append("main = p62\n");
		Diagnostic d = error(text.toString());
		assertTrue(d.message().contains("more than " + org.perfcast.pamela.PamelaAnalysis.MAX_STEPS), d.message());
		assertTrue(d.location() instanceof org.perfcast.engine.Location.TextLocation t && t.line() > 1, "located: " + d);
		// the same chain 20 levels deep is a million calls: analysed
		String small = text.toString().replace("main = p62", "main = p19");
		assertEquals(1 << 19, predict(small).T(), 1e-9);
	}

	/** Repeated squaring in exact arithmetic stops at the size limit instead of growing without end. */
	@Test
	void testRepeatedSquaringIsAnErrorNamingTheLimit() {
		StringBuilder text = new StringBuilder("x0 = 3\n");
		for (int i = 1; i < 40; i++) {
			text.append("x").append(i).append(" = x").append(i - 1).append(" * x").append(i - 1).append("\n");
		}
		text.append("main = delay(x39)\n");
		Diagnostic d = error(text.toString());
		assertTrue(d.message().contains("more than " + 2 * org.perfcast.engine.expr.Rational.MAX_BITS + " bits"),
				d.message());
	}

	/** An import of a device is refused at once, not read until memory runs out. */
	@Test
	void testImportingADeviceIsAnError(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
		java.nio.file.Path model = java.nio.file.Files.writeString(dir.resolve("m.pamela"),
				"import \"/dev/zero\"\nmain = delay(1)\n");
		org.perfcast.engine.expr.ExpressionException e = assertThrows(org.perfcast.engine.expr.ExpressionException.class,
				() -> org.perfcast.pamela.PamelaParser.parse(java.nio.file.Files.readString(model), model));
		assertEquals("cannot import \"/dev/zero\": not a file", e.getMessage());
		assertEquals(1, e.line());
	}
}
