package org.perfcast.trace.tests;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.trace.EventKind;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.ThreadProgram;
import org.perfcast.trace.TraceSimulator.Options;

/**
 * The trace simulator as it was before it was split into scheduler, models and timeline recorder, and before it
 * could stream: one class, the whole recording in memory. The tests check that the simulator gives exactly its
 * results.
 */
final class ReferenceSimulator {

	private ReferenceSimulator() {
	}

	/** Simulates with the default options. */
	static Simulation simulate(Recording recording, TargetMachine machine, SimulationModel model) {
		return simulate(recording, machine, model, Options.DEFAULT, EngineMonitor.NULL);
	}

	/**
	 * Simulates; AUTO tries Direct, then Client-Server, then Strict Sequence, keeping the first that does not
	 * deadlock (section 7).
	 *
	 * @throws IllegalArgumentException if the machine binds a thread the recording does not have
	 */
	static Simulation simulate(Recording recording, TargetMachine machine, SimulationModel model,
			Options options, EngineMonitor monitor) {
		for (String thread : machine.binding().keySet()) {
			if (recording.thread(thread) < 0) {
				throw new IllegalArgumentException("the binding names thread " + thread + ", which the trace does not "
						+ "have (threads: " + String.join(", ", recording.threads()) + ")");
			}
		}
		if (model != SimulationModel.AUTO) {
			return new Run(recording, machine, model, options, monitor).run("");
		}
		Simulation direct = new Run(recording, machine, SimulationModel.DIRECT, options, monitor).run(
				"auto: the Direct model does not deadlock");
		if (!direct.deadlocked()) {
			return direct;
		}
		Simulation clientServer = new Run(recording, machine, SimulationModel.CLIENT_SERVER, options, monitor).run(
				"auto: Direct deadlocks (" + direct.deadlock() + "); Client-Server does not");
		if (!clientServer.deadlocked()) {
			return clientServer;
		}
		return new Run(recording, machine, SimulationModel.STRICT_SEQUENCE, options, monitor).run("auto: Direct "
				+ "deadlocks (" + direct.deadlock() + "), so does Client-Server (" + clientServer.deadlock()
				+ "); Strict Sequence never deadlocks on a deadlock-free recording");
	}

	/**
	 * The time of the recorded execution on one processor: Strict Sequence with every thread on processor 0, which
	 * replays the recording.
	 */
	static double oneProcessor(Recording recording, Options options, EngineMonitor monitor) {
		Simulation one = new Run(recording, TargetMachine.unbound(1), SimulationModel.STRICT_SEQUENCE,
				new Options(options.syncCost(), false), monitor).run("");
		return one.completion() == null ? Double.NaN : one.completion();
	}

	/** One simulation. */
	private static final class Run {
		private static final int NEW = 0;
		private static final int READY = 1;
		private static final int RUNNING = 2;
		private static final int BLOCKED = 3;
		private static final int DONE = 4;
		/** Off its processor for a time: in I/O or asleep. */
		private static final int AWAY = 5;
		// shown states besides the above
		private static final int SHOWN_IO = 6;
		private static final int SHOWN_SLEEP = 7;
		// what a blocked thread waits in
		private static final int WAIT = 0;
		private static final int ACTIVATE = 1;
		private static final int LOCK = 2;
		private static final int JOIN = 3;
		private static final int IDLE = 4;
		private static final int TAKE = 5;

		private final Recording rec;
		private final SimulationModel model;
		private final Options options;
		private final EngineMonitor monitor;
		private final int n;
		private final int processors;
		private final int[] status;
		private final int[] cursor;
		private final boolean[] atOp;
		private final double[] remaining;
		private final double[] extra;
		private final long[] readySeq;
		private final int[] cpu;
		private final int[] bound;
		private final int[] rank;
		private final int[] blockKind;
		private final int[] blockOp;
		private final double[] exit;
		private final int[] running;
		private final IntList[] pending;
		private final IntList[] joiners;
		private final int[] owner;
		private final IntList[] readers;
		private final IntList[] lockWaiters;
		private final java.util.PriorityQueue<Timer> timers = new java.util.PriorityQueue<>();
		private final java.util.Map<Long, double[]> acquired = new java.util.HashMap<>();
		private final List<Simulation.Hold> holds = new ArrayList<>();
		private final double[] sent;
		private final java.util.Map<Integer, IntList> posted = new java.util.HashMap<>();
		private final long[] blockedSince;
		// Client-Server lists
		private final int[][] listStart;
		private final boolean[][] listTaken;
		private final int[] listsLeft;
		// timelines
		private final boolean keep;
		private final List<List<Simulation.Interval>> intervals;
		private final int[] shownState;
		private final double[] shownSince;
		private final String[] shownDetail;
		private final long[] shownLine;
		private final String[] shownAt;
		private final int[] shownCpu;
		private final List<Simulation.Activation> activations = new ArrayList<>();
		private final List<List<Cause>> causes;
		private long causeSeq;
		private double now;
		private int lastBlocked = -1;
		private double lastBlockedAt;
		private long seq;
		private long events;
		private boolean dirty = true;
		private final int[] order;
		private final int[] place;
		private final int[] nextRunning;
		private final int[] canonical;
		/** Each thread's place in {@link #canonical}. */
		private final int[] canonicalPlace;
		/** The ready and running threads by priority, then by the time they became ready. */
		private final java.util.TreeSet<Integer> active;
		private final boolean[] inActive;

		private record Cause(double time, long seq, int from, String how) {
		}

		/** A thread away from its processor until {@code time}. */
		private record Timer(double time, long seq, int thread) implements Comparable<Timer> {
			@Override
			public int compareTo(Timer o) {
				return time != o.time ? Double.compare(time, o.time) : Long.compare(seq, o.seq);
			}
		}

		Run(Recording rec, TargetMachine machine, SimulationModel model, Options options, EngineMonitor monitor) {
			this.rec = rec;
			this.model = model;
			this.options = options;
			this.monitor = monitor;
			this.n = rec.threads().size();
			this.processors = machine.processors();
			status = new int[n];
			cursor = new int[n];
			atOp = new boolean[n];
			remaining = new double[n];
			extra = new double[n];
			readySeq = new long[n];
			cpu = new int[n];
			bound = new int[n];
			rank = new int[n];
			blockKind = new int[n];
			blockOp = new int[n];
			exit = new double[n];
			Arrays.fill(exit, Double.NaN);
			Arrays.fill(cpu, -1);
			running = new int[processors];
			Arrays.fill(running, -1);
			pending = new IntList[n];
			joiners = new IntList[n];
			for (int t = 0; t < n; t++) {
				pending[t] = new IntList();
				joiners[t] = new IntList();
				rank[t] = rec.rank(t);
				Integer b = machine.binding().get(rec.threads().get(t));
				bound[t] = b == null ? -1 : b;
			}
			int mutexes = 0;
			for (int t = 0; t < n; t++) {
				ThreadProgram p = rec.program(t);
				for (int i = 0; i < p.size(); i++) {
					if (p.kind(i) == EventKind.LOCK || p.kind(i) == EventKind.RLOCK || p.kind(i) == EventKind.UNLOCK) {
						mutexes = Math.max(mutexes, p.arg(i) + 1);
					}
				}
			}
			owner = new int[mutexes];
			Arrays.fill(owner, -1);
			lockWaiters = new IntList[mutexes];
			readers = new IntList[mutexes];
			for (int m = 0; m < mutexes; m++) {
				lockWaiters[m] = new IntList();
				readers[m] = new IntList();
			}
			sent = new double[rec.activations()];
			blockedSince = new long[n];
			listStart = new int[n][];
			listTaken = new boolean[n][];
			listsLeft = new int[n];
			if (model == SimulationModel.CLIENT_SERVER) {
				for (int t = 0; t < n; t++) {
					ThreadProgram p = rec.program(t);
					IntList starts = new IntList();
					starts.add(0);
					for (int i = 0; i < p.size(); i++) {
						if (p.kind(i) == EventKind.WAIT) {
							starts.add(i); // a list per wait; the start list before the first may be empty
						}
					}
					listStart[t] = new int[starts.size()];
					for (int k = 0; k < starts.size(); k++) {
						listStart[t][k] = starts.get(k);
					}
					listTaken[t] = new boolean[starts.size()];
				}
			}
			keep = options.timelines();
			intervals = new ArrayList<>(keep ? n : 0);
			causes = new ArrayList<>(keep ? n : 0);
			shownState = new int[n];
			shownSince = new double[n];
			shownDetail = new String[n];
			shownLine = new long[n];
			shownAt = new String[n];
			shownCpu = new int[n];
			if (keep) {
				for (int t = 0; t < n; t++) {
					intervals.add(new ArrayList<>());
					causes.add(new ArrayList<>());
				}
			}
			Arrays.fill(shownState, -1);
			order = new int[n];
			place = new int[n];
			nextRunning = new int[processors];
			canonical = java.util.stream.IntStream.range(0, n).boxed()
					.sorted((a, b) -> rank[a] != rank[b] ? Integer.compare(rank[a], rank[b]) : Integer.compare(a, b))
					.mapToInt(Integer::intValue).toArray();
			canonicalPlace = new int[n];
			for (int k = 0; k < n; k++) {
				canonicalPlace[canonical[k]] = k;
			}
			active = new java.util.TreeSet<>((a, b) -> rank[a] != rank[b] ? Integer.compare(rank[a], rank[b])
					: readySeq[a] != readySeq[b] ? Long.compare(readySeq[a], readySeq[b]) : Integer.compare(a, b));
			inActive = new boolean[n];
		}

		/** Thread {@code t} is no longer ready or running. */
		private void leaveActive(int t) {
			if (inActive[t]) {
				active.remove(t);
				inActive[t] = false;
			}
		}

		Simulation run(String choice) {
			create(0, -1);
			long iterations = 0;
			while (true) {
				settle();
				double dt = Double.POSITIVE_INFINITY;
				for (int p = 0; p < processors; p++) {
					if (running[p] >= 0) {
						dt = Math.min(dt, remaining[running[p]]);
					}
				}
				Timer timer = timers.peek();
				boolean timerFirst = timer != null && timer.time() - now <= dt;
				if (timerFirst) {
					dt = Math.max(0, timer.time() - now);
				}
				if (dt == Double.POSITIVE_INFINITY) {
					break;
				}
				now = timerFirst ? Math.max(now, timer.time()) : now + dt;
				for (int p = 0; p < processors; p++) {
					int t = running[p];
					if (t >= 0) {
						double r = remaining[t] - dt;
						remaining[t] = r <= 1e-12 * Math.max(1, Math.abs(now)) ? 0 : r;
					}
				}
				while (!timers.isEmpty() && timers.peek().time() <= now) {
					int t = timers.poll().thread();
					cursor[t]++;
					atOp[t] = false;
					ready(t);
				}
				if ((++iterations & 0xFFF) == 0) {
					monitor.checkCancelled();
				}
			}
			for (int t = 0; t < n; t++) {
				show(t, -1, null, -1, 0, null);
			}
			List<Simulation.ThreadTimeline> timelines = new ArrayList<>();
			if (keep) {
				for (int t = 0; t < n; t++) {
					timelines.add(new Simulation.ThreadTimeline(rec.threads().get(t), intervals.get(t), exit[t]));
				}
			}
			boolean done = true;
			for (int t = 0; t < n; t++) {
				done &= status[t] == DONE || status[t] == NEW;
			}
			Simulation.Deadlock deadlock = null;
			if (!done) {
				List<Simulation.Blocked> blocked = new ArrayList<>();
				for (int t = 0; t < n; t++) {
					if (status[t] == BLOCKED) {
						blocked.add(new Simulation.Blocked(rec.threads().get(t), describe(t)));
					}
				}
				deadlock = new Simulation.Deadlock(now, blocked);
			}
			List<Simulation.PathSegment> path = keep ? criticalPath(deadlock != null) : List.of();
			Simulation simulation = new Simulation(model, choice, deadlock == null ? now : null, deadlock, timelines,
					activations, path, events, holds);
			return keep ? new Simulation(model, choice, simulation.completion(), deadlock, timelines, activations, path,
					events, holds, null, ReferenceWaitingPoints.of(simulation)) : simulation;
		}

		/**
		 * Runs everything that takes no time at the current instant, threads in order of priority (then of
		 * appearance) whatever processors they run on, so that simultaneous operations meet in the same order.
		 */
		private void settle() {
			boolean changed = true;
			while (changed) {
				changed = false;
				assign();
				// a pass in canonical order over the threads that are running (the others have nothing to do now)
				for (int from = 0;;) {
					int t = nextDue(from);
					if (t < 0) {
						break;
					}
					while (status[t] == RUNNING && remaining[t] <= 0) {
						step(t);
						changed = true;
						assign();
					}
					from = canonicalPlace[t] + 1;
				}
			}
		}

		/** The running thread with no work left whose canonical place is {@code from} or later and least, or -1. */
		private int nextDue(int from) {
			int best = -1;
			for (int p = 0; p < processors; p++) {
				int t = running[p];
				if (t >= 0 && status[t] == RUNNING && remaining[t] <= 0 && canonicalPlace[t] >= from
						&& (best < 0 || canonicalPlace[t] < canonicalPlace[best])) {
					best = t;
				}
			}
			return best;
		}

		/** Gives each processor the highest-priority ready thread it may run. */
		private void assign() {
			if (!dirty) {
				return;
			}
			dirty = false;
			int[] next = nextRunning;
			Arrays.fill(next, -1);
			int free = processors;
			int count = 0;
			// the highest-priority ready threads until the processors are full; then the ones running now, which lose
			// their processor
			for (int t : active) {
				if (free == 0) {
					break;
				}
				order[count] = t;
				int k = count++;
				int p = -1;
				if (free == 0) {
					p = -1;
				} else if (bound[t] >= 0) {
					p = next[bound[t]] < 0 ? bound[t] : -1;
				} else if (cpu[t] >= 0 && next[cpu[t]] < 0) {
					p = cpu[t];
				} else {
					for (int q = 0; q < processors; q++) {
						if (next[q] < 0) {
							p = q;
							break;
						}
					}
				}
				place[k] = p;
				if (p >= 0) {
					next[p] = t;
					free--;
				}
			}
			for (int q = 0; q < processors; q++) {
				int t = running[q];
				if (t >= 0 && status[t] == RUNNING && next[cpu[t]] != t) {
					boolean placed = false;
					for (int k = 0; k < count && !placed; k++) {
						placed = order[k] == t;
					}
					if (!placed) {
						order[count] = t;
						place[count++] = -1;
					}
				}
			}
			for (int k = 0; k < count; k++) {
				int t = order[k];
				if (place[k] < 0 && status[t] == RUNNING) {
					status[t] = READY;
					cpu[t] = -1;
					show(t, READY, "ready (preempted)", -1, 0, null);
				}
			}
			for (int k = 0; k < count; k++) {
				int t = order[k];
				if (place[k] >= 0 && (status[t] != RUNNING || cpu[t] != place[k])) {
					status[t] = RUNNING;
					cpu[t] = place[k];
					showRunning(t);
				}
			}
			System.arraycopy(next, 0, running, 0, processors);
		}

		/** Does the next thing of running thread {@code t}: load its next work, or perform its next operation. */
		private void step(int t) {
			ThreadProgram p = rec.program(t);
			if (!atOp[t]) {
				remaining[t] = p.work(cursor[t]) + extra[t];
				extra[t] = 0;
				atOp[t] = true;
				return;
			}
			int i = cursor[t];
			events++;
			EventKind kind = p.kind(i);
			if (model == SimulationModel.CLIENT_SERVER && (kind == EventKind.WAIT || kind == EventKind.EXIT)) {
				listDone(t);
				return;
			}
			switch (kind) {
			case CREATE -> {
				proceed(t);
				create(p.arg(i), t);
			}
			case WAIT -> {
				int a = findPending(t, i);
				if (a >= 0) {
					accepted(a, t);
					proceed(t);
				} else {
					block(t, WAIT, i);
				}
			}
			case ACTIVATE -> {
				int a = p.activation(i);
				int u = p.arg(i);
				sent[a] = now;
				if (accepts(u, a)) {
					wake(u, a, t);
					arrow(a, t, u);
					extra[t] += options.syncCost();
					proceed(t);
				} else {
					pending[u].add(a);
					block(t, ACTIVATE, i);
				}
			}
			case POST -> {
				int a = p.activation(i);
				sent[a] = now;
				int taker = taker(a, p.event(i));
				if (taker >= 0) {
					arrow(a, t, taker);
					resume(taker, t, keep ? "took " + rec.eventName(p.event(i)) + " posted by " + rec.threads().get(t)
							: null);
				} else {
					posted.computeIfAbsent(p.event(i), k -> new IntList()).add(a);
				}
				proceed(t);
			}
			case TAKE -> {
				IntList signals = posted.get(p.event(i));
				int k = -1;
				for (int j = 0; signals != null && j < signals.size() && k < 0; j++) {
					if (model == SimulationModel.DIRECT || signals.get(j) == p.activation(i)) {
						k = j;
					}
				}
				if (k >= 0) {
					arrow(signals.get(k), rec.activator(signals.get(k)), t);
					remove(signals, k);
					proceed(t);
				} else {
					block(t, TAKE, i);
				}
			}
			case EXIT -> terminate(t);
			case LOCK, RLOCK -> {
				int m = p.arg(i);
				if (owner[m] < 0 && (kind == EventKind.RLOCK || readers[m].size() == 0)) {
					acquire(t, m, kind == EventKind.RLOCK, i);
					proceed(t);
				} else {
					lockWaiters[m].add(t);
					block(t, LOCK, i);
				}
			}
			case UNLOCK -> {
				int m = p.arg(i);
				if (owner[m] == t) {
					owner[m] = -1;
				} else {
					for (int k = 0; k < readers[m].size(); k++) {
						if (readers[m].get(k) == t) {
							remove(readers[m], k);
							break;
						}
					}
				}
				if (keep) {
					double[] since = acquired.remove(((long) t << 32) | m);
					if (since != null) {
						holds.add(new Simulation.Hold(rec.mutexName(m), t, since[0], now, p.at((int) since[1])));
					}
				}
				grant(m, t);
				proceed(t);
			}
			case IO, SLEEP -> away(t, i);
			case JOIN -> {
				int u = p.arg(i);
				if (status[u] == DONE) {
					proceed(t);
				} else {
					joiners[u].add(t);
					block(t, JOIN, i);
				}
			}
			}
		}

		/**
		 * The blocked taker that accepts signal {@code a} of {@code event}: under Direct the one blocked first, else
		 * the one whose take consumed it in the recording; -1 if none.
		 */
		private int taker(int a, int event) {
			int best = -1;
			for (int u = 0; u < n; u++) {
				if (status[u] == BLOCKED && blockKind[u] == TAKE && rec.program(u).event(blockOp[u]) == event
						&& (model == SimulationModel.DIRECT || rec.program(u).activation(blockOp[u]) == a)
						&& (best < 0 || blockedSince[u] < blockedSince[best])) {
					best = u;
				}
			}
			return best;
		}

		/** Thread {@code t} takes mutex {@code m}, alone or as one of its readers, in its operation {@code op}. */
		private void acquire(int t, int m, boolean shared, int op) {
			if (shared) {
				readers[m].add(t);
			} else {
				owner[m] = t;
			}
			if (keep) {
				acquired.put(((long) t << 32) | m, new double[] { now, op });
			}
		}

		/**
		 * Hands free mutex {@code m}, released by {@code by}, to its waiters: the highest-priority one (the first among
		 * equals) if it locks alone and no reader holds it, else every waiting reader.
		 */
		private void grant(int m, int by) {
			IntList waiters = lockWaiters[m];
			if (owner[m] >= 0 || waiters.size() == 0) {
				return;
			}
			int best = 0;
			for (int k = 1; k < waiters.size(); k++) {
				if (rank[waiters.get(k)] < rank[waiters.get(best)]) {
					best = k;
				}
			}
			String how = keep ? "got " + rec.mutexName(m) + " from " + rec.threads().get(by) : null;
			int next = waiters.get(best);
			if (rec.program(next).kind(blockOp[next]) == EventKind.LOCK) {
				if (readers[m].size() == 0) {
					remove(waiters, best);
					acquire(next, m, false, blockOp[next]);
					resume(next, by, how);
				}
				return;
			}
			for (int k = 0; k < waiters.size();) {
				int u = waiters.get(k);
				if (rec.program(u).kind(blockOp[u]) == EventKind.RLOCK) {
					remove(waiters, k);
					acquire(u, m, true, blockOp[u]);
					resume(u, by, how);
				} else {
					k++;
				}
			}
		}

		/** Thread {@code t} leaves its processor for the time its {@code io} or {@code sleep} at {@code op} says. */
		private void away(int t, int op) {
			ThreadProgram p = rec.program(t);
			leaveActive(t);
			status[t] = AWAY;
			if (cpu[t] >= 0) {
				running[cpu[t]] = -1;
			}
			cpu[t] = -1;
			dirty = true;
			timers.add(new Timer(now + p.offProcessor(op), seq++, t));
			if (keep) {
				show(t, p.kind(op) == EventKind.IO ? SHOWN_IO : SHOWN_SLEEP, (p.kind(op) == EventKind.IO ? "in I/O for "
						: "asleep for ") + Numbers.format(p.offProcessor(op)), -1, p.line(op), p.at(op));
			}
		}

		/** Moves {@code t} past its current operation. */
		private void proceed(int t) {
			cursor[t]++;
			atOp[t] = false;
			if (status[t] == RUNNING) {
				showRunning(t);
			}
		}

		private void create(int t, int by) {
			cursor[t] = 0;
			atOp[t] = false;
			if (model == SimulationModel.CLIENT_SERVER) {
				listTaken[t][0] = true;
				listsLeft[t] = listStart[t].length - 1;
			}
			ready(t);
			if (by >= 0) {
				cause(t, by, keep ? "created by " + rec.threads().get(by) : null);
			}
		}

		private void ready(int t) {
			leaveActive(t);
			status[t] = READY;
			readySeq[t] = seq++;
			active.add(t);
			inActive[t] = true;
			dirty = true;
			show(t, READY, "ready", -1, 0, null);
		}

		private void block(int t, int kind, int op) {
			leaveActive(t);
			status[t] = BLOCKED;
			blockedSince[t] = seq++;
			lastBlocked = t;
			lastBlockedAt = now;
			blockKind[t] = kind;
			blockOp[t] = op;
			if (cpu[t] >= 0) {
				running[cpu[t]] = -1;
			}
			cpu[t] = -1;
			dirty = true;
			ThreadProgram p = rec.program(t);
			if (keep) {
				show(t, BLOCKED, describe(t), -1, op >= 0 ? p.line(op) : 0, op >= 0 ? p.at(op) : null);
			}
		}

		/** Blocked thread {@code t} goes on: its blocking operation is done. */
		private void resume(int t, int by, String how) {
			if (blockKind[t] != IDLE) {
				cursor[t]++;
				atOp[t] = false;
			}
			ready(t);
			cause(t, by, how);
		}

		private void terminate(int t) {
			leaveActive(t);
			status[t] = DONE;
			exit[t] = now;
			if (cpu[t] >= 0) {
				running[cpu[t]] = -1;
			}
			cpu[t] = -1;
			dirty = true;
			show(t, -1, null, -1, 0, null);
			IntList waiting = joiners[t];
			for (int k = 0; k < waiting.size(); k++) {
				resume(waiting.get(k), t, keep ? "joined " + rec.threads().get(t) : null);
			}
		}

		/** Whether blocked thread {@code u} accepts activation {@code a} now. */
		private boolean accepts(int u, int a) {
			if (status[u] != BLOCKED) {
				return false;
			}
			ThreadProgram p = rec.program(u);
			return switch (model) {
			case DIRECT -> blockKind[u] == WAIT && p.event(blockOp[u]) == rec.program(rec.activator(a))
					.event(rec.activatorOp(a));
			case STRICT_SEQUENCE -> blockKind[u] == WAIT && p.activation(blockOp[u]) == a;
			case CLIENT_SERVER -> blockKind[u] == IDLE && listOf(u, a) >= 0;
			case AUTO -> throw new IllegalStateException();
			};
		}

		/** The untaken list of {@code u} that begins with the wait activation {@code a} satisfied, or -1. */
		private int listOf(int u, int a) {
			int op = rec.acceptorOp(a);
			if (op < 0 || rec.program(rec.activator(a)).arg(rec.activatorOp(a)) != u) {
				return -1;
			}
			int k = Arrays.binarySearch(listStart[u], 1, listStart[u].length, op);
			return k >= 1 && !listTaken[u][k] ? k : -1;
		}

		/** Target {@code u} accepts activation {@code a} of {@code by}, which goes on. */
		private void wake(int u, int a, int by) {
			extra[u] += options.syncCost();
			String how = keep ? "activated by " + rec.threads().get(by) + " with " + eventOf(a) : null;
			if (model == SimulationModel.CLIENT_SERVER) {
				startList(u, listOf(u, a));
				ready(u);
				cause(u, by, how);
			} else {
				resume(u, by, how);
			}
		}

		/** Waiting thread {@code t} accepts pending activation {@code a}: its activator goes on. */
		private void accepted(int a, int t) {
			int v = rec.activator(a);
			extra[t] += options.syncCost();
			extra[v] += options.syncCost();
			arrow(a, v, t);
			resume(v, t, keep ? "its activation of " + rec.threads().get(t) + " with " + eventOf(a) + " accepted" : null);
		}

		/** A pending activation of {@code t} its wait at {@code op} accepts, or -1; removed from the pending list. */
		private int findPending(int t, int op) {
			ThreadProgram p = rec.program(t);
			IntList list = pending[t];
			for (int k = 0; k < list.size(); k++) {
				int a = list.get(k);
				boolean ok = switch (model) {
				case DIRECT -> rec.program(rec.activator(a)).event(rec.activatorOp(a)) == p.event(op);
				case STRICT_SEQUENCE -> p.activation(op) == a;
				default -> false;
				};
				if (ok) {
					remove(list, k);
					return a;
				}
			}
			return -1;
		}

		/** Client-Server: {@code t} has finished a list. */
		private void listDone(int t) {
			if (listsLeft[t] == 0) {
				terminate(t);
				return;
			}
			IntList list = pending[t];
			for (int k = 0; k < list.size(); k++) {
				int a = list.get(k);
				int j = listOf(t, a);
				if (j >= 0) {
					remove(list, k);
					startList(t, j);
					int v = rec.activator(a);
					extra[v] += options.syncCost();
					extra[t] += options.syncCost();
					arrow(a, v, t);
					resume(v, t, keep ? "its activation of " + rec.threads().get(t) + " with " + eventOf(a) + " accepted" : null);
					if (status[t] == RUNNING) {
						showRunning(t);
					}
					return;
				}
			}
			block(t, IDLE, -1);
		}

		private void startList(int t, int j) {
			listTaken[t][j] = true;
			listsLeft[t]--;
			cursor[t] = listStart[t][j] + 1;
			atOp[t] = false;
		}

		private String eventOf(int a) {
			return rec.eventName(rec.program(rec.activator(a)).event(rec.activatorOp(a)));
		}

		private void arrow(int a, int from, int to) {
			if (keep) {
				activations.add(new Simulation.Activation(from, sent[a], to, now, eventOf(a)));
			}
		}

		private void cause(int t, int by, String how) {
			if (keep) {
				causes.get(t).add(new Cause(now, causeSeq++, by, how));
			}
		}

		private static void remove(IntList list, int k) {
			for (int i = k; i < list.size() - 1; i++) {
				list.set(i, list.get(i + 1));
			}
			list.truncate(list.size() - 1);
		}

		/** What blocked thread {@code t} waits for. */
		private String describe(int t) {
			ThreadProgram p = rec.program(t);
			int op = blockOp[t];
			return switch (blockKind[t]) {
			case WAIT -> {
				String event = rec.eventName(p.event(op));
				yield model == SimulationModel.STRICT_SEQUENCE && p.activation(op) >= 0
						? "waiting for " + event + " from " + rec.threads().get(rec.activator(p.activation(op)))
						: "waiting for " + event;
			}
			case ACTIVATE -> "activating " + rec.threads().get(p.arg(op)) + " with " + rec.eventName(p.event(op));
			case LOCK -> "locking " + rec.mutexName(p.arg(op)) + (p.kind(op) == EventKind.RLOCK ? " to read" : "")
					+ heldBy(p.arg(op));
			case JOIN -> "joining " + rec.threads().get(p.arg(op));
			case TAKE -> model == SimulationModel.DIRECT || p.activation(op) < 0 ? "taking " + rec.eventName(p.event(op))
					: "taking " + rec.eventName(p.event(op)) + " posted by " + rec.threads().get(rec.activator(p.activation(op)));
			default -> {
				// the first three lists not taken, in the thread's order
				List<String> from = new ArrayList<>();
				for (int k = 1; k < listStart[t].length; k++) {
					int a = p.activation(listStart[t][k]);
					if (!listTaken[t][k] && a >= 0) {
						from.add(rec.eventName(p.event(listStart[t][k])) + " from " + rec.threads().get(rec.activator(a)));
					}
				}
				yield "between lists, waiting for " + String.join(" or ", from.subList(0, Math.min(3, from.size())))
						+ (from.size() > 3 ? " or a later list" : "");
			}
			};
		}

		/** ", held by T" for the holder of mutex {@code m}, or its readers; "" when free. */
		private String heldBy(int m) {
			if (owner[m] >= 0) {
				return ", held by " + rec.threads().get(owner[m]);
			}
			List<String> names = new ArrayList<>();
			for (int k = 0; k < readers[m].size(); k++) {
				names.add(rec.threads().get(readers[m].get(k)));
			}
			return names.isEmpty() ? "" : ", read by " + String.join(", ", names);
		}

		private void showRunning(int t) {
			if (!keep) {
				return;
			}
			ThreadProgram p = rec.program(t);
			int i = Math.min(cursor[t], p.size() - 1);
			show(t, RUNNING, "on CPU " + cpu[t], cpu[t], p.line(i), p.at(i));
		}

		/** Records that thread {@code t} is now in {@code state} (-1: gone), closing its previous interval. */
		private void show(int t, int state, String detail, int processor, long line, String at) {
			if (!keep) {
				return;
			}
			if (shownState[t] >= 0 && now > shownSince[t]) {
				Simulation.State s = switch (shownState[t]) {
				case RUNNING -> Simulation.State.RUNNING;
				case READY -> Simulation.State.READY;
				case SHOWN_IO -> Simulation.State.IO;
				case SHOWN_SLEEP -> Simulation.State.SLEEPING;
				default -> Simulation.State.BLOCKED;
				};
				intervals.get(t).add(new Simulation.Interval(s, shownSince[t], now, shownCpu[t], shownDetail[t],
						shownLine[t], shownAt[t]));
			}
			shownState[t] = state;
			shownSince[t] = now;
			shownDetail[t] = detail;
			shownCpu[t] = processor;
			shownLine[t] = line;
			shownAt[t] = at;
		}

		/** The chain of causes back from the thread that finishes last, or on deadlock the one that blocked last. */
		private List<Simulation.PathSegment> criticalPath(boolean deadlocked) {
			int t = deadlocked ? lastBlocked : 0;
			double end = deadlocked ? lastBlockedAt : exit[0];
			for (int u = 0; !deadlocked && u < n; u++) {
				if (exit[u] > end || Double.isNaN(end)) {
					end = exit[u];
					t = u;
				}
			}
			if (t < 0) {
				return List.of();
			}
			List<Simulation.PathSegment> path = new ArrayList<>();
			long limit = Long.MAX_VALUE;
			while (true) {
				Cause found = null;
				for (Cause c : causes.get(t)) {
					if (c.time() <= end && c.seq() < limit && (found == null || c.seq() > found.seq())) {
						found = c;
					}
				}
				if (found == null) {
					path.add(new Simulation.PathSegment(rec.threads().get(t), 0, end, ""));
					break;
				}
				path.add(new Simulation.PathSegment(rec.threads().get(t), found.time(), end, found.how()));
				t = found.from();
				end = found.time();
				limit = found.seq();
			}
			java.util.Collections.reverse(path);
			return path;
		}

		@Override
		public String toString() {
			return model.id() + " at " + Numbers.format(now);
		}
	}

	/** A growable list of ints. */
	private static final class IntList {
		private int[] values = new int[16];
		private int size;

		void add(int v) {
			if (size == values.length) {
				values = Arrays.copyOf(values, size * 2);
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
