package org.perfcast.engine;

import java.util.Objects;

/**
 * A message from an engine about its input or its result, with where it points.
 *
 * @param severity how serious it is
 * @param message  one sentence for the user, without the location; characters that could drive a terminal or
 *                 reorder the text (quoted input's) are kept as escapes ({@link Printable#message})
 * @param location where it points
 * @param code     a stable identifier of the kind of problem (e.g. "pamela.undefinedName"), used by quick
 *                 fixes and tests; never shown alone
 */
public record Diagnostic(Severity severity, String message, Location location, String code) {

	public Diagnostic {
		Objects.requireNonNull(severity, "severity");
		Objects.requireNonNull(message, "message");
		Objects.requireNonNull(location, "location");
		Objects.requireNonNull(code, "code");
		message = Printable.message(message);
	}

	/** An error at a text position. */
	public static Diagnostic error(String code, String message, Location location) {
		return new Diagnostic(Severity.ERROR, message, location, code);
	}

	/** A warning at a location. */
	public static Diagnostic warning(String code, String message, Location location) {
		return new Diagnostic(Severity.WARNING, message, location, code);
	}

	/** Information at a location. */
	public static Diagnostic info(String code, String message, Location location) {
		return new Diagnostic(Severity.INFO, message, location, code);
	}

	/**
	 * The line a compiler would print: {@code file:line:column: severity: message}; for a model element the
	 * message starts with the element's label ({@code file:line: severity: label: message}).
	 */
	@Override
	public String toString() {
		String where = location.format();
		String label = location instanceof Location.ElementLocation e && !e.label().isEmpty() ? Printable.escape(e.label())
				+ ": " : "";
		return (where.isEmpty() ? "" : where + ": ") + severity.label() + ": " + label + message;
	}
}
