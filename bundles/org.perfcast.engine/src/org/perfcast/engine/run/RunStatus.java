package org.perfcast.engine.run;

/** How a run ended as a whole. */
public enum RunStatus {
	/** Every point completed. */
	COMPLETED,
	/** At least one point failed; the others ran to their end. */
	FAILED,
	/** The run was cancelled; it holds the points that finished before. */
	CANCELLED
}
