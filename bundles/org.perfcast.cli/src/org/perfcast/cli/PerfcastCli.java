package org.perfcast.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.perfcast.engine.CancelledException;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.Severity;

/**
 * The command dispatcher: picks the {@link Command} named by the first argument and runs it with the
 * rest, turning usage errors into a message plus the command's usage and exit code 2.
 */
public final class PerfcastCli {

	/** The program name used in messages. */
	public static final String PROGRAM = "perfcast";

	private final Map<String, Command> commands = new LinkedHashMap<>();

	/** A dispatcher knowing the built-in commands and engines. */
	public static PerfcastCli withBuiltinCommands() {
		return withBuiltinCommands(EngineRegistry.builtin());
	}

	/** A dispatcher knowing the built-in commands, whose {@code run} command runs {@code engines}. */
	public static PerfcastCli withBuiltinCommands(EngineRegistry engines) {
		PerfcastCli cli = new PerfcastCli();
		cli.register(new HelpCommand(cli));
		cli.register(new VersionCommand());
		cli.register(new ValidateCommand());
		cli.register(new PamelaCommand());
		cli.register(new MappingCommand());
		cli.register(new GlamisCommand());
		cli.register(new MvaCommand());
		cli.register(new LoggpStepCommand());
		cli.register(new LoggpCommand());
		cli.register(new TraceCommand());
		cli.register(new GeOpsCommand());
		cli.register(new RecordCommand());
		cli.register(new AccuracyCommand());
		cli.register(new WhatIfCommand());
		cli.register(new CharacteriseCommand());
		cli.register(new FitCommand());
		cli.register(new RevprofCommand());
		cli.register(new RecordMpiCommand());
		cli.register(new ReplayCommand());
		cli.register(new RunCommand(engines));
		cli.register(new ReportCommand());
		cli.register(new DemoCommand(engines));
		cli.register(new BenchCommand());
		return cli;
	}

	/**
	 * Adds a command.
	 *
	 * @throws IllegalArgumentException if a command of the same name is already registered
	 */
	public void register(Command command) {
		if (commands.putIfAbsent(command.name(), command) != null) {
			throw new IllegalArgumentException("command " + command.name() + " is registered twice");
		}
	}

	/** The registered commands in registration order. */
	public List<Command> commands() {
		return Collections.unmodifiableList(new ArrayList<>(commands.values()));
	}

	/** The command called {@code name}, if registered. */
	public Optional<Command> command(String name) {
		return Optional.ofNullable(commands.get(name));
	}

	/**
	 * Runs the command line {@code args} (command name first) and returns the exit code. With no
	 * arguments, prints the help and returns {@link ExitCode#USAGE}.
	 */
	public int run(List<String> args, Console console) {
		if (args.isEmpty()) {
			new HelpCommand(this).printOverview(console.err());
			return ExitCode.USAGE;
		}
		String name = args.get(0);
		if (name.equals("--help") || name.equals("-h")) {
			name = "help";
		} else if (name.equals("--version")) {
			name = "version";
		}
		Command command = commands.get(name);
		if (command == null) {
			console.err().println(PROGRAM + ": unknown command '" + name + "'. Run '" + PROGRAM
					+ " help' for the list of commands.");
			return ExitCode.USAGE;
		}
		List<String> rest = args.subList(1, args.size());
		// "--help" after "--" belongs to the program a command runs (perfcast record -- PROGRAM --help)
		int end = rest.indexOf("--");
		if ((end < 0 ? rest : rest.subList(0, end)).contains("--help") && command != commands.get("help")) {
			console.out().println(command.usage());
			return ExitCode.OK;
		}
		if (command.printsJson(rest)) {
			return runJson(command, rest, console);
		}
		return runCommand(command, rest, console);
	}

	/**
	 * Runs a command asked for JSON: when it fails without printing anything on stdout, stdout gets a JSON error
	 * object, {@code {"error": {"exitCode": N, "diagnostics": [...]}}} with the errors it reported (as
	 * {@code perfcast validate --json} lists diagnostics), or the usage, cancel or internal error; stderr says the
	 * same in words as without --json.
	 */
	private int runJson(Command command, List<String> rest, Console console) {
		boolean[] written = { false };
		PrintStream out = new PrintStream(new java.io.FilterOutputStream(console.out()) {
			@Override
			public void write(int b) throws java.io.IOException {
				written[0] = true;
				super.out.write(b);
			}

			@Override
			public void write(byte[] b, int off, int len) throws java.io.IOException {
				written[0] |= len > 0;
				super.out.write(b, off, len);
			}
		}, true, console.out().charset());
		List<Diagnostic> errors = new ArrayList<>();
		Console json = new Console(out, console.err(), d -> {
			if (d.severity() == Severity.ERROR) {
				errors.add(d);
			}
			console.reported().accept(d);
		});
		List<String> failures = new ArrayList<>();
		int code = runCommand(command, rest, json, failures::add);
		out.flush();
		if (code != ExitCode.OK && !written[0]) {
			List<Diagnostic> diagnostics = new ArrayList<>(errors);
			if (!failures.isEmpty() || diagnostics.isEmpty()) {
				// a usage error, a cancel or an internal error, said on stderr as without --json
				String kind = code == ExitCode.USAGE ? "cli.usage" : code == ExitCode.CANCELLED ? "cli.cancelled"
						: code == ExitCode.INTERNAL ? "cli.internal" : "cli.failed";
				diagnostics.add(Diagnostic.error(kind, failures.isEmpty() ? command.name() + " failed (exit code " + code
						+ ")" : failures.get(0), Location.of("")));
			}
			console.out().println("{\"error\": {\"exitCode\": " + code + ", \"diagnostics\": " + Json.diagnostics(
					diagnostics) + "}}");
		}
		return code;
	}

	private static int runCommand(Command command, List<String> rest, Console console) {
		return runCommand(command, rest, console, failure -> {
		});
	}

	/** Runs {@code command}, handing {@code failure} what stops it other than its own diagnostics. */
	private static int runCommand(Command command, List<String> rest, Console console,
			java.util.function.Consumer<String> failure) {
		try {
			return command.run(rest, console);
		} catch (UsageException e) {
			failure.accept(e.getMessage());
			console.err().println(PROGRAM + " " + command.name() + ": " + e.getMessage());
			console.err().println(command.usage());
			return ExitCode.USAGE;
		} catch (CancelledException e) {
			failure.accept("cancelled");
			console.err().println(PROGRAM + " " + command.name() + ": cancelled");
			return ExitCode.CANCELLED;
		} catch (StackOverflowError | OutOfMemoryError e) {
			// what the parsers' and analyses' own limits did not catch: never a stack trace for an input
			failure.accept("the input is too large or too deeply nested to handle");
			console.err().println(PROGRAM + " " + command.name() + ": the input is too large or too deeply nested to "
					+ "handle (" + (e instanceof StackOverflowError ? "out of stack" : "out of memory") + ")");
			return ExitCode.INPUT_ERROR;
		} catch (RuntimeException e) {
			failure.accept("internal error: " + e);
			console.err().println(PROGRAM + " " + command.name() + ": internal error: " + e + (e.getStackTrace().length > 0
					? " at " + e.getStackTrace()[0] : "") + " (a bug: please report it with the command and its input; "
					+ "PERFCAST_DEBUG=1 prints the stack trace)");
			if (System.getenv("PERFCAST_DEBUG") != null) {
				e.printStackTrace(console.err());
			}
			return ExitCode.INTERNAL;
		}
	}
}
