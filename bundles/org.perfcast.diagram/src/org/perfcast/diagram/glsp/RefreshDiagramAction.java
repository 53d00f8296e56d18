package org.perfcast.diagram.glsp;

import java.util.List;

import org.eclipse.glsp.server.actions.AbstractActionHandler;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.features.core.model.ModelSubmissionHandler;

import com.google.inject.Inject;

/**
 * Asks the server to draw the diagram again and send it to the page: the model changed outside the diagram
 * (Properties view, tree editor) or new predictions arrived. Handled by the server; the page never sees it.
 */
public class RefreshDiagramAction extends Action {

	/** The action's kind. */
	public static final String KIND = "perfcastRefreshDiagram";

	public RefreshDiagramAction() {
		super(KIND);
	}

	/** Draws and submits the model. */
	public static class Handler extends AbstractActionHandler<RefreshDiagramAction> {
		@Inject
		protected ModelSubmissionHandler submission;
		@Inject
		protected DiagramState state;

		@Override
		protected List<Action> executeAction(RefreshDiagramAction action) {
			if (state.document() == null || state.getRoot() == null) {
				return none();
			}
			return submission.submitModel();
		}
	}
}
