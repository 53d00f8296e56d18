package org.perfcast.ui.editors;

import org.eclipse.ui.IActionBars;

/**
 * An editor of Perfcast models whose own undo and redo (and delete) are the workbench's while it is active;
 * {@link ModelEditorContributor} points the shared action bars at it.
 */
public interface GlobalActionsEditor {

	/** Points {@code bars}' global actions at this editor. */
	void setGlobalActionHandlers(IActionBars bars);
}
