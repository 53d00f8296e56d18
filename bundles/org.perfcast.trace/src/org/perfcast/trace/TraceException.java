package org.perfcast.trace;

import org.perfcast.engine.Printable;

/**
 * A trace that cannot be read or replayed, with the line at fault (0 for the whole file). The message keeps the
 * control characters of the input it quotes as escapes ({@link Printable#message}).
 */
public final class TraceException extends Exception {

	private static final long serialVersionUID = 1L;

	private final String file;
	private final long line;

	/** A problem at {@code line} of {@code file}. */
	public TraceException(String file, long line, String message) {
		super(Printable.message(message));
		this.file = file;
		this.line = line;
	}

	/** The file, as named by the caller. */
	public String file() {
		return file;
	}

	/** The line, from 1; 0 when the problem is the whole file's. */
	public long line() {
		return line;
	}

	/** E.g. "p.vtrace:7: thread P3 has not been created". */
	@Override
	public String toString() {
		return Printable.escape(file) + (line > 0 ? ":" + line : "") + ": " + getMessage();
	}
}
