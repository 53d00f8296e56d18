package org.perfcast.model.routing;

import java.util.List;

/** A bus: one link, {@code bus}, shared by every message between any two processors. */
final class BusNetwork extends Network {

	private final List<NetworkLink> links = List.of(NetworkLink.of(0, ANY, ANY, "bus"));

	BusNetwork(int processors) {
		super(processors);
	}

	@Override
	public List<NetworkLink> links() {
		return links;
	}

	@Override
	List<NetworkLink> path(int from, int to) {
		return links;
	}
}
