package org.perfcast.trace;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.trace.Recording.IntList;

/**
 * A recording read and replayed ahead by a thread of its own: that thread parses the trace and runs the
 * {@link Replay}, and hands what the replay makes to the simulation in batches of {@link #BATCH} events, which the
 * simulation applies to its {@link ReplaySink.Lists}. Parsing and replaying a long trace thus overlap its
 * simulation on a second processor. The batches, the end and any failure come in the order of the trace; memory
 * holds at most a few batches.
 */
final class ReplayAhead implements AutoCloseable {

	/** The events a batch holds. */
	static final int BATCH = 4096;
	/** The batches made ahead. */
	private static final int AHEAD = 16;

	private final TraceSource source;
	private final Writer writer = new Writer();
	private final Replay replay;
	private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(AHEAD);
	private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(AHEAD + 2);
	private final Thread thread;
	private volatile boolean closed;
	private boolean ended;
	private List<String> warnings = List.of();

	/** A replay of {@code source} ahead, {@code streaming} (forgetting activations once accepted) or not. */
	ReplayAhead(TraceSource source, boolean streaming) {
		this.source = source;
		this.replay = new Replay(source.file(), source.header(), streaming, writer);
		this.thread = Thread.ofPlatform().daemon().name("perfcast replay " + source.file()).unstarted(this::run);
		thread.start();
	}

	/**
	 * Whether replaying ahead is worth a thread here: there is a second processor, and the system property
	 * {@value TraceSimulator#REPLAY_AHEAD} is not {@code false}.
	 */
	static boolean useful() {
		return Runtime.getRuntime().availableProcessors() > 1
				&& !"false".equals(System.getProperty(TraceSimulator.REPLAY_AHEAD));
	}

	private void run() {
		try {
			while (!closed) {
				Batch b = free.poll();
				writer.start(b != null ? b : new Batch());
				boolean end = false;
				try {
					for (int n = 0; n < BATCH; n++) {
						TraceEvent e = source.next();
						if (e == null) {
							replay.finish(source.truncated());
							end = true;
							break;
						}
						replay.event(e);
					}
				} catch (TraceException | IOException | RuntimeException | Error e) {
					writer.batch.failure = e;
				}
				Batch made = writer.done();
				if (end) {
					made.warnings = List.copyOf(replay.warnings);
				}
				made.end = end;
				put(made);
				if (end || made.failure != null) {
					return;
				}
			}
		} catch (InterruptedException e) {
			// closed while waiting: nobody reads on
		}
	}

	private void put(Batch b) throws InterruptedException {
		while (!closed && !full.offer(b, 100, TimeUnit.MILLISECONDS)) {
			// the simulation is behind; wait for it, or for close
		}
	}

	/**
	 * Applies the next batch to {@code lists}.
	 *
	 * @return false once the trace is over (its operations all applied)
	 * @throws TraceException when the trace does not parse or does not fit its schedule
	 * @throws IOException    when it cannot be read
	 */
	boolean next(ReplaySink.Lists lists) throws TraceException, IOException {
		if (ended) {
			return false;
		}
		Batch b;
		try {
			b = full.take();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted while reading " + source.file(), e);
		}
		b.applyTo(lists);
		Throwable failure = b.failure;
		ended = b.end || failure != null;
		if (b.end) {
			warnings = b.warnings;
		}
		b.clear();
		free.offer(b);
		if (failure != null) {
			switch (failure) {
			case TraceException e -> throw e;
			case IOException e -> throw e;
			case RuntimeException e -> throw e;
			case Error e -> throw e;
			default -> throw new IllegalStateException(failure);
			}
		}
		return !ended;
	}

	/** The replay's remarks about the recording, once it is over. */
	List<String> warnings() {
		return warnings;
	}

	/** The replay itself (its activations, when not streaming), once the trace is over. */
	Replay replay() {
		if (!ended) {
			throw new IllegalStateException("the replay of " + source.file() + " is not over");
		}
		return replay;
	}

	@Override
	public void close() {
		closed = true;
		thread.interrupt();
		try {
			thread.join(10_000);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * What the replay made of some events: new names, each thread's new operations as a list of their own, and the
	 * changes to operations handed over before (a wait's activation once it is accepted), to apply in that order.
	 */
	private static final class Batch {
		private static final byte ACTIVATION = 0;
		private static final byte OFF_PROCESSOR = 1;
		private static final byte ACCEPTED = 2;
		private static final byte BLOCKED = 3;
		private static final byte ACTIVATE_ACCEPTED = 4;
		/** The most emptied lists a batch keeps. */
		private static final int POOL = 64;

		final List<String> threads = new ArrayList<>();
		final IntList ranks = new IntList();
		final List<String> events = new ArrayList<>();
		final List<String> mutexes = new ArrayList<>();
		/** The threads whose last operation, handed over before, is dropped. */
		final IntList removeLast = new IntList();
		/** The threads with new operations, and those operations. */
		final IntList touched = new IntList();
		final List<ThreadProgram> segments = new ArrayList<>();
		/** Lists emptied, to use again. */
		final ArrayDeque<ThreadProgram> pool = new ArrayDeque<>();
		/**
		 * Changes, in order: type, thread, operation, activation or blocked, the thread accepted (or for an activate
		 * the operation that accepted it), duration.
		 */
		int changes;
		byte[] type = new byte[64];
		int[] thread = new int[64];
		int[] op = new int[64];
		int[] a = new int[64];
		int[] by = new int[64];
		double[] value = new double[64];
		@Nullable Throwable failure;
		boolean end;
		List<String> warnings = List.of();

		/** A new change of {@code ty} to thread {@code t}: its index. */
		int change(byte ty, int t) {
			if (changes == type.length) {
				int n = 2 * changes;
				type = Arrays.copyOf(type, n);
				thread = Arrays.copyOf(thread, n);
				op = Arrays.copyOf(op, n);
				a = Arrays.copyOf(a, n);
				by = Arrays.copyOf(by, n);
				value = Arrays.copyOf(value, n);
			}
			type[changes] = ty;
			thread[changes] = t;
			return changes++;
		}

		/** An empty list for thread {@code t}'s new operations. */
		ThreadProgram segment(int t) {
			ThreadProgram p = pool.poll();
			if (p == null) {
				p = new ThreadProgram();
			}
			touched.add(t);
			segments.add(p);
			return p;
		}

		void applyTo(ReplaySink.Lists lists) {
			for (int k = 0; k < threads.size(); k++) {
				lists.thread(threads.get(k), ranks.get(k));
			}
			events.forEach(lists::eventName);
			mutexes.forEach(lists::mutexName);
			for (int k = 0; k < removeLast.size(); k++) {
				lists.removeLast(removeLast.get(k));
			}
			for (int k = 0; k < touched.size(); k++) {
				lists.programs.get(touched.get(k)).append(segments.get(k));
			}
			for (int k = 0; k < changes; k++) {
				int t = thread[k];
				switch (type[k]) {
				case ACTIVATION -> lists.setActivation(t, op[k], a[k]);
				case ACCEPTED -> lists.accepted(t, op[k], a[k], by[k]);
				case OFF_PROCESSOR -> lists.setOffProcessor(t, op[k], value[k]);
				case BLOCKED -> lists.blocked(t, a[k] != 0);
				case ACTIVATE_ACCEPTED -> lists.activateAccepted(t, op[k], by[k]);
				default -> throw new IllegalStateException("change of type " + type[k]);
				}
			}
		}

		void clear() {
			threads.clear();
			ranks.truncate(0);
			events.clear();
			mutexes.clear();
			removeLast.truncate(0);
			touched.truncate(0);
			for (ThreadProgram p : segments) {
				if (pool.size() < POOL) {
					p.clear();
					pool.add(p);
				}
			}
			segments.clear();
			changes = 0;
			failure = null;
			end = false;
			warnings = List.of();
		}
	}

	/**
	 * The replay's sink on its own thread: each thread's new operations go to a list of its own in the batch; a
	 * change to an operation handed over before becomes a change in the batch.
	 */
	private static final class Writer implements ReplaySink {
		Batch batch = new Batch();
		/** Per thread: its operations so far, and the work of its last. */
		private int[] sizes = new int[16];
		private double[] lastWork = new double[16];
		/** Per thread: its list in the batch (or null), and the index of that list's first operation. */
		private @Nullable ThreadProgram[] current = new ThreadProgram[16];
		private int[] first = new int[16];
		private int threads;

		/** Starts filling {@code b}. */
		void start(Batch b) {
			batch = b;
		}

		/** The batch, done: what comes next goes to the next batch. */
		Batch done() {
			IntList touched = batch.touched;
			for (int k = 0; k < touched.size(); k++) {
				current[touched.get(k)] = null;
			}
			return batch;
		}

		@Override
		public void thread(String name, int rank) {
			batch.threads.add(name);
			batch.ranks.add(rank);
			if (threads == sizes.length) {
				int n = 2 * threads;
				sizes = Arrays.copyOf(sizes, n);
				lastWork = Arrays.copyOf(lastWork, n);
				current = Arrays.copyOf(current, n);
				first = Arrays.copyOf(first, n);
			}
			threads++;
		}

		@Override
		public void eventName(String name) {
			batch.events.add(name);
		}

		@Override
		public void mutexName(String name) {
			batch.mutexes.add(name);
		}

		@Override
		public int add(int t, EventKind kind, double work, int arg, int event, long line, @Nullable String at) {
			ThreadProgram p = current[t];
			if (p == null) {
				p = batch.segment(t);
				current[t] = p;
				first[t] = sizes[t];
			}
			p.add(kind, work, arg, event, line, at);
			lastWork[t] = work;
			return sizes[t]++;
		}

		/** Thread {@code t}'s list in the batch if it holds operation {@code op}, else null. */
		private @Nullable ThreadProgram holding(int t, int op) {
			ThreadProgram p = current[t];
			return p != null && op >= first[t] ? p : null;
		}

		@Override
		public void setActivation(int t, int op, int a) {
			ThreadProgram p = holding(t, op);
			if (p != null) {
				p.setActivation(op - first[t], a);
			} else {
				int k = batch.change(Batch.ACTIVATION, t);
				batch.op[k] = op;
				batch.a[k] = a;
			}
		}

		@Override
		public void setOffProcessor(int t, int op, double d) {
			ThreadProgram p = holding(t, op);
			if (p != null) {
				p.setOffProcessor(op - first[t], d);
			} else {
				int k = batch.change(Batch.OFF_PROCESSOR, t);
				batch.op[k] = op;
				batch.value[k] = d;
			}
		}

		@Override
		public void accepted(int t, int op, int a, int by) {
			ThreadProgram p = holding(t, op);
			if (p != null) {
				p.accepted(op - first[t], a, by);
			} else {
				int k = batch.change(Batch.ACCEPTED, t);
				batch.op[k] = op;
				batch.a[k] = a;
				batch.by[k] = by;
			}
		}

		@Override
		public void activateAccepted(int t, int op, int by) {
			ThreadProgram p = holding(t, op);
			if (p != null) {
				p.acceptedBy(op - first[t], by);
			} else {
				int k = batch.change(Batch.ACTIVATE_ACCEPTED, t);
				batch.op[k] = op;
				batch.by[k] = by;
			}
		}

		@Override
		public double removeLast(int t) {
			ThreadProgram p = holding(t, sizes[t] - 1);
			if (p != null) {
				p.removeLast();
			} else {
				batch.removeLast.add(t);
			}
			sizes[t]--;
			return lastWork[t];
		}

		@Override
		public void blocked(int t, boolean blocked) {
			int k = batch.change(Batch.BLOCKED, t);
			batch.a[k] = blocked ? 1 : 0;
		}
	}
}
