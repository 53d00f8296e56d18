package org.perfcast.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.perfcast.engine.EngineMonitor;

/**
 * The monitor of a command-line run: cancelled by Ctrl-C, through a shutdown hook that then waits up to two
 * seconds for the cancelled run to be written. Reports no progress.
 */
final class Interruption implements EngineMonitor, AutoCloseable {
	private final AtomicBoolean interrupted = new AtomicBoolean();
	private final CountDownLatch written = new CountDownLatch(1);
	private final Thread hook = new Thread(this::interrupt, "perfcast-run-cancel");

	Interruption() {
		Runtime.getRuntime().addShutdownHook(hook);
	}

	private void interrupt() {
		interrupted.set(true);
		try {
			written.await(2, TimeUnit.SECONDS);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void begin(String task, long totalWork) {
		// the command line prints the points when the run ends
	}

	@Override
	public void worked(long units) {
		// see begin
	}

	@Override
	public boolean isCancelled() {
		return interrupted.get();
	}

	@Override
	public void close() {
		written.countDown();
		if (!interrupted.get()) {
			Runtime.getRuntime().removeShutdownHook(hook);
		}
	}
}
