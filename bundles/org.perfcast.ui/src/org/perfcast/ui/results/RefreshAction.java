package org.perfcast.ui.results;

import org.eclipse.jface.action.Action;

/**
 * Reads the results folders of the Results view again.
 */
public final class RefreshAction extends Action {

	/** The action's id. */
	public static final String ID = "org.perfcast.ui.results.refresh";

	private final ResultsView view;

	RefreshAction(ResultsView view) {
		super(Messages.REFRESH);
		this.view = view;
		setId(ID);
		setToolTipText(Messages.REFRESH_TIP);
	}

	@Override
	public void run() {
		view.refresh();
	}
}
