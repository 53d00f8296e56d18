package org.perfcast.revprof;

/** Measurements that cannot be read or fitted, with the line at fault (0 for the whole file). */
public final class MeasurementsException extends Exception {

	private static final long serialVersionUID = 1L;

	private final long line;

	/** A problem at {@code line}. */
	public MeasurementsException(long line, String message) {
		super(message);
		this.line = line;
	}

	/** The line, from 1; 0 when the problem is not one line's. */
	public long line() {
		return line;
	}
}
