package org.perfcast.ui.results;

import java.util.List;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IWorkbenchPartSite;
import org.eclipse.ui.actions.SelectionProviderAction;

/**
 * An action of the Results view on the selected runs, enabled while the number selected is in its range.
 */
public abstract class RunsAction extends SelectionProviderAction {

	private final IWorkbenchPartSite site;
	private final int fewest;
	private final int most;

	/** An action on {@code fewest} to {@code most} runs selected in the view of {@code site}. */
	RunsAction(IWorkbenchPartSite site, String id, String text, String tip, int fewest, int most) {
		super(site.getSelectionProvider(), text);
		this.site = site;
		this.fewest = fewest;
		this.most = most;
		setId(id);
		setToolTipText(tip);
		selectionChanged(getStructuredSelection());
	}

	@Override
	public final void selectionChanged(IStructuredSelection selection) {
		setEnabled(fewest <= selection.size() && selection.size() <= most);
	}

	/** The selected runs. */
	List<RunEntry> runs() {
		return getStructuredSelection().toList().stream().map(RunEntry.class::cast).toList();
	}

	/** The site of the view. */
	IWorkbenchPartSite site() {
		return site;
	}
}
