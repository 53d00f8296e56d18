package org.perfcast.record.tests.programs;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;

/** A semaphore hand-off, a latch counted down while a thread waits on it, and a barrier of two. */
public class Synchronizers {
	public static void main(String[] args) throws Exception {
		Semaphore permits = new Semaphore(1);
		Semaphore handOff = new Semaphore(0);
		CountDownLatch latch = new CountDownLatch(1);
		CyclicBarrier barrier = new CyclicBarrier(2);
		Thread t = new Thread(() -> {
			try {
				permits.acquire();
				handOff.release();
				latch.await();
				barrier.await();
			} catch (Exception e) {
				throw new IllegalStateException(e);
			}
		});
		t.start();
		handOff.acquire();
		Thread.sleep(300);
		latch.countDown();
		barrier.await();
		t.join();
	}
}
