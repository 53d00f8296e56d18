package org.perfcast.ui.results;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.Path;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.ui.IMarkerResolution2;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.swt.graphics.Image;
import org.perfcast.ide.WaitingPointMarkers;
import org.perfcast.trace.WhatIf;

/**
 * "What if this were faster?" on a bottleneck marker: the causal profile of what makes threads wait there (its lock,
 * or the thread joined) on the marker's processor count, computed in the background and shown in the Results view's
 * What-if tab.
 */
final class WhatIfResolution implements IMarkerResolution2 {

	private final String location;

	/** The resolution that profiles {@code location}, as {@link WhatIf#location(String)} reads it. */
	WhatIfResolution(String location) {
		this.location = location;
	}

	@Override
	public String getLabel() {
		return Messages.WHATIF_ACTION;
	}

	@Override
	public String getDescription() {
		return String.format(Messages.WHATIF_RESOLUTION, WhatIf.location(location).label());
	}

	@Override
	public Image getImage() {
		return null;
	}

	@Override
	public void run(IMarker marker) {
		String path = marker.getAttribute(WaitingPointMarkers.TRACE, "");
		IFile trace = path.isEmpty() ? null : ResourcesPlugin.getWorkspace().getRoot().getFile(new Path(path));
		IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
		if (trace == null || !trace.exists() || window == null || window.getActivePage() == null) {
			return;
		}
		IWorkbenchPage page = window.getActivePage();
		try {
			ResultsView view = (ResultsView) page.showView(ResultsView.ID);
			view.getWhatIfTab().computeFor(trace, Math.max(1, marker.getAttribute(WaitingPointMarkers.PROCESSORS, 2)),
					List.of(WhatIf.location(location)));
		} catch (PartInitException e) {
			ErrorDialog.openError(window.getShell(), null, e.getMessage(), e.getStatus());
		}
	}
}
