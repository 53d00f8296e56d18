package org.perfcast.cli;

import java.util.List;

/**
 * One {@code perfcast} sub-command, e.g. {@code perfcast pamela FILE}.
 */
public interface Command {

	/** The word that selects the command, e.g. "pamela". */
	String name();

	/** One line for the command list of {@code perfcast help}. */
	String summary();

	/** The usage text of {@code perfcast help NAME}: synopsis, then options. */
	String usage();

	/**
	 * Runs the command.
	 *
	 * @param args    the arguments after the command name
	 * @param console where to print results (stdout) and diagnostics (stderr)
	 * @return the process exit code, one of {@link ExitCode}'s constants
	 * @throws UsageException if the arguments are malformed; the dispatcher prints it with the usage
	 */
	int run(List<String> args, Console console) throws UsageException;

	/**
	 * Whether {@code args} ask for JSON on stdout: {@code --json} before any {@code --}. A command whose
	 * {@code --json} names a file instead says no.
	 */
	default boolean printsJson(List<String> args) {
		int end = args.indexOf("--");
		return (end < 0 ? args : args.subList(0, end)).contains("--json");
	}
}
