package org.perfcast.model.routing;

import java.util.List;
import java.util.Objects;

import org.perfcast.model.machine.Bus;
import org.perfcast.model.machine.CustomTopology;
import org.perfcast.model.machine.FullyConnected;
import org.perfcast.model.machine.Hypercube;
import org.perfcast.model.machine.LinearArray;
import org.perfcast.model.machine.Mesh;
import org.perfcast.model.machine.Ring;
import org.perfcast.model.machine.Topology;

/**
 * The links of a machine's topology for an evaluated processor count, and the route a message takes
 * between two processors. Immutable and safe to share between threads.
 * <p>
 * Processors are numbered 0 to P−1. Each topology routes as follows:
 * <ul>
 * <li>fully connected: one direct link per ordered pair of processors;
 * <li>bus: every message occupies the single shared link {@code bus};
 * <li>ring: links go from k to k+1 mod P ({@code INCREASING}) or to k−1 mod P ({@code DECREASING}); a
 * unidirectional ring has only the links of its direction, a bidirectional one has both and sends each
 * message the way its direction says ({@code SHORTEST} takes the fewer hops, increasing on a tie); the
 * ring ignores the topology's routing attribute;
 * <li>linear array: links between neighbours in both directions, and with a host ({@link #HOST}) a link
 * from the host to processor 0 and one from processor P−1 to the host (the host forwards nothing);
 * <li>mesh and torus: processor r·C + c sits in row r and column c; dimension-order routing first moves
 * along the row to the target column, then along the column to the target row, on a torus each the
 * shorter way round (increasing on a tie); shortest-path routing is breadth-first (see below);
 * <li>hypercube: links join processors whose indices differ in one bit; dimension-order routing is
 * e-cube routing, correcting differing bits from the lowest; shortest-path routing is breadth-first;
 * <li>custom: the model's links (a bidirectional one gives a link each way), always breadth-first.
 * </ul>
 * Breadth-first routing takes the path that a breadth-first search from the sender finds when it tries
 * each processor's outgoing links in increasing {@link NetworkLink#id() id} order: a path of fewest hops,
 * with ties going to the lowest link ids near the sender.
 */
public abstract sealed class Network
		permits FullyConnectedNetwork, BusNetwork, RingNetwork, LinearArrayNetwork, MeshNetwork, HypercubeNetwork,
		CustomNetwork {

	/** The host of a linear array, as an end of a route or a link. */
	public static final int HOST = -1;

	/** Either end of the bus link: any processor. */
	public static final int ANY = -2;

	private final int processorCount;

	Network(int processorCount) {
		if (processorCount < 1) {
			throw new IllegalArgumentException("processor count must be at least 1, was " + processorCount);
		}
		this.processorCount = processorCount;
	}

	/**
	 * The network of a topology other than a mesh.
	 *
	 * @param processors the evaluated processor count P
	 * @throws IllegalArgumentException if P is below 1, the topology is a mesh (use
	 *                                  {@link #of(Mesh, int, int, int)}), a hypercube's P is not a power
	 *                                  of two, a custom link leaves the processors, or a unidirectional
	 *                                  ring's direction is {@code SHORTEST}
	 */
	public static Network of(Topology topology, int processors) {
		Objects.requireNonNull(topology, "topology");
		return switch (topology) {
			case FullyConnected f -> new FullyConnectedNetwork(processors);
			case Bus b -> new BusNetwork(processors);
			case Ring r -> new RingNetwork(processors, r.isBidirectional(), r.getDirection());
			case LinearArray a -> new LinearArrayNetwork(processors, a.isHost());
			case Mesh m -> throw new IllegalArgumentException(
					"a mesh needs its evaluated rows and columns: use Network.of(mesh, processors, rows, columns)");
			case Hypercube h -> new HypercubeNetwork(processors, h.getRouting());
			case CustomTopology c -> new CustomNetwork(processors, c.getLinks());
			default -> throw new IllegalArgumentException("unknown topology " + topology.eClass().getName());
		};
	}

	/**
	 * The network of a mesh or torus.
	 *
	 * @param processors the evaluated processor count P
	 * @param rows       the evaluated number of rows R
	 * @param columns    the evaluated number of columns C
	 * @throws IllegalArgumentException if P, R or C is below 1 or R·C is not P (R and C are taken whole, not cut to
	 *                                  an int)
	 */
	public static Network of(Mesh mesh, int processors, long rows, long columns) {
		Objects.requireNonNull(mesh, "mesh");
		if (rows >= 1 && columns >= 1 && (rows > processors || columns > processors)) {
			throw new IllegalArgumentException("a mesh of " + rows + " x " + columns + " has more processors than the "
					+ "processor count " + processors);
		}
		return new MeshNetwork(processors, (int) Math.max(0, Math.min(rows, Integer.MAX_VALUE)), (int) Math.max(0, Math
				.min(columns, Integer.MAX_VALUE)), mesh.isTorus(), mesh.getRouting());
	}

	/** The number of processors P. */
	public final int processorCount() {
		return processorCount;
	}

	/** Whether {@link #HOST} is a node of this network; only a linear array with a host has one. */
	public boolean hasHost() {
		return false;
	}

	/** All links, each at the position of its id. */
	public abstract List<NetworkLink> links();

	/**
	 * The links a message from {@code from} to {@code to} crosses, in order; empty when they are the same.
	 *
	 * @param from a processor, or {@link #HOST} if {@link #hasHost()}
	 * @param to   a processor, or {@link #HOST} if {@link #hasHost()}
	 * @throws IllegalArgumentException if an end is not a node of the network, or (custom topologies) no
	 *                                  path leads from {@code from} to {@code to}
	 */
	public final List<NetworkLink> route(int from, int to) {
		checkNode("sender", from);
		checkNode("receiver", to);
		return from == to ? List.of() : path(from, to);
	}

	/** The route between two different nodes, both checked. */
	abstract List<NetworkLink> path(int from, int to);

	private void checkNode(String role, int node) {
		if (node >= 0 && node < processorCount || node == HOST && hasHost()) {
			return;
		}
		String host = hasHost() ? " and is not the host (" + HOST + ")" : "";
		throw new IllegalArgumentException(
				role + " " + node + " is outside the processors 0.." + (processorCount - 1) + host);
	}
}
