package org.perfcast.diagram.glsp;

import java.util.List;

import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.server.features.validation.Marker;
import org.eclipse.glsp.server.features.validation.ModelValidator;
import org.perfcast.diagram.server.Decorations;

import com.google.inject.Inject;

/**
 * The builder's markers as GLSP validation markers: after each change the page shows the problems and
 * predictions of the latest analysis on the elements they concern.
 */
public class DiagramValidator implements ModelValidator {

	@Inject
	protected DiagramState state;

	@Override
	public List<Marker> validate(List<GModelElement> elements, String reason) {
		if (state.document() == null) {
			return List.of();
		}
		return state.diagramIndex().markers().stream().map(DiagramValidator::marker).toList();
	}

	private static Marker marker(Decorations.DiagramMarker marker) {
		String label = switch (marker.kind()) {
		case "error" -> "Error";
		case "warning" -> "Warning";
		default -> "Prediction";
		};
		// GLSP's hover shows a marker's message as HTML: model names in it are text
		return new Marker(label, DiagramPopups.escape(marker.message()), marker.elementId(), marker.kind());
	}
}
