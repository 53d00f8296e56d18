package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

class ValidateCommandTest {

	private final CommandRunner cli = new CommandRunner();

	private int run(String... args) {
		return cli.run(args);
	}

	private static Path examples() {
		return Path.of(System.getProperty("perfcast.examples", "../../examples"));
	}

	@Test
	void testExamplesAreValid() throws Exception {
		List<String> args = new ArrayList<>(List.of("validate"));
		try (var files = Files.walk(examples())) {
			files.map(Path::toString).filter(f -> f.matches(".*\\.(machine|layout|program)")).sorted().forEach(args::add);
		}
		assertEquals(13, args.size(), args.toString()); // "validate" and the 12 model files
		assertEquals(ExitCode.OK, run(args.toArray(String[]::new)), cli.err());
		assertEquals("", cli.err());
	}

	@Test
	void testErrorsAsCompilerLinesAndExitCode(@TempDir Path dir) throws Exception {
		Path machine = dir.resolve("bad.machine");
		Files.writeString(machine, """
				<?xml version="1.0" encoding="UTF-8"?>
				<machine:Machine xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:machine="http://perfcast.org/model/machine/1.0" processorCount="P">
				  <parameters name="P" defaultValue="4"/>
				  <computation flopTime="t_f"/>
				</machine:Machine>
				""");
		assertEquals(ExitCode.INPUT_ERROR, run("validate", machine.toString()));
		assertEquals(machine + ":4: error: Computation: flopTime: unknown parameter 't_f'",
				cli.err().strip());

		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, run("validate", machine.toString(), "--set", "P=4", "--json"));
		assertEquals("", cli.err());
		String json = cli.out();
		assertTrue(json.contains("\"line\": 4, \"column\": 0, \"severity\": \"error\", \"element\": \"Computation\", "
				+ "\"code\": \"model.2\", \"message\": \"flopTime: unknown parameter 't_f'\""), json);
	}

	@Test
	void testMissingAndWrongFiles(@TempDir Path dir) throws Exception {
		assertEquals(ExitCode.INPUT_ERROR, run("validate", dir.resolve("none.machine").toString(), "notes.txt"));
		String text = cli.err();
		assertTrue(text.contains("none.machine: error: no such file"), text);
		assertTrue(text.contains("notes.txt: error: not a model file: expected a .machine, .layout or .program file"), text);
		cli.reset();
		assertEquals(ExitCode.USAGE, run("validate"));
		assertTrue(cli.err().startsWith("perfcast validate: missing FILE"));
	}
}
