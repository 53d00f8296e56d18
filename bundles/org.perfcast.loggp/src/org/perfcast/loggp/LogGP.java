package org.perfcast.loggp;

/**
 * The LogGP parameters of a machine (Alexandrov et al.; the paper's section 3), all in the same time unit. P is
 * not here: it is the number of processors of the {@link CommunicationPattern}.
 *
 * @param L the latency: an upper bound on the time a message spends in the network
 * @param o the overhead: the time a processor is engaged in sending or receiving a message
 * @param g the gap: the least time between consecutive sends, or consecutive receives, of a processor
 * @param G the gap per byte of a long message
 */
public record LogGP(double L, double o, double g, double G) {

	/** @throws IllegalArgumentException if a parameter is negative, NaN or infinite */
	public LogGP {
		check("L", L);
		check("o", o);
		check("g", g);
		check("G", G);
	}

	/** The time the bytes after the first of a {@code k}-byte message add: (k − 1)G. */
	public double perByte(long k) {
		return (k - 1) * G;
	}

	/** How long sending (or, by default, receiving) a {@code k}-byte message engages a processor: o + (k − 1)G. */
	public double occupancy(long k) {
		return o + perByte(k);
	}

	/** The least time from the start of an operation on a {@code k}-byte message to the next of its kind: (k − 1)G + g. */
	public double sameKindGap(long k) {
		return perByte(k) + g;
	}

	/** The least time from the end of a receive to the next send: max(2o, g) − 2o (the paper's figure 1). */
	public double receiveToSendGap() {
		return Math.max(2 * o, g) - 2 * o;
	}

	private static void check(String name, double value) {
		if (!(value >= 0) || Double.isInfinite(value)) {
			throw new IllegalArgumentException("the LogGP parameter " + name + " must be a finite number of at least 0, was "
					+ value);
		}
	}
}
