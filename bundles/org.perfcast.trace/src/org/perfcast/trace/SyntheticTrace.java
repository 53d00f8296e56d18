package org.perfcast.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Large recordings for benchmarks, written event by event without holding them, as a recorder with CPU clocks
 * would log them on one processor; work is seeded-random. Each {@link Shape} stresses another part of the
 * simulation.
 */
public final class SyntheticTrace {

	/** What a synthetic recording does. */
	public enum Shape {
		/**
		 * A main thread M creates 8 workers W1..W8, then in rounds hands each a "go", lets it take lock L and report
		 * "done": six events per worker and round.
		 */
		WORKERS,
		/** One token passed around 16 threads, each taking its own signal and posting the next one's. */
		TOKEN_RING,
		/** 7 workers queueing for one mutex: each round all lock it (six block), then each unlocks in turn. */
		LOCKS,
		/**
		 * 10^4 threads: M creates them all, each in turn locks and unlocks a mutex until its share of the events is
		 * done and exits, then M joins them.
		 */
		THREADS,
		/**
		 * A producer and 8 consumers: each round the producer posts 64 signals (pending until taken), each consumer
		 * takes 8, then all 8 block taking one more until the producer posts 8.
		 */
		SIGNALS;

		/** The name in benchmark names, e.g. "token-ring". */
		public String id() {
			return name().toLowerCase(Locale.ROOT).replace('_', '-');
		}
	}

	/** The threads of {@link Shape#THREADS}. */
	public static final int MANY_THREADS = 10_000;

	private SyntheticTrace() {
	}

	/**
	 * Writes about {@code events} events (never fewer) of the {@link Shape#WORKERS} shape with {@code workers}
	 * workers in the binary form to {@code out}.
	 *
	 * @throws IllegalArgumentException if {@code workers} is below 1
	 */
	public static long writeBinary(OutputStream out, long events, int workers, long seed) throws IOException {
		if (workers < 1) {
			throw new IllegalArgumentException("at least one worker, not " + workers);
		}
		try (Emitter emit = new Emitter(out, seed)) {
			workers(emit, events, workers);
			return emit.written;
		}
	}

	/** Writes about {@code events} events (never fewer) of {@code shape} in the binary form to {@code out}. */
	public static long writeBinary(OutputStream out, Shape shape, long events, long seed) throws IOException {
		try (Emitter emit = new Emitter(out, seed)) {
			switch (shape) {
			case WORKERS -> workers(emit, events, 8);
			case TOKEN_RING -> tokenRing(emit, events);
			case LOCKS -> locks(emit, events);
			case THREADS -> threads(emit, events);
			case SIGNALS -> signals(emit, events);
			}
			return emit.written;
		}
	}

	/** How many rounds of {@code perRound} events make about {@code events} with {@code fixed} more; at least 1. */
	private static long rounds(long events, long fixed, long perRound) {
		return Math.max(1, (events - fixed + perRound - 1) / perRound);
	}

	private static void workers(Emitter emit, long events, int workers) throws IOException {
		emit.threads("W", workers, true);
		for (int w = 1; w <= workers; w++) {
			emit.event(0, EventKind.CREATE, w, null);
		}
		long rounds = rounds(events, 3L * workers + 1, 6L * workers);
		for (long r = 0; r < rounds; r++) {
			for (int w = 1; w <= workers; w++) {
				emit.event(w, EventKind.WAIT, -1, "go");
				emit.event(0, EventKind.ACTIVATE, w, "go");
				emit.event(w, EventKind.LOCK, -1, "L");
				emit.event(w, EventKind.UNLOCK, -1, "L");
				emit.event(w, EventKind.ACTIVATE, 0, "done");
				emit.event(0, EventKind.WAIT, -1, "done");
			}
		}
		emit.finish(workers);
	}

	private static void tokenRing(Emitter emit, long events) throws IOException {
		int n = 16;
		emit.threads("T", n - 1, false);
		String[] token = new String[n];
		for (int i = 0; i < n; i++) {
			token[i] = "token" + i;
		}
		for (int i = 1; i < n; i++) {
			emit.event(0, EventKind.CREATE, i, null);
		}
		emit.event(0, EventKind.POST, -1, token[1]);
		long rounds = rounds(events, 3L * n, 2L * n);
		for (long r = 0; r < rounds; r++) {
			for (int i = 1; i <= n; i++) {
				int t = i % n;
				emit.event(t, EventKind.TAKE, -1, token[t]);
				emit.event(t, EventKind.POST, -1, token[(t + 1) % n]);
			}
		}
		emit.event(1, EventKind.TAKE, -1, token[1]);
		emit.finish(n - 1);
	}

	private static void locks(Emitter emit, long events) throws IOException {
		int workers = 7;
		emit.threads("W", workers, false);
		for (int w = 1; w <= workers; w++) {
			emit.event(0, EventKind.CREATE, w, null);
		}
		long rounds = rounds(events, 3L * workers + 1, 2L * workers);
		for (long r = 0; r < rounds; r++) {
			for (int w = 1; w <= workers; w++) {
				emit.event(w, EventKind.LOCK, -1, "L");
			}
			for (int w = 1; w <= workers; w++) {
				emit.event(w, EventKind.UNLOCK, -1, "L");
			}
		}
		emit.finish(workers);
	}

	private static void threads(Emitter emit, long events) throws IOException {
		int workers = MANY_THREADS;
		emit.threads("W", workers, false);
		for (int w = 1; w <= workers; w++) {
			emit.event(0, EventKind.CREATE, w, null);
		}
		long pairs = Math.max(1, rounds(events, 3L * workers + 1, 2L * workers));
		for (int w = 1; w <= workers; w++) {
			String mutex = "L" + (w % 4);
			for (long k = 0; k < pairs; k++) {
				emit.event(w, EventKind.LOCK, -1, mutex);
				emit.event(w, EventKind.UNLOCK, -1, mutex);
			}
		}
		emit.finish(workers);
	}

	private static void signals(Emitter emit, long events) throws IOException {
		int consumers = 8;
		emit.threads("C", consumers, false);
		for (int c = 1; c <= consumers; c++) {
			emit.event(0, EventKind.CREATE, c, null);
		}
		long rounds = rounds(events, 3L * consumers + 1, 64 + 64 + 8 + 8);
		for (long r = 0; r < rounds; r++) {
			for (int k = 0; k < 64; k++) {
				emit.event(0, EventKind.POST, -1, "item");
			}
			for (int c = 1; c <= consumers; c++) {
				for (int k = 0; k < 8; k++) {
					emit.event(c, EventKind.TAKE, -1, "item");
				}
			}
			for (int c = 1; c <= consumers; c++) {
				emit.event(c, EventKind.TAKE, -1, "item");
			}
			for (int c = 1; c <= consumers; c++) {
				emit.event(0, EventKind.POST, -1, "item");
			}
		}
		emit.finish(consumers);
	}

	/** Writes events of thread 0 (the main thread) and the threads it creates, with CPU clocks. */
	private static final class Emitter implements AutoCloseable {
		private final OutputStream out;
		private final SplittableRandom random;
		private final List<String> names = new ArrayList<>(List.of("M"));
		private BinaryTrace.@Nullable Writer writer;
		private double @Nullable [] cpu;
		private double time;
		long written;

		Emitter(OutputStream out, long seed) {
			this.out = out;
			this.random = new SplittableRandom(seed);
		}

		/**
		 * Names the threads besides M: {@code prefix}1 .. {@code prefix}{@code count}; starts the trace, with the
		 * threads' priorities in that order when {@code ranked}, else all equal.
		 */
		void threads(String prefix, int count, boolean ranked) throws IOException {
			for (int i = 1; i <= count; i++) {
				names.add(prefix + i);
			}
			cpu = new double[names.size()];
			writer = new BinaryTrace.Writer(out, new TraceHeader(ranked ? names : List.of(), "s"));
		}

		void event(int thread, EventKind kind, int target, @Nullable String object) throws IOException {
			BinaryTrace.Writer w = writer;
			double[] clocks = cpu;
			if (w == null || clocks == null) {
				throw new IllegalStateException("the threads are not named yet");
			}
			double work = 1e-6 * (1 + random.nextInt(100));
			clocks[thread] += work;
			time += work;
			w.write(new TraceEvent(0, time, names.get(thread), kind, target < 0 ? null : names.get(target), object,
					clocks[thread], null));
			written++;
		}

		/** Threads 1 .. {@code count} exit, M joins them and exits. */
		void finish(int count) throws IOException {
			for (int w = 1; w <= count; w++) {
				event(w, EventKind.EXIT, -1, null);
				event(0, EventKind.JOIN, w, null);
			}
			event(0, EventKind.EXIT, -1, null);
		}

		@Override
		public void close() throws IOException {
			BinaryTrace.Writer w = writer;
			if (w != null) {
				w.close();
			}
		}
	}
}
