import java.util.concurrent.atomic.AtomicInteger;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Project Reactor's schedulers: a parallel flux of 16 rails' work on a parallel scheduler of two threads (made by
 * Reactor's thread factory and started by its ScheduledThreadPoolExecutors), reduced and blocked on; a Mono on
 * Schedulers.parallel(). Prints the known result, then the elapsed time.
 */
public class ReactorParallel {
	static final long N = Long.getLong("n", 3_000_000);

	public static void main(String[] args) {
		long start = System.nanoTime();
		Scheduler two = Schedulers.newParallel("work", 2);
		AtomicInteger items = new AtomicInteger();
		long sum = Flux.range(0, 16).parallel(2).runOn(two).map(i -> {
			items.incrementAndGet();
			return Work.spin(N);
		}).sequential().reduce(0L, Long::sum).block();
		long one = Mono.fromCallable(() -> Work.spin(N)).subscribeOn(Schedulers.parallel()).block();
		two.dispose();
		System.out.println("result " + (sum == 16 * Work.spin(N) && one == Work.spin(N) && items.get() == 16));
		Work.elapsed(start);
	}
}
