package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.Console;
import org.perfcast.cli.ExitCode;
import org.perfcast.cli.PerfcastCli;

class ValidateCommandTest {

	private final ByteArrayOutputStream out = new ByteArrayOutputStream();
	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	private int run(String... args) {
		Console console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		return PerfcastCli.withBuiltinCommands().run(List.of(args), console);
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
		assertEquals(8, args.size(), args.toString());
		assertEquals(ExitCode.OK, run(args.toArray(String[]::new)), err.toString(StandardCharsets.UTF_8));
		assertEquals("", err.toString(StandardCharsets.UTF_8));
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
				err.toString(StandardCharsets.UTF_8).strip());

		err.reset();
		assertEquals(ExitCode.INPUT_ERROR, run("validate", machine.toString(), "--set", "P=4", "--json"));
		assertEquals("", err.toString(StandardCharsets.UTF_8));
		String json = out.toString(StandardCharsets.UTF_8);
		assertTrue(json.contains("\"line\": 4, \"column\": 0, \"severity\": \"error\", \"element\": \"Computation\", "
				+ "\"code\": \"model.2\", \"message\": \"flopTime: unknown parameter 't_f'\""), json);
	}

	@Test
	void testMissingAndWrongFiles(@TempDir Path dir) throws Exception {
		assertEquals(ExitCode.INPUT_ERROR, run("validate", dir.resolve("none.machine").toString(), "notes.txt"));
		String text = err.toString(StandardCharsets.UTF_8);
		assertTrue(text.contains("none.machine: error: no such file"), text);
		assertTrue(text.contains("notes.txt: error: not a model file: expected a .machine, .layout or .program file"), text);
		err.reset();
		assertEquals(ExitCode.USAGE, run("validate"));
		assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("perfcast validate: missing FILE"));
	}
}
