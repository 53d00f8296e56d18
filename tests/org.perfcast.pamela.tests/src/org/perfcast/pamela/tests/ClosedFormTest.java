package org.perfcast.pamela.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.pamela.ClosedForm;
import org.perfcast.pamela.Pamela;
import org.perfcast.pamela.Prediction;

class ClosedFormTest {

	private static Prediction predict(String text, String... bindings) {
		Pamela.Result result = Pamela.analyse(text, "", ParameterBindings.parse(List.of(bindings)), EngineMonitor.NULL);
		assertTrue(result.prediction() != null, result.diagnostics().toString());
		return result.prediction();
	}

	private static ClosedForm form(String text, String... bindings) {
		return predict(text, bindings).closedForm();
	}

	/** The value of a closed form with the given parameter values. */
	private static double at(String form, Map<String, Double> values) {
		Map<String, Rational> exact = new HashMap<>();
		values.forEach((k, v) -> exact.put(k, Rational.valueOf(v)));
		return Expression.parse(form).evaluate(Scope.of(exact)).toDouble();
	}

	@Test
	void testMatvecComplexityTimeIsThePapersClosedForm() throws IOException {
		ClosedForm c = form(PamelaTest.matvec());
		assertEquals(List.of("N", "P", "t_f", "t_l"), c.free());
		// N^2 ((P - 1)/(2P) t_l + 2/P t_f), the paper's T_cplx with b = N/P
		assertEquals("(1/2*N^2*P*t_l + 2*N^2*t_f - 1/2*N^2*t_l)/P", c.Tcplx());
		assertEquals("1/2*N^2*P*t_l - 1/2*N^2*t_l", c.workloads().get("l"), "the links' total workload, P b^2 P(P-1)/2 t_l");
		assertNull(c.T(), "each link's workload needs the ring's symmetry, which is not derived");
		assertTrue(c.notes().stream().anyMatch(n -> n.startsWith("not reduced: the workload of each element of l")), c.notes().toString());
		assertTrue(c.notes().contains("assuming P - 1 >= 0 (the range p = 0 .. P - 1 is not empty)"), c.notes().toString());
	}

	@Test
	void testMatvecClosedFormAgreesWithTheNumericAnalysisAtManyPoints() throws IOException {
		ClosedForm c = form(PamelaTest.matvec());
		for (int n : new int[] { 12, 60, 120, 360 }) {
			for (int p = 1; p <= n; p++) {
				if (n % p != 0) {
					continue;
				}
				for (double[] t : new double[][] { { 0.2, 0.025 }, { 1, 0.2 }, { 3, 0.7 } }) {
					Prediction numeric = predict(PamelaTest.matvec(), "N=" + n, "P=" + p, "t_f=" + t[0], "t_l=" + t[1]);
					Map<String, Double> point = Map.of("N", (double) n, "P", (double) p, "t_f", t[0], "t_l", t[1]);
					assertEquals(numeric.Tcplx(), at(c.Tcplx(), point), 1e-9 * numeric.Tcplx(), "N=" + n + " P=" + p);
					double total = numeric.resources().values().stream().mapToDouble(Double::doubleValue).sum();
					assertEquals(total, at(c.workloads().get("l"), point), 1e-9 * Math.max(1, total));
				}
			}
		}
	}

	@Test
	void testBoundParametersAreSubstituted() throws IOException {
		ClosedForm c = form(PamelaTest.matvec(), "t_f=1", "t_l=0.2");
		assertEquals(List.of("N", "P"), c.free());
		assertEquals(1500, at(c.Tcplx(), Map.of("N", 60.0, "P", 6.0)), 1e-9);
	}

	@Test
	void testSumsOfPolynomialsReduceExactly() {
		ClosedForm squares = form("param n = 10\nmain = seq(i = 1 .. n) delay(i^2)");
		assertEquals("1/3*n^3 + 1/2*n^2 + 1/6*n", squares.Tcplx());
		assertEquals(squares.Tcplx(), squares.T());
		assertEquals("critical-path-bound", squares.bound());
		ClosedForm triangle = form("param n = 10\nmain = seq(i = 0 .. n - 1) seq(j = 0 .. i) delay(j)");
		for (int n = 0; n < 12; n++) {
			double numeric = predict("param n = 10\nmain = seq(i = 0 .. n - 1) seq(j = 0 .. i) delay(j)", "n=" + n).T();
			assertEquals(numeric, at(triangle.T(), Map.of("n", (double) n)), 1e-9);
		}
	}

	@Test
	void testParTakesTheMaximumOnlyWhenItIsProved() {
		assertEquals("n", form("param n = 4\nmain = par(i = 1 .. n) delay(i)").T(), "increasing: the last index");
		assertEquals("3*a + b", form("param a = 1\nparam b = 2\nmain = par { delay(a + b); delay(3*a + b) }").T());
		ClosedForm open = form("param a = 1\nparam b = 2\nmain = par { delay(a); delay(b) }");
		assertNull(open.Tcplx());
		assertTrue(open.notes().get(0).startsWith("not reduced: which part of par { ... } takes longest"), open.notes().toString());
	}

	@Test
	void testContentionInClosedForm() {
		ClosedForm c = form("param n = 4\nparam t = 2\nresource bus\nmain = par(i = 1 .. n) use(bus, t)");
		assertEquals("n*t", c.sigmaMax());
		assertEquals("n*t", c.T());
		assertEquals("contention-bound on bus", c.bound());
		assertEquals(Map.of("bus", "n*t"), c.workloads());
	}

	@Test
	void testModAndConditionsReduceWhenTheirRangeIsProved() {
		// within 0 .. n-1, (i + n) mod n is i and i < n always holds
		assertEquals("1/2*n^2 - 1/2*n", form("param n = 5\nmain = seq(i = 0 .. n - 1) delay((i + n) mod n)").T());
		assertEquals("n", form("param n = 5\nmain = seq(i = 0 .. n - 1) delay(i < n ? 1 : 2)").T());
		ClosedForm floors = form("param n = 5\nmain = seq(i = 0 .. n) delay(floor(n / 2))");
		assertNull(floors.T());
	}

	@Test
	void testLoopsOverBlocksReduce() {
		// i / b by blocks: sum over blocks m of b * m
		String text = "param b = 3\nparam k = 4\nmain = seq(i = 0 .. b*k - 1) delay(floor(i / b))";
		ClosedForm c = form(text);
		assertEquals("1/2*b*k^2 - 1/2*b*k", c.T());
		assertEquals(predict(text, "b=7", "k=5").T(), at(c.T(), Map.of("b", 7.0, "k", 5.0)), 1e-9);
	}
}
