package org.perfcast.record.agent;

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

	@Override
	public void lock() {
		if (!tryLock()) {
			super.lock();
			LockSupport.unpark(Thread.currentThread());
		}
	}
}
