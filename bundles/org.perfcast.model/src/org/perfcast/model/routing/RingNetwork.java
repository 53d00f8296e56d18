package org.perfcast.model.routing;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.model.machine.RingDirection;

/**
 * A ring of P processors. A unidirectional ring has link {@code l[k]} (id k) from k to its successor, k+1
 * mod P when its direction is {@code INCREASING} and k−1 mod P when it is {@code DECREASING}; a message
 * from p to q crosses the links of p, p+1, …, q−1 (increasing). A bidirectional ring has link
 * {@code l[k->k+1]} (id k) and, for P ≥ 3, link {@code l[k->k-1]} (id P+k) for every k; with P = 2 both
 * ways lead over the same two links. A ring of one processor has no links.
 */
final class RingNetwork extends Network {

	private final boolean bidirectional;
	private final RingDirection direction;
	private final List<NetworkLink> links;

	RingNetwork(int processors, boolean bidirectional, RingDirection direction) {
		super(processors);
		if (!bidirectional && direction == RingDirection.SHORTEST) {
			throw new IllegalArgumentException(
					"a unidirectional ring's direction is that of its links: INCREASING or DECREASING, not SHORTEST");
		}
		this.bidirectional = bidirectional;
		this.direction = direction;
		List<NetworkLink> all = new ArrayList<>();
		if (processors > 1) {
			if (bidirectional) {
				addLinks(all, true, false);
				if (processors > 2) {
					addLinks(all, false, false);
				}
			} else {
				addLinks(all, direction == RingDirection.INCREASING, true);
			}
		}
		links = List.copyOf(all);
	}

	private void addLinks(List<NetworkLink> all, boolean increasing, boolean shortNames) {
		int p = processorCount();
		for (int k = 0; k < p; k++) {
			int next = step(k, increasing);
			String name = shortNames ? "l[" + k + "]" : NetworkLink.arrowName(k, next);
			all.add(NetworkLink.of(all.size(), k, next, name));
		}
	}

	@Override
	public List<NetworkLink> links() {
		return links;
	}

	@Override
	List<NetworkLink> path(int from, int to) {
		boolean increasing = increasing(from, to);
		List<NetworkLink> route = new ArrayList<>();
		for (int node = from; node != to; node = step(node, increasing)) {
			route.add(links.get(linkId(node, increasing)));
		}
		return List.copyOf(route);
	}

	private boolean increasing(int from, int to) {
		return switch (direction) {
			case INCREASING -> true;
			case DECREASING -> false;
			case SHORTEST -> {
				int forward = Math.floorMod(to - from, processorCount());
				yield forward <= processorCount() - forward;
			}
		};
	}

	private int linkId(int node, boolean increasing) {
		return increasing || !bidirectional || processorCount() == 2 ? node : processorCount() + node;
	}

	private int step(int node, boolean increasing) {
		return Math.floorMod(node + (increasing ? 1 : -1), processorCount());
	}
}
