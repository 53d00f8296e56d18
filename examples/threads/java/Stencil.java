import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * A one-dimensional Jacobi stencil: each thread updates its strip, then all meet at a barrier before the
 * next iteration. Usage: java Stencil [n] [iterations] [threads]
 */
public class Stencil {
	public static void main(String[] args) throws InterruptedException {
		int n = args.length > 0 ? Integer.parseInt(args[0]) : 400_000;
		int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
		int threads = args.length > 2 ? Integer.parseInt(args[2]) : 8;
		double[][] grid = { new double[n + 2], new double[n + 2] };
		grid[0][0] = 1;
		grid[1][0] = 1;
		CyclicBarrier barrier = new CyclicBarrier(threads);
		long start = System.nanoTime();
		Thread[] workers = new Thread[threads];
		for (int t = 0; t < threads; t++) {
			int from = 1 + t * n / threads;
			int to = 1 + (t + 1) * n / threads;
			workers[t] = new Thread(() -> {
				try {
					for (int it = 0; it < iterations; it++) {
						double[] old = grid[it % 2];
						double[] next = grid[(it + 1) % 2];
						for (int i = from; i < to; i++) {
							next[i] = (old[i - 1] + old[i] + old[i + 1]) / 3;
						}
						barrier.await();
					}
				} catch (InterruptedException | BrokenBarrierException e) {
					throw new IllegalStateException(e);
				}
			});
			workers[t].start();
		}
		for (Thread w : workers) {
			w.join();
		}
		System.out.printf("edge %.6f%n", grid[iterations % 2][1]);
		System.out.printf("elapsed %.6f%n", (System.nanoTime() - start) / 1e9);
	}
}
