package org.perfcast.ui.internal.emf;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.jface.action.IAction;
import org.eclipse.ui.IActionBars;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.views.properties.PropertySheetPage;

/** The Properties view page of a model editor; undo and redo there act on the editor's command stack. */
public final class ModelPropertySheetPage extends PropertySheetPage {

	private final IAction undo;
	private final IAction redo;

	/** Properties from {@code adapterFactory}'s item providers, with the editor's {@code undo} and {@code redo}. */
	public ModelPropertySheetPage(AdapterFactory adapterFactory, IAction undo, IAction redo) {
		this.undo = undo;
		this.redo = redo;
		setPropertySourceProvider(new ItemPropertySourceProvider(adapterFactory));
	}

	@Override
	public void setActionBars(IActionBars actionBars) {
		super.setActionBars(actionBars);
		actionBars.setGlobalActionHandler(ActionFactory.UNDO.getId(), undo);
		actionBars.setGlobalActionHandler(ActionFactory.REDO.getId(), redo);
	}
}
