package org.perfcast.engine.run;

import java.util.function.BooleanSupplier;

import org.perfcast.engine.EngineMonitor;

/**
 * The monitor an engine gets for one point: its work scales to the point's share of the run's progress, its
 * subtasks are prefixed with the point's bindings, and it is cancelled when the run is.
 */
final class PointMonitor implements EngineMonitor {

	private final RunProgress progress;
	private final BooleanSupplier cancelled;
	private final String label;
	private long total = UNKNOWN_WORK;
	private long done;
	private long reported;

	PointMonitor(RunProgress progress, BooleanSupplier cancelled, String label) {
		this.progress = progress;
		this.cancelled = cancelled;
		this.label = label;
	}

	@Override
	public synchronized void begin(String task, long totalWork) {
		total = totalWork;
		done = 0;
		progress.subTask(label + ": " + task);
	}

	@Override
	public synchronized void worked(long units) {
		if (total > 0 && units > 0) {
			done += units;
			long ticks = Math.min(RunProgress.TICKS, (long) ((double) done / total * RunProgress.TICKS));
			progress.advance(ticks - reported);
			reported = Math.max(reported, ticks);
		}
	}

	@Override
	public void subTask(String name) {
		progress.subTask(label + ": " + name);
	}

	@Override
	public boolean isCancelled() {
		return cancelled.getAsBoolean();
	}

	/** Reports the rest of the point's share once the engine has returned. */
	synchronized void finish() {
		progress.advance(RunProgress.TICKS - reported);
		reported = RunProgress.TICKS;
	}
}
