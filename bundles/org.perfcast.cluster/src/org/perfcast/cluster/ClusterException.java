package org.perfcast.cluster;

/** A cluster that cannot be reached or refuses a job, with the reason in words a user can act on. */
public final class ClusterException extends Exception {

	private static final long serialVersionUID = 1L;

	public ClusterException(String message) {
		super(message);
	}
}
