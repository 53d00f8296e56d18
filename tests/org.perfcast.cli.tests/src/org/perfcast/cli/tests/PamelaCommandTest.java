package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.Console;
import org.perfcast.cli.ExitCode;
import org.perfcast.cli.PerfcastCli;

class PamelaCommandTest {

	private final ByteArrayOutputStream out = new ByteArrayOutputStream();
	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	private int run(String... args) {
		Console console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		return PerfcastCli.withBuiltinCommands().run(List.of(args), console);
	}

	private static String matvec() {
		return Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring", "matvec.pamela").toString();
	}

	@Test
	void testPrintsThePrediction() {
		// N = 60, P = 6, t_f = 1, t_l = 0.2: T = 3600 (5/12 * 0.2 + 1/3) = 1500
		assertEquals(ExitCode.OK, run("pamela", matvec(), "--set", "t_f=1", "--set", "t_l=0.2"));
		String text = out.toString(StandardCharsets.UTF_8);
		assertTrue(text.startsWith("T          = 1500  (critical-path-bound)"), text);
		assertTrue(text.contains("sigma_max  = 300  (l[0])"), text);
		assertTrue(text.contains("workloads  l[0] = 300, l[1] = 300"), text);
	}

	@Test
	void testJsonAndSweep() {
		assertEquals(ExitCode.OK, run("pamela", matvec(), "--set", "t_f=1", "--set", "t_l=0.2", "--json"));
		String json = out.toString(StandardCharsets.UTF_8).strip();
		assertTrue(json.startsWith("{\"T\": 1500, \"Tcplx\": 1500, \"sigmaMax\": 300, \"bottleneck\": \"l[0]\", "
				+ "\"bound\": \"critical-path-bound\", \"resources\": {\"l[0]\": 300,"), json);
		assertTrue(json.endsWith("\"closedForm\": null}"), json);
		out.reset();
		assertEquals(ExitCode.OK, run("pamela", matvec(), "--sweep", "P=1,2,3", "--json"));
		String sweep = out.toString(StandardCharsets.UTF_8);
		assertEquals(3, sweep.split("\"bindings\": \\{\"P\": ").length - 1, sweep);
		assertTrue(sweep.strip().startsWith("[") && sweep.strip().endsWith("]"), sweep);
	}

	@Test
	void testErrors(@TempDir Path dir) throws Exception {
		Path bad = dir.resolve("bad.pamela");
		Files.writeString(bad, "param N = 60\nmain = delay(M)\n");
		assertEquals(ExitCode.INPUT_ERROR, run("pamela", bad.toString()));
		assertTrue(err.toString(StandardCharsets.UTF_8).startsWith(bad + ":2:14: error: "), err.toString(StandardCharsets.UTF_8));
		err.reset();
		assertEquals(ExitCode.USAGE, run("pamela", matvec(), "--sweep", "P"));
		assertEquals(ExitCode.INPUT_ERROR, run("pamela", dir.resolve("none.pamela").toString()));
	}
}
