package org.perfcast.cli.tests;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.perfcast.cli.Console;
import org.perfcast.cli.EngineRegistry;
import org.perfcast.cli.PerfcastCli;

/** Runs command lines through the dispatcher and keeps what they print. */
final class CommandRunner {

	private final EngineRegistry engines;
	private final ByteArrayOutputStream out = new ByteArrayOutputStream();
	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	/** A runner with the built-in engines. */
	CommandRunner() {
		this(EngineRegistry.builtin());
	}

	/** A runner whose {@code run} command knows {@code engines}. */
	CommandRunner(EngineRegistry engines) {
		this.engines = engines;
	}

	/** Runs {@code args} with the built-in commands and returns the exit code. */
	int run(String... args) {
		Console console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		return PerfcastCli.withBuiltinCommands(engines).run(List.of(args), console);
	}

	/** What was printed on stdout since the last reset. */
	String out() {
		return out.toString(StandardCharsets.UTF_8);
	}

	/** What was printed on stderr since the last reset. */
	String err() {
		return err.toString(StandardCharsets.UTF_8);
	}

	/** Forgets what was printed. */
	void reset() {
		out.reset();
		err.reset();
	}
}
