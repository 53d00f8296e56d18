package org.perfcast.ui.internal.tour;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.ui.ide.IDE;
import org.perfcast.ui.PerfcastPerspective;

/** Opens the workspace file {@code param1} in its editor, in the Perfcast perspective. */
public final class OpenExampleAction extends TourAction {

	@Override
	void perform(String[] params) throws CoreException {
		var file = file(param(params, 0));
		var window = org.eclipse.ui.PlatformUI.getWorkbench().getActiveWorkbenchWindow();
		org.eclipse.ui.PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID, window);
		IDE.openEditor(page(), file, true);
	}
}
