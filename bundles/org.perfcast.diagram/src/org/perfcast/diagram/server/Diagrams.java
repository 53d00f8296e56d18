package org.perfcast.diagram.server;

import java.util.Map;

import org.eclipse.glsp.graph.GNode;
import org.eclipse.glsp.graph.GPoint;
import org.perfcast.model.core.Model;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.program.Program;

/**
 * The diagram of a model: a program's steps, processes and messages, or a machine's processors and links, as a
 * GLSP graph with the positions of the model's notation; shapes without a position are laid out by ELK.
 */
public final class Diagrams {

	private Diagrams() {
	}

	/** The diagram type of {@code model}: {@link ProgramDiagram#TYPE} or {@link MachineDiagram#TYPE}. */
	public static String type(Model model) {
		if (model instanceof Program) {
			return ProgramDiagram.TYPE;
		}
		if (model instanceof Machine) {
			return MachineDiagram.TYPE;
		}
		throw new IllegalArgumentException("no diagram for a " + model.eClass().getName());
	}

	/** Draws {@code model} with the positions {@code notation} keeps; nothing is laid out yet. */
	public static Drawing draw(Model model, Notation notation) {
		Drawing drawing = new Drawing(type(model), notation);
		if (model instanceof Program program) {
			ProgramDiagram.draw(program, drawing);
		} else {
			MachineDiagram.draw((Machine) model, drawing);
		}
		return drawing;
	}

	/**
	 * Lays out the shapes the notation has no position for (all of them with {@code everything}) and returns how
	 * many were placed.
	 */
	public static int layout(Drawing drawing, boolean everything) {
		if (!everything && drawing.unplaced().isEmpty()) {
			return 0;
		}
		Map<String, GPoint> positions = new ElkDiagramLayout().layout(drawing.graph());
		int placed = 0;
		for (GNode node : everything ? nodes(drawing) : drawing.unplaced()) {
			GPoint p = positions.get(node.getId());
			if (p != null) {
				node.setPosition(p);
				placed++;
			}
		}
		return placed;
	}

	/** Every node of the drawing, groups and their children alike. */
	public static java.util.List<GNode> nodes(Drawing drawing) {
		java.util.List<GNode> all = new java.util.ArrayList<>();
		collect(drawing.graph(), all);
		return all;
	}

	private static void collect(org.eclipse.glsp.graph.GModelElement parent, java.util.List<GNode> into) {
		for (org.eclipse.glsp.graph.GModelElement child : parent.getChildren()) {
			if (child instanceof GNode node) {
				into.add(node);
			}
			collect(child, into);
		}
	}
}
