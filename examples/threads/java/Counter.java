/**
 * A lock-contended counter: each thread works outside the lock, then updates a shared counter with more work
 * inside it. Usage: java Counter [threads] [iterations] [outside] [inside]
 */
public class Counter {
	static final Object LOCK = new Object();
	static long counter;
	static volatile double sink;

	static double work(int units) {
		double x = 1;
		for (int i = 0; i < units; i++) {
			x = x * 1.0000001 + 1e-9;
		}
		return x;
	}

	public static void main(String[] args) throws InterruptedException {
		int threads = args.length > 0 ? Integer.parseInt(args[0]) : 8;
		int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
		int outside = args.length > 2 ? Integer.parseInt(args[2]) : 40_000;
		int inside = args.length > 3 ? Integer.parseInt(args[3]) : 10_000;
		long start = System.nanoTime();
		Thread[] workers = new Thread[threads];
		for (int t = 0; t < threads; t++) {
			workers[t] = new Thread(() -> {
				for (int i = 0; i < iterations; i++) {
					sink += work(outside);
					synchronized (LOCK) {
						counter++;
						sink += work(inside);
					}
				}
			});
			workers[t].start();
		}
		for (Thread w : workers) {
			w.join();
		}
		System.out.println("counter " + counter);
		System.out.printf("elapsed %.6f%n", (System.nanoTime() - start) / 1e9);
	}
}
