package org.perfcast.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Numbers;
import org.perfcast.trace.Recording.DoubleList;
import org.perfcast.trace.Recording.IntList;
import org.perfcast.trace.Recording.LongList;

/**
 * The replay of a uni-processor recording (see {@link Recording}): it follows the recorded schedule event by event,
 * checks that each fits, and puts each thread's operations, with every wait paired with the activation that
 * satisfied it, into a {@link ReplaySink}.
 */
final class Replay {
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
	/** Where the threads and their operations go. */
	private final ReplaySink out;
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
	final IntList mutexesHeld = new IntList(); // how many mutexes it holds (to exit, none)
	/** The ready threads by (priority rank, ready since): the first is the one running. */
	private final TreeMap<Long, Integer> readyQueue = new TreeMap<>();
	/** A priority's rank by thread name. */
	private final Map<String, Integer> priorityRank = new HashMap<>();
	/** What the trace keeps open, against the memory limit. */
	final ReplayHoldings holdings = new ReplayHoldings();
	final List<Deque<int[]>> pending = new ArrayList<>(); // activations blocked on the thread: {a, activator, event, op}
	final List<List<Integer>> joiners = new ArrayList<>();
	final List<TraceEvent> blockedAt = new ArrayList<>(); // the event a blocked thread blocked in
	// per signal: posts not yet taken, takers blocked
	final Map<Integer, ArrayDeque<int[]>> posted = new HashMap<>(); // {a, poster}
	final Map<Integer, ArrayDeque<Integer>> takers = new HashMap<>();
	// per mutex
	final IntList owner = new IntList();
	final List<List<Integer>> readers = new ArrayList<>();
	final List<List<Integer>> lockWaiters = new ArrayList<>();

	Replay(String file, TraceHeader header, boolean streaming, ReplaySink out) {
		this.out = out;
		this.file = file;
		this.header = header;
		this.streaming = streaming;
		List<String> priorities = header.priorities();
		for (int r = priorities.size() - 1; r >= 0; r--) {
			priorityRank.put(priorities.get(r), r);
		}
	}

	/** A new activation of thread {@code t} at its operation {@code op}. */
	int activation(int t, int op) {
		if (!streaming) {
			activator.add(t);
			activatorOp.add(op);
			acceptorOp.add(-1);
		}
		out.setActivation(t, op, activations);
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
		if (names.size() >= Recording.MAX_THREADS) {
			throw new TraceException(file, line, "more than " + Recording.MAX_THREADS + " threads");
		}
		int t = names.size();
		names.add(name);
		index.put(name, t);
		state.add(NEW);
		readySince.add(0L);
		work.add(0.0);
		lastCpu.add(0.0);
		ranks.add(priorityRank.getOrDefault(name, header.priorities().size()));
		holdings.thread(name);
		out.thread(name, ranks.get(t));
		waitingEvent.add(-1);
		waitOp.add(-1);
		mutexesHeld.add(0);
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

	/** Thread {@code t} is now in {@code s}; the sink learns when it blocks or stops being blocked. */
	private void state(int t, int s) {
		int was = state.get(t);
		state.set(t, s);
		if ((was == BLOCKED) != (s == BLOCKED)) {
			out.blocked(t, s == BLOCKED);
		}
		if (was == READY && s != READY) {
			readyQueue.remove(readyKey(t));
		} else if (s == READY && was != READY) {
			readyQueue.put(readyKey(t), t);
		}
	}

	void ready(int t) {
		if (state.get(t) == READY) {
			readyQueue.remove(readyKey(t));
			readySince.set(t, seq++);
			readyQueue.put(readyKey(t), t);
		} else {
			readySince.set(t, seq++);
			state(t, READY);
		}
		blockedAt.set(t, null);
	}

	/** Orders ready threads by rank (below 2^17: at most 2^16 priorities), then by how long they have been ready. */
	private long readyKey(int t) {
		return (long) rank(t) << 46 | readySince.get(t);
	}

	/** The thread the uni-processor runs: the highest priority, then the longest ready; −1 when none is ready. */
	int running() {
		Map.Entry<Long, Integer> first = readyQueue.firstEntry();
		return first == null ? -1 : first.getValue();
	}

	void event(TraceEvent e) throws TraceException {
		replay(e);
		holdings.check(file, e.line());
	}

	private void replay(TraceEvent e) throws TraceException {
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
		int st = state.get(t);
		if (st != READY) {
			if (st == NEW) {
				throw new TraceException(file, line, "thread " + name + " has not been created (no 'create " + name
						+ "' before this line)");
			}
			if (st == DONE) {
				throw new TraceException(file, line, "thread " + name + " has already exited");
			}
			throw new TraceException(file, line, "thread " + name + " is blocked (" + blockedOn(t) + ") at time "
					+ Numbers.format(e.time()));
		}
		double w;
		if (cpu) {
			// the work since its previous event is what its clock says; nothing else accrues to it
			double clock = e.cpu();
			double last = lastCpu.get(t);
			w = clock - last;
			if (w < 0) {
				throw new TraceException(file, line, "the CPU clock of " + name + " goes back from "
						+ Numbers.format(last) + " to " + Numbers.format(clock));
			}
			lastCpu.set(t, clock);
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
			w = work.get(t);
			work.set(t, 0.0);
		}
		switch (e.kind()) {
		case CREATE -> {
			if (index.containsKey(e.target()) && state.get(index.get(e.target())) != NEW) {
				throw new TraceException(file, line, "thread " + e.target() + " is created twice");
			}
			int u = thread(target(e), line);
			out.add(t, EventKind.CREATE, w, u, -1, line, e.at());
			ready(u);
		}
		case WAIT -> {
			int ev = event(object(e));
			int op = out.add(t, EventKind.WAIT, w, -1, ev, line, e.at());
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
				out.activateAccepted(match[1], match[3], op);
				ready(match[1]);
			} else {
				state(t, BLOCKED);
				waitingEvent.set(t, ev);
				waitOp.set(t, op);
				blockedAt.set(t, e);
			}
		}
		case ACTIVATE -> {
			int u = thread(target(e), line);
			int ev = event(object(e));
			int op = out.add(t, EventKind.ACTIVATE, w, u, ev, line, e.at());
			int a = activation(t, op);
			if (state.get(u) == BLOCKED && waitingEvent.get(u) == ev) {
				accept(a, u, waitOp.get(u), t);
				out.activateAccepted(t, op, waitOp.get(u));
				waitingEvent.set(u, -1);
				ready(u);
			} else {
				pending.get(u).add(new int[] { a, t, ev, op });
				state(t, BLOCKED);
				blockedAt.set(t, e);
			}
		}
		case POST -> {
			int ev = event(object(e));
			int op = out.add(t, EventKind.POST, w, -1, ev, line, e.at());
			int a = activation(t, op);
			ArrayDeque<Integer> blocked = takers.get(ev);
			if (blocked != null && !blocked.isEmpty()) {
				int u = blocked.poll();
				accept(a, u, waitOp.get(u), t);
				ready(u);
			} else {
				posted.computeIfAbsent(ev, k -> new ArrayDeque<>()).add(new int[] { a, t });
				holdings.posted();
			}
		}
		case TAKE -> {
			int ev = event(object(e));
			int op = out.add(t, EventKind.TAKE, w, -1, ev, line, e.at());
			ArrayDeque<int[]> signals = posted.get(ev);
			if (signals != null && !signals.isEmpty()) {
				int[] signal = signals.poll();
				holdings.taken();
				accept(signal[0], t, op, signal[1]);
			} else {
				takers.computeIfAbsent(ev, k -> new ArrayDeque<>()).add(t);
				waitOp.set(t, op);
				state(t, BLOCKED);
				blockedAt.set(t, e);
			}
		}
		case EXIT -> {
			out.add(t, EventKind.EXIT, w, -1, -1, line, e.at());
			for (int m = 0; mutexesHeld.get(t) > 0 && m < owner.size(); m++) {
				if (owner.get(m) == t || readers.get(m).contains(t)) {
					throw new TraceException(file, line, name + " exits holding mutex " + mutexNames.get(m));
				}
			}
			state(t, DONE);
			for (int j : joiners.get(t)) {
				ready(j);
			}
			joiners.get(t).clear();
		}
		case LOCK, RLOCK -> {
			int m = mutex(object(e));
			boolean shared = e.kind() == EventKind.RLOCK;
			out.add(t, e.kind(), w, m, -1, line, e.at());
			if (owner.get(m) == t || readers.get(m).contains(t)) {
				throw new TraceException(file, line, name + " locks " + e.object() + ", which it holds already");
			}
			if (owner.get(m) < 0 && (shared || readers.get(m).isEmpty())) {
				if (shared) {
					readers.get(m).add(t);
				} else {
					owner.set(m, t);
				}
				mutexesHeld.set(t, mutexesHeld.get(t) + 1);
			} else {
				lockWaiters.get(m).add(t);
				state(t, BLOCKED);
				blockedAt.set(t, e);
			}
		}
		case UNLOCK -> {
			int m = mutex(object(e));
			out.add(t, EventKind.UNLOCK, w, m, -1, line, e.at());
			if (owner.get(m) == t) {
				owner.set(m, -1);
			} else if (!readers.get(m).remove(Integer.valueOf(t))) {
				throw new TraceException(file, line, name + " unlocks " + e.object() + ", which it does not hold");
			}
			mutexesHeld.set(t, mutexesHeld.get(t) - 1);
			grant(m);
		}
		case IO, SLEEP -> {
			if (!cpu) {
				throw new TraceException(file, line, "'" + e.kind().keyword() + "' needs cpu= clocks on every "
						+ "event: without them the replayed schedule cannot tell what ran while " + name
						+ " was away");
			}
			int op = out.add(t, e.kind(), w, -1, -1, line, e.at());
			out.setOffProcessor(t, op, e.duration());
		}
		case JOIN -> {
			Integer u = index.get(e.target());
			if (u == null) {
				throw new TraceException(file, line, name + " joins " + e.target() + ", which was never created");
			}
			if (u == t) {
				throw new TraceException(file, line, name + " joins itself");
			}
			out.add(t, EventKind.JOIN, w, u, -1, line, e.at());
			if (state.get(u) != DONE) {
				joiners.get(u).add(t);
				state(t, BLOCKED);
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
		int known = eventNames.size();
		int id = intern(name, eventNames, eventIndex);
		if (id == known) {
			out.eventName(name);
			holdings.object(name);
		}
		cachedEventName[slot] = name;
		cachedEvent[slot] = id;
		return id;
	}

	int mutex(String name) {
		int slot = System.identityHashCode(name) & (CACHE - 1);
		if (cachedMutexName[slot] == name) {
			return cachedMutex[slot];
		}
		int known = mutexNames.size();
		int m = intern(name, mutexNames, mutexIndex);
		if (m == known) {
			out.mutexName(name);
			holdings.object(name);
		}
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
				mutexesHeld.set(next, mutexesHeld.get(next) + 1);
				ready(next);
			}
			return;
		}
		for (int x : List.copyOf(waiters)) {
			if (blockedAt.get(x).kind() == EventKind.RLOCK) {
				waiters.remove(Integer.valueOf(x));
				readers.get(m).add(x);
				mutexesHeld.set(x, mutexesHeld.get(x) + 1);
				ready(x);
			}
		}
	}

	void accept(int a, int target, int op, int by) {
		if (!streaming) {
			acceptorOp.set(a, op);
		}
		out.accepted(target, op, a, by);
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
				work.set(t, work.get(t) + out.removeLast(t));
				state(t, READY);
			}
		}
		for (int t = 0; t < names.size(); t++) {
			if (state.get(t) == READY) {
				out.add(t, EventKind.EXIT, work.get(t), -1, -1, 0, null);
				warnings.add(names.get(t) + " never exits; taken to exit at the end of the recording");
				state(t, DONE);
			}
		}
	}
}
