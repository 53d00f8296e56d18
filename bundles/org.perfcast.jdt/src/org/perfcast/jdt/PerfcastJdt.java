package org.perfcast.jdt;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;

/** The bundle's constants and preferences. */
public final class PerfcastJdt {

	/** The bundle's id. */
	public static final String PLUGIN_ID = "org.perfcast.jdt";

	/**
	 * Whether a recording is simulated when it ends: {@code always}, {@code never}, or anything else to ask (the
	 * values of {@link org.eclipse.jface.dialogs.MessageDialogWithToggle}).
	 */
	public static final String SIMULATE_AFTER_RECORDING = "simulateAfterRecording";

	private PerfcastJdt() {
	}

	/** The bundle's preferences. */
	public static IEclipsePreferences preferences() {
		return InstanceScope.INSTANCE.getNode(PLUGIN_ID);
	}

}
