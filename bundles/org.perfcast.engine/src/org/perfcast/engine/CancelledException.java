package org.perfcast.engine;

/**
 * Thrown by an engine, through {@link EngineMonitor#checkCancelled()}, when its caller cancelled the
 * call. Callers record the run as cancelled rather than failed.
 */
public final class CancelledException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/** Creates the exception with the message "Cancelled". */
	public CancelledException() {
		super("Cancelled");
	}
}
