package org.perfcast.record.tests.programs;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;

/** Executor tasks (submit, execute, get) and a fork-join sum. */
public class Tasks {
	static final Object LOCK = new Object();
	static long total;

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
			if (to - from <= 1000) {
				long s = 0;
				for (int i = from; i < to; i++) {
					s += i;
				}
				return s;
			}
			int middle = (from + to) / 2;
			Sum left = new Sum(from, middle);
			left.fork();
			long right = new Sum(middle, to).compute();
			return right + left.join();
		}
	}

	public static void main(String[] args) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(2);
		Future<Long> one = pool.submit(() -> {
			synchronized (LOCK) {
				total += 1;
			}
			return 1L;
		});
		Future<?> two = pool.submit(() -> {
			synchronized (LOCK) {
				total += 2;
			}
		});
		pool.execute(() -> {
			synchronized (LOCK) {
				total += 0;
			}
		});
		one.get();
		two.get();
		pool.shutdown();
		pool.awaitTermination(10, TimeUnit.SECONDS);
		ForkJoinPool forkJoin = new ForkJoinPool(2);
		long sum = forkJoin.invoke(new Sum(0, 4000));
		forkJoin.shutdown();
		if (sum != 4000L * 3999 / 2 || total != 3) {
			throw new IllegalStateException("wrong results " + sum + " " + total);
		}
	}
}
