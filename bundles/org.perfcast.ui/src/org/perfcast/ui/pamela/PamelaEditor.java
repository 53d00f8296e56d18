package org.perfcast.ui.pamela;

import org.eclipse.ui.editors.text.TextEditor;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;

/**
 * The editor of PAMELA process models ({@code *.pamela}): a text editor with syntax colouring, an outline
 * of the definitions, and the builder's predictions and problems as markers in the rulers.
 */
public final class PamelaEditor extends TextEditor {

	/** The editor's id. */
	public static final String ID = "org.perfcast.ui.pamela.editor";

	private PamelaOutlinePage outline;

	@Override
	protected void initializeEditor() {
		super.initializeEditor();
		setSourceViewerConfiguration(new PamelaSourceViewerConfiguration());
	}

	@Override
	public <T> T getAdapter(Class<T> type) {
		if (type == IContentOutlinePage.class) {
			if (outline == null) {
				outline = new PamelaOutlinePage(this);
			}
			return type.cast(outline);
		}
		return super.getAdapter(type);
	}

	@Override
	public void dispose() {
		if (outline != null) {
			outline.dispose();
		}
		super.dispose();
	}
}
