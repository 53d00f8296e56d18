package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

class PamelaCommandTest {

	private final CommandRunner cli = new CommandRunner();

	private int run(String... args) {
		return cli.run(args);
	}

	private static String matvec() {
		return Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring", "matvec.pamela").toString();
	}

	@Test
	void testPrintsThePrediction() {
		// N = 60, P = 6, t_f = 1, t_l = 0.2: T = 3600 (5/12 * 0.2 + 1/3) = 1500
		assertEquals(ExitCode.OK, run("pamela", matvec(), "--set", "t_f=1", "--set", "t_l=0.2"));
		String text = cli.out();
		assertTrue(text.startsWith("T          = 1500  (critical-path-bound)"), text);
		assertTrue(text.contains("sigma_max  = 300  (l[0])"), text);
		assertTrue(text.contains("workloads  l[0] = 300, l[1] = 300"), text);
	}

	@Test
	void testJsonAndSweep() {
		assertEquals(ExitCode.OK, run("pamela", matvec(), "--set", "t_f=1", "--set", "t_l=0.2", "--json"));
		String json = cli.out().strip();
		assertTrue(json.startsWith("{\"T\": 1500, \"Tcplx\": 1500, \"sigmaMax\": 300, \"bottleneck\": \"l[0]\", "
				+ "\"bound\": \"critical-path-bound\", \"resources\": {\"l[0]\": 300,"), json);
		assertTrue(json.endsWith("\"closedForm\": null}"), json);
		cli.reset();
		assertEquals(ExitCode.OK, run("pamela", matvec(), "--sweep", "P=1,2,3", "--json"));
		String sweep = cli.out();
		assertEquals(3, sweep.split("\"bindings\": \\{\"P\": ").length - 1, sweep);
		assertTrue(sweep.strip().startsWith("[") && sweep.strip().endsWith("]"), sweep);
	}

	@Test
	void testErrors(@TempDir Path dir) throws Exception {
		Path bad = dir.resolve("bad.pamela");
		Files.writeString(bad, "param N = 60\nmain = delay(M)\n");
		assertEquals(ExitCode.INPUT_ERROR, run("pamela", bad.toString()));
		assertTrue(cli.err().startsWith(bad + ":2:14: error: "), cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, run("pamela", matvec(), "--sweep", "P"));
		assertEquals(ExitCode.INPUT_ERROR, run("pamela", dir.resolve("none.pamela").toString()));
	}
}
