package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

class GlamisCommandTest {

	private final CommandRunner cli = new CommandRunner();

	private static String example(String relative) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative).toString();
	}

	@Test
	void testPaperModelAsJson() {
		assertEquals(ExitCode.OK, cli.run("glamis", example("matvec-ring/matvec.glamis"), "--solver", "schweitzer",
				"--set", "P=6", "--json"));
		double expected = 180 * (2 * 36 + 17 * 6 + 1 + Math.sqrt(4 * 1296 - 12 * 216 + 453 * 36 - 46 * 6 + 1)) / 36;
		String json = cli.out();
		assertTrue(json.startsWith("{\"T\": "), json);
		double t = Double.parseDouble(json.substring(6, json.indexOf(',')));
		assertEquals(expected, t, 1e-9 * expected);
		assertTrue(json.contains("\"solver\": \"schweitzer\", \"sections\": [\n  {\"tasks\": 6, \"T\": "), json);
		assertTrue(json.contains("{\"name\": \"links\", \"kind\": \"queue\", \"m\": 6, \"D\": 50, "), json);
	}

	@Test
	void testSplitModelAsText() {
		assertEquals(ExitCode.OK, cli.run("glamis", example("matvec-ring/matvec-split.glamis"), "--set", "P=10"));
		// 360 (200 + 170 + 1) / 100
		assertTrue(cli.out().endsWith("T = 1336  (exact MVA)\n"), cli.out());
		assertTrue(cli.out().startsWith("section 1: 10 tasks, T = 720, X = "), cli.out());
	}

	@Test
	void testMvaOfAPlainNetwork() {
		assertEquals(ExitCode.OK, cli.run("mva", example("queueing/central-server.qn"), "--customers", "1", "--json"));
		// one customer never waits: R = 0.5 + 0.3 + 0.2, X = 1 / (15 + 1)
		assertTrue(cli.out().startsWith("{\"X\": 0.0625, \"R\": 1, \"Z\": 15, \"solver\": \"exact\", \"iterations\": 1, "
				+ "\"centers\": [{\"name\": \"terminals\", \"kind\": \"delay\", \"m\": 1, \"D\": 15, \"U\": 0.9375, "), cli.out());
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("mva", example("queueing/central-server.qn"), "--customers", "200", "--solver",
				"schweitzer"));
		assertTrue(cli.out().startsWith("N = 200 customers: X = 1.99"), cli.out());
	}

	@Test
	void testErrors(@TempDir Path dir) throws Exception {
		Path bad = dir.resolve("bad.glamis");
		Files.writeString(bad, "machine < I(1), Q(2) >\nprogram 0 : <1, 2>\n");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("glamis", bad.toString()));
		assertEquals(bad + ":2:9: error: section 1: 0 tasks; a section needs at least one\n", cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("glamis", bad.toString(), "--solver", "magic"));
		assertTrue(cli.err().contains("--solver: unknown solver 'magic'; expected exact or schweitzer"), cli.err());
		cli.reset();
		Path qn = dir.resolve("zero.qn");
		Files.writeString(qn, "cpu queue 0\n");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("mva", qn.toString(), "--customers", "3"));
		assertTrue(cli.err().contains("every demand is zero"), cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("mva", qn.toString(), "--customers", "0"));
		assertTrue(cli.err().contains("--customers needs at least 1 customer, not 0"), cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("mva", qn.toString()));
		assertTrue(cli.err().contains("--customers N is required"), cli.err());
	}

	/** The Glamis model derived from matvec.program is the paper's split model: T_split(P) at t_f = 1, t_l = 0.2. */
	@Test
	void testModelDerivedFromAProgram() {
		assertEquals(ExitCode.OK, cli.run("glamis", example("matvec-ring/matvec.program"), "--set", "t_f=1", "--set",
				"t_l=0.2", "--set", "P=6", "--derived"));
		String derived = cli.out();
		assertTrue(derived.contains("machine < compute: I(1), links: Q^6(1) >\n"), derived);
		assertTrue(derived.contains("program 6 : < 0, 50 > ;   # send partial products\n"
				+ "        6 : < 1200, 0 >   # update own rows\n"), derived);
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("glamis", example("matvec-ring/matvec.program"), "--set", "t_f=1", "--set",
				"t_l=0.2", "--set", "P=6", "--json"));
		double expected = 360.0 * (2 * 36 + 17 * 6 + 1) / 36;
		double t = Double.parseDouble(cli.out().substring(6, cli.out().indexOf(',')));
		assertEquals(expected, t, 1e-9 * expected);
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("glamis", example("matvec-ring/matvec.glamis"), "--derived"));
	}
}
