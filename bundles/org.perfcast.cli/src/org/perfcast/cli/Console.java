package org.perfcast.cli;

import java.io.PrintStream;
import java.util.Objects;
import java.util.function.Consumer;

import org.perfcast.engine.Diagnostic;

/**
 * Where a command prints: results to {@link #out()}, diagnostics and errors to {@link #err()}.
 */
public record Console(PrintStream out, PrintStream err, Consumer<Diagnostic> reported) {

	public Console {
		Objects.requireNonNull(out, "out");
		Objects.requireNonNull(err, "err");
		Objects.requireNonNull(reported, "reported");
	}

	/** A console that prints diagnostics on {@code err} and nothing more. */
	public Console(PrintStream out, PrintStream err) {
		this(out, err, d -> {
		});
	}

	/**
	 * The process's standard output and error; what goes to the error stream (messages, which quote input) has its
	 * control characters escaped ({@link EscapingPrintStream}).
	 */
	public static Console system() {
		PrintStream err = System.err;
		return new Console(System.out, err instanceof EscapingPrintStream ? err : new EscapingPrintStream(err));
	}

	/**
	 * Prints a diagnostic as {@code file:line:column: severity: message} on stderr and hands it to
	 * {@link #reported()} (with --json, errors also become the JSON error object on stdout).
	 */
	public void report(Diagnostic diagnostic) {
		err.println(diagnostic);
		reported.accept(diagnostic);
	}
}
