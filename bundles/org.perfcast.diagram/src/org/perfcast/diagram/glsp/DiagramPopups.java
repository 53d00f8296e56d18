package org.perfcast.diagram.glsp;

import java.util.List;
import java.util.Optional;

import org.eclipse.glsp.graph.GHtmlRoot;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.builder.impl.GHtmlRootBuilder;
import org.eclipse.glsp.graph.builder.impl.GPreRenderedElementBuilder;
import org.eclipse.glsp.server.features.popup.PopupModelFactory;
import org.eclipse.glsp.server.features.popup.RequestPopupModelAction;

import com.google.inject.Inject;

/** Tooltips: the predicted times and loads of the element under the mouse, from the latest analysis. */
public class DiagramPopups implements PopupModelFactory {

	@Inject
	protected DiagramState state;

	@Override
	public Optional<GHtmlRoot> createPopupModel(GModelElement element, RequestPopupModelAction action) {
		if (state.document() == null || element == null) {
			return Optional.empty();
		}
		List<String> lines = state.diagramIndex().tooltip(element.getId());
		if (lines.isEmpty()) {
			return Optional.empty();
		}
		StringBuilder html = new StringBuilder("<div class=\"perfcast-tooltip\">");
		for (String line : lines) {
			html.append("<div>").append(escape(line)).append("</div>");
		}
		html.append("</div>");
		return Optional.of(new GHtmlRootBuilder().id("perfcast-popup").addClass("perfcast-popup")
			.add(new GPreRenderedElementBuilder().id("perfcast-popup-body").code(html.toString()).build()).build());
	}

	/** {@code text} as HTML text: its markup characters as entities. */
	static String escape(String text) {
		return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"",
				"&quot;").replace("'", "&#39;");
	}
}
