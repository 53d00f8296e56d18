package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.cli.Console;
import org.perfcast.cli.ExitCode;
import org.perfcast.cli.PerfcastCli;

class BenchCommandTest {

	private final ByteArrayOutputStream out = new ByteArrayOutputStream();
	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	private int run(String... args) {
		Console console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		return PerfcastCli.withBuiltinCommands().run(List.of(args), console);
	}

	private static String examples() {
		return System.getProperty("perfcast.examples", "../../examples");
	}

	@Test
	void testListAndOneMeasuredBenchmarkAsJson() {
		assertEquals(ExitCode.OK, run("bench", "--list", "--examples", examples()));
		assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("validate-examples"), out.toString(StandardCharsets.UTF_8));
		out.reset();
		assertEquals(ExitCode.OK, run("bench", "validate-examples", "--iterations", "3", "--json", "--examples", examples()));
		String json = out.toString(StandardCharsets.UTF_8);
		assertTrue(json.matches("(?s)\\[\\s*\\{\"name\": \"validate-examples\", \"medianMs\": [0-9.E-]+, \"minMs\": [0-9.E-]+, "
				+ "\"iterations\": 3\\}\\s*\\]\\s*"), json);
	}

	@Test
	void testBadArguments() {
		assertEquals(ExitCode.USAGE, run("bench", "nosuch", "--examples", examples()));
		assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("perfcast bench: unknown benchmark 'nosuch'; known: validate-examples"));
		err.reset();
		assertEquals(ExitCode.USAGE, run("bench", "--iterations", "0"));
		assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("perfcast bench: --iterations needs a whole number of at least 1, not '0'"));
	}
}
