package org.perfcast.model.routing;

import java.util.AbstractList;
import java.util.List;

/**
 * A fully connected network: a direct link for every ordered pair of processors, so p → q and q → p are
 * different resources. Link p → q has id p·(P−1) + q, less one if q > p; links are made when asked for, so
 * the network holds no P² objects.
 */
final class FullyConnectedNetwork extends Network {

	private final List<NetworkLink> links;

	FullyConnectedNetwork(int processors) {
		super(processors);
		long count = (long) processors * (processors - 1);
		if (count > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("a fully connected network of " + processors
					+ " processors has " + count + " links, more than " + Integer.MAX_VALUE);
		}
		links = new AbstractList<>() {
			@Override
			public NetworkLink get(int id) {
				if (id < 0 || id >= count) {
					throw new IndexOutOfBoundsException("link " + id + " of " + count);
				}
				int source = id / (processors - 1);
				int rest = id % (processors - 1);
				return link(source, rest < source ? rest : rest + 1);
			}

			@Override
			public int size() {
				return (int) count;
			}
		};
	}

	@Override
	public List<NetworkLink> links() {
		return links;
	}

	@Override
	List<NetworkLink> path(int from, int to) {
		return List.of(link(from, to));
	}

	private NetworkLink link(int source, int target) {
		int id = source * (processorCount() - 1) + (target < source ? target : target - 1);
		return NetworkLink.of(id, source, target, NetworkLink.arrowName(source, target));
	}
}
