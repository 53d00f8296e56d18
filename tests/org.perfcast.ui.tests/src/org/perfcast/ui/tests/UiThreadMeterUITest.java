package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.eclipse.swt.widgets.Display;
import org.junit.jupiter.api.Test;

/**
 * The freeze check ({@link UiThreadMeter}) fails for a busy or blocked UI thread and never for a busy machine: a UI
 * thread that computes for a second, or waits a second for a lock, measures as frozen; an idle UI thread beside more
 * processor-bound threads than the machine has processors does not, though its events wait longer.
 */
class UiThreadMeterUITest {

	private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

	/** Runs the event loop for {@code millis}, so that the probes posted meanwhile run. */
	private static void idle(long millis) {
		long end = System.currentTimeMillis() + millis;
		UiTests.waitUntil(() -> System.currentTimeMillis() >= end, millis + 60_000, "the event loop");
	}

	@Test
	void testABusyUiThreadIsAFreeze() throws Exception {
		try (UiThreadMeter meter = new UiThreadMeter(Display.getCurrent())) {
			idle(300);
			long start = THREADS.getCurrentThreadCpuTime();
			long x = 0;
			while (THREADS.getCurrentThreadCpuTime() - start < 1_000_000_000L) { // a second of the UI thread's CPU
				for (int i = 0; i < 100_000; i++) {
					x += i * (long) i ^ x >>> 3;
				}
			}
			idle(300);
			assertTrue(meter.longestBusy() >= 900, meter + " (" + x + ")");
		}
	}

	@Test
	void testABlockedUiThreadIsAFreeze() throws Exception {
		Object lock = new Object();
		CountDownLatch held = new CountDownLatch(1);
		Thread holder = new Thread(() -> {
			synchronized (lock) {
				held.countDown();
				try {
					Thread.sleep(1000);
				} catch (InterruptedException e) {
					// ends the hold
				}
			}
		}, "lock holder");
		try (UiThreadMeter meter = new UiThreadMeter(Display.getCurrent())) {
			idle(300);
			holder.start();
			held.await();
			synchronized (lock) { // the UI thread waits about a second
				holder.getName();
			}
			idle(300);
			holder.join();
			// sampled every 10 ms: samples a loaded machine delays are missed, not invented
			assertTrue(meter.longestBusy() >= 500, meter.toString());
		}
	}

	@Test
	void testABusyMachineIsNoFreeze() throws Exception {
		int burners = Runtime.getRuntime().availableProcessors() * 3;
		List<Thread> burning = new ArrayList<>();
		long end = System.currentTimeMillis() + 4000;
		for (int b = 0; b < burners; b++) {
			Thread t = new Thread(() -> {
				long x = 0;
				while (System.currentTimeMillis() < end) {
					x += x * 31 + 7;
				}
				if (x == 42) {
					System.out.println(x);
				}
			}, "burner " + b);
			t.setDaemon(true);
			burning.add(t);
		}
		try (UiThreadMeter meter = new UiThreadMeter(Display.getCurrent())) {
			burning.forEach(Thread::start);
			idle(4000);
			for (Thread t : burning) {
				t.join();
			}
			idle(200);
			System.out.println("UiThreadMeterUITest: beside " + burners + " burners: " + meter);
			assertTrue(meter.probes() > 20, meter.toString());
			assertTrue(meter.longestBusy() < UiFreezeUITest.FREEZE_MS, meter.toString());
		}
	}
}
