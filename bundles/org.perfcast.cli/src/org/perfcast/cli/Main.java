package org.perfcast.cli;

import java.util.List;

/** Entry point of the {@code perfcast} command line. */
public final class Main {

	private Main() {
	}

	/** Runs the command line and exits with its exit code. */
	public static void main(String[] args) {
		Console console = Console.system();
		System.setErr(console.err()); // what engines print themselves, escaped as the messages are
		System.exit(PerfcastCli.withBuiltinCommands().run(List.of(args), console));
	}
}
