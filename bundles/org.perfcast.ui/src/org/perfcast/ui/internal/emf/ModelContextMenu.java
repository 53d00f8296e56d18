package org.perfcast.ui.internal.emf;

import java.util.Collection;

import org.eclipse.emf.edit.command.CreateChildCommand;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IMenuListener;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredViewer;
import org.eclipse.ui.IWorkbenchActionConstants;

/**
 * Fills the context menu of a model tree: New Child and New Sibling from the item providers'
 * new-child descriptors of the selected object, then undo, redo and delete.
 */
public final class ModelContextMenu implements IMenuListener {

	private final EditingDomain domain;
	private final StructuredViewer viewer;
	private final ItemImages images;
	private final IAction[] editActions;

	/** A menu for {@code viewer}'s selection in {@code domain}, ending with {@code editActions}. */
	public ModelContextMenu(EditingDomain domain, StructuredViewer viewer, ItemImages images, IAction... editActions) {
		this.domain = domain;
		this.viewer = viewer;
		this.images = images;
		this.editActions = editActions;
	}

	@Override
	public void menuAboutToShow(IMenuManager menu) {
		MenuManager children = new MenuManager(Messages.NEW_CHILD);
		MenuManager siblings = new MenuManager(Messages.NEW_SIBLING);
		IStructuredSelection selection = viewer.getStructuredSelection();
		if (selection.size() == 1) {
			Object object = selection.getFirstElement();
			Collection<?> selected = selection.toList();
			for (Object descriptor : domain.getNewChildDescriptors(object, null)) {
				children.add(new CreateChildAction(domain, CreateChildCommand.create(domain, object, descriptor, selected), images));
			}
			Object parent = domain.getParent(object);
			for (Object descriptor : domain.getNewChildDescriptors(null, object)) {
				siblings.add(new CreateChildAction(domain, CreateChildCommand.create(domain, parent, descriptor, selected), images));
			}
		}
		menu.add(children);
		menu.add(siblings);
		menu.add(new Separator());
		for (IAction action : editActions) {
			menu.add(action);
		}
		menu.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
	}
}
