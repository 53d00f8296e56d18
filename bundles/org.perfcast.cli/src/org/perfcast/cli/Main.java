package org.perfcast.cli;

import java.util.List;

/** Entry point of the {@code perfcast} command line. */
public final class Main {

	private Main() {
	}

	/** Runs the command line and exits with its exit code. */
	public static void main(String[] args) {
		System.exit(PerfcastCli.withBuiltinCommands().run(List.of(args), Console.system()));
	}
}
