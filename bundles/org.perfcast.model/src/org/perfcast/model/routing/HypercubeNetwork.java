package org.perfcast.model.routing;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.model.machine.Routing;

/**
 * A hypercube of P = 2^d processors: link {@code l[a->b]} joins processors whose indices differ in one
 * bit k, with id a·d + k. Dimension-order (e-cube) routing corrects the bits in which sender and receiver
 * differ from the lowest to the highest.
 */
final class HypercubeNetwork extends Network {

	private final int dimensions;
	private final List<NetworkLink> links;
	/** The breadth-first routes, for shortest-path routing only; null otherwise. */
	private final LinkGraph graph;

	HypercubeNetwork(int processors, Routing routing) {
		super(processors);
		if (Integer.bitCount(processors) != 1) {
			throw new IllegalArgumentException(
					"a hypercube needs a power of two processors, but the processor count is " + processors);
		}
		dimensions = Integer.numberOfTrailingZeros(processors);
		List<NetworkLink> all = new ArrayList<>(processors * dimensions);
		for (int node = 0; node < processors; node++) {
			for (int bit = 0; bit < dimensions; bit++) {
				int target = node ^ 1 << bit;
				all.add(NetworkLink.of(all.size(), node, target, NetworkLink.arrowName(node, target)));
			}
		}
		links = List.copyOf(all);
		graph = routing == Routing.SHORTEST_PATH ? new LinkGraph(processors, links) : null;
	}

	@Override
	public List<NetworkLink> links() {
		return links;
	}

	@Override
	List<NetworkLink> path(int from, int to) {
		if (graph != null) {
			return graph.shortestPath(from, to);
		}
		List<NetworkLink> route = new ArrayList<>();
		int node = from;
		for (int bit = 0; bit < dimensions; bit++) {
			if (((node ^ to) >> bit & 1) != 0) {
				route.add(links.get(node * dimensions + bit));
				node ^= 1 << bit;
			}
		}
		return List.copyOf(route);
	}
}
