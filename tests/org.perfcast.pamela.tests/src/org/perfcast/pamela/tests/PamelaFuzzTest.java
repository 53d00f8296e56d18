package org.perfcast.pamela.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.tests.fixtures.Mutations;
import org.perfcast.pamela.Pamela;

/**
 * Mutated PAMELA models (a fixed seed, hundreds of cases): each analysis ends in a prediction or in diagnostics,
 * never in an exception.
 */
class PamelaFuzzTest {

	private static final String SMALL = """
			param N = 8
			param P = 4
			resource bus
			resource cpu[P]
			work(i) = delay(i * 2 + 1)
			send(k) = use(bus, k / N)
			main = par(p = 0 .. P - 1) seq {
			  seq(i = 1 .. N) { work(i); use(cpu[p], 1) };
			  send(p + 1)
			}
			""";

	@Test
	void mutatedModelsGiveDiagnosticsNotExceptions() throws Exception {
		List<String> seeds = new ArrayList<>(List.of(SMALL));
		Path examples = Path.of(System.getProperty("perfcast.examples", "../../examples"));
		Path matvec = examples.resolve("matvec-ring/matvec.pamela");
		if (Files.isRegularFile(matvec)) {
			seeds.add(Files.readString(matvec));
		}
		Random random = new Random(24);
		for (int k = 0; k < 400; k++) {
			String text = Mutations.text(seeds.get(k % seeds.size()), random);
			try {
				Pamela.Result result = Pamela.analyse(text, "fuzz.pamela", ParameterBindings.EMPTY, EngineMonitor.NULL);
				assertTrue(result.prediction() != null || !result.diagnostics().isEmpty(), "a prediction or why not");
			} catch (RuntimeException | StackOverflowError e) {
				fail("case " + k + ": " + e + "\n" + text, e);
			}
		}
	}
}
