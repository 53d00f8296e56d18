package org.perfcast.ide;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;

/** Identifiers contributed by this bundle, and its log. */
public final class PerfcastIde {

	/** The bundle's symbolic name. */
	public static final String PLUGIN_ID = "org.perfcast.ide";

	private PerfcastIde() {
	}

	/** An error status of this bundle. */
	public static IStatus error(String message, Throwable cause) {
		return Status.error(message, cause);
	}

	/** Writes {@code status} to the Eclipse error log. */
	public static void log(IStatus status) {
		ILog.of(PerfcastIde.class).log(status);
	}
}
