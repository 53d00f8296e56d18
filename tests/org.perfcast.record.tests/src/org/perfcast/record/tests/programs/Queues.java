package org.perfcast.record.tests.programs;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/** A producer and a consumer of three items over a queue of one place. */
public class Queues {
	public static void main(String[] args) throws InterruptedException {
		BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(1);
		Thread producer = new Thread(() -> {
			try {
				for (int i = 0; i < 3; i++) {
					queue.put(i);
				}
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		});
		Thread consumer = new Thread(() -> {
			try {
				for (int i = 0; i < 3; i++) {
					queue.take();
				}
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		});
		producer.start();
		consumer.start();
		producer.join();
		consumer.join();
	}
}
