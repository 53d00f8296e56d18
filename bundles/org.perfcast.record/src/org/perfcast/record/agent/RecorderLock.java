package org.perfcast.record.agent;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The recorder's lock, which a hook may wait for anywhere in the program, also between a caller's check of its
 * condition and its {@code LockSupport.park} (the hook at the park's entry): waiting for a ReentrantLock parks, which
 * would use up a permit that an {@code unpark} gave the thread meanwhile, and the park after the hook would never
 * return. A thread that had to wait gets a permit back, which at worst makes its next park return at once (a
 * spurious return, which every caller of park allows for).
 * <p>
 * Runs in the recorded program's JVM, any Java from 11 up: Java 11's language and API only.
 */
final class RecorderLock extends ReentrantLock {
	private static final long serialVersionUID = 1L;

	/**
	 * How long the hooks inside LockSupport wait for the lock before they leave their event out: a hook that holds
	 * it may be waiting for a lock of the program whose release is the unpark waiting here.
	 */
	static final long PARK_HOOK_NANOS = 10_000_000;

	/** Whether the thread is giving itself back its permit (its unpark is not the program's). */
	private static final ThreadLocal<boolean[]> RESTORING = ThreadLocal.withInitial(() -> new boolean[1]);

	@Override
	public void lock() {
		if (!tryLock()) {
			super.lock();
			restorePermit();
		}
	}

	/** Whether the running thread's unpark of itself is the lock's giving back its permit. */
	static boolean restoring() {
		return RESTORING.get()[0];
	}

	private static void restorePermit() {
		boolean[] restoring = RESTORING.get();
		restoring[0] = true;
		try {
			LockSupport.unpark(Thread.currentThread());
		} finally {
			restoring[0] = false;
		}
	}

	/** The lock if it can be had within {@link #PARK_HOOK_NANOS}; false if not (nothing is then held). */
	boolean lockForParks() {
		if (tryLock()) {
			return true;
		}
		boolean locked;
		try {
			locked = tryLock(PARK_HOOK_NANOS, TimeUnit.NANOSECONDS);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			locked = false;
		}
		restorePermit();
		return locked;
	}
}
