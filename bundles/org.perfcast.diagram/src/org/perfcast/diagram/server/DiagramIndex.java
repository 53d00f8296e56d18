package org.perfcast.diagram.server;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;

/**
 * What each element of the current diagram stands for, rebuilt with the diagram: the model element behind an
 * id, and for shapes the element and role their position is kept under in the {@link Notation}.
 */
public final class DiagramIndex {

	/**
	 * A shape's place in the notation.
	 *
	 * @param owner the model element the position belongs to
	 * @param role  which of the owner's shapes ("" for the element's own)
	 */
	public record Shape(EObject owner, String role) {
	}

	/**
	 * A process in a step of a program diagram.
	 *
	 * @param step    the step's model element
	 * @param process the process index
	 */
	public record ProcessInStep(EObject step, long process) {
	}

	private volatile Map<String, EObject> elements = Map.of();
	private volatile Map<String, Shape> shapes = Map.of();
	private volatile Map<String, ProcessInStep> processes = Map.of();
	private volatile Map<String, List<String>> tooltips = Map.of();
	private volatile List<Decorations.DiagramMarker> markers = List.of();

	/** Collects a new index while a diagram is made. */
	public static final class Builder {
		final Map<String, EObject> elements = new HashMap<>();
		final Map<String, Shape> shapes = new HashMap<>();
		final Map<String, ProcessInStep> processes = new HashMap<>();
		final Map<String, List<String>> tooltips = new HashMap<>();
		final List<Decorations.DiagramMarker> markers = new java.util.ArrayList<>();

		public void element(String id, EObject element) {
			elements.put(id, element);
		}

		public void shape(String id, EObject owner, String role) {
			shapes.put(id, new Shape(owner, role));
		}

		public void process(String id, EObject step, long process) {
			processes.put(id, new ProcessInStep(step, process));
		}

		public void tooltip(String id, List<String> lines) {
			tooltips.put(id, List.copyOf(lines));
		}

		public void marker(Decorations.DiagramMarker marker) {
			markers.add(marker);
		}
	}

	/** Replaces the index with {@code builder}'s. */
	public void replace(Builder builder) {
		elements = Map.copyOf(builder.elements);
		shapes = Map.copyOf(builder.shapes);
		processes = Map.copyOf(builder.processes);
		tooltips = Map.copyOf(builder.tooltips);
		markers = List.copyOf(builder.markers);
	}

	/** The lines of the tooltip of element {@code id} (predicted times, loads), empty if it has none. */
	public List<String> tooltip(String id) {
		return id == null ? List.of() : tooltips.getOrDefault(id, List.of());
	}

	/** The markers to show, each on a drawn element. */
	public List<Decorations.DiagramMarker> markers() {
		return markers;
	}

	/** The model element behind diagram element {@code id}, or null. */
	public EObject element(String id) {
		return id == null ? null : elements.get(id);
	}

	/** The notation place of shape {@code id}, or null if it is no shape. */
	public Shape shape(String id) {
		return id == null ? null : shapes.get(id);
	}

	/** The step and process of a process node, or null if {@code id} is none. */
	public ProcessInStep process(String id) {
		return id == null ? null : processes.get(id);
	}
}
