package org.perfcast.diagram.glsp;

import java.util.List;

import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.actions.MessageAction;
import org.eclipse.glsp.server.operations.Operation;
import org.eclipse.glsp.server.operations.OperationActionHandler;
import org.eclipse.glsp.server.types.GLSPServerException;
import org.eclipse.glsp.server.types.Severity;

/**
 * GLSP's operation handling, with an edit the model cannot take (a link in a ring, a numbered process deleted
 * from the middle) refused with its reason shown on the page instead of only logged; nothing is changed.
 */
public class RefusingOperationHandler extends OperationActionHandler {

	@Override
	protected List<Action> executeOperation(Operation operation) {
		try {
			return super.executeOperation(operation);
		} catch (GLSPServerException e) {
			return List.of(new MessageAction(Severity.ERROR, e.getMessage()));
		}
	}
}
