package org.perfcast.ui.internal.emf;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.command.CommandStack;
import org.eclipse.jface.action.Action;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchCommandConstants;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.actions.ActionFactory;

/** Redoes the most recently undone command of a command stack; call {@link #update()} when the stack changes. */
public final class RedoAction extends Action {

	private final CommandStack stack;

	/** Redo on {@code stack}. */
	public RedoAction(CommandStack stack) {
		this.stack = stack;
		setId(ActionFactory.REDO.getId());
		setActionDefinitionId(IWorkbenchCommandConstants.EDIT_REDO);
		setImageDescriptor(PlatformUI.getWorkbench().getSharedImages().getImageDescriptor(ISharedImages.IMG_TOOL_REDO));
		update();
	}

	/** Enables the action when there is something to redo and names it after the command. */
	public void update() {
		Command command = stack.getRedoCommand();
		setEnabled(stack.canRedo());
		setText(command == null || command.getLabel() == null ? Messages.REDO : Messages.REDO + " " + command.getLabel());
	}

	@Override
	public void run() {
		stack.redo();
	}
}
