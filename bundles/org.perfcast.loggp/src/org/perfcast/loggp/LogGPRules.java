package org.perfcast.loggp;

import java.util.Objects;

/**
 * The readings of the paper that its text leaves open, each a named option; {@link #DEFAULT} is the single-port
 * reading (a processor sends or receives one message at a time), the one that reproduces the paper's 67 µs and
 * 76 µs on the reconstruction of its figure 3.
 *
 * @param receivePriority when a processor that could send receives first instead
 * @param crossGaps       whether a receive after a send waits g after the send ends and a send after a receive
 *                        waits max(2o, g) − 2o after the receive ends (the paper's own assumption, figure 1); LogGP
 *                        proper has gaps only between operations of the same kind
 * @param arrival         when a message can start being received
 * @param receiveCost     how long a receive engages the receiver
 * @param ties            which of the processors with the same current time acts first
 * @param seed            the seed of random tie breaks and of the overestimation's forced transmissions
 */
public record LogGPRules(ReceivePriority receivePriority, boolean crossGaps, Arrival arrival, ReceiveCost receiveCost,
		Ties ties, long seed) {

	/** The reading: receive priority by arrival, cross gaps, first byte after o + L, receives cost o + (k − 1)G, lowest id first. */
	public static final LogGPRules DEFAULT = new LogGPRules(ReceivePriority.ARRIVED, true, Arrival.FIRST_BYTE,
			ReceiveCost.PER_BYTE, Ties.LOWEST_ID, 0);

	/** When a processor that still has a message to send receives a waiting one first. */
	public enum ReceivePriority {
		/** As soon as the message has arrived by the time the next send could start (the reading). */
		ARRIVED,
		/**
		 * When the receive could start no later than the send: figure 2's test {@code start_send < start_recv}
		 * taken literally, where a gap may push the receive's start past its arrival.
		 */
		EARLIER_START
	}

	/** When a message can start being received. */
	public enum Arrival {
		/** o + L after its send starts: the first byte has arrived (the reading). */
		FIRST_BYTE,
		/** L after its send ends: the whole message has arrived. */
		LAST_BYTE
	}

	/** How long a receive of a k-byte message engages the receiver. */
	public enum ReceiveCost {
		/** o + (k − 1)G, like the send (the reading). */
		PER_BYTE,
		/** o only: the bytes are taken in while the network delivers them. */
		OVERHEAD
	}

	/** Which of the processors with the same current time acts first. */
	public enum Ties {
		/** The lowest processor id. */
		LOWEST_ID,
		/** A choice drawn from {@link LogGPRules#seed()}, as the paper does. */
		RANDOM
	}

	public LogGPRules {
		Objects.requireNonNull(receivePriority, "receivePriority");
		Objects.requireNonNull(arrival, "arrival");
		Objects.requireNonNull(receiveCost, "receiveCost");
		Objects.requireNonNull(ties, "ties");
	}

	/** These rules with tie breaks {@code ties}. */
	public LogGPRules withTies(Ties ties) {
		return new LogGPRules(receivePriority, crossGaps, arrival, receiveCost, ties, seed);
	}

	/** These rules with seed {@code seed}. */
	public LogGPRules withSeed(long seed) {
		return new LogGPRules(receivePriority, crossGaps, arrival, receiveCost, ties, seed);
	}

	/** These rules with receive priority {@code priority}. */
	public LogGPRules withReceivePriority(ReceivePriority priority) {
		return new LogGPRules(priority, crossGaps, arrival, receiveCost, ties, seed);
	}

	/** These rules with or without the gaps between a send and a receive. */
	public LogGPRules withCrossGaps(boolean cross) {
		return new LogGPRules(receivePriority, cross, arrival, receiveCost, ties, seed);
	}

	/** These rules with arrival {@code arrival}. */
	public LogGPRules withArrival(Arrival arrival) {
		return new LogGPRules(receivePriority, crossGaps, arrival, receiveCost, ties, seed);
	}

	/** These rules with receive cost {@code cost}. */
	public LogGPRules withReceiveCost(ReceiveCost cost) {
		return new LogGPRules(receivePriority, crossGaps, arrival, cost, ties, seed);
	}
}
