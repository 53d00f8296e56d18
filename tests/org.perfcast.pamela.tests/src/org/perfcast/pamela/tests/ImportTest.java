package org.perfcast.pamela.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.pamela.Pamela;
import org.perfcast.pamela.Prediction;

class ImportTest {

	private static Pamela.Result analyse(Path file, String... bindings) throws Exception {
		return Pamela.analyse(Files.readString(file), file.toString(), ParameterBindings.parse(List.of(bindings)),
				EngineMonitor.NULL);
	}

	@Test
	void testImportAndOwnDeclarationsWin(@TempDir Path dir) throws Exception {
		Files.writeString(dir.resolve("machine.pamela"), "param t_f = 0.2\nflop = delay(t_f)\nresource bus\n");
		Path main = dir.resolve("main.pamela");
		Files.writeString(main, "import \"machine.pamela\"  # the machine\nparam t_f = 1\nmain = seq { flop; flop; use(bus, 1) }\n");
		Prediction p = analyse(main).prediction();
		assertEquals(3, p.T(), "the importing file's t_f = 1 wins");
		assertEquals(java.util.Map.of("bus", 1.0), p.resources());
	}

	@Test
	void testMachineModelGivesParametersAndLinks(@TempDir Path dir) throws Exception {
		Files.copy(Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring", "ring.machine"),
				dir.resolve("ring.machine"));
		Path main = dir.resolve("ring.pamela");
		Files.writeString(main, "machine \"ring.machine\"\nmain = par(p = 0 .. P - 1) seq { delay(t_f); use(l[p], t_l) }\n");
		Prediction p = analyse(main).prediction();
		assertEquals(0.225, p.T(), 1e-12);
		assertEquals(List.of("l[0]", "l[1]", "l[2]", "l[3]", "l[4]", "l[5]"), List.copyOf(p.resources().keySet()));
		assertEquals(3, analyse(main, "P=3").prediction().resources().size());
	}

	@Test
	void testImportErrorsAreLocated(@TempDir Path dir) throws Exception {
		Files.writeString(dir.resolve("broken.pamela"), "flop = delay(\n");
		Files.writeString(dir.resolve("a.pamela"), "import \"b.pamela\"\n");
		Files.writeString(dir.resolve("b.pamela"), "import \"a.pamela\"\n");
		Files.writeString(dir.resolve("zero.pamela"), "param d = 0\nf = delay(1 / d)\n");
		Path main = dir.resolve("main.pamela");
		Files.writeString(main, "\n  import \"broken.pamela\"\nmain = flop\n");
		assertEquals(main + ":2:10: error: in broken.pamela:2:1: unexpected end of expression", message(main));
		Files.writeString(main, "import \"missing.pamela\"\nmain = delay(1)\n");
		assertEquals(main + ":1:8: error: cannot read \"missing.pamela\"", message(main));
		Files.writeString(main, "import \"a.pamela\"\nmain = delay(1)\n");
		assertTrue(message(main).contains("error: in a.pamela:1:8: in b.pamela:1:8: import cycle: \"a.pamela\" imports this file again"),
				message(main));
		Files.writeString(main, "import \"zero.pamela\"\nmain = seq { delay(1); f }\n");
		assertEquals(main + ":2:24: error: in zero.pamela:2:13: division by zero", message(main));
		Files.writeString(main, "machine \"nothing.machine\"\nmain = delay(1)\n");
		assertTrue(message(main).startsWith(main + ":1:9: error: cannot load the machine \"nothing.machine\""), message(main));
		Files.writeString(main, "main = delay(\"x\")\n");
		assertEquals(main + ":1:14: error: a quoted file name may only follow 'import' or 'machine'", message(main));
		Files.writeString(main, "import \"x.pamela\n");
		assertEquals(main + ":1:8: error: the string is not closed on its line", message(main));
		assertNull(Pamela.analyse("import \"x.pamela\"\nmain = delay(1)", "", ParameterBindings.EMPTY, EngineMonitor.NULL)
				.prediction());
	}

	private static String message(Path main) throws Exception {
		Pamela.Result result = analyse(main);
		assertNull(result.prediction());
		return result.diagnostics().stream().map(Diagnostic::toString).findFirst().orElse("");
	}
}
