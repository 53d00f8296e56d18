package org.perfcast.model.routing;

import java.util.ArrayList;
import java.util.List;

/**
 * A linear array: processors 0 … P−1 in a line, with link {@code l[k->k+1]} (id 2k) and link
 * {@code l[k+1->k]} (id 2k+1) between neighbours. With a host, {@link Network#HOST} feeds input over
 * {@code l[host->0]} (id 2P−2) and takes output over {@code l[P-1->host]} (id 2P−1), so a message from the
 * host enters at processor 0 and one to the host leaves from processor P−1. The host forwards nothing,
 * so there is one route between any two nodes.
 */
final class LinearArrayNetwork extends Network {

	private final boolean host;
	private final List<NetworkLink> links;

	LinearArrayNetwork(int processors, boolean host) {
		super(processors);
		this.host = host;
		List<NetworkLink> all = new ArrayList<>();
		for (int k = 0; k + 1 < processors; k++) {
			all.add(NetworkLink.of(all.size(), k, k + 1, NetworkLink.arrowName(k, k + 1)));
			all.add(NetworkLink.of(all.size(), k + 1, k, NetworkLink.arrowName(k + 1, k)));
		}
		if (host) {
			all.add(NetworkLink.of(all.size(), HOST, 0, NetworkLink.arrowName(HOST, 0)));
			all.add(NetworkLink.of(all.size(), processors - 1, HOST, NetworkLink.arrowName(processors - 1, HOST)));
		}
		links = List.copyOf(all);
	}

	@Override
	public boolean hasHost() {
		return host;
	}

	@Override
	public List<NetworkLink> links() {
		return links;
	}

	@Override
	List<NetworkLink> path(int from, int to) {
		int last = processorCount() - 1;
		List<NetworkLink> route = new ArrayList<>();
		int node = from;
		if (from == HOST) {
			route.add(links.get(2 * last));
			node = 0;
		}
		int end = to == HOST ? last : to;
		for (; node < end; node++) {
			route.add(links.get(2 * node));
		}
		for (; node > end; node--) {
			route.add(links.get(2 * (node - 1) + 1));
		}
		if (to == HOST) {
			route.add(links.get(2 * last + 1));
		}
		return List.copyOf(route);
	}
}
