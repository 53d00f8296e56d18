package org.perfcast.model.routing;

import java.util.Objects;

/**
 * A directed link of a {@link Network}: a contended resource that a message occupies for one hop.
 * <p>
 * Names are stable and unique within a network: {@code l[k]} for the link leaving processor k on a
 * unidirectional ring, {@code bus} for the bus, and {@code l[a->b]} for the link from a to b elsewhere,
 * with {@code host} in place of a processor index for the host of a linear array. A custom topology with
 * several links in the same direction between the same processors names the second {@code l[a->b]#2},
 * the third {@code l[a->b]#3}, and so on.
 *
 * @param id      the link's position in {@link Network#links()}, from 0
 * @param source  the processor the link leaves, {@link Network#HOST} for the host, or {@link Network#ANY}
 *                for the bus
 * @param target  the processor the link enters, {@link Network#HOST} for the host, or {@link Network#ANY}
 *                for the bus
 * @param name    the resource name
 * @param hopTime the link's own hop time expression, or "" when the topology's applies
 */
public record NetworkLink(int id, int source, int target, String name, String hopTime) {

	public NetworkLink {
		if (id < 0) {
			throw new IllegalArgumentException("link id must not be negative, was " + id);
		}
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(hopTime, "hopTime");
	}

	/** A link that takes the topology's hop time. */
	static NetworkLink of(int id, int source, int target, String name) {
		return new NetworkLink(id, source, target, name, "");
	}

	/** The usual name {@code l[a->b]} of the link from {@code source} to {@code target}. */
	static String arrowName(int source, int target) {
		return "l[" + node(source) + "->" + node(target) + "]";
	}

	private static String node(int index) {
		return index == Network.HOST ? "host" : Integer.toString(index);
	}

	/** The resource name. */
	@Override
	public String toString() {
		return name;
	}
}
