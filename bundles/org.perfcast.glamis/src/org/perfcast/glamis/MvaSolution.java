package org.perfcast.glamis;

import java.util.List;

/**
 * The mean values of a closed single-class network with {@code customers} customers.
 *
 * @param customers  N
 * @param throughput X, cycles completed per time unit
 * @param cycleTime  the time one customer takes for one cycle, N / X (Little's law over the whole network)
 * @param stations   the results per station, in the network's order
 * @param solver     "exact" or "schweitzer"
 * @param iterations fixed-point iterations (1 per population for exact MVA)
 * @param residual   the last change of the queue lengths (0 for exact MVA)
 */
public record MvaSolution(long customers, double throughput, double cycleTime, List<Result> stations, String solver,
		long iterations, double residual) {

	public MvaSolution {
		stations = List.copyOf(stations);
	}

	/**
	 * One station's mean values, per member of a block (the block's totals are m times these).
	 *
	 * @param station     the station
	 * @param utilisation U = X·D, the fraction of time a member is busy (customers in service at a delay centre)
	 * @param queueLength Q, customers at a member, waiting or in service
	 * @param residence   R, the time a customer spends at a member per cycle
	 */
	public record Result(Station station, double utilisation, double queueLength, double residence) {
	}

	/** The station called {@code name}. */
	public Result station(String name) {
		return stations.stream().filter(r -> r.station().name().equals(name)).findFirst()
				.orElseThrow(() -> new IllegalArgumentException("no station " + name));
	}

	/** Total residence time per cycle at the queueing centres (blocks counted with all their members). */
	public double queueingResidence() {
		return stations.stream().filter(r -> r.station().kind() == Station.Kind.QUEUE)
				.mapToDouble(r -> r.station().multiplicity() * r.residence()).sum();
	}

	/** Total demand of the delay centres per cycle, Z. */
	public double delayDemand() {
		return stations.stream().filter(r -> r.station().kind() == Station.Kind.DELAY)
				.mapToDouble(r -> r.station().demand()).sum();
	}
}
