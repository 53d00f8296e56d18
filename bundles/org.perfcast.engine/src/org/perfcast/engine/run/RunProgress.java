package org.perfcast.engine.run;

import org.perfcast.engine.EngineMonitor;

/**
 * The progress of a whole run on the caller's monitor: each point owns {@link #TICKS} units of work, which
 * its {@link PointMonitor} reports as the engine advances. Serialises the calls of the point threads.
 */
final class RunProgress {

	/** The units of work of one point. */
	static final long TICKS = 1000;

	private final EngineMonitor monitor;

	RunProgress(EngineMonitor monitor, String task, int points) {
		this.monitor = monitor;
		monitor.begin(task, points * TICKS);
	}

	synchronized void advance(long ticks) {
		if (ticks > 0) {
			monitor.worked(ticks);
		}
	}

	synchronized void subTask(String name) {
		monitor.subTask(name);
	}
}
