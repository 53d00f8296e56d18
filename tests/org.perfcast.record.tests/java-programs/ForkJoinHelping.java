import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.stream.LongStream;

/**
 * Fork-join where joiners help: a divide and conquer whose halves the JDK forks (invokeAll) on a pool of two, whose
 * joins run other tasks while they wait, and a parallel stream on that pool. Prints the known result, then the
 * elapsed time.
 */
public class ForkJoinHelping {
	static final long N = Long.getLong("n", 400_000);

	static final class Sum extends RecursiveTask<Long> {
		private static final long serialVersionUID = 1L;
		final int from;
		final int to;

		Sum(int from, int to) {
			this.from = from;
			this.to = to;
		}

		@Override
		protected Long compute() {
			if (to - from <= 1) {
				return Work.spin(N);
			}
			int middle = (from + to) / 2;
			Sum left = new Sum(from, middle);
			Sum right = new Sum(middle, to);
			invokeAll(left, right);
			return left.join() + right.join();
		}
	}

	public static void main(String[] args) throws Exception {
		long start = System.nanoTime();
		ForkJoinPool pool = new ForkJoinPool(2);
		long tree = pool.invoke(new Sum(0, 64));
		long stream = pool.submit(() -> LongStream.range(0, 64).parallel().map(i -> Work.spin(N)).sum()).get();
		pool.shutdown();
		System.out.println("result " + (tree == 64 * Work.spin(N) && stream == tree));
		Work.elapsed(start);
	}
}
