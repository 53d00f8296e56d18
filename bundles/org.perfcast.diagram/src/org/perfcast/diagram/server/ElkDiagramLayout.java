package org.perfcast.diagram.server;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.alg.layered.options.OrderingStrategy;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;
import org.eclipse.glsp.graph.GCompartment;
import org.eclipse.glsp.graph.GDimension;
import org.eclipse.glsp.graph.GEdge;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.GNode;
import org.eclipse.glsp.graph.GPoint;
import org.eclipse.glsp.graph.util.GraphUtil;

/**
 * Lays a diagram out with ELK's layered algorithm (Sugiyama style, left to right), groups first inside and
 * then among themselves, keeping the model's order where edges leave a choice. Works on the shapes' current
 * sizes (as the page measured them, or estimates before that) and returns the new positions by shape id;
 * positions of a group's children are inside the group's body.
 */
public final class ElkDiagramLayout {

	static {
		LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
	}

	/** The height of a group's title and the gap below it (label 12 px, padding 6, gap 6). */
	static final double TITLE_HEIGHT = 30;

	private final Map<String, ElkNode> nodes = new LinkedHashMap<>();
	private final java.util.Set<String> inGroup = new java.util.HashSet<>();

	/** The positions ELK gives the shapes of {@code root}'s children. */
	public Map<String, GPoint> layout(GModelElement root) {
		ElkNode graph = ElkGraphUtil.createGraph();
		configure(graph, 30);
		graph.setProperty(CoreOptions.DIRECTION, Direction.DOWN);
		add(root, graph);
		connect(root);
		new RecursiveGraphLayoutEngine().layout(graph, new BasicProgressMonitor());
		Map<String, GPoint> out = new HashMap<>();
		// ELK places a group's children below the padding that keeps the title's room; the page puts the body
		// below the title, so inside the body they are that much higher
		nodes.forEach((id, node) -> out.put(id, GraphUtil.point(Math.round(node.getX()),
			Math.round(node.getY() - (inGroup.contains(id) ? TITLE_HEIGHT : 0)))));
		return out;
	}

	private static void configure(ElkNode graph, double padding) {
		graph.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
		graph.setProperty(CoreOptions.DIRECTION, Direction.RIGHT);
		graph.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.POLYLINE);
		graph.setProperty(CoreOptions.SPACING_NODE_NODE, 30.0);
		graph.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 70.0);
		graph.setProperty(LayeredOptions.CONSIDER_MODEL_ORDER_STRATEGY, OrderingStrategy.NODES_AND_EDGES);
		graph.setProperty(CoreOptions.PADDING, new ElkPadding(padding));
	}

	private void add(GModelElement parent, ElkNode into) {
		for (GModelElement child : parent.getChildren()) {
			if (child instanceof GNode node) {
				ElkNode elk = ElkGraphUtil.createNode(into);
				GDimension size = node.getSize();
				elk.setDimensions(size != null && size.getWidth() > 0 ? size.getWidth() : Drawing.MIN_NODE_WIDTH,
					size != null && size.getHeight() > 0 ? size.getHeight() : Drawing.NODE_HEIGHT);
				nodes.put(node.getId(), elk);
				if (parent instanceof GCompartment) {
					inGroup.add(node.getId());
				}
				GCompartment body = node.getChildren().stream().filter(GCompartment.class::isInstance)
					.map(GCompartment.class::cast).findFirst().orElse(null);
				if (body != null) {
					configure(elk, 12);
					// room for the group's title above its body, as the page draws it
					elk.setProperty(CoreOptions.PADDING, new ElkPadding(12 + TITLE_HEIGHT, 12, 12, 12));
					add(body, elk);
				}
			}
		}
	}

	private void connect(GModelElement parent) {
		for (GModelElement child : parent.getChildren()) {
			if (child instanceof GEdge edge) {
				ElkNode source = nodes.get(edge.getSourceId());
				ElkNode target = nodes.get(edge.getTargetId());
				if (source != null && target != null && source != target) {
					ElkGraphUtil.createSimpleEdge(source, target);
				}
			} else if (!child.getChildren().isEmpty()) {
				connect(child);
			}
		}
	}
}
