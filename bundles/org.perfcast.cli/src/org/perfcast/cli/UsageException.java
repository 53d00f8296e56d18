package org.perfcast.cli;

/** A malformed command line; the message says what is wrong, the dispatcher adds the usage. */
public final class UsageException extends Exception {

	private static final long serialVersionUID = 1L;

	/** Creates the exception with a message such as "missing FILE". */
	public UsageException(String message) {
		super(message);
	}
}
