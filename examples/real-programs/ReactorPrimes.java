import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * Counts the primes below N with Project Reactor's parallel flux: the ranges [k * STEP, (k + 1) * STEP) are split
 * round-robin over rails ({@code Flux.range(...).parallel(RAILS)}), run on Reactor's parallel scheduler
 * ({@code runOn(Schedulers.parallel())}, a pool of one worker per processor the JVM sees), counted by trial
 * division (higher ranges cost more, so the rails are uneven) and summed once merged ({@code sequential().reduce});
 * the main thread waits in {@code block()}. None of the concurrency is written here.
 * <p>
 * {@code java -cp REACTOR-JARS:. ReactorPrimes [MILLIONS] [RAILS]} (defaults 3 and 2).
 */
public final class ReactorPrimes {

	public static void main(String[] args) {
		long n = (long) ((args.length > 0 ? Double.parseDouble(args[0]) : 3) * 1_000_000);
		int rails = args.length > 1 ? Integer.parseInt(args[1]) : 2;
		long step = 50_000;
		int ranges = (int) ((n + step - 1) / step);
		Long primes = Flux.range(0, ranges).parallel(rails).runOn(Schedulers.parallel(), 1)
				.map(k -> count(k * step, Math.min(n, (k + 1) * step))).sequential().reduce(0L, Long::sum).block();
		System.out.println("ReactorPrimes: " + primes + " primes below " + n + " on " + rails + " rails");
		Schedulers.shutdownNow();
	}

	private static long count(long from, long to) {
		long found = 0;
		for (long m = Math.max(2, from); m < to; m++) {
			boolean prime = true;
			for (long d = 2; d * d <= m; d++) {
				if (m % d == 0) {
					prime = false;
					break;
				}
			}
			found += prime ? 1 : 0;
		}
		return found;
	}
}
