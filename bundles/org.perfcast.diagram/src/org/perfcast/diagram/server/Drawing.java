package org.perfcast.diagram.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.glsp.graph.GCompartment;
import org.eclipse.glsp.graph.GEdge;
import org.eclipse.glsp.graph.GGraph;
import org.eclipse.glsp.graph.GLabel;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.GNode;
import org.eclipse.glsp.graph.GPoint;
import org.eclipse.glsp.graph.GShapeElement;
import org.eclipse.glsp.graph.builder.impl.GCompartmentBuilder;
import org.eclipse.glsp.graph.builder.impl.GEdgeBuilder;
import org.eclipse.glsp.graph.builder.impl.GEdgePlacementBuilder;
import org.eclipse.glsp.graph.builder.impl.GGraphBuilder;
import org.eclipse.glsp.graph.builder.impl.GLabelBuilder;
import org.eclipse.glsp.graph.builder.impl.GNodeBuilder;
import org.eclipse.glsp.graph.util.GraphUtil;

/**
 * A diagram being drawn from a model: the GLSP graph, the index of what its elements stand for, and the shapes
 * whose positions the notation does not have yet (ELK places them). Shapes are nodes with a label; groups are
 * nodes with a title and a body compartment whose children have positions inside the body.
 */
public final class Drawing {

	/** Estimated sizes, for layouts before the page has measured the labels. */
	static final double NODE_HEIGHT = 36;
	static final double CHARACTER_WIDTH = 7.5;
	static final double MIN_NODE_WIDTH = 64;

	private final GGraph graph;
	private final DiagramIndex.Builder index = new DiagramIndex.Builder();
	private final Notation notation;
	private final List<GNode> unplaced = new ArrayList<>();
	private final List<String> notes = new ArrayList<>();
	private final Map<String, String> keys = new java.util.HashMap<>();

	Drawing(String diagramType, Notation notation) {
		this.notation = notation;
		this.graph = new GGraphBuilder(diagramType.startsWith("perfcast-") ? "graph" : diagramType).id(DiagramIds.ROOT).build();
	}

	public GGraph graph() {
		return graph;
	}

	public DiagramIndex.Builder index() {
		return index;
	}

	/** The notation place of shape {@code id}, or null if it is no shape. */
	public DiagramIndex.Shape shape(String id) {
		return index.shapes.get(id);
	}

	/** The shapes the notation has no position for. */
	public List<GNode> unplaced() {
		return unplaced;
	}

	/** Remarks about what the diagram leaves out (too many messages, counts that do not evaluate). */
	public List<String> notes() {
		return notes;
	}

	/**
	 * A node of {@code type} for {@code element} (the model element, or null for a derived shape), whose
	 * position the notation keeps under ({@code owner}, {@code role}).
	 */
	public GNode node(String type, String id, String text, EObject element, EObject owner, String role) {
		GPoint position = notation.position(owner, role);
		GNode node = new GNodeBuilder(type).id(id).addCssClass(type.replace(':', '-'))
			.position(position == null ? GraphUtil.point(0, 0) : GraphUtil.point(position.getX(), position.getY()))
			.size(Math.max(MIN_NODE_WIDTH, 20 + CHARACTER_WIDTH * text.length()), NODE_HEIGHT)
			.layout("hbox")
			// layout options are inherited down the tree: a node in a group must set what the group sets
			.layoutOptions(Map.of("paddingLeft", 10, "paddingRight", 10, "paddingTop", 9, "paddingBottom", 9,
				"hAlign", "center", "minWidth", MIN_NODE_WIDTH, "minHeight", NODE_HEIGHT))
			.add(label(id, text))
			.build();
		register(node, element, owner, role, position == null);
		return node;
	}

	/** A group of {@code type} (a step) with a title; add its children to {@link #body(GNode)}. */
	public GNode group(String type, String id, String title, EObject element, EObject owner, String role) {
		GPoint position = notation.position(owner, role);
		GCompartment body = new GCompartmentBuilder("comp:comp").id(id + "-body").layout("freeform").build();
		GNode group = new GNodeBuilder(type).id(id).addCssClass(type.replace(':', '-'))
			.position(position == null ? GraphUtil.point(0, 0) : GraphUtil.point(position.getX(), position.getY()))
			.layout("vbox")
			.layoutOptions(Map.of("paddingLeft", 8, "paddingRight", 8, "paddingTop", 6, "paddingBottom", 8,
				"hAlign", "left", "vGap", 6, "minWidth", 160, "minHeight", 80))
			.add(label(id, title))
			.add(body)
			.build();
		register(group, element, owner, role, position == null);
		return group;
	}

	/** The compartment that holds a group's children. */
	public static GCompartment body(GNode group) {
		return (GCompartment) group.getChildren().get(1);
	}

	private void register(GNode node, EObject element, EObject owner, String role, boolean missing) {
		if (element != null) {
			index.element(node.getId(), element);
		}
		index.shape(node.getId(), owner, role);
		if (missing) {
			unplaced.add(node);
		}
	}

	/** An edge of {@code type} from {@code source} to {@code target} labelled {@code text} (none if null). */
	public GEdge edge(String type, String id, GShapeElement source, GShapeElement target, String text, EObject element) {
		GEdgeBuilder builder = new GEdgeBuilder(type).id(id).addCssClass(type.replace(':', '-')).source(source).target(target);
		if (text != null) {
			// a message's label nearer its sender, so that the labels of two messages in opposite directions part
			double along = ProgramDiagram.MESSAGE.equals(type) ? 0.35 : 0.5;
			builder.add(new GLabelBuilder("label:name").id(DiagramIds.label(id)).text(text).addCssClass("edge-label")
				.edgePlacement(new GEdgePlacementBuilder().side("on").position(along).offset(4).rotate(false).build())
				.build());
		}
		GEdge edge = builder.build();
		if (element != null) {
			index.element(id, element);
		}
		return edge;
	}

	private static GLabel label(String owner, String text) {
		return new GLabelBuilder("label:name").id(DiagramIds.label(owner)).text(text).build();
	}

	/** Adds {@code element} to the diagram's top level. */
	public void add(GModelElement element) {
		graph.getChildren().add(element);
	}

	/** Makes predictions name the element {@code id} by {@code key} (e.g. one message of an indexed element). */
	public void key(String id, String key) {
		keys.put(id, key);
	}

	/**
	 * Draws {@code decorations} on the diagram: CSS classes {@code critical} and {@code load-0} … {@code load-4}
	 * on the elements they name, the tooltips and markers into the index (markers on elements not drawn go to
	 * the nearest drawn element: a message's first edge, else the diagram).
	 */
	public void decorate(Decorations decorations) {
		Map<String, String> idOfKey = new java.util.HashMap<>();
		Map<String, String> firstEdgeOf = new java.util.HashMap<>();
		for (GModelElement element : all()) {
			String id = element.getId();
			String key = keys.getOrDefault(id, id);
			idOfKey.putIfAbsent(key, id);
			idOfKey.putIfAbsent(id, id);
			int dash = id.lastIndexOf('-');
			if (element instanceof GEdge && dash > 0) {
				firstEdgeOf.putIfAbsent(id.substring(0, dash), id);
			}
			if (decorations.critical().contains(key)) {
				element.getCssClasses().add("critical");
			}
			Double load = decorations.load().get(key);
			if (load != null && Double.isFinite(load)) {
				element.getCssClasses().add("load-" + Math.max(0, Math.min(4, (int) Math.floor(load * 5))));
			}
			List<String> tip = decorations.tooltips().get(key);
			if (tip != null) {
				index.tooltip(id, tip);
			}
		}
		for (Decorations.DiagramMarker marker : decorations.markers()) {
			String at = idOfKey.get(marker.elementId());
			if (at == null) {
				at = firstEdgeOf.getOrDefault(marker.elementId(), DiagramIds.ROOT);
			}
			index.marker(new Decorations.DiagramMarker(at, marker.kind(), marker.message()));
		}
		// what concerns the whole diagram goes into a banner on the page: the summary and the file's own markers
		List<String> banner = new ArrayList<>();
		if (!decorations.summary().isEmpty()) {
			banner.add("summary:" + decorations.summary());
		}
		for (Decorations.DiagramMarker marker : index.markers) {
			if (DiagramIds.ROOT.equals(marker.elementId())) {
				banner.add(marker.kind() + ":" + marker.message());
			}
		}
		if (!banner.isEmpty()) {
			graph.getArgs().put("banner", String.join("\n", banner));
		}
	}

	/** Every element of the diagram below the root. */
	private List<GModelElement> all() {
		List<GModelElement> out = new ArrayList<>();
		java.util.ArrayDeque<GModelElement> todo = new java.util.ArrayDeque<>(graph.getChildren());
		while (!todo.isEmpty()) {
			GModelElement element = todo.pop();
			out.add(element);
			todo.addAll(element.getChildren());
		}
		return out;
	}

	/** The id of the model element behind diagram element {@code id}'s label, for label edits. */
	public static String ownerOfLabel(String labelId) {
		return labelId.endsWith("-label") ? labelId.substring(0, labelId.length() - "-label".length()) : labelId;
	}
}
