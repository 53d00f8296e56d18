package org.perfcast.trace;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;

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

	private Recording(Builder b) {
		this.file = b.file;
		this.unit = b.header.unit();
		this.threads = List.copyOf(b.names);
		this.rank = new int[threads.size()];
		this.programs = b.programs.toArray(ThreadProgram[]::new);
		for (int t = 0; t < rank.length; t++) {
			int r = b.header.priorities().indexOf(threads.get(t));
			rank[t] = r < 0 ? b.header.priorities().size() : r;
		}
		this.events = List.copyOf(b.eventNames);
		this.mutexes = List.copyOf(b.mutexNames);
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
		Builder builder = new Builder(source.file(), source.header(), false);
		long count = 0;
		for (TraceEvent e = source.next(); e != null; e = source.next()) {
			builder.event(e);
			if ((++count & 0xFFFF) == 0) {
				monitor.checkCancelled();
			}
		}
		builder.finish(source.truncated());
		return new Recording(builder);
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
	public boolean has(int t, int i) {
		return i < programs[t].size();
	}

	@Override
	public void passed(int t, int i) {
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
		static final int HELD = 1 << 20;
		/** The operations at the head of a list that stay in memory when it spills. */
		private static final int KEEP = 256;
		private final TraceSource source;
		private final EngineMonitor monitor;
		private final Builder builder;
		private final Spill spill = new Spill();
		private final int limit;
		private boolean finished;
		private long count;

		Stream(TraceSource source, EngineMonitor monitor) {
			this(source, monitor, HELD);
		}

		/** A stream that spills once more than {@code limit} operations are held. */
		Stream(TraceSource source, EngineMonitor monitor, int limit) {
			this.source = source;
			this.monitor = monitor;
			this.limit = limit;
			this.builder = new Builder(source.file(), source.header(), true);
			while (builder.names.isEmpty() && !finished) {
				read();
			}
		}

		private void read() {
			try {
				TraceEvent e = source.next();
				if (e == null) {
					builder.finish(source.truncated());
					finished = true;
					return;
				}
				builder.event(e);
			} catch (TraceException e) {
				throw new StreamException(e);
			} catch (IOException e) {
				throw new StreamException(new TraceException(source.file(), 0, "cannot read the file: "
						+ e.getMessage()));
			}
			if ((++count & 0xFFFF) == 0) {
				monitor.checkCancelled();
				if (!finished) {
					spillIfFull();
				}
			}
		}

		/** Above the limit, moves the middles of the longest lists to the spill file until half of it is held. */
		private void spillIfFull() {
			long held = 0;
			for (ThreadProgram p : builder.programs) {
				held += p.held();
			}
			if (held <= limit) {
				return;
			}
			List<ThreadProgram> longest = new ArrayList<>(builder.programs);
			longest.sort((a, b) -> Integer.compare(b.held(), a.held()));
			for (ThreadProgram p : longest) {
				if (held <= limit / 2) {
					break;
				}
				held -= p.spill(spill, KEEP);
			}
		}

		@Override
		public void close() {
			spill.close();
		}

		@Override
		public int threadCount() {
			return builder.names.size();
		}

		@Override
		public String threadName(int t) {
			return builder.names.get(t);
		}

		@Override
		public int rank(int t) {
			return builder.rank(t);
		}

		@Override
		public ThreadProgram program(int t) {
			return builder.programs.get(t);
		}

		@Override
		public String eventName(int e) {
			return builder.eventNames.get(e);
		}

		@Override
		public String mutexName(int m) {
			return builder.mutexNames.get(m);
		}

		@Override
		public boolean has(int t, int i) {
			ThreadProgram p = builder.programs.get(t);
			while (p.spilled(i)) {
				p.unspill(spill);
			}
			while (!finished) {
				// the operation a thread is blocked in is not complete before the replay unblocks it
				int complete = p.size() - (builder.state.get(t) == Builder.BLOCKED ? 1 : 0);
				if (i < complete) {
					return true;
				}
				read();
			}
			return i < p.size();
		}

		@Override
		public void passed(int t, int i) {
			builder.programs.get(t).release(i);
		}

		@Override
		public void readToEnd() {
			while (!finished) {
				read();
				if ((count & 0xFFF) == 0) {
					for (ThreadProgram p : builder.programs) {
						p.discard();
					}
				}
			}
		}

		/** The replay's remarks so far (all of them once read to the end), e.g. threads that never exit. */
		List<String> warnings() {
			return builder.warnings;
		}

		/** Whether the replay has met thread {@code name}. */
		boolean knows(String name) {
			return builder.index.containsKey(name);
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

	/** The replay. */
	private static final class Builder {
		private static final int NEW = 0;
		private static final int READY = 1;
		private static final int BLOCKED = 2;
		private static final int DONE = 3;

		final String file;
		final TraceHeader header;
		final List<String> names = new ArrayList<>();
		final Map<String, Integer> index = new HashMap<>();
		static final int CACHE = 64;
		final String[] cachedName = new String[CACHE];
		final int[] cachedThread = new int[CACHE];
		final String[] cachedEventName = new String[CACHE];
		final int[] cachedEvent = new int[CACHE];
		final String[] cachedMutexName = new String[CACHE];
		final int[] cachedMutex = new int[CACHE];
		final List<ThreadProgram> programs = new ArrayList<>();
		final List<String> eventNames = new ArrayList<>();
		final Map<String, Integer> eventIndex = new HashMap<>();
		final List<String> mutexNames = new ArrayList<>();
		final Map<String, Integer> mutexIndex = new HashMap<>();
		final IntList activator = new IntList();
		final IntList activatorOp = new IntList();
		final IntList acceptorOp = new IntList();
		/** Whether the activations are forgotten once accepted (a streamed replay keeps only what is live). */
		final boolean streaming;
		int activations;
		final List<String> warnings = new ArrayList<>();
		@Nullable Boolean cpuClocks;
		double now;
		long seq;
		// per thread
		final IntList state = new IntList();
		final LongList readySince = new LongList();
		final DoubleList work = new DoubleList();
		final DoubleList lastCpu = new DoubleList();
		final IntList ranks = new IntList();
		final IntList waitingEvent = new IntList(); // event waited for, or -1
		final IntList waitOp = new IntList(); // the blocked wait's op
		final List<Deque<int[]>> pending = new ArrayList<>(); // activations blocked on the thread: {a, activator, event}
		final List<List<Integer>> joiners = new ArrayList<>();
		final List<TraceEvent> blockedAt = new ArrayList<>(); // the event a blocked thread blocked in
		// per signal: posts not yet taken, takers blocked
		final Map<Integer, ArrayDeque<int[]>> posted = new HashMap<>(); // {a, poster}
		final Map<Integer, ArrayDeque<Integer>> takers = new HashMap<>();
		// per mutex
		final IntList owner = new IntList();
		final List<List<Integer>> readers = new ArrayList<>();
		final List<List<Integer>> lockWaiters = new ArrayList<>();

		Builder(String file, TraceHeader header, boolean streaming) {
			this.file = file;
			this.header = header;
			this.streaming = streaming;
		}

		/** A new activation of thread {@code t} at its operation {@code op}. */
		int activation(int t, int op) {
			if (!streaming) {
				activator.add(t);
				activatorOp.add(op);
				acceptorOp.add(-1);
			}
			programs.get(t).setActivation(op, activations);
			return activations++;
		}

		int thread(String name, long line) throws TraceException {
			// a binary trace hands out one String per name: most lookups end in this small identity cache
			int slot = System.identityHashCode(name) & (CACHE - 1);
			if (cachedName[slot] == name) {
				return cachedThread[slot];
			}
			Integer t = index.get(name);
			int id = t != null ? t : created(name, line);
			cachedName[slot] = name;
			cachedThread[slot] = id;
			return id;
		}

		int created(String name, long line) throws TraceException {
			if (names.size() >= MAX_THREADS) {
				throw new TraceException(file, line, "more than " + MAX_THREADS + " threads");
			}
			int t = names.size();
			names.add(name);
			index.put(name, t);
			programs.add(new ThreadProgram());
			state.add(NEW);
			readySince.add(0L);
			work.add(0.0);
			lastCpu.add(0.0);
			int r = header.priorities().indexOf(name);
			ranks.add(r < 0 ? header.priorities().size() : r);
			waitingEvent.add(-1);
			waitOp.add(-1);
			pending.add(new ArrayDeque<>());
			joiners.add(new ArrayList<>());
			blockedAt.add(null);
			return t;
		}

		int rank(int t) {
			return ranks.get(t);
		}

		static int intern(String name, List<String> names, Map<String, Integer> index) {
			Integer i = index.get(name);
			if (i == null) {
				i = names.size();
				names.add(name);
				index.put(name, i);
			}
			return i;
		}

		void ready(int t) {
			state.set(t, READY);
			readySince.set(t, seq++);
			blockedAt.set(t, null);
		}

		/** The thread the uni-processor runs: the highest priority, then the longest ready. */
		int running() {
			int best = -1;
			for (int t = 0; t < names.size(); t++) {
				if (state.get(t) == READY && (best < 0 || rank(t) < rank(best)
						|| rank(t) == rank(best) && readySince.get(t) < readySince.get(best))) {
					best = t;
				}
			}
			return best;
		}

		void event(TraceEvent e) throws TraceException {
			long line = e.line();
			boolean cpu = !Double.isNaN(e.cpu());
			if (cpuClocks == null) {
				cpuClocks = cpu;
			} else if (cpuClocks != cpu) {
				throw new TraceException(file, line, cpuClocks ? "this event has no cpu= clock but earlier ones do: "
						+ "either every event carries one or none" : "this event has a cpu= clock but earlier ones do not: "
						+ "either every event carries one or none");
			}
			boolean first = names.isEmpty();
			int t = thread(e.thread(), line);
			if (first) {
				ready(t);
			}
			String name = e.thread();
			if (state.get(t) == NEW) {
				throw new TraceException(file, line, "thread " + name + " has not been created (no 'create " + name
						+ "' before this line)");
			}
			if (state.get(t) == DONE) {
				throw new TraceException(file, line, "thread " + name + " has already exited");
			}
			if (state.get(t) == BLOCKED) {
				throw new TraceException(file, line, "thread " + name + " is blocked (" + blockedOn(t)
						+ ") at time " + Numbers.format(e.time()));
			}
			if (cpu) {
				double w = e.cpu() - lastCpu.get(t);
				if (w < 0) {
					throw new TraceException(file, line, "the CPU clock of " + name + " goes back from "
							+ Numbers.format(lastCpu.get(t)) + " to " + Numbers.format(e.cpu()));
				}
				work.set(t, w);
				lastCpu.set(t, e.cpu());
				now = e.time();
			} else {
				int running = running();
				double elapsed = e.time() - now;
				if (elapsed > 0) {
					work.set(running, work.get(running) + elapsed);
					now = e.time();
				}
				if (running != t) {
					throw new TraceException(file, line, "an event of " + name + " at time " + Numbers.format(e.time())
							+ ", but " + names.get(running) + " should be running: it is ready and "
							+ (rank(running) < rank(t) ? "has a higher priority" : "has been ready longer at the same "
									+ "priority")
							+ (header.priorities().isEmpty() ? " (the trace has no @priority line)"
									: " (@priority " + String.join(" > ", header.priorities()) + ")"));
				}
			}
			ThreadProgram program = programs.get(t);
			double w = work.get(t);
			work.set(t, 0.0);
			switch (e.kind()) {
			case CREATE -> {
				if (index.containsKey(e.target()) && state.get(index.get(e.target())) != NEW) {
					throw new TraceException(file, line, "thread " + e.target() + " is created twice");
				}
				int u = thread(target(e), line);
				program.add(EventKind.CREATE, w, u, -1, line, e.at());
				ready(u);
			}
			case WAIT -> {
				int ev = event(object(e));
				int op = program.add(EventKind.WAIT, w, -1, ev, line, e.at());
				int[] match = null;
				for (java.util.Iterator<int[]> it = pending.get(t).iterator(); it.hasNext();) {
					int[] a = it.next();
					if (a[2] == ev) {
						match = a;
						it.remove();
						break;
					}
				}
				if (match != null) {
					accept(match[0], t, op, match[1]);
					ready(match[1]);
				} else {
					state.set(t, BLOCKED);
					waitingEvent.set(t, ev);
					waitOp.set(t, op);
					blockedAt.set(t, e);
				}
			}
			case ACTIVATE -> {
				int u = thread(target(e), line);
				int ev = event(object(e));
				int op = program.add(EventKind.ACTIVATE, w, u, ev, line, e.at());
				int a = activation(t, op);
				if (state.get(u) == BLOCKED && waitingEvent.get(u) == ev) {
					accept(a, u, waitOp.get(u), t);
					waitingEvent.set(u, -1);
					ready(u);
				} else {
					pending.get(u).add(new int[] { a, t, ev });
					state.set(t, BLOCKED);
					blockedAt.set(t, e);
				}
			}
			case POST -> {
				int ev = event(object(e));
				int op = program.add(EventKind.POST, w, -1, ev, line, e.at());
				int a = activation(t, op);
				ArrayDeque<Integer> blocked = takers.get(ev);
				if (blocked != null && !blocked.isEmpty()) {
					int u = blocked.poll();
					accept(a, u, waitOp.get(u), t);
					ready(u);
				} else {
					posted.computeIfAbsent(ev, k -> new ArrayDeque<>()).add(new int[] { a, t });
				}
			}
			case TAKE -> {
				int ev = event(object(e));
				int op = program.add(EventKind.TAKE, w, -1, ev, line, e.at());
				ArrayDeque<int[]> signals = posted.get(ev);
				if (signals != null && !signals.isEmpty()) {
					int[] signal = signals.poll();
					accept(signal[0], t, op, signal[1]);
				} else {
					takers.computeIfAbsent(ev, k -> new ArrayDeque<>()).add(t);
					waitOp.set(t, op);
					state.set(t, BLOCKED);
					blockedAt.set(t, e);
				}
			}
			case EXIT -> {
				program.add(EventKind.EXIT, w, -1, -1, line, e.at());
				for (int m = 0; m < owner.size(); m++) {
					if (owner.get(m) == t || readers.get(m).contains(t)) {
						throw new TraceException(file, line, name + " exits holding mutex " + mutexNames.get(m));
					}
				}
				state.set(t, DONE);
				for (int j : joiners.get(t)) {
					ready(j);
				}
				joiners.get(t).clear();
			}
			case LOCK, RLOCK -> {
				int m = mutex(object(e));
				boolean shared = e.kind() == EventKind.RLOCK;
				program.add(e.kind(), w, m, -1, line, e.at());
				if (owner.get(m) == t || readers.get(m).contains(t)) {
					throw new TraceException(file, line, name + " locks " + e.object() + ", which it holds already");
				}
				if (owner.get(m) < 0 && (shared || readers.get(m).isEmpty())) {
					if (shared) {
						readers.get(m).add(t);
					} else {
						owner.set(m, t);
					}
				} else {
					lockWaiters.get(m).add(t);
					state.set(t, BLOCKED);
					blockedAt.set(t, e);
				}
			}
			case UNLOCK -> {
				int m = mutex(object(e));
				program.add(EventKind.UNLOCK, w, m, -1, line, e.at());
				if (owner.get(m) == t) {
					owner.set(m, -1);
				} else if (!readers.get(m).remove(Integer.valueOf(t))) {
					throw new TraceException(file, line, name + " unlocks " + e.object() + ", which it does not hold");
				}
				grant(m);
			}
			case IO, SLEEP -> {
				if (!cpu) {
					throw new TraceException(file, line, "'" + e.kind().keyword() + "' needs cpu= clocks on every "
							+ "event: without them the replayed schedule cannot tell what ran while " + name
							+ " was away");
				}
				int op = program.add(e.kind(), w, -1, -1, line, e.at());
				program.setOffProcessor(op, e.duration());
			}
			case JOIN -> {
				Integer u = index.get(e.target());
				if (u == null) {
					throw new TraceException(file, line, name + " joins " + e.target() + ", which was never created");
				}
				if (u == t) {
					throw new TraceException(file, line, name + " joins itself");
				}
				program.add(EventKind.JOIN, w, u, -1, line, e.at());
				if (state.get(u) != DONE) {
					joiners.get(u).add(t);
					state.set(t, BLOCKED);
					blockedAt.set(t, e);
				}
			}
			}
		}

		/** What blocked thread {@code t} waits for, e.g. "waiting for X". */
		String blockedOn(int t) {
			TraceEvent e = blockedAt.get(t);
			if (e == null) {
				return "";
			}
			return switch (e.kind()) {
			case WAIT -> "waiting for " + e.object();
			case ACTIVATE -> "activating " + e.target() + " with " + e.object();
			case LOCK, RLOCK -> "locking " + e.object() + (e.kind() == EventKind.RLOCK ? " to read" : "")
					+ heldBy(mutexIndex.get(e.object()));
			case JOIN -> "joining " + e.target();
			case TAKE -> "taking " + e.object();
			default -> e.kind().keyword();
			};
		}

		/** ", held by T" for the holder of mutex {@code m}, or its readers; "" when free. */
		String heldBy(int m) {
			if (owner.get(m) >= 0) {
				return ", held by " + names.get(owner.get(m));
			}
			List<String> holders = readers.get(m).stream().map(names::get).toList();
			return holders.isEmpty() ? "" : ", read by " + String.join(", ", holders);
		}

		/** The other thread of {@code e}, which its kind has. */
		private String target(TraceEvent e) throws TraceException {
			String target = e.target();
			if (target == null) {
				throw new TraceException(file, e.line(), e.kind().keyword() + " without the other thread");
			}
			return target;
		}

		/** The event, signal or mutex of {@code e}, which its kind has. */
		private String object(TraceEvent e) throws TraceException {
			String object = e.object();
			if (object == null) {
				throw new TraceException(file, e.line(), e.kind().keyword() + " without its event, signal or mutex");
			}
			return object;
		}

		/** Event {@code name}'s index (a binary trace's names hit the identity cache). */
		int event(String name) {
			int slot = System.identityHashCode(name) & (CACHE - 1);
			if (cachedEventName[slot] == name) {
				return cachedEvent[slot];
			}
			int id = intern(name, eventNames, eventIndex);
			cachedEventName[slot] = name;
			cachedEvent[slot] = id;
			return id;
		}

		int mutex(String name) {
			int slot = System.identityHashCode(name) & (CACHE - 1);
			if (cachedMutexName[slot] == name) {
				return cachedMutex[slot];
			}
			int m = intern(name, mutexNames, mutexIndex);
			cachedMutexName[slot] = name;
			cachedMutex[slot] = m;
			while (owner.size() <= m) {
				owner.add(-1);
				lockWaiters.add(new ArrayList<>());
				readers.add(new ArrayList<>(1));
			}
			return m;
		}

		/**
		 * Hands free mutex {@code m} to its waiters: the highest-priority one (the first among equals) if it locks
		 * alone, else every waiting reader. Readers go ahead of waiting writers while readers hold it (glibc's default).
		 */
		void grant(int m) {
			List<Integer> waiters = lockWaiters.get(m);
			if (owner.get(m) >= 0 || waiters.isEmpty()) {
				return;
			}
			int next = waiters.get(0);
			for (int x : waiters) {
				if (rank(x) < rank(next)) {
					next = x;
				}
			}
			if (blockedAt.get(next).kind() == EventKind.LOCK) {
				if (readers.get(m).isEmpty()) {
					waiters.remove(Integer.valueOf(next));
					owner.set(m, next);
					ready(next);
				}
				return;
			}
			for (int x : List.copyOf(waiters)) {
				if (blockedAt.get(x).kind() == EventKind.RLOCK) {
					waiters.remove(Integer.valueOf(x));
					readers.get(m).add(x);
					ready(x);
				}
			}
		}

		void accept(int a, int target, int op, int by) {
			if (!streaming) {
				acceptorOp.set(a, op);
			}
			programs.get(target).accepted(op, a, by);
		}

		void finish(boolean truncated) throws TraceException {
			if (names.isEmpty()) {
				throw new TraceException(file, 0, "the trace has no events" + (truncated ? " (the recording was cut short)"
						: ""));
			}
			if (truncated) {
				warnings.add("the recording was cut short (the program did not finish it): the trace ends at "
						+ Numbers.format(now) + "; threads still running then are taken to exit "
						+ "there");
			}
			boolean recorded = !header.recorder().isEmpty();
			for (int t = 0; t < names.size(); t++) {
				if (state.get(t) == BLOCKED) {
					if (!truncated && !recorded) {
						throw new TraceException(file, 0, "the recording ends with " + names.get(t) + " " + blockedOn(t)
								+ ": a finished recording has no blocked thread");
					}
					// the operation it was blocked in never completed: dropped
					warnings.add(names.get(t) + " was " + blockedOn(t) + (truncated ? " when the recording was cut short"
							: " when the program ended; taken to exit there"));
					work.set(t, work.get(t) + programs.get(t).removeLast());
					state.set(t, READY);
				}
			}
			for (int t = 0; t < names.size(); t++) {
				if (state.get(t) == READY) {
					programs.get(t).add(EventKind.EXIT, work.get(t), -1, -1, 0, null);
					warnings.add(names.get(t) + " never exits; taken to exit at the end of the recording");
					state.set(t, DONE);
				}
			}
		}
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
