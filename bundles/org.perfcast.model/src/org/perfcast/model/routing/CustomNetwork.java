package org.perfcast.model.routing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.perfcast.model.machine.Link;

/**
 * A network of the links listed in a custom topology. A bidirectional model link gives two links, source
 * to target and back, with consecutive ids; model links keep their order. Messages take breadth-first
 * routes (see {@link Network}); the topology's routing attribute does not apply.
 */
final class CustomNetwork extends Network {

	private final LinkGraph graph;

	CustomNetwork(int processors, List<Link> modelLinks) {
		super(processors);
		List<NetworkLink> links = new ArrayList<>();
		Map<String, Integer> parallel = new HashMap<>();
		for (int i = 0; i < modelLinks.size(); i++) {
			Link link = modelLinks.get(i);
			checkEnd(i, "source", link.getSource());
			checkEnd(i, "target", link.getTarget());
			if (link.getSource() == link.getTarget()) {
				throw new IllegalArgumentException(
						"custom link " + i + " connects processor " + link.getSource() + " to itself");
			}
			String hopTime = link.getHopTime() == null ? "" : link.getHopTime().strip();
			add(links, parallel, link.getSource(), link.getTarget(), hopTime);
			if (link.isBidirectional()) {
				add(links, parallel, link.getTarget(), link.getSource(), hopTime);
			}
		}
		graph = new LinkGraph(processors, List.copyOf(links));
	}

	private void checkEnd(int index, String end, int processor) {
		if (processor < 0 || processor >= processorCount()) {
			throw new IllegalArgumentException("custom link " + index + ": " + end + " " + processor
					+ " is outside the processors 0.." + (processorCount() - 1));
		}
	}

	private static void add(List<NetworkLink> links, Map<String, Integer> parallel, int source, int target,
			String hopTime) {
		String name = NetworkLink.arrowName(source, target);
		int count = parallel.merge(name, 1, Integer::sum);
		links.add(new NetworkLink(links.size(), source, target, count == 1 ? name : name + "#" + count, hopTime));
	}

	@Override
	public List<NetworkLink> links() {
		return graph.links();
	}

	@Override
	List<NetworkLink> path(int from, int to) {
		return graph.shortestPath(from, to);
	}
}
