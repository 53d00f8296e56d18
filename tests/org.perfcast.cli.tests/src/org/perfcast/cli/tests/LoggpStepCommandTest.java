package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

class LoggpStepCommandTest {

	private final CommandRunner cli = new CommandRunner();

	private static String figure3() {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve("loggp-step/figure3.pattern")
				.toString();
	}

	@Test
	void testFigure3AsJson() {
		assertEquals(ExitCode.OK, cli.run("loggp-step", figure3(), "--L", "9", "--o", "2", "--g", "14", "--G", "0.03",
				"--json"));
		assertEquals("""
				{"T": 67, "algorithm": "standard", "last": [7], "localMessages": 0, "processors": [
				  {"id": 1, "finish": 22, "ops": [{"kind": "send", "peer": 4, "bytes": 101, "start": 0, "end": 5}, \
				{"kind": "send", "peer": 3, "bytes": 101, "start": 17, "end": 22}]},
				  {"id": 2, "finish": 22, "ops": [{"kind": "send", "peer": 4, "bytes": 101, "start": 0, "end": 5}, \
				{"kind": "send", "peer": 5, "bytes": 101, "start": 17, "end": 22}]},
				  {"id": 3, "finish": 41, "ops": [{"kind": "send", "peer": 7, "bytes": 101, "start": 0, "end": 5}, \
				{"kind": "send", "peer": 6, "bytes": 101, "start": 17, "end": 22}, \
				{"kind": "recv", "peer": 1, "bytes": 101, "start": 36, "end": 41}]},
				  {"id": 4, "finish": 56, "ops": [{"kind": "send", "peer": 8, "bytes": 101, "start": 0, "end": 5}, \
				{"kind": "recv", "peer": 1, "bytes": 101, "start": 19, "end": 24}, \
				{"kind": "recv", "peer": 2, "bytes": 101, "start": 36, "end": 41}, \
				{"kind": "send", "peer": 7, "bytes": 101, "start": 51, "end": 56}]},
				  {"id": 5, "finish": 33, "ops": [{"kind": "send", "peer": 8, "bytes": 101, "start": 0, "end": 5}, \
				{"kind": "recv", "peer": 2, "bytes": 101, "start": 28, "end": 33}]},
				  {"id": 6, "finish": 33, "ops": [{"kind": "recv", "peer": 3, "bytes": 101, "start": 28, "end": 33}]},
				  {"id": 7, "finish": 67, "ops": [{"kind": "recv", "peer": 3, "bytes": 101, "start": 11, "end": 16}, \
				{"kind": "recv", "peer": 4, "bytes": 101, "start": 62, "end": 67}]},
				  {"id": 8, "finish": 33, "ops": [{"kind": "recv", "peer": 4, "bytes": 101, "start": 11, "end": 16}, \
				{"kind": "recv", "peer": 5, "bytes": 101, "start": 28, "end": 33}]}
				]}
				""", cli.out());
	}

	@Test
	void testOverestimateAsText() {
		assertEquals(ExitCode.OK, cli.run("loggp-step", figure3(), "--algorithm", "overestimate"));
		assertTrue(cli.out().startsWith("overestimate LogGP simulation of " + figure3() + ": 9 messages on 8 processors "
				+ "(L = 9, o = 2, g = 14, G = 0.03)\n"), cli.out());
		assertTrue(cli.out().contains("  P8    finish 76         recv<-4 [54, 59]  recv<-5 [71, 76]\n"), cli.out());
		assertTrue(cli.out().endsWith("T = 76  (last: P6, P7, P8)\n"), cli.out());
	}

	@Test
	void testCycleListsForcedTransmissions(@TempDir Path dir) throws Exception {
		Path cycle = Files.writeString(dir.resolve("cycle.pattern"), "0 1 101\n1 0 101\n2 2 5\n");
		assertEquals(ExitCode.OK, cli.run("loggp-step", cycle.toString(), "--algorithm", "overestimate", "--seed", "4",
				"--json"));
		assertTrue(cli.out().startsWith("{\"T\": 42, \"algorithm\": \"overestimate\", "), cli.out());
		assertTrue(cli.out().contains("\"localMessages\": 1"), cli.out());
		assertTrue(cli.out().matches("(?s).*\"forcedTransmissions\": \\[\\{\"from\": [01], \"to\": [01], \"bytes\": 101, "
				+ "\"start\": 0}]}\n"), cli.out());
		assertTrue(cli.err().contains(":3:1: warning: a message from processor 2 to itself"), cli.err());
	}

	@Test
	void testRandomTiesReportTheSpread() {
		assertEquals(ExitCode.OK, cli.run("loggp-step", figure3(), "--ties", "random", "--seed", "3", "--runs", "5",
				"--json"));
		assertTrue(cli.out().endsWith(", \"tieSpread\": {\"runs\": 5, \"firstSeed\": 3, \"min\": 67, \"max\": 67}}\n"),
				cli.out());
	}

	@Test
	void testErrorsAndUsage(@TempDir Path dir) throws Exception {
		Path bad = Files.writeString(dir.resolve("bad.pattern"), "0 1 101\n0 9 12\n");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("loggp-step", bad.toString(), "--P", "4"));
		assertEquals(bad + ":2:3: error: the destination processor 9 is out of range 0..3 (P = 4)\n", cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("loggp-step", figure3(), "--algorithm", "best"));
		assertTrue(cli.err().startsWith("perfcast loggp-step: --algorithm needs one of standard, overestimate"),
				cli.err());
		assertEquals(ExitCode.USAGE, cli.run("loggp-step", figure3(), "--g", "-1"));
		assertEquals(ExitCode.USAGE, cli.run("loggp-step", figure3(), "--rule", "magic=1"));
		assertEquals(ExitCode.USAGE, cli.run("loggp-step"));
		assertEquals(ExitCode.INPUT_ERROR, cli.run("loggp-step", dir.resolve("none.pattern").toString()));
	}

	@Test
	void testRuleChangesTheReading() {
		assertEquals(ExitCode.OK, cli.run("loggp-step", figure3(), "--rule", "crossGaps=false", "--json"));
		assertTrue(!cli.out().startsWith("{\"T\": 67,"), cli.out());
	}

	@Test
	void testRunSweepsTheGap(@TempDir Path dir) {
		assertEquals(ExitCode.OK, cli.run("run", "loggp-step", figure3(), "--sweep", "g=10,14", "--json", "--out",
				dir.toString()), cli.err());
		assertTrue(cli.out().contains("\"T\""), cli.out());
	}
}
