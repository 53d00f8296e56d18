package org.perfcast.record.tests.programs;

/** Dies mid-recording: a thread halts the JVM while main is blocked joining it. */
public class Crash {
	public static void main(String[] args) throws InterruptedException {
		Object lock = new Object();
		synchronized (lock) {
			lock.notifyAll();
		}
		Thread t = new Thread(() -> {
			try {
				Thread.sleep(500);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
			Runtime.getRuntime().halt(3);
		});
		t.start();
		t.join();
	}
}
