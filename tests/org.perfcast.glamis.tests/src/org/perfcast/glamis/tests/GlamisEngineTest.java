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
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.glamis.GlamisEngine;

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
