package org.perfcast.ui.internal.tour;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

/** The tour's view, opened once per workspace on its first start. */
public final class Tour {

	/** The Perfcast Tour view (plugin.xml). */
	public static final String VIEW = "org.perfcast.ui.views.tour";

	/** The workspace preference that says the tour was opened. */
	static final String SHOWN = "tourShown";

	private Tour() {
	}

	/** Opens the tour unless this workspace has shown it; call on the UI thread. */
	public static void openOnFirstStart() {
		IEclipsePreferences preferences = InstanceScope.INSTANCE.getNode("org.perfcast.ui");
		if (preferences.getBoolean(SHOWN, false)) {
			return;
		}
		preferences.putBoolean(SHOWN, true); // saved with the workspace's preferences when it closes
		open();
	}

	/** Opens the Perfcast Tour view; call on the UI thread. */
	public static TourView open() {
		IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
		if (window == null || window.getActivePage() == null) {
			return null;
		}
		try {
			return (TourView) window.getActivePage().showView(VIEW);
		} catch (PartInitException e) {
			ILog.of(Tour.class).log(Status.warning("Cannot open the Perfcast Tour", e));
			return null;
		}
	}
}
