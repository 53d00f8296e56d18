import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Producers and consumers over a bounded queue: each item costs work to make and more to use.
 * Usage: java ProducerConsumer [items] [producers] [consumers] [capacity]
 */
public class ProducerConsumer {
	static volatile double sink;

	static double work(int units) {
		double x = 0;
		for (int i = 0; i < units * 1000; i++) {
			x += Math.sqrt(i + x % 3);
		}
		return x;
	}

	public static void main(String[] args) throws InterruptedException {
		int items = args.length > 0 ? Integer.parseInt(args[0]) : 400;
		int producers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
		int consumers = args.length > 2 ? Integer.parseInt(args[2]) : 6;
		int capacity = args.length > 3 ? Integer.parseInt(args[3]) : 4;
		BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(capacity);
		long start = System.nanoTime();
		Thread[] threads = new Thread[producers + consumers];
		for (int p = 0; p < producers; p++) {
			int me = p;
			threads[p] = new Thread(() -> {
				try {
					for (int i = me; i < items; i += producers) {
						sink += work(20);
						queue.put(i);
					}
				} catch (InterruptedException e) {
					Thread.currentThread().interrupt();
				}
			});
		}
		for (int c = 0; c < consumers; c++) {
			int me = c;
			threads[producers + c] = new Thread(() -> {
				try {
					for (int i = me; i < items; i += consumers) {
						int item = queue.take();
						sink += work(60 + 30 * (item % 3));
					}
				} catch (InterruptedException e) {
					Thread.currentThread().interrupt();
				}
			});
		}
		for (Thread t : threads) {
			t.start();
		}
		for (Thread t : threads) {
			t.join();
		}
		System.out.printf("elapsed %.6f%n", (System.nanoTime() - start) / 1e9);
	}
}
