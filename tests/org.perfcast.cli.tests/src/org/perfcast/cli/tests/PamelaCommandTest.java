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
		assertTrue(json.contains("\"closedForm\": {\"free\": [\"N\", \"P\"], \"T\": null, "
				+ "\"Tcplx\": \"(1/10*N^2*P + 19/10*N^2)/P\", "), json);
		cli.reset();
		assertEquals(ExitCode.OK, run("pamela", matvec(), "--sweep", "P=1,2,3", "--json"));
		String sweep = cli.out();
		assertEquals(3, sweep.split("\"bindings\": \\{\"P\": ").length - 1, sweep);
		assertTrue(sweep.strip().startsWith("[") && sweep.strip().endsWith("]"), sweep);
	}

	@Test
	void testClosedFormIsPrinted() {
		assertEquals(ExitCode.OK, run("pamela", matvec()));
		String text = cli.out();
		assertTrue(text.contains("closed form in N, P, t_f, t_l:\n  T_cplx = (1/2*N^2*P*t_l + 2*N^2*t_f - 1/2*N^2*t_l)/P\n"
				+ "  sigma l = 1/2*N^2*P*t_l - 1/2*N^2*t_l\n"), text);
		assertTrue(text.contains("  not reduced: the workload of each element of l"), text);
	}

	@Test
	void testProgramModelsAreTranslated() {
		String program = Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring", "matvec.program")
				.toString();
		assertEquals(ExitCode.OK, run("pamela", program, "--set", "t_f=1", "--set", "t_l=0.2", "--json"));
		String json = cli.out().strip();
		assertTrue(json.startsWith("{\"T\": 1500, \"Tcplx\": 1500, \"sigmaMax\": 300, \"bottleneck\": \"l[0]\", "), json);
		assertTrue(json.endsWith("\"closedForm\": null}"), json);
		cli.reset();
		assertEquals(ExitCode.OK, run("pamela", program, "--sweep", "P=2,3", "--set", "t_f=1", "--set", "t_l=0.2"));
		assertTrue(cli.out().contains("T          = 3780  (critical-path-bound)"), cli.out()); // 3600 (1/4 0.2 + 1)
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
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, run("pamela", dir.resolve("none.program").toString()));
		assertTrue(cli.err().contains("none.program: error: cannot read the file"), cli.err());
		Path empty = dir.resolve("empty.pamela");
		Files.writeString(empty, "");
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, run("pamela", empty.toString()));
		assertEquals(empty + ": error: the model has no 'main' process", cli.err().strip());
	}
}
