package org.perfcast.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The links of a network between processors 0 … P−1 as a graph: each processor's outgoing links in
 * increasing id order, and breadth-first routes. The breadth-first trees of the most recently used
 * senders are kept, up to about four million entries in all.
 */
final class LinkGraph {

	private static final int CACHED_ENTRIES = 1 << 22;

	private final List<NetworkLink> links;
	/** The outgoing links of processor n are {@code outgoing[firstOut[n]] … outgoing[firstOut[n+1]-1]}. */
	private final int[] firstOut;
	private final int[] outgoing;
	private final Map<Integer, int[]> trees;

	LinkGraph(int processors, List<NetworkLink> links) {
		this.links = links;
		firstOut = new int[processors + 1];
		for (NetworkLink link : links) {
			firstOut[link.source() + 1]++;
		}
		for (int n = 0; n < processors; n++) {
			firstOut[n + 1] += firstOut[n];
		}
		outgoing = new int[links.size()];
		int[] next = Arrays.copyOf(firstOut, processors);
		for (NetworkLink link : links) {
			outgoing[next[link.source()]++] = link.id();
		}
		int capacity = Math.max(1, CACHED_ENTRIES / processors);
		trees = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
			private static final long serialVersionUID = 1L;

			@Override
			protected boolean removeEldestEntry(Map.Entry<Integer, int[]> eldest) {
				return size() > capacity;
			}
		});
	}

	/** All links, each at the position of its id. */
	List<NetworkLink> links() {
		return links;
	}

	/** The link of lowest id from {@code source} to {@code target}. */
	NetworkLink find(int source, int target) {
		for (int i = firstOut[source]; i < firstOut[source + 1]; i++) {
			NetworkLink link = links.get(outgoing[i]);
			if (link.target() == target) {
				return link;
			}
		}
		throw new IllegalStateException("no link from " + source + " to " + target);
	}

	/**
	 * The breadth-first route from {@code from} to a different {@code to}.
	 *
	 * @throws IllegalArgumentException if no path leads there
	 */
	List<NetworkLink> shortestPath(int from, int to) {
		int[] reachedBy = trees.computeIfAbsent(from, this::breadthFirstTree);
		if (reachedBy[to] < 0) {
			throw new IllegalArgumentException("no route from processor " + from + " to processor " + to
					+ ": no path of links leads there");
		}
		List<NetworkLink> route = new ArrayList<>();
		for (int node = to; node != from; node = links.get(reachedBy[node]).source()) {
			route.add(links.get(reachedBy[node]));
		}
		Collections.reverse(route);
		return List.copyOf(route);
	}

	/** For each processor, the id of the link by which the search from {@code root} first reached it, or −1. */
	private int[] breadthFirstTree(int root) {
		int[] reachedBy = new int[firstOut.length - 1];
		Arrays.fill(reachedBy, -1);
		int[] queue = new int[reachedBy.length];
		int head = 0;
		int tail = 0;
		queue[tail++] = root;
		while (head < tail) {
			int node = queue[head++];
			for (int i = firstOut[node]; i < firstOut[node + 1]; i++) {
				NetworkLink link = links.get(outgoing[i]);
				int target = link.target();
				if (target != root && reachedBy[target] < 0) {
					reachedBy[target] = link.id();
					queue[tail++] = target;
				}
			}
		}
		return reachedBy;
	}
}
