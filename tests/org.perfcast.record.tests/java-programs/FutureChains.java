import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * CompletableFuture chains completed by pool threads' callbacks: supplyAsync on a pool of two, thenApplyAsync on
 * it, allOf, thenCombine with a supplyAsync on the common pool, and join and get of futures no task of the trace
 * stands for. Prints the known result, then the elapsed time.
 */
public class FutureChains {
	static final long N = Long.getLong("n", 6_000_000);

	public static void main(String[] args) throws Exception {
		long start = System.nanoTime();
		ExecutorService pool = Executors.newFixedThreadPool(2);
		List<CompletableFuture<Long>> parts = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			parts.add(CompletableFuture.supplyAsync(() -> Work.spin(2 * N), pool)
					.thenApplyAsync(x -> x + Work.spin(N), pool));
		}
		CompletableFuture<Void> all = CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0]));
		CompletableFuture<Long> sum = all.thenApply(v -> {
			long s = 0;
			for (CompletableFuture<Long> f : parts) {
				s += f.join();
			}
			return s;
		});
		CompletableFuture<Long> both = sum.thenCombine(CompletableFuture.supplyAsync(() -> Work.spin(N)), Long::sum);
		long result = both.get();
		pool.shutdown();
		pool.awaitTermination(1, TimeUnit.MINUTES);
		System.out.println("result " + (result == 8 * (Work.spin(2 * N) + Work.spin(N)) + Work.spin(N)));
		Work.elapsed(start);
	}
}
