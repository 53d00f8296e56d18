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
		String[] junk = { "(", ")", "{", "}", "..", "seq", "par", "use", "delay", "main", "0", "-1", "1e308", "N",
				"/ 0", "mod 0", "^ 99999", "p", ";", "=", "import \"x\"", "2^2^2^2^2", "\u0000" };
		Random random = new Random(24);
		for (int k = 0; k < 400; k++) {
			String text = seeds.get(k % seeds.size());
			for (int m = 1 + random.nextInt(3); m > 0; m--) {
				int at = random.nextInt(text.length() + 1);
				int cut = Math.min(text.length(), at + random.nextInt(6));
				text = switch (random.nextInt(3)) {
				case 0 -> text.substring(0, at) + text.substring(cut);
				case 1 -> text.substring(0, at) + " " + junk[random.nextInt(junk.length)] + " " + text.substring(at);
				default -> text.substring(0, at) + text.substring(at, cut).repeat(2) + text.substring(cut);
				};
			}
			try {
				Pamela.Result result = Pamela.analyse(text, "fuzz.pamela", ParameterBindings.EMPTY, EngineMonitor.NULL);
				assertTrue(result.prediction() != null || !result.diagnostics().isEmpty(), "a prediction or why not");
			} catch (RuntimeException | StackOverflowError e) {
				fail("case " + k + ": " + e + "\n" + text, e);
			}
		}
	}
}
