package org.perfcast.ui.internal.emf;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.command.CommandStack;
import org.eclipse.jface.action.Action;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchCommandConstants;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.actions.ActionFactory;

/** Undoes the most recent command of a command stack; call {@link #update()} when the stack changes. */
public final class UndoAction extends Action {

	private final CommandStack stack;

	/** Undo on {@code stack}. */
	public UndoAction(CommandStack stack) {
		this.stack = stack;
		setId(ActionFactory.UNDO.getId());
		setActionDefinitionId(IWorkbenchCommandConstants.EDIT_UNDO);
		setImageDescriptor(PlatformUI.getWorkbench().getSharedImages().getImageDescriptor(ISharedImages.IMG_TOOL_UNDO));
		update();
	}

	/** Enables the action when there is something to undo and names it after the command. */
	public void update() {
		Command command = stack.getUndoCommand();
		setEnabled(stack.canUndo());
		setText(command == null || command.getLabel() == null ? Messages.UNDO : Messages.UNDO + " " + command.getLabel());
	}

	@Override
	public void run() {
		stack.undo();
	}
}
