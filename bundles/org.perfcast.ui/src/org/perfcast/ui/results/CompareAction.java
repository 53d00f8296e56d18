package org.perfcast.ui.results;

/**
 * Compares the runs selected in the Results view on its Compare tab.
 */
public final class CompareAction extends RunsAction {

	/** The action's id. */
	public static final String ID = "org.perfcast.ui.results.compare";

	private final ResultsView view;

	CompareAction(ResultsView view) {
		super(view.getSite(), ID, Messages.COMPARE, Messages.COMPARE_TIP, 2, Integer.MAX_VALUE);
		this.view = view;
	}

	@Override
	public void run() {
		view.compareSelected();
	}
}
