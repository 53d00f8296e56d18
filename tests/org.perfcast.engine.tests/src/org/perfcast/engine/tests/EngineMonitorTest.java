package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.EngineMonitor;

class EngineMonitorTest {

	/** A monitor that counts work and is cancelled on request. */
	static class CountingMonitor implements EngineMonitor {
		final AtomicLong done = new AtomicLong();
		final AtomicBoolean cancelled = new AtomicBoolean();
		long total;

		@Override
		public void begin(String task, long totalWork) {
			total = totalWork;
		}

		@Override
		public void worked(long units) {
			done.addAndGet(units);
		}

		@Override
		public boolean isCancelled() {
			return cancelled.get();
		}
	}

	/** The engine-side loop every engine writes: report work, poll cancellation. */
	static long sum(long n, EngineMonitor monitor) {
		monitor.begin("summing", n);
		long sum = 0;
		for (long i = 1; i <= n; i++) {
			monitor.checkCancelled();
			sum += i;
			monitor.worked(1);
		}
		return sum;
	}

	@Test
	void testWorkIsReported() {
		CountingMonitor monitor = new CountingMonitor();
		assertEquals(5050, sum(100, monitor));
		assertEquals(100, monitor.total);
		assertEquals(100, monitor.done.get());
	}

	@Test
	void testCancelStopsTheLoop() {
		CountingMonitor monitor = new CountingMonitor() {
			@Override
			public void worked(long units) {
				if (done.addAndGet(units) == 10) {
					cancelled.set(true);
				}
			}
		};
		CancelledException e = assertThrows(CancelledException.class, () -> sum(1_000_000, monitor));
		assertEquals("Cancelled", e.getMessage());
		assertEquals(10, monitor.done.get());
	}

	@Test
	void testNullMonitorIsNeverCancelled() {
		assertDoesNotThrow(() -> sum(10, EngineMonitor.NULL));
		assertEquals(false, EngineMonitor.NULL.isCancelled());
	}
}
