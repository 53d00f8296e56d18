package org.perfcast.diagram.server;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Predictions and problems drawn on a diagram, by diagram element id: the critical path's elements, each
 * loaded element's load as a fraction of the most loaded one (links by PAMELA workload σ or Glamis
 * utilisation U), tooltip lines, and markers.
 *
 * @param critical elements on the critical path
 * @param load     load between 0 and 1 by element
 * @param tooltips lines of text by element (predicted times, workloads)
 * @param markers  problems and predictions to show as validation markers
 * @param summary  one line about the whole diagram (e.g. the predicted T), or empty
 */
public record Decorations(Set<String> critical, Map<String, Double> load, Map<String, List<String>> tooltips,
		List<DiagramMarker> markers, String summary) {

	/** No predictions. */
	public static final Decorations NONE = new Decorations(Set.of(), Map.of(), Map.of(), List.of(), "");

	public Decorations {
		critical = Set.copyOf(critical);
		load = Map.copyOf(load);
		tooltips = Map.copyOf(tooltips);
		markers = List.copyOf(markers);
	}

	/**
	 * A problem or prediction on one diagram element.
	 *
	 * @param elementId the diagram element, or {@link DiagramIds#ROOT}
	 * @param kind      {@code error}, {@code warning} or {@code info} (GLSP's marker kinds)
	 * @param message   the marker's text
	 */
	public record DiagramMarker(String elementId, String kind, String message) {
	}
}
