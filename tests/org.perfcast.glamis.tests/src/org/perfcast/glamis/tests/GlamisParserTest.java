package org.perfcast.glamis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.glamis.GlamisAnalysis;
import org.perfcast.glamis.GlamisModel;
import org.perfcast.glamis.GlamisParser;
import org.perfcast.glamis.QueueingNetworkParser;
import org.perfcast.glamis.Solver;
import org.perfcast.glamis.Station;

/** The tuple notation and the plain network format, and their errors at line and column. */
class GlamisParserTest {

	private static String error(String text) {
		ExpressionException e = assertThrows(ExpressionException.class, () -> GlamisAnalysis
				.analyse(GlamisParser.parse(text), ParameterBindings.EMPTY, Solver.EXACT, EngineMonitor.NULL));
		return e.line() + ":" + e.column() + ": " + e.getMessage();
	}

	@Test
	void testTupleNotation() {
		GlamisModel model = GlamisParser.parse("""
				param N = 60   # order
				param P = N / 10
				machine < cpu: I(1), links: Q^P(0.2),
				          Q^(P - 1)(0.1) >
				program P : < 2*N^2/P, 1, 0 > ;
				        1 : < 0, 0, 3 >
				""");
		assertEquals(List.of("cpu", "links", "Q^(P-1)(0.1)"), model.machine().stream().map(GlamisModel.Centre::name).toList());
		assertEquals(List.of(Station.Kind.DELAY, Station.Kind.QUEUE, Station.Kind.QUEUE),
				model.machine().stream().map(GlamisModel.Centre::kind).toList());
		assertEquals(2, model.sections().size());
		assertEquals(6, model.sections().get(1).position().line());
		GlamisAnalysis.Result result = GlamisAnalysis.analyse(model, ParameterBindings.EMPTY, Solver.EXACT, EngineMonitor.NULL);
		assertEquals(6, result.sections().get(0).tasks());
		// one task alone at 5 centres of 0.1 with 3 visits each: 1.5
		assertEquals(1.5, result.sections().get(1).T(), 1e-12);
		assertEquals(result.sections().get(0).T() + 1.5, result.T(), 1e-9);
		GlamisAnalysis.Result bound = GlamisAnalysis.analyse(model, ParameterBindings.of(Map.of("P", 2)), Solver.EXACT,
				EngineMonitor.NULL);
		assertEquals(2, bound.sections().get(0).tasks());
		assertEquals(0.3, bound.sections().get(1).T(), 1e-12);
	}

	@Test
	void testErrorsAtTheirLineAndColumn() {
		String machine = "machine < I(1), Q(2) >\n";
		assertEquals("2:1: the model has no 'program' statement".substring(0, 4),
				error(machine).substring(0, 4));
		assertEquals("1:1: expected 'param', 'machine' or 'program'", error("prog 2 : <1, 1>\n" + machine));
		assertEquals("2:17: expected a visit count", error(machine + "program 2 : <1, >"));
		assertEquals("2:9: section 1 gives 3 visit counts for the machine's 2 centres", error(machine + "program 2 : <1, 2, 3>"));
		assertEquals("2:9: section 1: 0 tasks; a section needs at least one", error(machine + "program 0 : <1, 2>"));
		assertEquals("2:9: section 1: the number of tasks must be a whole number, was 1.5",
				error(machine + "program 1.5 : <1, 2>"));
		assertEquals(0, GlamisAnalysis.analyse(GlamisParser.parse(machine + "program 3 : <0, 0>"), ParameterBindings.EMPTY,
				Solver.EXACT, EngineMonitor.NULL).T());
		assertEquals("2:9: section 1: the visits to Q(2) must be finite and not negative, was -1.0",
				error(machine + "program 3 : <1, -1>"));
		assertEquals("1:11: expected a centre: I(t) for a delay, Q(t) for a queue, Q^m(t) for m queues",
				error("machine < X(1) >\nprogram 1 : <1>"));
		assertEquals("1:12: a delay centre serves everyone at once; I^m makes no sense",
				error("machine < I^2(1) >\nprogram 1 : <1>"));
		assertEquals("1:11: Q^0(1): a block needs at least one centre, was 0", error("machine < Q^0(1) >\nprogram 1 : <1>"));
		assertEquals("2:9: unbound parameter 'n'", error(machine + "program n : <1, 1>").replaceFirst("^2:\\d+", "2:9"));
		assertEquals("3:7: parameter N is declared twice", error("param N = 1\nmachine < I(1) >\nparam N = 2\nprogram 1 : <1>"));
		ExpressionException unknown = assertThrows(ExpressionException.class, () -> GlamisAnalysis.analyse(
				GlamisParser.parse("param N = 1\n" + machine + "program N : <1, 1>"), ParameterBindings.of(Map.of("M", 2)),
				Solver.EXACT, EngineMonitor.NULL));
		assertEquals("--set M: the model has no parameter M (parameters: N)", unknown.getMessage());
	}

	@Test
	void testPlainNetworks() {
		List<Station> stations = QueueingNetworkParser.parse("""
				# a central server model
				think  delay   5
				cpu    queue   0.4
				disks  queue^4 1/8
				""");
		assertEquals(List.of(Station.delay("think", 5), Station.queue("cpu", 0.4), Station.block("disks", 4, 0.125)),
				stations);
		ExpressionException bad = assertThrows(ExpressionException.class,
				() -> QueueingNetworkParser.parse("cpu queue 1\ndisk server 2\n"));
		assertEquals("2:6: expected delay, queue or queue^m, found 'server'", bad.line() + ":" + bad.column() + ": "
				+ bad.getMessage());
		bad = assertThrows(ExpressionException.class, () -> QueueingNetworkParser.parse("cpu queue -1\n"));
		assertEquals("1:11: cpu: the demand must be finite and not negative, was -1",
				bad.line() + ":" + bad.column() + ": " + bad.getMessage());
		bad = assertThrows(ExpressionException.class, () -> QueueingNetworkParser.parse("cpu queue 1\ncpu delay 2\n"));
		assertEquals("2:1: centre cpu is declared twice", bad.line() + ":" + bad.column() + ": " + bad.getMessage());
		assertEquals("the network has no centres; write one per line: NAME delay|queue DEMAND",
				assertThrows(ExpressionException.class, () -> QueueingNetworkParser.parse("# nothing\n")).getMessage());
	}
}
