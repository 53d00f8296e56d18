package org.perfcast.engine;

/**
 * Progress and cancellation handle passed to every engine call.
 * <p>
 * Engines report work with {@link #begin}, {@link #worked} and {@link #subTask}, and poll
 * {@link #checkCancelled()} often enough that a cancel request takes effect within a few milliseconds
 * of work. The IDE adapts an {@code IProgressMonitor} to this interface; the command line uses
 * {@link #NULL} or a console monitor. Implementations must tolerate calls from several threads.
 */
public interface EngineMonitor {

	/** A monitor that reports nothing and is never cancelled. */
	EngineMonitor NULL = new EngineMonitor() {
		@Override
		public void begin(String task, long totalWork) {
			// reports nothing
		}

		@Override
		public void worked(long units) {
			// reports nothing
		}

		@Override
		public boolean isCancelled() {
			return false;
		}
	};

	/** {@code monitor} with its reports made one at a time, for work on several threads. */
	static EngineMonitor synchronised(EngineMonitor monitor) {
		return new EngineMonitor() {
			@Override
			public synchronized void begin(String task, long totalWork) {
				monitor.begin(task, totalWork);
			}

			@Override
			public synchronized void worked(long units) {
				monitor.worked(units);
			}

			@Override
			public synchronized void subTask(String name) {
				monitor.subTask(name);
			}

			@Override
			public boolean isCancelled() {
				return monitor.isCancelled();
			}
		};
	}

	/**
	 * A monitor that reports nothing and is cancelled when {@code monitor} is: for work inside a task whose progress
	 * is counted otherwise.
	 */
	static EngineMonitor cancelledWith(EngineMonitor monitor) {
		return new EngineMonitor() {
			@Override
			public void begin(String task, long totalWork) {
				// reports nothing
			}

			@Override
			public void worked(long units) {
				// reports nothing
			}

			@Override
			public boolean isCancelled() {
				return monitor.isCancelled();
			}
		};
	}

	/**
	 * Starts a task of {@code totalWork} units; {@link #UNKNOWN_WORK} if the amount is not known.
	 */
	void begin(String task, long totalWork);

	/** Marks {@code units} more units of the current task as done. */
	void worked(long units);

	/** Names the part of the task now running; by default ignored. */
	default void subTask(String name) {
		// optional
	}

	/** Whether the caller has asked the engine to stop. */
	boolean isCancelled();

	/**
	 * Throws {@link CancelledException} if the caller has asked the engine to stop; engines call this in
	 * their loops.
	 */
	default void checkCancelled() {
		if (isCancelled()) {
			throw new CancelledException();
		}
	}

	/** Total work for tasks whose size is not known in advance. */
	long UNKNOWN_WORK = -1;
}
