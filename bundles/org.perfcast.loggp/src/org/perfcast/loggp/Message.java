package org.perfcast.loggp;

/**
 * One message of a {@link CommunicationPattern}: an edge of the paper's communication graph.
 *
 * @param from  the sending processor's id
 * @param to    the receiving processor's id
 * @param bytes the length k in bytes, at least 1
 * @param line  the line of the pattern file it was read from, 0 if it was not read from a file
 */
public record Message(int from, int to, long bytes, int line) {

	/** The largest message: 2⁴⁰ bytes (1 TiB); anything longer is a typing error, not a message. */
	public static final long MAX_BYTES = 1L << 40;

	/** @throws IllegalArgumentException if an id is negative, or the length is not in 1..{@value #MAX_BYTES} */
	public Message {
		if (from < 0 || to < 0) {
			throw new IllegalArgumentException("processor ids are not negative, was " + from + " -> " + to);
		}
		if (bytes < 1 || bytes > MAX_BYTES) {
			throw new IllegalArgumentException("a message has 1 to " + MAX_BYTES + " bytes, was " + bytes);
		}
		if (line < 0) {
			throw new IllegalArgumentException("line must not be negative");
		}
	}

	/** A message not read from a file. */
	public Message(int from, int to, long bytes) {
		this(from, to, bytes, 0);
	}

	/** Whether it goes from a processor to itself: a local memory transfer, which the simulation does not cost. */
	public boolean local() {
		return from == to;
	}
}
