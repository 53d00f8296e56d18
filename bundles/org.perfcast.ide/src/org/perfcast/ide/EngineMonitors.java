package org.perfcast.ide;

import org.eclipse.core.runtime.IProgressMonitor;
import org.perfcast.engine.EngineMonitor;

/** Adapts Eclipse progress monitors to the engine SPI's {@link EngineMonitor}. */
public final class EngineMonitors {

	private EngineMonitors() {
	}

	/**
	 * An engine monitor that reports to {@code monitor} and is cancelled when it is. Calls are serialised,
	 * since Eclipse monitors need not be thread-safe.
	 */
	public static EngineMonitor adapt(IProgressMonitor monitor) {
		IProgressMonitor target = IProgressMonitor.nullSafe(monitor);
		return new EngineMonitor() {
			@Override
			public synchronized void begin(String task, long totalWork) {
				int total = totalWork < 0 ? IProgressMonitor.UNKNOWN : (int) Math.min(totalWork, Integer.MAX_VALUE);
				target.beginTask(task, total);
			}

			@Override
			public synchronized void worked(long units) {
				target.worked((int) Math.min(units, Integer.MAX_VALUE));
			}

			@Override
			public synchronized void subTask(String name) {
				target.subTask(name);
			}

			@Override
			public boolean isCancelled() {
				return target.isCanceled();
			}
		};
	}
}
