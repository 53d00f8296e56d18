package org.perfcast.record.tests.programs;

/** synchronized blocks (reentrant), a static synchronized method, wait and notify: a known event sequence. */
public class Monitors {
	static final Object LOCK = new Object();
	static boolean ready;
	static int count;

	static synchronized void increment() {
		count++;
	}

	public static void main(String[] args) throws InterruptedException {
		Thread t = new Thread(() -> {
			synchronized (LOCK) {
				synchronized (LOCK) {
					count++;
				}
			}
			increment();
			synchronized (LOCK) {
				ready = true;
				LOCK.notify();
			}
		});
		synchronized (LOCK) {
			t.start();
			while (!ready) {
				LOCK.wait();
			}
		}
		t.join();
	}
}
