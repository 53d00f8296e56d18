package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfcast.cli.AbstractCommand;
import org.perfcast.cli.Arguments;
import org.perfcast.cli.Console;
import org.perfcast.cli.ExitCode;
import org.perfcast.cli.PerfcastCli;
import org.perfcast.cli.UsageException;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;

class PerfcastCliTest {

	private final ByteArrayOutputStream out = new ByteArrayOutputStream();
	private final ByteArrayOutputStream err = new ByteArrayOutputStream();
	private Console console;
	private PerfcastCli cli;

	/** A command standing for an engine command: prints its bindings, reports a diagnostic per operand. */
	private static final class EchoCommand extends AbstractCommand {
		EchoCommand() {
			super("echo", "print the bindings", "usage: perfcast echo FILE... [--set NAME=VALUE ...] [--json]");
		}

		@Override
		public int run(List<String> args, Console console) throws UsageException {
			Arguments a = Arguments.parse(args, java.util.Set.of("json", "cancel"), java.util.Set.of("set"));
			if (a.flag("cancel")) {
				throw new CancelledException();
			}
			if (a.operands().isEmpty()) {
				throw new UsageException("missing FILE");
			}
			console.out().println((a.flag("json") ? "json " : "") + a.bindings());
			for (String file : a.operands()) {
				console.report(Diagnostic.error("echo.bad", "bad input", Location.at(file, 3, 7)));
			}
			return ExitCode.INPUT_ERROR;
		}
	}

	@BeforeEach
	void setUp() {
		console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		cli = PerfcastCli.withBuiltinCommands();
		cli.register(new EchoCommand());
	}

	private int run(String... args) {
		return cli.run(List.of(args), console);
	}

	private String out() {
		return out.toString(StandardCharsets.UTF_8);
	}

	private String err() {
		return err.toString(StandardCharsets.UTF_8);
	}

	@Test
	void testHelpListsEveryCommand() {
		assertEquals(ExitCode.OK, run("help"));
		assertTrue(out().startsWith("usage: perfcast COMMAND [ARGS...]"), out());
		// one column of names, as wide as the longest (characterise)
		assertTrue(out().contains("\n  help          list the commands"), out());
		assertTrue(out().contains("\n  version       print the Perfcast and Java versions"), out());
		assertTrue(out().contains("\n  validate      check machine, layout and program models"), out());
		assertTrue(out().contains("\n  characterise  time this machine's MPI functions"), out());
		assertTrue(out().contains("\n  echo          print the bindings"), out());
	}

	@Test
	void testHelpOfOneCommandAndDashDashHelp() {
		assertEquals(ExitCode.OK, run("help", "echo"));
		assertEquals("usage: perfcast echo FILE... [--set NAME=VALUE ...] [--json]", out().strip());
		out.reset();
		assertEquals(ExitCode.OK, run("echo", "--help"));
		assertTrue(out().startsWith("usage: perfcast echo"), out());
		assertEquals(ExitCode.USAGE, run("help", "nosuch"));
		assertTrue(err().contains("unknown command 'nosuch'"), err());
	}

	@Test
	void testNoArgumentsPrintsHelpToStderr() {
		assertEquals(ExitCode.USAGE, run());
		assertTrue(err().startsWith("usage: perfcast"), err());
		assertEquals("", out());
	}

	@Test
	void testUnknownCommand() {
		assertEquals(ExitCode.USAGE, run("pamelaa", "x.pamela"));
		assertEquals("perfcast: unknown command 'pamelaa'. Run 'perfcast help' for the list of commands.",
				err().strip());
	}

	@Test
	void testDispatchWithBindingsAndDiagnostics() {
		assertEquals(ExitCode.INPUT_ERROR, run("echo", "a.pamela", "--set", "N=60", "--set=P=6", "--json", "b.pamela"));
		assertEquals("json N=60, P=6", out().strip());
		assertEquals("a.pamela:3:7: error: bad input" + System.lineSeparator() + "b.pamela:3:7: error: bad input",
				err().strip());
	}

	@Test
	void testUsageErrorsPrintMessageAndUsage() {
		assertEquals(ExitCode.USAGE, run("echo"));
		assertTrue(err().startsWith("perfcast echo: missing FILE"), err());
		assertTrue(err().contains("usage: perfcast echo"), err());
		err.reset();
		assertEquals(ExitCode.USAGE, run("echo", "a", "--jsn"));
		assertTrue(err().startsWith("perfcast echo: unknown option --jsn"), err());
		err.reset();
		assertEquals(ExitCode.USAGE, run("echo", "a", "--set", "N=NaN"));
		assertTrue(err().startsWith("perfcast echo: --set value of N: 'NaN' is not a number"), err());
		err.reset();
		assertEquals(ExitCode.USAGE, run("echo", "a", "--set"));
		assertTrue(err().startsWith("perfcast echo: option --set needs a value"), err());
		err.reset();
		assertEquals(ExitCode.USAGE, run("version", "extra"));
		assertTrue(err().startsWith("perfcast version: takes no arguments"), err());
	}

	@Test
	void testCancelledRunExitsWith130() {
		assertEquals(ExitCode.CANCELLED, run("echo", "--cancel"));
		assertEquals("perfcast echo: cancelled", err().strip());
	}

	@Test
	void testVersion() {
		assertEquals(ExitCode.OK, run("--version"));
		assertTrue(out().matches("perfcast 0\\.1\\.0\\.\\S+ \\(Java \\S+\\)\\R"), out());
	}

	@Test
	void testDuplicateCommandIsRefused() {
		assertThrows(IllegalArgumentException.class, () -> cli.register(new EchoCommand()));
	}

	@Test
	void testDoubleDashEndsOptions() throws UsageException {
		Arguments a = Arguments.parse(List.of("--json", "--", "--weird-file", "x"), java.util.Set.of("json"),
				java.util.Set.of());
		assertTrue(a.flag("json"));
		assertEquals(List.of("--weird-file", "x"), a.operands());
		assertThrows(UsageException.class,
				() -> Arguments.parse(List.of("--json=yes"), java.util.Set.of("json"), java.util.Set.of()));
	}
}
