package org.perfcast.ui.internal.tour;

import java.util.Arrays;
import java.util.Comparator;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.ide.IDE;
import org.perfcast.ide.PerfcastMarkers;

/**
 * Shows the Problems view and opens the workspace file {@code param1} at its first Perfcast marker (the prediction),
 * once the build that the save started is over.
 */
public final class ShowMarkerAction extends TourAction {

	@Override
	void perform(String[] params) throws CoreException {
		IFile file = file(param(params, 0));
		try {
			Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		} catch (OperationCanceledException | InterruptedException e) {
			Thread.currentThread().interrupt();
		}
		IMarker marker = Arrays.stream(file.findMarkers(PerfcastMarkers.PROBLEM, true, IResource.DEPTH_ZERO))
				.min(Comparator.comparingInt(m -> m.getAttribute(IMarker.LINE_NUMBER, Integer.MAX_VALUE))).orElseThrow(
						() -> new CoreException(Status.error(file.getFullPath() + " has no prediction yet: save it, "
								+ "and check that Project > Build Automatically is on")));
		page().showView(IPageLayout.ID_PROBLEM_VIEW, null, org.eclipse.ui.IWorkbenchPage.VIEW_VISIBLE);
		IDE.openEditor(page(), marker, true);
	}
}
