package org.perfcast.glamis;

import java.util.Objects;

/**
 * A centre of a closed queueing network, or a block of {@code multiplicity} identical ones: Glamis's
 * {@code I(t)} (an infinite server, a delay) or {@code Q^m(t)} (m queueing centres). The demand is what one
 * customer asks of each member per cycle (visits × service time).
 *
 * @param name         how results name it
 * @param kind         delay or queueing
 * @param multiplicity m, the members of the block (1 for a single centre; a delay centre is always 1)
 * @param demand       the service demand per cycle at each member, finite and not negative
 */
public record Station(String name, Kind kind, long multiplicity, double demand) {

	/** Delay (infinite server) or queueing (one server, first come first served). */
	public enum Kind {
		DELAY, QUEUE
	}

	/**
	 * @throws IllegalArgumentException naming the station if the multiplicity is below 1 or the demand is
	 *                                  negative, NaN or infinite
	 */
	public Station {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(kind, "kind");
		if (multiplicity < 1) {
			throw new IllegalArgumentException(name + ": a block needs at least one centre, was " + multiplicity);
		}
		if (!(demand >= 0) || Double.isInfinite(demand)) {
			throw new IllegalArgumentException(name + ": the demand must be finite and not negative, was " + demand);
		}
	}

	/** A delay centre. */
	public static Station delay(String name, double demand) {
		return new Station(name, Kind.DELAY, 1, demand);
	}

	/** A single queueing centre. */
	public static Station queue(String name, double demand) {
		return new Station(name, Kind.QUEUE, 1, demand);
	}

	/** A block of {@code m} identical queueing centres, each with {@code demand}. */
	public static Station block(String name, long m, double demand) {
		return new Station(name, Kind.QUEUE, m, demand);
	}

	/** The demand of the whole block: m × demand. */
	public double totalDemand() {
		return multiplicity * demand;
	}
}
