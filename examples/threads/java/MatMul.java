/**
 * Blocked matrix multiply C = A B of n x n doubles: the block rows of C are dealt to the threads, which share
 * nothing but the inputs; main joins them. Usage: java MatMul [n] [threads] [block]
 */
public class MatMul {
	public static void main(String[] args) throws InterruptedException {
		int n = args.length > 0 ? Integer.parseInt(args[0]) : 768;
		int threads = args.length > 1 ? Integer.parseInt(args[1]) : 8;
		int b = args.length > 2 ? Integer.parseInt(args[2]) : 32;
		double[] a = new double[n * n];
		double[] bm = new double[n * n];
		double[] c = new double[n * n];
		for (int i = 0; i < n * n; i++) {
			a[i] = (i % 7) * 0.5;
			bm[i] = (i % 5) * 0.25;
		}
		long start = System.nanoTime();
		Thread[] workers = new Thread[threads];
		for (int t = 0; t < threads; t++) {
			int me = t;
			workers[t] = new Thread(() -> {
				for (int ib = me * b; ib < n; ib += threads * b) {
					for (int kb = 0; kb < n; kb += b) {
						for (int jb = 0; jb < n; jb += b) {
							for (int i = ib; i < Math.min(ib + b, n); i++) {
								for (int k = kb; k < Math.min(kb + b, n); k++) {
									double aik = a[i * n + k];
									for (int j = jb; j < Math.min(jb + b, n); j++) {
										c[i * n + j] += aik * bm[k * n + j];
									}
								}
							}
						}
					}
				}
			});
			workers[t].start();
		}
		for (Thread w : workers) {
			w.join();
		}
		double sum = 0;
		for (double v : c) {
			sum += v;
		}
		System.out.printf("checksum %.1f%n", sum);
		System.out.printf("elapsed %.6f%n", (System.nanoTime() - start) / 1e9);
	}
}
