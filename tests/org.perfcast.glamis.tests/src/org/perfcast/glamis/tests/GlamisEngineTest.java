package org.perfcast.glamis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.glamis.GlamisAnalysis;
import org.perfcast.glamis.GlamisEngine;
import org.perfcast.glamis.GlamisParser;
import org.perfcast.glamis.ProgramDerivation;
import org.perfcast.glamis.Solver;

/** Glamis through the engine SPI of the outer loop. */
class GlamisEngineTest {

	private final GlamisEngine engine = new GlamisEngine();

	private EngineResult run(Path file, Map<String, Integer> bindings, Map<String, String> options) throws EngineException {
		return engine.run(new EngineInput(file, file.getFileName().toString(), ParameterBindings.of(bindings),
				OptionValues.of(engine.options(), options)), EngineMonitor.NULL);
	}

	@Test
	void testSplitModelPerPoint(@TempDir Path dir) throws Exception {
		Path model = dir.resolve("split.glamis");
		Files.writeString(model, MatvecPaperTest.SPLIT);
		for (int p : new int[] { 1, 4, 12 }) {
			EngineResult result = run(model, Map.of("P", p), Map.of());
			assertEquals("T", result.summary().get(0).name());
			assertEquals(360.0 * (2 * p * p + 17 * p + 1) / (p * p), result.summary().get(0).value(), 1e-9);
			assertEquals("speedup", result.summary().get(1).name());
			assertEquals(360.0 * 20 / (360.0 * (2 * p * p + 17 * p + 1) / (p * p)), result.summary().get(1).value(), 1e-9);
			assertEquals(List.of("section 1: centres", "section 2: centres", "sections"),
					result.tables().stream().map(t -> t.name()).toList());
		}
	}

	@Test
	void testSpeedupOfAProgramThroughItsDerivedModel() throws Exception {
		Path program = Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve("matvec-ring/matvec.program");
		EngineResult result = run(program, Map.of("P", 6, "t_f", 1), Map.of());
		EngineResult one = run(program, Map.of("P", 1, "t_f", 1), Map.of());
		assertEquals(one.summary().get(0).value() / result.summary().get(0).value(), result.summary().get(1).value(), 1e-12);
		assertEquals("derived Glamis model", result.tables().get(result.tables().size() - 1).name());
		EngineResult without = run(program, Map.of("P", 6), Map.of("speedupOver", ""));
		assertEquals(List.of("T"), without.summary().stream().map(v -> v.name()).toList());
	}

	/** A machine of any size P, optionally with a minimum P. */
	private static String machine(String minimum) {
		return """
				<?xml version="1.0" encoding="UTF-8"?>
				<machine:Machine xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
				    xmlns:machine="http://perfcast.org/model/machine/1.0" name="any size" processorCount="P">
				  <parameters name="P" defaultValue="4"%s/>
				  <topology xsi:type="machine:FullyConnected" hopTime="1"/>
				</machine:Machine>
				""".formatted(minimum);
	}

	/** Every process sends to another one chosen by {@code mod (P - 1)}: a program of two processes or more. */
	private static final String TO_ANOTHER = """
			<?xml version="1.0" encoding="UTF-8"?>
			<program:Program xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
			    xmlns:program="http://perfcast.org/model/program/1.0" name="to another" processCount="P">
			  <machine href="any.machine#/"/>
			  <steps name="exchange" cost="3">
			    <messages name="i to one of the others">
			      <indices variable="i" from="0" to="P - 1"/>
			      <from>i</from>
			      <to>(i + 1 + (3 * i) mod (P - 1)) mod P</to>
			      <size>2</size>
			    </messages>
			  </steps>
			</program:Program>
			""";

	@Test
	void testProgramWithoutATimeAtOneProcessHasTWithoutSpeedup(@TempDir Path dir) throws Exception {
		Path program = dir.resolve("another.program");
		Files.writeString(program, TO_ANOTHER);
		Files.writeString(dir.resolve("any.machine"), machine(""));
		for (int p : new int[] { 2, 4, 7 }) {
			EngineResult result = run(program, Map.of("P", p), Map.of());
			double t = GlamisAnalysis.analyse(GlamisParser.parse(ProgramDerivation.derive(program, "another.program",
					ParameterBindings.of(Map.of("P", p)), EngineMonitor.NULL)), ParameterBindings.EMPTY, Solver.EXACT,
					EngineMonitor.NULL).T();
			assertTrue(t > 3, "the step's cost and the messages: " + t);
			assertEquals(List.of("T"), result.summary().stream().map(v -> v.name()).toList());
			assertEquals(t, result.summary().get(0).value(), 1e-12);
			List<Diagnostic> why = result.diagnostics().stream().filter(d -> d.code().equals(GlamisEngine.NO_SPEEDUP))
					.toList();
			assertEquals(List.of("another.program:6: warning: Message 'i to one of the others': at P = 1, modulo by zero,"
					+ " so no speedup T(1) / T"), why.stream().map(Diagnostic::toString).toList());
		}
		// the machine says P = 1 is not a size it has: the speedup is not tried
		Files.writeString(dir.resolve("any.machine"), machine(" minimum=\"2\""));
		EngineResult result = run(program, Map.of("P", 4), Map.of());
		assertEquals(List.of("T"), result.summary().stream().map(v -> v.name()).toList());
		assertEquals(List.of("another.program: warning: P = 1 is below the minimum 2 that any.machine declares for P, so"
				+ " no speedup T(1) / T"), result.diagnostics().stream().filter(d -> d.code().equals(GlamisEngine.NO_SPEEDUP))
						.map(Diagnostic::toString).toList());
		// without the speedup, nothing to say
		assertTrue(run(program, Map.of("P", 4), Map.of("speedupOver", "")).diagnostics().stream()
				.noneMatch(d -> d.code().equals(GlamisEngine.NO_SPEEDUP)));
	}

	@Test
	void testGlamisModelWithoutATimeAtOneHasTWithoutSpeedup(@TempDir Path dir) throws Exception {
		Path model = dir.resolve("pairs.glamis");
		Files.writeString(model, "param P = 4\nmachine < I(1), Q(1) >\nprogram P : < 12 / (P - 1), 1 >\n");
		EngineResult result = run(model, Map.of("P", 4), Map.of());
		assertEquals(List.of("T"), result.summary().stream().map(v -> v.name()).toList());
		assertEquals(1, result.diagnostics().stream().filter(d -> d.code().equals(GlamisEngine.NO_SPEEDUP)
				&& d.message().startsWith("at P = 1, ") && d.message().endsWith(", so no speedup T(1) / T")).count(),
				result.diagnostics().toString());
	}

	@Test
	void testNetworkWithCustomersOption(@TempDir Path dir) throws Exception {
		Path network = dir.resolve("two.qn");
		Files.writeString(network, "z delay 4\ncpu queue 1\n");
		EngineResult one = run(network, Map.of(), Map.of("customers", "1"));
		assertEquals(0.2, one.summary().get(0).value(), 1e-12);
		EngineResult many = run(network, Map.of(), Map.of("customers", "50", "solver", "schweitzer"));
		assertTrue(many.summary().get(0).value() <= 1 + 1e-9, "X below 1 / D_max");
	}

	@Test
	void testBoundCustomersOverrideTheOption(@TempDir Path dir) throws Exception {
		Path network = dir.resolve("two.qn");
		Files.writeString(network, "z delay 4\ncpu queue 1\n");
		// N = 2: R_cpu(1) = 1, Q(1) = 1/5; R_cpu(2) = 1 + 1/5, X = 2 / (4 + 6/5) = 5/13
		assertEquals(5.0 / 13, run(network, Map.of("customers", 2), Map.of("customers", "1")).summary().get(0).value(),
				1e-12);
		double previous = 0;
		for (int n = 1; n <= 20; n++) {
			double x = run(network, Map.of("customers", n), Map.of()).summary().get(0).value();
			assertTrue(x > previous && x < 1, "X grows with the population towards 1 / D_max: " + x + " at " + n);
			previous = x;
		}
		EngineException e = assertThrows(EngineException.class, () -> engine.run(new EngineInput(network, "two.qn",
				ParameterBindings.of(Map.of("customers", 2.5)), OptionValues.of(engine.options(), Map.of())),
				EngineMonitor.NULL));
		assertEquals("two.qn: error: customers must be a whole number of at least 1, was 2.5",
				e.diagnostics().get(0).toString());
	}

	@Test
	void testErrorsPointIntoTheFile(@TempDir Path dir) throws Exception {
		Path model = dir.resolve("bad.glamis");
		Files.writeString(model, "machine < I(1) >\nprogram 2 : <1, 2>\n");
		EngineException e = assertThrows(EngineException.class, () -> run(model, Map.of(), Map.of()));
		assertEquals("bad.glamis:2:9: error: section 1 gives 2 visit counts for the machine's 1 centres",
				e.diagnostics().get(0).toString());
	}
}
