package org.perfcast.ui.internal.emf;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.edit.command.CommandActionDelegate;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.jface.action.Action;

/** Adds a new child or sibling to the model with a create-child command, labelled as its item provider says. */
final class CreateChildAction extends Action {

	private final EditingDomain domain;
	private final Command command;

	CreateChildAction(EditingDomain domain, Command command, ItemImages images) {
		this.domain = domain;
		this.command = command;
		if (command instanceof CommandActionDelegate delegate) {
			setText(delegate.getText());
			setToolTipText(delegate.getToolTipText());
			setImageDescriptor(images.descriptor(delegate.getImage()));
		} else {
			setText(command.getLabel());
		}
		setEnabled(command.canExecute());
	}

	@Override
	public void run() {
		domain.getCommandStack().execute(command);
	}
}
