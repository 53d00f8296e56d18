package org.perfcast.cli;

import java.io.PrintStream;
import java.util.List;

/** {@code perfcast help [COMMAND]}: lists the commands, or shows one command's usage. */
final class HelpCommand extends AbstractCommand {

	private final PerfcastCli cli;

	HelpCommand(PerfcastCli cli) {
		super("help", "list the commands, or show how to use one", "usage: perfcast help [COMMAND]");
		this.cli = cli;
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		if (args.isEmpty()) {
			printOverview(console.out());
			return ExitCode.OK;
		}
		if (args.size() > 1) {
			throw new UsageException("expected at most one COMMAND, got " + args.size());
		}
		Command command = cli.command(args.get(0))
				.orElseThrow(() -> new UsageException("unknown command '" + args.get(0) + "'"));
		console.out().println(command.usage());
		return ExitCode.OK;
	}

	void printOverview(PrintStream out) {
		out.println("usage: perfcast COMMAND [ARGS...]");
		out.println();
		out.println("Engine commands (run headless, same engines as the IDE):");
		int width = cli.commands().stream().mapToInt(c -> c.name().length()).max().orElse(0);
		for (Command command : cli.commands()) {
			out.printf("  %-" + width + "s  %s%n", command.name(), command.summary());
		}
		out.println();
		out.println("Run 'perfcast help COMMAND' or 'perfcast COMMAND --help' for a command's options.");
		out.println("Errors are printed as file:line:column: severity: message; the exit code is 0 on");
		out.println("success, 1 for errors in the input, 2 for a malformed command line.");
	}
}
