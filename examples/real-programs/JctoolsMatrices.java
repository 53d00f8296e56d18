import java.util.concurrent.locks.LockSupport;

import org.jctools.queues.MpscArrayQueue;

/**
 * Multiplies small random matrices on WORKERS threads that hand their results to the main thread through
 * JCTools's lock-free multi-producer single-consumer queue ({@link MpscArrayQueue}); nothing there blocks: a
 * worker that finds the queue full and the main thread that finds it empty back off with
 * {@code Thread.onSpinWait()} and {@code LockSupport.parkNanos}, as JCTools's users do. The main thread adds
 * every product's trace, checking each product's sum again (serial work per item).
 * <p>
 * {@code java -cp JCTOOLS-JAR:. JctoolsMatrices [TASKS] [WORKERS]} (defaults 3000 and 2), matrices of 64 x 64.
 */
public final class JctoolsMatrices {

	public static void main(String[] args) throws Exception {
		int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
		int workers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
		int n = 64;
		MpscArrayQueue<double[]> results = new MpscArrayQueue<>(64);
		Thread[] threads = new Thread[workers];
		for (int w = 0; w < workers; w++) {
			int worker = w;
			threads[w] = new Thread(() -> {
				long seed = 17 + worker;
				for (int t = worker; t < tasks; t += workers) {
					double[] a = new double[n * n];
					double[] b = new double[n * n];
					for (int i = 0; i < a.length; i++) {
						seed = seed * 6364136223846793005L + 1442695040888963407L;
						a[i] = (seed >>> 40) / 16777216.0;
						b[i] = (seed >>> 20 & 0xfffff) / 1048576.0;
					}
					double[] c = new double[n * n];
					for (int i = 0; i < n; i++) {
						for (int k = 0; k < n; k++) {
							double x = a[i * n + k];
							for (int j = 0; j < n; j++) {
								c[i * n + j] += x * b[k * n + j];
							}
						}
					}
					while (!results.offer(c)) {
						backOff();
					}
				}
			}, "worker-" + w);
			threads[w].start();
		}
		double trace = 0;
		double check = 0;
		for (int got = 0; got < tasks; got++) {
			double[] c;
			while ((c = results.relaxedPoll()) == null) {
				backOff();
			}
			for (int i = 0; i < n; i++) {
				trace += c[i * n + i];
			}
			for (int r = 0; r < 4; r++) {
				for (double x : c) {
					check += Math.sqrt(x);
				}
			}
		}
		for (Thread thread : threads) {
			thread.join();
		}
		System.out.printf("JctoolsMatrices: %d products on %d workers, trace sum %.6e, check %.6e%n", tasks, workers, trace,
				check);
	}

	private static void backOff() {
		Thread.onSpinWait();
		LockSupport.parkNanos(50_000);
	}
}
