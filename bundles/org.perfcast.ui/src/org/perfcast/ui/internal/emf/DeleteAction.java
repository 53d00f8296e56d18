package org.perfcast.ui.internal.emf;

import java.util.List;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.edit.command.DeleteCommand;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchCommandConstants;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.actions.ActionFactory;

/**
 * Deletes the selected model objects (and references to them) with a command; the root object of a
 * file cannot be deleted. Call {@link #selectionChanged} when the selection changes.
 */
public final class DeleteAction extends Action {

	private final EditingDomain domain;
	private List<?> selection = List.of();

	/** Delete in {@code domain}. */
	public DeleteAction(EditingDomain domain) {
		super(Messages.DELETE);
		this.domain = domain;
		setId(ActionFactory.DELETE.getId());
		setActionDefinitionId(IWorkbenchCommandConstants.EDIT_DELETE);
		setImageDescriptor(PlatformUI.getWorkbench().getSharedImages().getImageDescriptor(ISharedImages.IMG_TOOL_DELETE));
		setEnabled(false);
	}

	/** Takes the objects to delete from {@code newSelection}. */
	public void selectionChanged(IStructuredSelection newSelection) {
		selection = newSelection.toList();
		setEnabled(!selection.isEmpty()
				&& selection.stream().allMatch(o -> o instanceof EObject object && object.eContainer() != null)
				&& DeleteCommand.create(domain, selection).canExecute());
	}

	@Override
	public void run() {
		Command command = DeleteCommand.create(domain, selection);
		if (command.canExecute()) {
			domain.getCommandStack().execute(command);
		}
	}
}
