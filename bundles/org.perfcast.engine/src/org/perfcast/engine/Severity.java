package org.perfcast.engine;

import java.util.Locale;

/** How serious a {@link Diagnostic} is, in increasing order. */
public enum Severity {
	/** A prediction or other information, e.g. "T = 4320 cycles". */
	INFO,
	/** A likely problem: a bottleneck, an exceeded budget, a suspicious value. */
	WARNING,
	/** The input cannot be analysed as it is. */
	ERROR;

	/** The lower-case name used in {@code file:line:col: severity: message} lines. */
	public String label() {
		return name().toLowerCase(Locale.ROOT);
	}
}
