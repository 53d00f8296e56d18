package org.perfcast.cli;

/** Exit codes of the {@code perfcast} command, stable for scripts. */
public final class ExitCode {

	/** The command did what was asked. */
	public static final int OK = 0;
	/** The input had errors; they were printed as {@code file:line:column: error: message}. */
	public static final int INPUT_ERROR = 1;
	/** The command line was malformed: unknown command or option, missing argument. */
	public static final int USAGE = 2;
	/** The simulated program deadlocked ({@code perfcast trace}); the deadlock was printed. */
	public static final int DEADLOCK = 3;
	/** A bug of Perfcast's met while running the command (not the input's fault): sysexits' EX_SOFTWARE. */
	public static final int INTERNAL = 70;
	/** The run was interrupted. */
	public static final int CANCELLED = 130;

	private ExitCode() {
	}
}
