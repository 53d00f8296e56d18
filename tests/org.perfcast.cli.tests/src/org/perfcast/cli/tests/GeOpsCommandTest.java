package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

class GeOpsCommandTest {

	private final CommandRunner cli = new CommandRunner();

	@Test
	void testTimesGoIntoTheMachinesCostTables(@TempDir Path dir) throws Exception {
		Path machine = dir.resolve("m.machine");
		Files.copy(Path.of(System.getProperty("perfcast.examples", "../../examples"), "gauss-elim", "meiko.machine"),
				machine);
		assertEquals(ExitCode.OK, cli.run("ge-ops", "--sizes", "8,16", "--millis", "1", "--machine", machine.toString(),
				"--json"), cli.err());
		assertTrue(cli.out().matches("\\{\"sizes\": \\[8, 16\\], \"Op1\": \\[[0-9.e-]+, [0-9.e-]+\\], \"Op2\": .*\\}\\s*"),
				cli.out());
		String xml = Files.readString(machine);
		assertTrue(xml.contains("<operations name=\"Op4\">\n      <costTable size=\"8.0\" cost="), xml);
		assertEquals(2, xml.split("<operations name=\"Op1\">")[1].split("</operations>")[0].split("costTable").length - 1,
				"the paper's 14 points replaced by the 2 measured");
		assertTrue(xml.contains("<communication latency=\"9\""), "the rest is kept");
		assertEquals(ExitCode.OK, cli.run("validate", machine.toString()), cli.err());
	}

	@Test
	void testBadArguments(@TempDir Path dir) throws Exception {
		assertEquals(ExitCode.USAGE, cli.run("ge-ops", "--sizes", "0"));
		assertTrue(cli.err().contains("--sizes needs block sizes from 1 to 2048, not '0'"), cli.err());
		Path bad = dir.resolve("bad.machine");
		Files.writeString(bad, "<not a model");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("ge-ops", "--sizes", "4", "--millis", "1", "--machine",
				bad.toString()));
		assertEquals("<not a model", Files.readString(bad), "a file that does not load is left alone");
	}
}
