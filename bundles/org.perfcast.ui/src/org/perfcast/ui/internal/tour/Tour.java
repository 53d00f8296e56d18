package org.perfcast.ui.internal.tour;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;

/** The tour's cheat sheet, opened once per workspace on its first start. */
public final class Tour {

	/** The cheat sheet's id (plugin.xml). */
	public static final String ID = "org.perfcast.ui.tour";

	/** The workspace preference that says the tour was opened. */
	static final String SHOWN = "tourShown";

	private static final String CHEAT_SHEETS = "org.eclipse.ui.cheatsheets";

	private Tour() {
	}

	/** Whether cheat sheets are installed (the tour is an optional part of an IDE without them). */
	public static boolean available() {
		return Platform.getBundle(CHEAT_SHEETS) != null;
	}

	/** Opens the tour unless this workspace has shown it; call on the UI thread. */
	public static void openOnFirstStart() {
		if (!available()) {
			return;
		}
		IEclipsePreferences preferences = InstanceScope.INSTANCE.getNode("org.perfcast.ui");
		if (preferences.getBoolean(SHOWN, false)) {
			return;
		}
		preferences.putBoolean(SHOWN, true); // saved with the workspace's preferences when it closes
		open();
	}

	/** Opens the tour in the Cheat Sheets view; call on the UI thread. */
	public static void open() {
		new org.eclipse.ui.cheatsheets.OpenCheatSheetAction(ID).run();
	}
}
