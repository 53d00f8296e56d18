package org.perfcast.diagram.server;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * then among themselves, keeping the model's order where edges leave a choice. Shapes whose edges close
 * cycles (a ring of processors, processes that all exchange messages) go on a circle instead, in order from
 * the top clockwise: edges are drawn straight, and on a circle of up to about 20 shapes a straight edge passes
 * clear of the shapes it does not join. More than 64 shapes in one place go in a grid, in order. Works on the
 * shapes' current sizes (as the page measured them, or estimates before that) and returns the new positions by
 * shape id; positions of a group's children are inside the group's body.
 */
public final class ElkDiagramLayout {

	static {
		LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
	}

	/** The height of a group's title and the gap below it (label 12 px, padding 6, gap 6). */
	static final double TITLE_HEIGHT = 30;
	/** The padding of a group's body and of the diagram. */
	private static final double GROUP_PADDING = 12;
	/** Circles for 3 to this many shapes; larger ones would be too wide to read. */
	static final int MAX_CIRCLE = 64;
	/** The least gap between neighbours on a circle. */
	private static final double CIRCLE_GAP = 90;

	/** The gap between the cells of a grid. */
	private static final double GRID_GAP = 40;

	/** Positions fixed by a circle or a grid, relative to the container's body. */
	private final Map<String, GPoint> arranged = new HashMap<>();

	private final Map<String, ElkNode> nodes = new LinkedHashMap<>();
	private final Set<String> inGroup = new HashSet<>();

	/** The positions ELK gives the shapes of {@code root}'s children. */
	public Map<String, GPoint> layout(GModelElement root) {
		List<GNode> top = shapes(root);
		Map<String, GPoint> fixed = arrangement(root, top, 30);
		if (fixed != null) {
			return fixed;
		}
		ElkNode graph = ElkGraphUtil.createGraph();
		configure(graph, 30);
		graph.setProperty(CoreOptions.DIRECTION, Direction.DOWN);
		add(root, graph);
		connect(root);
		// groups (steps) run one after the other: top to bottom in the model's order
		ElkNode previous = null;
		for (GNode shape : top) {
			if (shape.getChildren().stream().anyMatch(GCompartment.class::isInstance)) {
				ElkNode group = nodes.get(shape.getId());
				if (previous != null) {
					ElkGraphUtil.createSimpleEdge(previous, group);
				}
				previous = group;
			}
		}
		new RecursiveGraphLayoutEngine().layout(graph, new BasicProgressMonitor());
		Map<String, GPoint> out = new HashMap<>(arranged);
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
				elk.setDimensions(width(node), height(node));
				nodes.put(node.getId(), elk);
				if (parent instanceof GCompartment) {
					inGroup.add(node.getId());
				}
				GCompartment body = node.getChildren().stream().filter(GCompartment.class::isInstance)
					.map(GCompartment.class::cast).findFirst().orElse(null);
				List<GNode> inside = body == null ? List.of() : shapes(body);
				Map<String, GPoint> placed = body == null ? null : arrangement(body, inside, GROUP_PADDING);
				if (placed != null) {
					// the group is one shape to ELK, as large as its circle or grid and title
					arranged.putAll(placed);
					double width = 0;
					double height = 0;
					for (GNode shape : inside) {
						GPoint at = placed.get(shape.getId());
						width = Math.max(width, at.getX() + width(shape));
						height = Math.max(height, at.getY() + height(shape));
					}
					elk.setDimensions(width + GROUP_PADDING, height + GROUP_PADDING + TITLE_HEIGHT);
				} else if (body != null) {
					configure(elk, GROUP_PADDING);
					// room for the group's title above its body, as the page draws it
					elk.setProperty(CoreOptions.PADDING, new ElkPadding(GROUP_PADDING + TITLE_HEIGHT, GROUP_PADDING,
						GROUP_PADDING, GROUP_PADDING));
					add(body, elk);
				}
			}
		}
	}

	private static double width(GNode node) {
		GDimension size = node.getSize();
		return size != null && size.getWidth() > 0 ? size.getWidth() : Drawing.MIN_NODE_WIDTH;
	}

	private static double height(GNode node) {
		GDimension size = node.getSize();
		return size != null && size.getHeight() > 0 ? size.getHeight() : Drawing.NODE_HEIGHT;
	}

	/** The shapes directly in {@code parent}. */
	private static List<GNode> shapes(GModelElement parent) {
		return parent.getChildren().stream().filter(GNode.class::isInstance).map(GNode.class::cast).toList();
	}

	/**
	 * The positions of {@code shapes}, the shapes in {@code parent}, when they are not left to ELK: on a circle
	 * when their edges close cycles, in a grid in the model's order when there are more than
	 * {@value #MAX_CIRCLE} of them without groups (layers of hundreds of shapes make a diagram too long to see
	 * whole); else null.
	 */
	private static Map<String, GPoint> arrangement(GModelElement parent, List<GNode> shapes, double padding) {
		if (circular(parent, shapes)) {
			return circle(shapes, padding);
		}
		if (shapes.size() > MAX_CIRCLE
			&& shapes.stream().noneMatch(s -> s.getChildren().stream().anyMatch(GCompartment.class::isInstance))) {
			return grid(shapes, padding);
		}
		return null;
	}

	/** {@code shapes} in rows of about the square root of their number, in order, inside a margin of {@code padding}. */
	static Map<String, GPoint> grid(List<GNode> shapes, double padding) {
		double widest = shapes.stream().mapToDouble(ElkDiagramLayout::width).max().orElse(Drawing.MIN_NODE_WIDTH);
		double tallest = shapes.stream().mapToDouble(ElkDiagramLayout::height).max().orElse(Drawing.NODE_HEIGHT);
		int columns = (int) Math.ceil(Math.sqrt(shapes.size()));
		Map<String, GPoint> out = new LinkedHashMap<>();
		for (int k = 0; k < shapes.size(); k++) {
			out.put(shapes.get(k).getId(), GraphUtil.point(padding + (k % columns) * (widest + GRID_GAP),
				padding + (k / columns) * (tallest + GRID_GAP)));
		}
		return out;
	}

	/**
	 * Whether {@code shapes}, the shapes in {@code parent}, go on a circle: 3 to {@value #MAX_CIRCLE} shapes
	 * without groups, whose edges in {@code parent} join at least as many pairs as there are shapes (so they
	 * close a cycle, which layers would draw across other shapes).
	 */
	static boolean circular(GModelElement parent, List<GNode> shapes) {
		if (shapes.size() < 3 || shapes.size() > MAX_CIRCLE
			|| shapes.stream().anyMatch(s -> s.getChildren().stream().anyMatch(GCompartment.class::isInstance))) {
			return false;
		}
		Set<String> ids = new HashSet<>();
		shapes.forEach(s -> ids.add(s.getId()));
		Set<String> pairs = new HashSet<>();
		for (GModelElement child : parent.getChildren()) {
			if (child instanceof GEdge edge && ids.contains(edge.getSourceId()) && ids.contains(edge.getTargetId())
				&& !edge.getSourceId().equals(edge.getTargetId())) {
				String a = edge.getSourceId();
				String b = edge.getTargetId();
				pairs.add(a.compareTo(b) < 0 ? a + "\n" + b : b + "\n" + a);
			}
		}
		return pairs.size() >= shapes.size();
	}

	/**
	 * {@code shapes} on a circle, the first at the top and the others clockwise, far enough apart that
	 * neighbours do not touch, inside a margin of {@code padding}.
	 */
	static Map<String, GPoint> circle(List<GNode> shapes, double padding) {
		double widest = shapes.stream().mapToDouble(ElkDiagramLayout::width).max().orElse(Drawing.MIN_NODE_WIDTH);
		double tallest = shapes.stream().mapToDouble(ElkDiagramLayout::height).max().orElse(Drawing.NODE_HEIGHT);
		int n = shapes.size();
		// neighbours' centres are a chord 2 r sin(pi / n) apart; it must hold a shape and the gap
		double apart = (Math.hypot(widest, tallest) + CIRCLE_GAP) / (2 * Math.sin(Math.PI / n));
		// the chord from a shape's one neighbour to the other passes r (1 - cos(2 pi / n)) from its centre: clear
		// of it if the circle may grow to at most twice the size for that (up to about 20 shapes)
		double clear = (Math.hypot(widest, tallest) / 2 + 10) / (1 - Math.cos(2 * Math.PI / n));
		double radius = Math.max(60, Math.max(apart, clear <= 2 * apart ? clear : apart));
		double cx = padding + widest / 2 + radius;
		double cy = padding + tallest / 2 + radius;
		Map<String, GPoint> out = new LinkedHashMap<>();
		for (int k = 0; k < n; k++) {
			GNode shape = shapes.get(k);
			double angle = -Math.PI / 2 + 2 * Math.PI * k / n;
			out.put(shape.getId(), GraphUtil.point(Math.round(cx + radius * Math.cos(angle) - width(shape) / 2),
				Math.round(cy + radius * Math.sin(angle) - height(shape) / 2)));
		}
		return out;
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
