package org.perfcast.loggp;

import java.util.Objects;

/**
 * A send or a receive of one processor in a simulated step.
 *
 * @param kind    send or receive
 * @param peer    the id of the processor at the other end
 * @param bytes   the message's length
 * @param start   when the processor starts it
 * @param end     when the processor is done with it
 * @param message the message's position in {@link CommunicationPattern#messages()}
 */
public record Operation(Kind kind, int peer, long bytes, double start, double end, int message) {

	/** A send or a receive. */
	public enum Kind {
		/** Sending: the processor is the message's source. */
		SEND("send"),
		/** Receiving: the processor is the message's destination. */
		RECV("recv");

		private final String id;

		Kind(String id) {
			this.id = id;
		}

		/** The word results files use: "send" or "recv". */
		public String id() {
			return id;
		}
	}

	public Operation {
		Objects.requireNonNull(kind, "kind");
		if (!(start <= end) || Double.isInfinite(end)) {
			throw new IllegalArgumentException("an operation needs finite start <= end, was [" + start + ", " + end + "]");
		}
	}
}
