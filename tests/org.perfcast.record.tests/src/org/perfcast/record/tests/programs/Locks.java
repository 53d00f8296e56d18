package org.perfcast.record.tests.programs;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** A ReentrantLock and its Condition: main awaits what a thread signals. */
public class Locks {
	static final ReentrantLock LOCK = new ReentrantLock();
	static final Condition DONE = LOCK.newCondition();
	static boolean ready;

	public static void main(String[] args) throws InterruptedException {
		Thread t = new Thread(() -> {
			LOCK.lock();
			try {
				ready = true;
				DONE.signal();
			} finally {
				LOCK.unlock();
			}
		});
		LOCK.lock();
		try {
			t.start();
			while (!ready) {
				DONE.await();
			}
		} finally {
			LOCK.unlock();
		}
		t.join();
	}
}
