package org.perfcast.diagram.server;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.glsp.graph.GNode;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Scope;
import org.perfcast.model.machine.CustomTopology;
import org.perfcast.model.machine.Link;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.Processor;
import org.perfcast.model.routing.Network;
import org.perfcast.model.routing.NetworkLink;
import org.perfcast.pamela.MachineLinks;

/**
 * Draws a machine: a node per processor (and the host of a linear array, the bus of a bus), and an edge per
 * pair of processors that links join, for the processor count with the parameters' defaults. The two links of
 * a pair (one each way) share an edge; the edge's id names the lower link id.
 */
public final class MachineDiagram {

	/** The diagram type. */
	public static final String TYPE = "perfcast-machine";
	public static final String PROCESSOR = "node:processor";
	public static final String LINK = "edge:link";
	/** At most this many processors are drawn. */
	public static final int MAX_PROCESSORS = 2000;

	private MachineDiagram() {
	}

	/** The id of the edge of the links between {@code a} and {@code b}. */
	public static String linkId(NetworkLink link) {
		return "link-" + Math.min(link.source(), link.target()) + "-" + Math.max(link.source(), link.target());
	}

	/** The id of processor {@code p}'s node ({@link Network#HOST} and {@link Network#ANY} for host and bus). */
	public static String processorId(int p) {
		return p == Network.HOST ? "host" : p == Network.ANY ? "bus" : "p" + p;
	}

	/** The network of {@code machine} with its parameters' defaults. */
	public static Network network(Machine machine, Scope scope) {
		return new MachineLinks(machine, machine.eResource() == null ? "machine" : machine.eResource().getURI().lastSegment())
			.network(scope);
	}

	/** Draws {@code machine} into {@code drawing}. */
	public static void draw(Machine machine, Drawing drawing) {
		Scope scope = Expressions.scope(machine);
		Network network;
		try {
			network = network(machine, scope);
		} catch (ExpressionException | IllegalArgumentException e) {
			drawing.notes().add("the topology is not drawn: " + e.getMessage());
			return;
		}
		int processors = Math.min(network.processorCount(), MAX_PROCESSORS);
		if (processors < network.processorCount()) {
			drawing.notes().add("only the first " + MAX_PROCESSORS + " of " + network.processorCount() + " processors are drawn");
		}
		Map<Integer, Processor> named = new HashMap<>();
		for (Processor processor : machine.getProcessors()) {
			named.put(processor.getIndex(), processor);
		}
		Map<Integer, GNode> nodes = new LinkedHashMap<>();
		for (int p = 0; p < processors; p++) {
			Processor processor = named.get(p);
			String text = processor != null && processor.getName() != null && !processor.getName().isBlank()
				? processor.getName() : "P" + p;
			nodes.put(p, drawing.node(PROCESSOR, processorId(p), text, processor, machine, processorId(p)));
			drawing.index().process(processorId(p), machine, p);
		}
		Map<String, Link> customLinks = customLinks(machine, network);
		Map<String, GNode> extra = new HashMap<>();
		for (NetworkLink link : network.links()) {
			int source = link.source();
			int target = link.target();
			if (source >= processors || target >= processors) {
				continue;
			}
			for (int end : List.of(source, target)) {
				if (end < 0) {
					extra.computeIfAbsent(processorId(end), id -> {
						GNode node = drawing.node(PROCESSOR, id, id, null, machine, id);
						nodes.put(end, node);
						return node;
					});
				}
			}
			if (source == Network.ANY || target == Network.ANY) {
				for (int p = 0; p < processors; p++) {
					String id = "link-" + link.id() + "-p" + p;
					drawing.add(drawing.edge(LINK, id, nodes.get(p), nodes.get(Network.ANY), null, null));
				}
				continue;
			}
			String id = linkId(link);
			if (drawing.graph().getChildren().stream().noneMatch(e -> id.equals(e.getId()))) {
				drawing.add(drawing.edge(LINK, id, nodes.get(source), nodes.get(target), link.name(),
					customLinks.get(id)));
			}
		}
		nodes.values().forEach(drawing::add);
	}

	/** The model's links of a custom topology, by edge id. */
	private static Map<String, Link> customLinks(Machine machine, Network network) {
		Map<String, Link> out = new HashMap<>();
		if (machine.getTopology() instanceof CustomTopology custom) {
			for (Link link : custom.getLinks()) {
				out.putIfAbsent("link-" + Math.min(link.getSource(), link.getTarget()) + "-"
					+ Math.max(link.getSource(), link.getTarget()), link);
			}
		}
		return out;
	}
}
