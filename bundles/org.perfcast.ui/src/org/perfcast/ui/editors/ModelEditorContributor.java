package org.perfcast.ui.editors;

import org.eclipse.ui.IActionBars;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.part.EditorActionBarContributor;

/**
 * Points the workbench's undo, redo and delete at the active model or diagram editor (editors of a type share
 * action bars).
 */
public final class ModelEditorContributor extends EditorActionBarContributor {

	@Override
	public void setActiveEditor(IEditorPart editor) {
		IActionBars bars = getActionBars();
		if (editor instanceof GlobalActionsEditor modelEditor) {
			modelEditor.setGlobalActionHandlers(bars);
		}
		bars.updateActionBars();
	}
}
