package org.perfcast.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Large recordings for benchmarks, written event by event without holding them: a main thread M creates
 * workers W1..Wk, then in rounds hands each worker a "go", lets it take lock L and report "done", as a recorder
 * with CPU clocks would log it on one processor. Every round is six events per worker; work is seeded-random.
 */
public final class SyntheticTrace {

	private SyntheticTrace() {
	}

	/**
	 * Writes about {@code events} events (never fewer) in the binary form to {@code out}.
	 *
	 * @throws IllegalArgumentException if {@code workers} is below 1
	 */
	public static long writeBinary(OutputStream out, long events, int workers, long seed) throws IOException {
		if (workers < 1) {
			throw new IllegalArgumentException("at least one worker, not " + workers);
		}
		List<String> names = new ArrayList<>();
		names.add("M");
		for (int w = 1; w <= workers; w++) {
			names.add("W" + w);
		}
		SplittableRandom random = new SplittableRandom(seed);
		double[] cpu = new double[workers + 1];
		long written = 0;
		double[] time = { 0 };
		try (BinaryTrace.Writer writer = new BinaryTrace.Writer(out, new TraceHeader(names, "s"))) {
			Emitter emit = (thread, kind, target, object) -> {
				double work = 1e-6 * (1 + random.nextInt(100));
				cpu[thread] += work;
				time[0] += work;
				writer.write(new TraceEvent(0, time[0], names.get(thread), kind, target, object, cpu[thread], null));
			};
			for (int w = 1; w <= workers; w++) {
				emit.event(0, EventKind.CREATE, names.get(w), null);
			}
			written += workers;
			long rounds = Math.max(1, (events - written - 2L * workers - 1 + 6L * workers - 1) / (6L * workers));
			for (long r = 0; r < rounds; r++) {
				for (int w = 1; w <= workers; w++) {
					emit.event(w, EventKind.WAIT, null, "go");
					emit.event(0, EventKind.ACTIVATE, names.get(w), "go");
					emit.event(w, EventKind.LOCK, null, "L");
					emit.event(w, EventKind.UNLOCK, null, "L");
					emit.event(w, EventKind.ACTIVATE, "M", "done");
					emit.event(0, EventKind.WAIT, null, "done");
				}
			}
			written += 6L * workers * rounds;
			for (int w = 1; w <= workers; w++) {
				emit.event(w, EventKind.EXIT, null, null);
				emit.event(0, EventKind.JOIN, names.get(w), null);
			}
			emit.event(0, EventKind.EXIT, null, null);
			written += 2L * workers + 1;
		}
		return written;
	}

	private interface Emitter {
		void event(int thread, EventKind kind, String target, String object) throws IOException;
	}
}
