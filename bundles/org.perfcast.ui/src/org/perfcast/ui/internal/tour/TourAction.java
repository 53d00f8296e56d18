package org.perfcast.ui.internal.tour;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Path;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;

/**
 * A step of the five-minute tour ({@code tour/tour.xml}, an {@code <action class="..." param1="...">}): does it with
 * the step's parameters and says in a dialog what went wrong.
 */
public abstract class TourAction {

	/**
	 * Does the step; on failure shows why.
	 *
	 * @return whether it succeeded
	 */
	public final boolean run(String[] params) {
		try {
			perform(params);
			return true;
		} catch (CoreException e) {
			ILog.of(TourAction.class).log(e.getStatus());
			ErrorDialog.openError(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), "Perfcast Tour",
					null, e.getStatus());
			return false;
		}
	}

	/** Does the step with the tour's {@code param1}, {@code param2}, ... */
	abstract void perform(String[] params) throws CoreException;

	static IWorkbenchPage page() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
	}

	/** The workspace file {@code path}, which must exist. */
	static IFile file(String path) throws CoreException {
		IFile file = ResourcesPlugin.getWorkspace().getRoot().getFile(new Path(path));
		if (!file.exists()) {
			throw new CoreException(Status.error(path + " is not in the workspace: the tour uses the example projects "
					+ "(./perfcast ide imports them; File > Import > Existing Projects otherwise)"));
		}
		return file;
	}

	static String param(String[] params, int index) throws CoreException {
		if (params == null || params.length <= index || params[index] == null) {
			throw new CoreException(Status.error("the tour's step has no parameter " + (index + 1)));
		}
		return params[index];
	}
}
