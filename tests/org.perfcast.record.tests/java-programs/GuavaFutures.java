import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.ListeningExecutorService;
import com.google.common.util.concurrent.MoreExecutors;
import com.google.common.util.concurrent.SettableFuture;

/**
 * Guava's listenable futures: tasks submitted to a listening pool of two, each transformed by a function that
 * Guava runs inline (directExecutor) in the thread that completes it, a listener that completes a SettableFuture,
 * allAsList and get. Prints the known result, then the elapsed time.
 */
public class GuavaFutures {
	static final long N = Long.getLong("n", 6_000_000);

	public static void main(String[] args) throws Exception {
		long start = System.nanoTime();
		ListeningExecutorService pool = MoreExecutors.listeningDecorator(Executors.newFixedThreadPool(2));
		List<ListenableFuture<Long>> parts = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			ListenableFuture<Long> f = pool.submit(() -> Work.spin(2 * N));
			parts.add(Futures.transform(f, x -> x + Work.spin(N), MoreExecutors.directExecutor()));
		}
		ListenableFuture<List<Long>> all = Futures.allAsList(parts);
		SettableFuture<Long> total = SettableFuture.create();
		all.addListener(() -> {
			long s = 0;
			for (ListenableFuture<Long> f : parts) {
				s += Futures.getUnchecked(f);
			}
			total.set(s);
		}, MoreExecutors.directExecutor());
		long result = total.get();
		pool.shutdown();
		pool.awaitTermination(1, TimeUnit.MINUTES);
		System.out.println("result " + (result == 8 * (Work.spin(2 * N) + Work.spin(N))));
		Work.elapsed(start);
	}
}
