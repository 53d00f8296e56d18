package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

/** {@code perfcast loggp}: one simulation of a program, as text and JSON, and the block-size study. */
class LoggpCommandTest {

	private final CommandRunner cli = new CommandRunner();

	@TempDir
	Path dir;

	private static String gauss() {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve("gauss-elim/gauss-elim.program")
				.toString();
	}

	/** Two processes compute 1 and 2 µs, then swap 101 bytes (L = 9, o = 2, g = 14, G = 0.03). */
	private Path pair(String to) throws IOException {
		Files.writeString(dir.resolve("pair.machine"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<machine:Machine xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" \
				xmlns:machine="http://perfcast.org/model/machine/1.0" name="pair" timeUnit="us" processorCount="2">
				  <communication latency="9" overhead="2" gap="14" gapPerByte="0.03"/>
				</machine:Machine>
				""");
		return Files.writeString(dir.resolve("pair.program"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<program:Program xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" \
				xmlns:program="http://perfcast.org/model/program/1.0" name="pair" processCount="2">
				  <machine href="pair.machine#/"/>
				  <steps name="swap" cost="p + 1">
				    <messages name="to the other">
				      <indices variable="p" from="0" to="1"/>
				      <from>p</from>
				      <to>%s</to>
				      <size>101</size>
				    </messages>
				  </steps>
				</program:Program>
				""".formatted(to));
	}

	@Test
	void testOneSimulationAsJson() throws IOException {
		// the swap starts when the slower process has computed (2): each sends at 2-7, its message arrives at
		// 2 + o + L = 13, and the receive waits g after the send: 21-26
		assertEquals(ExitCode.OK, cli.run("loggp", pair("1 - p").toString(), "--json"), cli.err());
		assertEquals("""
				{"T": 26, "algorithm": "standard", "computation": 2, "communication": 24, "steps": 1, "messages": 2, \
				"localMessages": 0, "operationsKept": true, "processors": [
				  {"id": 0, "finish": 26, "computation": 1, "ops": [{"kind": "send", "peer": 1, "bytes": 101, "start": 2, \
				"end": 7}, {"kind": "recv", "peer": 1, "bytes": 101, "start": 21, "end": 26}], "compute": [{"step": 0, \
				"start": 0, "end": 1}]},
				  {"id": 1, "finish": 26, "computation": 2, "ops": [{"kind": "send", "peer": 0, "bytes": 101, "start": 2, \
				"end": 7}, {"kind": "recv", "peer": 0, "bytes": 101, "start": 21, "end": 26}], "compute": [{"step": 0, \
				"start": 0, "end": 2}]}
				]}
				""", cli.out());
	}

	@Test
	void testTextAndBothAlgorithms() throws IOException {
		assertEquals(ExitCode.OK, cli.run("loggp", pair("1 - p").toString(), "--algorithm", "both"), cli.err());
		assertTrue(cli.out().startsWith("standard LogGP simulation of "), cli.out());
		assertTrue(cli.out().contains("T = 26 µs  (computation 2 µs, communication 24 µs)\n"), cli.out());
		// the overestimation: both wait to receive first, a forced transmission breaks the cycle
		assertTrue(cli.out().contains("1 transmissions forced to break cycles"), cli.out());
		assertTrue(cli.out().contains("T = 44 µs  (computation 2 µs, communication 42 µs)\n"), cli.out());
	}

	@Test
	void testBadModelsAndArguments() throws IOException {
		Path bad = pair("2 - p");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("loggp", bad.toString()));
		assertEquals(bad + ":5: error: Message to the other: a message from 0 to 2 in swap leaves the processes 0 .. 1\n",
				cli.err());
		assertEquals(ExitCode.INPUT_ERROR, cli.run("loggp", dir.resolve("none.program").toString()));
		assertTrue(cli.err().contains("no such file"), cli.err());
		assertEquals(ExitCode.USAGE, cli.run("loggp", gauss(), "--layout", "row-striped.layout", "--layout",
				"diagonal.layout"));
		assertTrue(cli.err().contains("several --layout need a --sweep"), cli.err());
		assertEquals(ExitCode.USAGE, cli.run("loggp", gauss(), "--algorithm", "fastest"));
		assertEquals(ExitCode.INPUT_ERROR, cli.run("loggp", gauss(), "--layout", "missing.layout"));
	}

	@Test
	void testTheBlockSizeStudy() {
		assertEquals(ExitCode.OK, cli.run("loggp", gauss(), "--sweep", "b=20,30,48,96", "--layout", "row-striped.layout",
				"--layout", "diagonal.layout"), cli.err());
		String out = cli.out();
		assertTrue(out.contains("best b for row-striped (standard): b = "), out);
		assertTrue(out.contains("best b for diagonal (overestimate): b = "), out);
		assertTrue(out.contains("best layout (standard): diagonal with b = 30"), out);
		CommandRunner json = new CommandRunner();
		assertEquals(ExitCode.OK, json.run("loggp", gauss(), "--sweep", "b=30,48", "--json"), json.err());
		assertTrue(json.out().startsWith("{\"parameter\": \"b\", \"unit\": \"µs\", \"points\": [\n  {\"value\": 30, "
				+ "\"layout\": \"diagonal\", \"algorithm\": \"standard\", \"T\": "), json.out());
		assertTrue(json.out().contains("\"bestLayout\": {\"layout\": \"diagonal\", \"algorithm\": \"standard\", "
				+ "\"value\": 30, "), json.out());
	}
}
