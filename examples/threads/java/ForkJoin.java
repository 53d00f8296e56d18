import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Divide and conquer on a fork-join pool: the sum of f(i) over a range, split in halves down to a threshold.
 * Usage: java ForkJoin [n] [threshold] [parallelism]
 */
public class ForkJoin {
	static final class Sum extends RecursiveTask<Double> {
		private static final long serialVersionUID = 1L;
		final int from;
		final int to;
		final int threshold;

		Sum(int from, int to, int threshold) {
			this.from = from;
			this.to = to;
			this.threshold = threshold;
		}

		@Override
		protected Double compute() {
			if (to - from <= threshold) {
				double s = 0;
				for (int i = from; i < to; i++) {
					s += Math.sin(i) * Math.sqrt(i);
				}
				return s;
			}
			int middle = (from + to) >>> 1;
			Sum left = new Sum(from, middle, threshold);
			left.fork();
			double right = new Sum(middle, to, threshold).compute();
			return right + left.join();
		}
	}

	public static void main(String[] args) {
		int n = args.length > 0 ? Integer.parseInt(args[0]) : 16_000_000;
		int threshold = args.length > 1 ? Integer.parseInt(args[1]) : 500_000;
		int parallelism = args.length > 2 ? Integer.parseInt(args[2]) : 8;
		long start = System.nanoTime();
		ForkJoinPool pool = new ForkJoinPool(parallelism);
		double sum = pool.invoke(new Sum(0, n, threshold));
		pool.shutdown();
		System.out.printf("sum %.3f%n", sum);
		System.out.printf("elapsed %.6f%n", (System.nanoTime() - start) / 1e9);
	}
}
