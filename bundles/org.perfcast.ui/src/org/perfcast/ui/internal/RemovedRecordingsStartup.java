package org.perfcast.ui.internal;

import org.eclipse.ui.IStartup;
import org.perfcast.ide.RemovedRecordings;

/** Installs {@link RemovedRecordings} when the workbench starts, so that deleting a recording removes its markers. */
public final class RemovedRecordingsStartup implements IStartup {

	@Override
	public void earlyStartup() {
		RemovedRecordings.install();
	}
}
