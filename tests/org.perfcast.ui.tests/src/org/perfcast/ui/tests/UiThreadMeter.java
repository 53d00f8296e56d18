package org.perfcast.ui.tests;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.swt.widgets.Display;

/**
 * What the UI thread itself does while the events posted to it wait: a freeze is the UI thread busy (its CPU time)
 * or blocked (sampled waiting on a lock, a monitor or a join, not idle in {@link Display#sleep}), not the time a
 * loaded machine leaves it without a processor. A probe posts a {@link Display#asyncExec} every {@value #PROBE_MS}
 * ms and, when it runs, takes the UI thread's CPU time and blocked time since it was posted; the largest is
 * {@link #longestBusy()}, with the wall-clock delay beside it ({@link #longestDelay()}) for information.
 */
final class UiThreadMeter implements AutoCloseable {

	static final long PROBE_MS = 50;
	static final long SAMPLE_MS = 10;

	private final Display display;
	private final long ui;
	private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
	/** The UI thread's time sampled blocked, in ns, since the meter started. */
	private final AtomicLong blocked = new AtomicLong();
	private final AtomicLong longestBusy = new AtomicLong();
	private final AtomicLong longestDelay = new AtomicLong();
	private final AtomicLong probes = new AtomicLong();
	/** Where the UI thread was last sampled busy or blocked, and how. */
	private final AtomicReference<String> lastSeen = new AtomicReference<>("");
	private final AtomicReference<String> worst = new AtomicReference<>("");
	private final Thread probe;
	private final Thread sampler;

	/** Starts measuring the UI thread of {@code display}; call from any thread. */
	UiThreadMeter(Display display) {
		this.display = display;
		this.ui = display.getThread().getId();
		if (!threads.isThreadCpuTimeSupported()) {
			throw new IllegalStateException("this JVM does not measure a thread's CPU time");
		}
		threads.setThreadCpuTimeEnabled(true);
		probe = new Thread(this::probe, "UI thread meter: probe");
		sampler = new Thread(this::sample, "UI thread meter: sampler");
		probe.setDaemon(true);
		sampler.setDaemon(true);
		sampler.start();
		probe.start();
	}

	private void probe() {
		while (!Thread.currentThread().isInterrupted() && !display.isDisposed()) {
			long posted = System.nanoTime();
			long cpu = threads.getThreadCpuTime(ui);
			long blockedBefore = blocked.get();
			display.asyncExec(() -> {
				long busy = threads.getCurrentThreadCpuTime() - cpu + blocked.get() - blockedBefore;
				if (busy > longestBusy.get()) {
					longestBusy.set(busy);
					worst.set(lastSeen.get());
				}
				longestDelay.accumulateAndGet(System.nanoTime() - posted, Math::max);
				probes.incrementAndGet();
			});
			try {
				Thread.sleep(PROBE_MS);
			} catch (InterruptedException e) {
				return;
			}
		}
	}

	private void sample() {
		while (!Thread.currentThread().isInterrupted()) {
			ThreadInfo info = threads.getThreadInfo(ui, 12);
			if (info == null) {
				return;
			}
			StackTraceElement[] stack = info.getStackTrace();
			if (!idle(stack)) {
				Thread.State state = info.getThreadState();
				if (state != Thread.State.RUNNABLE) {
					blocked.addAndGet(SAMPLE_MS * 1_000_000);
				}
				lastSeen.set(state + " " + Arrays.toString(Arrays.copyOf(stack, Math.min(6, stack.length))));
			}
			try {
				Thread.sleep(SAMPLE_MS);
			} catch (InterruptedException e) {
				return;
			}
		}
	}

	/** Whether the UI thread waits for events to come, in the event loop's sleep. */
	private static boolean idle(StackTraceElement[] stack) {
		for (StackTraceElement e : stack) {
			if (e.getClassName().equals(Display.class.getName()) && e.getMethodName().equals("sleep")) {
				return true;
			}
		}
		return false;
	}

	/** The most the UI thread was busy or blocked while one probe waited, in ms. */
	long longestBusy() {
		return longestBusy.get() / 1_000_000;
	}

	/** The longest a probe waited to run, in ms: the UI thread's work and the machine's load together. */
	long longestDelay() {
		return longestDelay.get() / 1_000_000;
	}

	long probes() {
		return probes.get();
	}

	/** Where the UI thread was last seen busy or blocked before the longest busy time was measured. */
	String worst() {
		return worst.get();
	}

	@Override
	public void close() throws InterruptedException {
		probe.interrupt();
		sampler.interrupt();
		probe.join();
		sampler.join();
	}

	@Override
	public String toString() {
		return probes() + " probes, the UI thread busy or blocked at most " + longestBusy() + " ms while one waited "
				+ "(longest wait " + longestDelay() + " ms)" + (worst().isEmpty() ? "" : ", last seen " + worst());
	}
}
