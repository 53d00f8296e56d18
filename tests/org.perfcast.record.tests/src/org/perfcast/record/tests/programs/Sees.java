package org.perfcast.record.tests.programs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;

/** Prints the processors it sees, and sizes pools and threads from them. */
public final class Sees {

	private Sees() {
	}

	public static void main(String[] args) throws Exception {
		int n = Runtime.getRuntime().availableProcessors();
		System.out.println("availableProcessors " + n);
		System.out.println("commonPoolParallelism " + ForkJoinPool.commonPool().getParallelism());
		long sum = java.util.stream.LongStream.range(0, 1_000_000).parallel().sum();
		System.out.println("parallelStreamSum " + sum);
		ExecutorService pool = Executors.newFixedThreadPool(n);
		Set<String> names = ConcurrentHashMap.newKeySet();
		CyclicBarrier all = new CyclicBarrier(n);
		Future<?>[] tasks = new Future<?>[n];
		for (int i = 0; i < n; i++) {
			tasks[i] = pool.submit(() -> {
				names.add(Thread.currentThread().getName());
				all.await();
				return null;
			});
		}
		for (Future<?> f : tasks) {
			f.get();
		}
		pool.shutdown();
		System.out.println("fixedPoolThreads " + names.size());
		Thread[] threads = new Thread[n];
		for (int i = 0; i < n; i++) {
			threads[i] = new Thread(() -> {
				double s = 0;
				for (int k = 0; k < 1_000_000; k++) {
					s += k;
				}
				if (s < 0) {
					System.out.println(s);
				}
			});
			threads[i].start();
		}
		for (Thread t : threads) {
			t.join();
		}
		System.out.println("threads " + threads.length);
		String allowed = Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith(
				"Cpus_allowed_list:")).map(l -> l.substring(18).strip()).findFirst().orElse("?");
		System.out.println("allowed " + allowed);
	}
}
