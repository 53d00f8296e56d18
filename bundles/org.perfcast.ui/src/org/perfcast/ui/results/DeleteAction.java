package org.perfcast.ui.results;

import java.util.List;

import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.IWorkbenchPartSite;

/**
 * Deletes the results files of the runs selected in the Results view, after asking.
 */
public final class DeleteAction extends RunsAction {

	/** The action's id. */
	public static final String ID = "org.perfcast.ui.results.delete";

	DeleteAction(IWorkbenchPartSite site) {
		super(site, ID, Messages.DELETE, Messages.DELETE_TIP, 1, Integer.MAX_VALUE);
	}

	@Override
	public void run() {
		deleteSelected(true);
	}

	/** Deletes the selected runs' results files in a workspace job, after asking if {@code ask}. */
	public void deleteSelected(boolean ask) {
		List<RunEntry> selected = runs();
		if (selected.isEmpty() || ask && !MessageDialog.openConfirm(site().getShell(), Messages.DELETE_TITLE,
				String.format(Messages.DELETE_QUESTION, selected.size(), String.join(System.lineSeparator(),
						selected.stream().map(e -> e.file().getFullPath().toString()).toList())))) {
			return;
		}
		WorkspaceJob job = new WorkspaceJob(Messages.DELETE_TITLE) {
			@Override
			public IStatus runInWorkspace(IProgressMonitor monitor) throws CoreException {
				for (RunEntry entry : selected) {
					entry.file().delete(true, monitor);
				}
				return Status.OK_STATUS;
			}
		};
		job.setRule(ResourcesPlugin.getWorkspace().getRuleFactory().deleteRule(selected.get(0).file().getParent()));
		job.setUser(true);
		job.schedule();
	}
}
