package org.perfcast.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.perfcast.model.machine.CustomTopology;
import org.perfcast.model.machine.Hypercube;
import org.perfcast.model.machine.LinearArray;
import org.perfcast.model.machine.Link;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.machine.Mesh;
import org.perfcast.model.machine.Ring;
import org.perfcast.model.machine.RingDirection;
import org.perfcast.model.machine.Routing;
import org.perfcast.model.machine.Topology;
import org.perfcast.model.routing.Network;
import org.perfcast.model.routing.NetworkLink;

class RoutingTest {

	private static final MachineFactory FACTORY = MachineFactory.eINSTANCE;

	// fully connected and bus

	@Test
	void testFullyConnectedHasOneDirectLinkPerOrderedPair() {
		Network network = Network.of(FACTORY.createFullyConnected(), 6);
		assertEquals(List.of("l[2->5]"), names(network.route(2, 5)));
		assertEquals(List.of("l[5->2]"), names(network.route(5, 2)));
		assertNotEquals(network.route(2, 5).get(0).id(), network.route(5, 2).get(0).id());
		assertEquals(30, network.links().size());
		Set<String> names = new HashSet<>();
		for (int id = 0; id < network.links().size(); id++) {
			NetworkLink link = network.links().get(id);
			assertEquals(id, link.id());
			assertEquals(NetworkLink.class, link.getClass());
			assertTrue(names.add(link.name()), link.name());
			assertEquals(link, network.route(link.source(), link.target()).get(0));
		}
	}

	@Test
	void testFullyConnectedLinksAreMadeOnDemand() {
		Network network = Network.of(FACTORY.createFullyConnected(), 40_000);
		assertEquals(40_000L * 39_999, network.links().size());
		NetworkLink last = network.links().get(network.links().size() - 1);
		assertEquals("l[39999->39998]", last.name());
		assertEquals(List.of(network.links().get(39_999)), network.route(1, 0));
		assertThrows(IllegalArgumentException.class, () -> Network.of(FACTORY.createFullyConnected(), 50_000));
	}

	@Test
	void testBusIsOneSharedResource() {
		Network network = Network.of(FACTORY.createBus(), 4);
		assertEquals(List.of("bus"), names(network.links()));
		assertSame(network.links().get(0), network.route(1, 3).get(0));
		assertEquals(network.route(0, 2), network.route(3, 1));
		assertEquals(Network.ANY, network.links().get(0).source());
		assertEquals(List.of(), network.route(2, 2));
	}

	// rings

	@Test
	void testUnidirectionalRingFollowsIncreasingIndices() {
		Network network = Network.of(ring(false, RingDirection.INCREASING), 6);
		assertEquals(List.of("l[4]", "l[5]", "l[0]"), names(network.route(4, 1)));
		assertEquals(List.of("l[1]", "l[2]", "l[3]"), names(network.route(1, 4)));
		assertEquals(List.of("l[0]", "l[1]", "l[2]", "l[3]", "l[4]", "l[5]"), names(network.links()));
		NetworkLink l5 = network.links().get(5);
		assertEquals(5, l5.source());
		assertEquals(0, l5.target());
		for (int p = 0; p < 6; p++) {
			for (int q = 0; q < 6; q++) {
				assertEquals((6 + q - p) % 6, network.route(p, q).size(), p + " -> " + q);
			}
		}
	}

	@Test
	void testUnidirectionalDecreasingRingHasDecreasingLinks() {
		Network network = Network.of(ring(false, RingDirection.DECREASING), 6);
		assertEquals(List.of("l[1]", "l[0]", "l[5]"), names(network.route(1, 4)));
		NetworkLink l0 = network.links().get(0);
		assertEquals(List.of(0, 5), List.of(l0.source(), l0.target()));
		assertEquals(5, network.route(4, 5).size());
	}

	@Test
	void testUnidirectionalRingCannotTakeTheShortestWay() {
		IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
				() -> Network.of(ring(false, RingDirection.SHORTEST), 6));
		assertEquals("a unidirectional ring's direction is that of its links: INCREASING or DECREASING, not SHORTEST",
				e.getMessage());
	}

	@Test
	void testBidirectionalRingHasBothDirectionsAsSeparateResources() {
		Network increasing = Network.of(ring(true, RingDirection.INCREASING), 6);
		Network decreasing = Network.of(ring(true, RingDirection.DECREASING), 6);
		assertEquals(12, increasing.links().size());
		assertEquals(List.of("l[4->5]", "l[5->0]", "l[0->1]"), names(increasing.route(4, 1)));
		assertEquals(List.of("l[4->3]", "l[3->2]", "l[2->1]"), names(decreasing.route(4, 1)));
		assertEquals(List.of("l[1->0]", "l[0->5]"), names(decreasing.route(1, 5)));
	}

	@Test
	void testBidirectionalRingShortestWayTiesGoIncreasing() {
		Network network = Network.of(ring(true, RingDirection.SHORTEST), 6);
		assertEquals(List.of("l[0->1]", "l[1->2]", "l[2->3]"), names(network.route(0, 3)));
		assertEquals(List.of("l[3->4]", "l[4->5]", "l[5->0]"), names(network.route(3, 0)));
		assertEquals(List.of("l[0->5]", "l[5->4]"), names(network.route(0, 4)));
		assertEquals(List.of("l[5->0]", "l[0->1]"), names(network.route(5, 1)));
		assertEquals(List.of("l[1->0]", "l[0->5]"), names(network.route(1, 5)));
	}

	@Test
	void testSmallRings() {
		Network two = Network.of(ring(true, RingDirection.DECREASING), 2);
		assertEquals(List.of("l[0->1]", "l[1->0]"), names(two.links()));
		assertEquals(List.of("l[0->1]"), names(two.route(0, 1)));
		Network one = Network.of(ring(false, RingDirection.INCREASING), 1);
		assertEquals(List.of(), one.links());
		assertEquals(List.of(), one.route(0, 0));
	}

	@Test
	void testLargeRingRoutesQuickly() {
		Network network = Network.of(ring(false, RingDirection.INCREASING), 10_000);
		long hops = 0;
		for (int p = 0; p < 10_000; p += 7) {
			hops += network.route(p, (p + 9_999) % 10_000).size();
		}
		assertEquals(1429L * 9_999, hops);
	}

	// linear array

	@Test
	void testLinearArrayWithHostFeedsTheFirstAndDrainsTheLast() {
		Network network = Network.of(linearArray(true), 4);
		assertTrue(network.hasHost());
		assertEquals(List.of("l[host->0]", "l[0->1]", "l[1->2]"), names(network.route(Network.HOST, 2)));
		assertEquals(List.of("l[1->2]", "l[2->3]", "l[3->host]"), names(network.route(1, Network.HOST)));
		assertEquals(List.of("l[3->2]", "l[2->1]", "l[1->0]"), names(network.route(3, 0)));
		assertEquals(List.of("l[1->2]"), names(network.route(1, 2)));
		assertEquals(List.of("l[host->0]", "l[0->1]", "l[1->2]", "l[2->3]"), names(network.route(Network.HOST, 3)));
		assertEquals(List.of("l[0->1]", "l[1->2]", "l[2->3]", "l[3->host]"), names(network.route(0, Network.HOST)));
		assertEquals(8, network.links().size());
		NetworkLink in = network.links().get(6);
		assertEquals(List.of(Network.HOST, 0), List.of(in.source(), in.target()));
	}

	@Test
	void testLinearArrayWithoutHostHasNoHostNode() {
		Network network = Network.of(linearArray(false), 3);
		assertFalse(network.hasHost());
		assertEquals(4, network.links().size());
		IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
				() -> network.route(Network.HOST, 1));
		assertEquals("sender -1 is outside the processors 0..2", e.getMessage());
		Network hosted = Network.of(linearArray(true), 3);
		assertEquals("receiver 3 is outside the processors 0..2 and is not the host (-1)",
				assertThrows(IllegalArgumentException.class, () -> hosted.route(0, 3)).getMessage());
	}

	@Test
	void testLinearArrayOfOneProcessorWithHost() {
		Network network = Network.of(linearArray(true), 1);
		assertEquals(List.of("l[host->0]", "l[0->host]"), names(network.links()));
		assertEquals(List.of("l[host->0]"), names(network.route(Network.HOST, 0)));
		assertEquals(List.of("l[0->host]"), names(network.route(0, Network.HOST)));
	}

	// meshes and tori

	@Test
	void testMeshDimensionOrderMovesAlongTheRowFirst() {
		Network network = Network.of(mesh(false, Routing.DIMENSION_ORDER), 12, 3, 4);
		// 1 = (0, 1) to 11 = (2, 3): columns 1 -> 3 in row 0, then rows 0 -> 2 in column 3
		assertEquals(List.of("l[1->2]", "l[2->3]", "l[3->7]", "l[7->11]"), names(network.route(1, 11)));
		// 11 to 4 = (1, 0)
		assertEquals(List.of("l[11->10]", "l[10->9]", "l[9->8]", "l[8->4]"), names(network.route(11, 4)));
		assertEquals(List.of("l[3->2]", "l[2->1]", "l[1->0]"), names(network.route(3, 0)));
		// 2 * (3 * 3 horizontal + 2 * 4 vertical) directed links
		assertEquals(34, network.links().size());
	}

	@Test
	void testTorusTakesTheShorterWayRound() {
		Network network = Network.of(mesh(true, Routing.DIMENSION_ORDER), 12, 3, 4);
		assertEquals(List.of("l[0->3]"), names(network.route(0, 3)));
		assertEquals(List.of("l[0->1]", "l[1->2]"), names(network.route(0, 2)));
		assertEquals(List.of("l[0->8]"), names(network.route(0, 8)));
		// 5 = (1, 1) to 8 = (2, 0): one column west, then one row south
		assertEquals(List.of("l[5->4]", "l[4->8]"), names(network.route(5, 8)));
		// 11 = (2, 3) to 0 = (0, 0): wrap east to column 0, wrap south to row 0
		assertEquals(List.of("l[11->8]", "l[8->0]"), names(network.route(11, 0)));
		assertEquals(48, network.links().size());
	}

	@Test
	void testTorusOfTwoColumnsHasNoDuplicateWrapLinks() {
		Network network = Network.of(mesh(true, Routing.DIMENSION_ORDER), 6, 3, 2);
		// each processor: one neighbour along its row, two along its column
		assertEquals(18, network.links().size());
		assertEquals(18, new HashSet<>(names(network.links())).size());
		assertEquals(List.of("l[1->0]", "l[0->4]"), names(network.route(1, 4)));
	}

	@Test
	void testMeshShortestPathIsBreadthFirstOverLowestLinkIds() {
		Network network = Network.of(mesh(false, Routing.SHORTEST_PATH), 12, 3, 4);
		assertEquals(List.of("l[0->1]", "l[1->5]"), names(network.route(0, 5)));
		// from 10 = (2, 2) the search reaches 11, 9 and 6 in that order, and 5 first from 9
		assertEquals(List.of("l[10->9]", "l[9->5]"), names(network.route(10, 5)));
		assertEquals(5, network.route(0, 11).size());
	}

	@Test
	void testMeshMustHaveTheProcessorCount() {
		Mesh mesh = mesh(false, Routing.DIMENSION_ORDER);
		assertEquals("a mesh of 3 x 4 has 12 processors, but the processor count is 10",
				assertThrows(IllegalArgumentException.class, () -> Network.of(mesh, 10, 3, 4)).getMessage());
		assertEquals("a mesh needs at least one row and one column, was 0 x 4",
				assertThrows(IllegalArgumentException.class, () -> Network.of(mesh, 4, 0, 4)).getMessage());
		Topology asTopology = mesh;
		assertThrows(IllegalArgumentException.class, () -> Network.of(asTopology, 12));
	}

	// hypercube

	@Test
	void testHypercubeCorrectsBitsFromTheLowest() {
		Network network = Network.of(hypercube(Routing.DIMENSION_ORDER), 8);
		assertEquals(24, network.links().size());
		assertEquals(List.of("l[0->2]", "l[2->6]"), names(network.route(0, 6)));
		assertEquals(List.of("l[5->4]", "l[4->6]", "l[6->2]"), names(network.route(5, 2)));
		assertEquals(List.of("l[7->6]", "l[6->4]", "l[4->0]"), names(network.route(7, 0)));
	}

	@Test
	void testHypercubeShortestPathHasTheSameLength() {
		Network eCube = Network.of(hypercube(Routing.DIMENSION_ORDER), 32);
		Network shortest = Network.of(hypercube(Routing.SHORTEST_PATH), 32);
		for (int p = 0; p < 32; p++) {
			for (int q = 0; q < 32; q++) {
				assertEquals(Integer.bitCount(p ^ q), eCube.route(p, q).size());
				assertEquals(Integer.bitCount(p ^ q), shortest.route(p, q).size());
			}
		}
	}

	@Test
	void testHypercubeNeedsAPowerOfTwo() {
		assertEquals("a hypercube needs a power of two processors, but the processor count is 6",
				assertThrows(IllegalArgumentException.class,
						() -> Network.of(hypercube(Routing.DIMENSION_ORDER), 6)).getMessage());
		assertEquals(List.of(), Network.of(hypercube(Routing.DIMENSION_ORDER), 1).links());
	}

	// custom

	@Test
	void testCustomRoutesBreadthFirstWithTiesToLowestLink() {
		// a square 0-1-3-2-0 and a tail 3 -> 4, the diagonal 0 -> 3 missing
		CustomTopology custom = custom(link(0, 1, true), link(0, 2, true), link(1, 3, true), link(2, 3, true),
				link(3, 4, false));
		Network network = Network.of(custom, 5);
		assertEquals(List.of("l[0->1]", "l[1->0]", "l[0->2]", "l[2->0]", "l[1->3]", "l[3->1]", "l[2->3]", "l[3->2]",
				"l[3->4]"), names(network.links()));
		assertEquals(List.of("l[0->1]", "l[1->3]", "l[3->4]"), names(network.route(0, 4)));
		assertEquals(List.of("l[3->1]", "l[1->0]"), names(network.route(3, 0)));
		assertEquals(List.of("l[2->0]", "l[0->1]"), names(network.route(2, 1)));
	}

	@Test
	void testCustomUnreachableProcessorNamesBothEnds() {
		Network network = Network.of(custom(link(0, 1, true), link(1, 2, false)), 4);
		assertEquals(List.of("l[0->1]", "l[1->2]"), names(network.route(0, 2)));
		IllegalArgumentException back = assertThrows(IllegalArgumentException.class, () -> network.route(2, 0));
		assertEquals("no route from processor 2 to processor 0: no path of links leads there", back.getMessage());
		IllegalArgumentException isolated = assertThrows(IllegalArgumentException.class, () -> network.route(1, 3));
		assertTrue(isolated.getMessage().startsWith("no route from processor 1 to processor 3"));
	}

	@Test
	void testCustomLinksCarryTheirHopTimeAndParallelLinksGetNumbers() {
		Link slow = link(0, 1, false);
		slow.setHopTime(" 2*t_h ");
		Network network = Network.of(custom(slow, link(0, 1, true)), 2);
		assertEquals(List.of("l[0->1]", "l[0->1]#2", "l[1->0]"), names(network.links()));
		assertEquals("2*t_h", network.route(0, 1).get(0).hopTime());
		assertEquals("", network.route(1, 0).get(0).hopTime());
	}

	@Test
	void testCustomLinkEndsMustBeProcessors() {
		assertEquals("custom link 1: target 7 is outside the processors 0..3",
				assertThrows(IllegalArgumentException.class,
						() -> Network.of(custom(link(0, 1, true), link(2, 7, true)), 4)).getMessage());
		assertEquals("custom link 0: source -1 is outside the processors 0..3",
				assertThrows(IllegalArgumentException.class, () -> Network.of(custom(link(-1, 1, true)), 4))
						.getMessage());
		assertEquals("custom link 0 connects processor 2 to itself",
				assertThrows(IllegalArgumentException.class, () -> Network.of(custom(link(2, 2, true)), 4))
						.getMessage());
	}

	// arguments

	@Test
	void testProcessorCountAndEndsAreChecked() {
		assertEquals("processor count must be at least 1, was 0",
				assertThrows(IllegalArgumentException.class, () -> Network.of(FACTORY.createBus(), 0)).getMessage());
		Network network = Network.of(ring(false, RingDirection.INCREASING), 6);
		assertEquals("sender 6 is outside the processors 0..5",
				assertThrows(IllegalArgumentException.class, () -> network.route(6, 0)).getMessage());
		assertEquals("receiver -1 is outside the processors 0..5",
				assertThrows(IllegalArgumentException.class, () -> network.route(0, -1)).getMessage());
	}

	// invariants on generated topologies

	@ParameterizedTest
	@EnumSource(Routing.class)
	void testRoutesAreConnectedPathsOfFewestHopsOnGeneratedTopologies(Routing routing) {
		Random random = new Random(20_260_301L + routing.ordinal());
		for (int round = 0; round < 40; round++) {
			int rows = 1 + random.nextInt(7);
			int columns = 1 + random.nextInt(7);
			Mesh mesh = mesh(random.nextBoolean(), routing);
			checkRoutes(Network.of(mesh, rows * columns, rows, columns), random);
			checkRoutes(Network.of(hypercube(routing), 1 << random.nextInt(7)), random);
			Ring ring = ring(true, RingDirection.SHORTEST);
			ring.setRouting(routing);
			checkRoutes(Network.of(ring, 1 + random.nextInt(30)), random);
			checkRoutes(Network.of(ring(false, RingDirection.values()[random.nextInt(2)]), 1 + random.nextInt(30)),
					random);
			checkRoutes(Network.of(linearArray(random.nextBoolean()), 1 + random.nextInt(12)), random);
			checkRoutes(Network.of(FACTORY.createFullyConnected(), 1 + random.nextInt(12)), random);
			checkRoutes(Network.of(randomCustom(random, 2 + random.nextInt(14)), 16), random);
		}
	}

	/**
	 * Checks on 50 random pairs that each route is a path over the network's links from sender to receiver,
	 * as short as a breadth-first search finds, and that unreachable pairs are refused.
	 */
	private static void checkRoutes(Network network, Random random) {
		List<NetworkLink> links = network.links();
		int p = network.processorCount();
		int[] nodes = network.hasHost() ? new int[p + 1] : new int[p];
		Arrays.setAll(nodes, i -> i < p ? i : Network.HOST);
		for (int pair = 0; pair < 50; pair++) {
			int from = nodes[random.nextInt(nodes.length)];
			int to = nodes[random.nextInt(nodes.length)];
			int distance = distance(network, from, to);
			if (distance < 0) {
				int f = from;
				int t = to;
				assertThrows(IllegalArgumentException.class, () -> network.route(f, t));
				continue;
			}
			List<NetworkLink> route = network.route(from, to);
			int at = from;
			for (NetworkLink link : route) {
				assertEquals(link, links.get(link.id()), "route link exists");
				assertEquals(at, link.source(), () -> "route " + route + " from " + from + " is connected");
				at = link.target();
			}
			assertEquals(to, at, () -> "route " + route + " ends at " + to);
			assertEquals(distance, route.size(), () -> "route " + route + " has fewest hops");
		}
	}

	/**
	 * The hops from {@code from} to {@code to} found by a search over the links, or -1 if unreachable; the
	 * host only sends and receives, it forwards nothing.
	 */
	private static int distance(Network network, int from, int to) {
		int offset = 1; // the host, -1, at position 0
		int[] hops = new int[network.processorCount() + offset];
		Arrays.fill(hops, -1);
		hops[from + offset] = 0;
		ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(from));
		while (!queue.isEmpty()) {
			int node = queue.poll();
			if (node == Network.HOST && node != from) {
				continue;
			}
			for (NetworkLink link : network.links()) {
				if (link.source() == node && hops[link.target() + offset] < 0) {
					hops[link.target() + offset] = hops[node + offset] + 1;
					queue.add(link.target());
				}
			}
		}
		return hops[to + offset];
	}

	private static CustomTopology randomCustom(Random random, int linkCount) {
		CustomTopology custom = FACTORY.createCustomTopology();
		for (int i = 0; i < linkCount; i++) {
			int source = random.nextInt(16);
			int target = (source + 1 + random.nextInt(15)) % 16;
			custom.getLinks().add(link(source, target, random.nextBoolean()));
		}
		return custom;
	}

	// model builders

	private static Ring ring(boolean bidirectional, RingDirection direction) {
		Ring ring = FACTORY.createRing();
		ring.setBidirectional(bidirectional);
		ring.setDirection(direction);
		return ring;
	}

	private static LinearArray linearArray(boolean host) {
		LinearArray array = FACTORY.createLinearArray();
		array.setHost(host);
		return array;
	}

	private static Mesh mesh(boolean torus, Routing routing) {
		Mesh mesh = FACTORY.createMesh();
		mesh.setTorus(torus);
		mesh.setRouting(routing);
		return mesh;
	}

	private static Hypercube hypercube(Routing routing) {
		Hypercube cube = FACTORY.createHypercube();
		cube.setRouting(routing);
		return cube;
	}

	private static CustomTopology custom(Link... links) {
		CustomTopology custom = FACTORY.createCustomTopology();
		custom.getLinks().addAll(List.of(links));
		return custom;
	}

	private static Link link(int source, int target, boolean bidirectional) {
		Link link = FACTORY.createLink();
		link.setSource(source);
		link.setTarget(target);
		link.setBidirectional(bidirectional);
		return link;
	}

	private static List<String> names(List<NetworkLink> links) {
		return links.stream().map(NetworkLink::name).toList();
	}
}
