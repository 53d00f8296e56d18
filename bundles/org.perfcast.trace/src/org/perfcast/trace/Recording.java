package org.perfcast.trace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineMonitor;

/**
 * A uni-processor recording turned into one {@link ThreadProgram} per thread (the paper's lists), with every
 * Wait_for paired with the Activate that satisfied it.
 * <p>
 * Work segments come from the threads' CPU clocks when every event carries {@code cpu=}. Otherwise the recorded
 * schedule is replayed: the highest-priority ready thread runs, a thread made ready with a higher priority
 * preempts at once, threads of equal priority run first come first served; the time between two events belongs
 * to the thread that ran, and every event must belong to that thread. Synchronisation is synchronous: an
 * activator blocks until its target waits for the event, a waiting thread accepts the activation that was
 * blocked first. A {@code post} never blocks: its signal waits until a {@code take} of the same name consumes
 * it, the oldest signal first, and a take that finds none blocks until the next post (takers in the order
 * they blocked).
 */
public final class Recording implements ThreadLists {

	/** The most threads a recording may have. */
	public static final int MAX_THREADS = 1 << 20;

	private final String file;
	private final String unit;
	private final List<String> threads;
	private final int[] rank;
	private final ThreadProgram[] programs;
	private final List<String> events;
	private final List<String> mutexes;
	private final int[] activator;
	private final int[] activatorOp;
	private final int[] acceptorOp;
	private final double end;
	private final boolean cpuClocks;
	private final List<String> warnings;
	private final ThreadNames names;

	private Recording(Replay b, ReplaySink.Lists lists, ThreadNames names) {
		this.names = names;
		this.file = b.file;
		this.unit = b.header.unit();
		this.threads = List.copyOf(lists.names);
		this.rank = new int[threads.size()];
		this.programs = lists.programs.toArray(ThreadProgram[]::new);
		for (int t = 0; t < rank.length; t++) {
			rank[t] = lists.ranks.get(t);
		}
		this.events = List.copyOf(lists.eventNames);
		this.mutexes = List.copyOf(lists.mutexNames);
		int n = b.activator.size();
		this.activator = new int[n];
		this.activatorOp = new int[n];
		this.acceptorOp = new int[n];
		for (int a = 0; a < n; a++) {
			activator[a] = b.activator.get(a);
			activatorOp[a] = b.activatorOp.get(a);
			acceptorOp[a] = b.acceptorOp.get(a);
		}
		this.end = b.now;
		this.cpuClocks = b.cpuClocks == Boolean.TRUE;
		this.warnings = List.copyOf(b.warnings);
	}

	/** Replays {@code trace}. */
	public static Recording of(Trace trace) throws TraceException {
		try {
			return of(trace.source(), EngineMonitor.NULL);
		} catch (IOException e) {
			throw new TraceException(trace.file(), 0, e.getMessage());
		}
	}

	/**
	 * Replays the events of {@code source} as they are read.
	 *
	 * @throws TraceException at the first line that does not parse or does not fit the recorded schedule
	 */
	public static Recording of(TraceSource source, EngineMonitor monitor) throws TraceException, IOException {
		ReplaySink.Lists lists = new ReplaySink.Lists();
		Replay replay = new Replay(source.file(), source.header(), false, lists);
		long count = 0;
		for (TraceEvent e = source.next(); e != null; e = source.next()) {
			replay.event(e);
			if ((++count & 0xFFFF) == 0) {
				monitor.checkCancelled();
			}
		}
		replay.finish(source.truncated());
		return new Recording(replay, lists, source.names());
	}

	/**
	 * Replays the events of {@code source} as {@link #of(TraceSource, EngineMonitor)} does, on a thread of its own
	 * where there is a second processor (see {@link ReplayAhead}).
	 *
	 * @throws TraceException at the first line that does not parse or does not fit the recorded schedule
	 */
	static Recording ofAhead(TraceSource source, EngineMonitor monitor) throws TraceException, IOException {
		if (!ReplayAhead.useful()) {
			return of(source, monitor);
		}
		ReplaySink.Lists lists = new ReplaySink.Lists();
		try (ReplayAhead ahead = new ReplayAhead(source, false)) {
			while (ahead.next(lists)) {
				monitor.checkCancelled();
			}
			return new Recording(ahead.replay(), lists, source.names());
		}
	}

	@Override
	public int threadCount() {
		return threads.size();
	}

	@Override
	public String threadName(int t) {
		return threads.get(t);
	}

	@Override
	public ThreadNames names() {
		return names;
	}

	@Override
	public boolean has(int t, int i) {
		return i < programs[t].size();
	}

	@Override
	public int available(int t, int i, int release) {
		return programs[t].size(); // a recording keeps its lists for the next simulation
	}

	@Override
	public void finished(int t) {
		// a recording keeps its lists for the next simulation
	}

	@Override
	public void readToEnd() {
		// nothing more to read
	}

	/**
	 * A trace replayed as a simulation reads it: only the operations the simulation has not passed yet, the
	 * activations not yet accepted and the threads' replay state are held, so memory does not grow with the trace
	 * (unless the simulation lets threads drift far apart from the recorded order).
	 */
	static final class Stream implements ThreadLists, AutoCloseable {
		/** The operations held in memory above which the middles of the longest lists go to the spill file. */
		static final int HELD = 1 << 18;
		/**
		 * The operations at the head of a list that stay in memory when it spills: 256, fewer when many threads
		 * share the limit, never fewer than {@link #KEEP_LEAST}.
		 */
		private static final int KEEP = 256;
		private static final int KEEP_LEAST = 16;
		private final TraceSource source;
		private final EngineMonitor monitor;
		private final ReplaySink.Lists lists = new ReplaySink.Lists();
		/** The replay on this thread, or null when it runs ahead on a thread of its own. */
		private final @Nullable Replay replay;
		private final @Nullable ReplayAhead ahead;
		private final Spill spill = new Spill();
		private final int limit;
		private boolean finished;
		private long count;
		/** Operations brought back from the spill file since the limit was last enforced. */
		private long unspilled;
		/** The KiB of the trace reported as read to the monitor. */
		private long reportedKiB;

		/**
		 * A stream replayed ahead on a thread of its own where there is a second processor, spilling above
		 * {@value TraceSimulator#HELD_OPERATIONS} operations (2^18 unless the system property says otherwise).
		 */
		Stream(TraceSource source, EngineMonitor monitor) {
			this(source, monitor, Math.max(1024, Integer.getInteger(TraceSimulator.HELD_OPERATIONS, HELD)),
					ReplayAhead.useful());
		}

		/**
		 * A stream that spills once more than {@code limit} operations are held, replayed {@code ahead} on a thread
		 * of its own or on the simulation's.
		 */
		Stream(TraceSource source, EngineMonitor monitor, int limit, boolean ahead) {
			this.source = source;
			this.monitor = monitor;
			this.limit = limit;
			this.replay = ahead ? null : new Replay(source.file(), source.header(), true, lists);
			this.ahead = ahead ? new ReplayAhead(source, true) : null;
			while (lists.names.isEmpty() && !finished) {
				read();
			}
		}

		/** Replays the next event, or the next batch of them when the replay runs ahead. */
		private void read() {
			long before = count;
			try {
				Replay here = replay;
				ReplayAhead there = ahead;
				if (here != null) {
					TraceEvent e = source.next();
					if (e == null) {
						here.finish(source.truncated());
						finished = true;
						return;
					}
					here.event(e);
					count++;
				} else if (there != null) {
					finished = !there.next(lists);
					count += ReplayAhead.BATCH;
				}
			} catch (TraceException e) {
				throw new StreamException(e);
			} catch (IOException e) {
				throw new StreamException(new TraceException(source.file(), 0, "cannot read the file: "
						+ e.getMessage()));
			}
			if (count >>> 16 != before >>> 16) {
				monitor.checkCancelled();
				reportProgress();
				if (!finished) {
					keepWithinLimit();
				}
			}
		}

		/** Keeps the operations held, and the room of the lists' arrays, within the limit. */
		private void keepWithinLimit() {
			spillIfFull();
			trimIfLoose();
		}

		/** Above the limit, moves the middles of the longest lists to the spill file until half of it is held. */
		private void spillIfFull() {
			long held = 0;
			for (ThreadProgram p : lists.programs) {
				held += p.held();
			}
			if (held <= limit) {
				return;
			}
			int keep = Math.max(KEEP_LEAST, Math.min(KEEP, limit / (4 * lists.programs.size())));
			List<ThreadProgram> longest = new ArrayList<>(lists.programs);
			longest.sort((a, b) -> Integer.compare(b.held(), a.held()));
			long share = 4L * limit / lists.programs.size();
			for (ThreadProgram p : longest) {
				if (held <= limit / 2) {
					break;
				}
				held -= p.spill(spill, keep);
				if (p.capacity() > Math.max(4L * p.held(), share)) {
					p.trim(); // far more room than its share of the limit: give it back while the arrays are young
				}
			}
		}

		/**
		 * When the lists' arrays have room for more than twice the limit (besides a little per thread), gives back
		 * the room of those with the most to spare: lists that grew and were passed or spilled, e.g. of threads that
		 * have finished. The room of lists that keep growing back is left alone, so that they are not reallocated
		 * at every spill.
		 */
		private void trimIfLoose() {
			long room = 0;
			for (ThreadProgram p : lists.programs) {
				room += p.capacity();
			}
			long allowed = 2L * limit + 16L * lists.programs.size();
			if (room <= allowed) {
				return;
			}
			List<ThreadProgram> loosest = new ArrayList<>(lists.programs);
			loosest.sort((a, b) -> Integer.compare(b.capacity() - b.held(), a.capacity() - a.held()));
			for (ThreadProgram p : loosest) {
				if (room <= allowed / 2) {
					break;
				}
				room -= p.trim();
			}
		}

		@Override
		public void close() {
			ReplayAhead there = ahead;
			if (there != null) {
				there.close();
			}
			spill.close();
		}

		@Override
		public int threadCount() {
			return lists.names.size();
		}

		@Override
		public String threadName(int t) {
			return lists.names.get(t);
		}

		@Override
		public ThreadNames names() {
			return source.names();
		}

		@Override
		public int rank(int t) {
			return lists.ranks.get(t);
		}

		@Override
		public ThreadProgram program(int t) {
			return lists.programs.get(t);
		}

		@Override
		public String eventName(int e) {
			return lists.eventNames.get(e);
		}

		@Override
		public String mutexName(int m) {
			return lists.mutexNames.get(m);
		}

		@Override
		public boolean has(int t, int i) {
			ThreadProgram p = lists.programs.get(t);
			// the operation a thread is blocked in is not complete before the replay unblocks it
			while (!finished && i >= lists.complete(t)) {
				read();
			}
			if (i >= p.size()) {
				return false;
			}
			// last, so that nothing spills it again before the caller reads it
			while (p.spilled(i)) {
				unspilled += p.unspill(spill);
			}
			return true;
		}

		@Override
		public int available(int t, int i, int release) {
			ThreadProgram p = lists.programs.get(t);
			p.release(release);
			p.reading(i);
			if (unspilled > 1 << 16) {
				// what came back counts against the limit too; with i released, a spill starts after it
				unspilled = 0;
				keepWithinLimit();
			}
			if (!has(t, i)) {
				return i;
			}
			// a later spill starts at least KEEP_LEAST operations after the last released
			return Math.min(Math.min(finished ? p.size() : lists.complete(t), p.heldUntil(i)), i + KEEP_LEAST);
		}

		@Override
		public void finished(int t) {
			ThreadProgram p = lists.programs.get(t);
			p.release(p.size());
			p.trim();
		}

		@Override
		public void readToEnd() {
			while (!finished) {
				long before = count;
				read();
				if (count >>> 12 != before >>> 12) {
					for (ThreadProgram p : lists.programs) {
						p.discard();
					}
				}
			}
		}

		/** Reports the KiB of the trace read since the last report as work done on the monitor. */
		void reportProgress() {
			long kib = source.position() >> 10;
			if (kib > reportedKiB) {
				monitor.worked(kib - reportedKiB);
				reportedKiB = kib;
			}
		}

		/** The KiB of the trace reported as read. */
		long reportedKiB() {
			return reportedKiB;
		}

		/** The replay's remarks, once read to the end, e.g. threads that never exit. */
		List<String> warnings() {
			Replay here = replay;
			ReplayAhead there = ahead;
			return here != null ? here.warnings : there != null ? there.warnings() : List.of();
		}

		/** Whether the replay has met thread {@code name}. */
		boolean knows(String name) {
			return lists.names.contains(name);
		}
	}

	/** A trace that could not be read or replayed while it was simulated. */
	static final class StreamException extends RuntimeException {
		private static final long serialVersionUID = 1L;

		StreamException(TraceException cause) {
			super(cause.getMessage(), cause);
		}

		@Override
		public synchronized TraceException getCause() {
			return (TraceException) super.getCause();
		}
	}

	/** The file the trace was read from. */
	public String file() {
		return file;
	}

	/** The unit of times ("" when the trace does not say). */
	public String unit() {
		return unit;
	}

	/** The threads, in order of first appearance; index 0 is the thread that started the program. */
	public List<String> threads() {
		return threads;
	}

	/** The index of {@code name}, or -1. */
	public int thread(String name) {
		return threads.indexOf(name);
	}

	/** The priority rank of thread {@code t}: 0 is the highest. */
	public int rank(int t) {
		return rank[t];
	}

	/** Thread {@code t}'s list. */
	public ThreadProgram program(int t) {
		return programs[t];
	}

	/** The name of event {@code e}. */
	public String eventName(int e) {
		return events.get(e);
	}

	/** The name of mutex {@code m}. */
	public String mutexName(int m) {
		return mutexes.get(m);
	}

	/** How many mutexes the recording has. */
	int mutexCount() {
		return mutexes.size();
	}

	/** How many activations the recording has. */
	public int activations() {
		return activator.length;
	}

	/** The thread that issued activation {@code a}. */
	public int activator(int a) {
		return activator[a];
	}

	/** The operation of the activator that issued activation {@code a}. */
	public int activatorOp(int a) {
		return activatorOp[a];
	}

	/** The wait operation of the target that accepted activation {@code a} in the recording. */
	public int acceptorOp(int a) {
		return acceptorOp[a];
	}

	/** The time of the last event: the recorded uni-processor execution time. */
	public double end() {
		return end;
	}

	/** Whether work segments come from CPU clocks rather than the replayed schedule. */
	public boolean cpuClocks() {
		return cpuClocks;
	}

	/** Remarks about the recording, e.g. threads that never exit. */
	public List<String> warnings() {
		return warnings;
	}

	/** The total work of all threads. */
	public double totalWork() {
		double sum = 0;
		for (ThreadProgram p : programs) {
			sum += p.totalWork();
		}
		return sum;
	}

	/** A growable list of longs. */
	static final class LongList {
		private long[] values = new long[16];
		private int size;

		void add(long v) {
			if (size == values.length) {
				values = java.util.Arrays.copyOf(values, size * 2);
			}
			values[size++] = v;
		}

		long get(int i) {
			return values[i];
		}

		void set(int i, long v) {
			values[i] = v;
		}
	}

	/** A growable list of doubles. */
	static final class DoubleList {
		private double[] values = new double[16];
		private int size;

		void add(double v) {
			if (size == values.length) {
				values = java.util.Arrays.copyOf(values, size * 2);
			}
			values[size++] = v;
		}

		double get(int i) {
			return values[i];
		}

		void set(int i, double v) {
			values[i] = v;
		}
	}

	/** A growable list of ints. */
	static final class IntList {
		private int[] values = new int[16];
		private int size;

		void add(int v) {
			if (size == values.length) {
				values = java.util.Arrays.copyOf(values, size * 2);
			}
			values[size++] = v;
		}

		int get(int i) {
			return values[i];
		}

		void set(int i, int v) {
			values[i] = v;
		}

		int size() {
			return size;
		}

		void truncate(int newSize) {
			size = newSize;
		}
	}
}
