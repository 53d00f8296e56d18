package org.perfcast.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

import org.eclipse.jdt.annotation.NonNull;
import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.trace.SimThread.Block;
import org.perfcast.trace.SimThread.Status;

/**
 * One simulation: a discrete-event loop that runs the threads' lists on the {@link Scheduler}'s processors,
 * pairing synchronisations as the {@link SyncModel} says and telling the {@link TimelineRecorder} what happened.
 * It reads each list only at the operation the thread is at, so a streamed recording is replayed only as far as
 * the simulation has got.
 */
final class SimulationRun implements Scheduler.Listener {

	final ThreadLists lists;
	final TimelineRecorder recorder;
	private final SyncModel model;
	private final TargetMachine machine;
	private final TraceSimulator.Options options;
	private final EngineMonitor monitor;
	private final Scheduler scheduler;
	private final List<SimThread> threads = new ArrayList<>();
	private final PriorityQueue<Timer> timers = new PriorityQueue<>();
	private final List<Mutex> mutexes = new ArrayList<>();
	double now;
	private @Nullable SimThread lastBlocked;
	private double lastBlockedAt;
	private long seq;
	private long events;
	/** Whether a thread with nothing left to do got a processor during the current pass of {@link #settle()}. */
	private boolean dueDispatched;

	/** A thread away from its processor until {@code time}. */
	private record Timer(double time, long seq, SimThread thread) implements Comparable<@NonNull Timer> {
		@Override
		public int compareTo(Timer o) {
			return time != o.time ? Double.compare(time, o.time) : Long.compare(seq, o.seq);
		}
	}

	/** A mutex: its holder or readers, and the threads blocked locking it. */
	private static final class Mutex {
		@Nullable SimThread owner;
		final List<SimThread> readers = new ArrayList<>(2);
		final SimThread.ThreadQueue waiters = new SimThread.ThreadQueue();
	}

	/** A run of {@code lists} under {@code model}. */
	SimulationRun(ThreadLists lists, TargetMachine machine, SimulationModel model,
			TraceSimulator.Options options, EngineMonitor monitor) {
		this.lists = lists;
		this.machine = machine;
		this.options = options;
		this.monitor = monitor;
		this.recorder = new TimelineRecorder(options.timelines(), options.detail());
		this.scheduler = new Scheduler(machine.processors(), this);
		this.model = SyncModel.of(model, this);
	}

	/** Thread {@code u}, made known to the simulation with every thread before it. */
	SimThread thread(int u) {
		while (threads.size() <= u) {
			int t = threads.size();
			String name = lists.threadName(t);
			Integer b = machine.binding().get(name);
			SimThread s = new SimThread(t, name, lists.rank(t), b == null ? -1 : b, lists.program(t));
			recorder.track(s);
			threads.add(s);
		}
		return threads.get(u);
	}

	/** Thread {@code u} if the simulation knows it, else null. */
	@Nullable
	SimThread existing(int u) {
		return u >= 0 && u < threads.size() ? threads.get(u) : null;
	}

	private Mutex mutex(int m) {
		while (mutexes.size() <= m) {
			mutexes.add(new Mutex());
		}
		return mutexes.get(m);
	}

	Simulation run(String choice) {
		create(thread(0), null);
		long iterations = 0;
		while (true) {
			settle();
			double dt = scheduler.shortest();
			Timer timer = timers.peek();
			boolean timerFirst = false;
			double timerTime = 0;
			if (timer != null && timer.time() - now <= dt) {
				timerFirst = true;
				timerTime = timer.time();
				dt = Math.max(0, timerTime - now);
			}
			if (dt == Double.POSITIVE_INFINITY) {
				break;
			}
			now = timerFirst ? Math.max(now, timerTime) : now + dt;
			scheduler.advance(dt, now);
			while (!timers.isEmpty() && timers.peek().time() <= now) {
				SimThread t = timers.poll().thread();
				passed(t);
				ready(t);
			}
			if ((++iterations & 0xFFF) == 0) {
				monitor.checkCancelled();
			}
		}
		// what the blocked threads wait for, from their operations, before the rest of the trace is read past them
		List<Simulation.Blocked> blocked = new ArrayList<>();
		for (SimThread t : threads) {
			if (t.status == Status.BLOCKED) {
				blocked.add(new Simulation.Blocked(t.name, describe(t)));
			}
		}
		lists.readToEnd();
		thread(lists.threadCount() - 1);
		for (SimThread t : threads) {
			recorder.show(t, null, "", -1, 0, null, now);
		}
		boolean done = true;
		for (SimThread t : threads) {
			done &= t.status == Status.DONE || t.status == Status.NEW;
		}
		Simulation.Deadlock deadlock = done ? null : new Simulation.Deadlock(now, blocked);
		List<Simulation.PathSegment> path = criticalPath(deadlock != null);
		java.util.Map<String, String> names = names();
		WaitingPoints waits = recorder.waitingPoints(threads, now);
		return new Simulation(model.id, choice, deadlock == null ? now : null, deadlock, recorder.timelines(threads),
				recorder.activations(), path, events, recorder.holds(), recorder.summary(threads, now),
				waits == null ? null : waits.named(names), names);
	}

	/** The names the trace gives the simulation's threads; names of threads it never met are left out. */
	private java.util.Map<String, String> names() {
		java.util.Map<String, String> given = lists.names().last();
		java.util.Map<String, String> names = new java.util.LinkedHashMap<>();
		if (!given.isEmpty()) {
			for (SimThread t : threads) {
				String name = given.get(t.name);
				if (name != null) {
					names.put(t.name, name);
				}
			}
		}
		return names;
	}

	/** The names of the threads the simulation met. */
	List<String> threadNames() {
		return threads.stream().map(t -> t.name).toList();
	}

	/**
	 * Runs everything that takes no time at the current instant, threads in order of priority (then of
	 * appearance) whatever processors they run on, so that simultaneous operations meet in the same order.
	 */
	private void settle() {
		boolean again = true;
		while (again) {
			scheduler.assign();
			dueDispatched = false;
			// a pass in canonical order over the threads that are running (the others have nothing to do now)
			for (long from = Long.MIN_VALUE;;) {
				SimThread t = scheduler.nextDue(from);
				if (t == null) {
					break;
				}
				while (t.status == Status.RUNNING && t.remaining <= 0) {
					step(t);
					scheduler.assign();
				}
				from = t.canonical + 1;
			}
			// only a thread given a processor with nothing left to do can be due before where the pass ended
			again = dueDispatched;
		}
	}

	@Override
	public void preempted(SimThread t) {
		recorder.show(t, Simulation.State.READY, "ready (preempted)", -1, 0, null, now);
	}

	@Override
	public void dispatched(SimThread t) {
		dueDispatched |= t.remaining <= 0;
		showRunning(t);
	}

	/** Does the next thing of running thread {@code t}: load its next work, or perform its next operation. */
	private void step(SimThread t) {
		ThreadProgram p = t.program;
		if (t.cursor >= t.available) {
			t.available = lists.available(t.index, t.cursor, Math.min(t.cursor, t.needed));
			if (t.cursor >= t.available) {
				throw new IllegalStateException(t.name + " has no operation " + t.cursor);
			}
		}
		if (!t.atOp) {
			t.remaining = p.work(t.cursor) + t.extra;
			t.extra = 0;
			t.atOp = true;
			return;
		}
		int i = t.cursor;
		events++;
		EventKind kind = p.kind(i);
		if (recorder.on) {
			recorder.operation(t, p.at(i), kind == EventKind.CREATE ? thread(p.arg(i)) : null);
		}
		if (model.endsList(kind)) {
			model.listDone(t);
			return;
		}
		switch (kind) {
		case CREATE -> {
			SimThread created = thread(p.arg(i)); // before proceed: a stream may drop the operation once passed
			proceed(t);
			create(created, t);
		}
		case WAIT -> {
			SimThread v = model.pending(t, i);
			if (v != null) {
				accepted(v, t);
				proceed(t);
			} else {
				block(t, Block.WAIT, i);
			}
		}
		case ACTIVATE -> {
			SimThread u = thread(p.arg(i));
			t.sent = now;
			if (model.accepts(u, t, i)) {
				u.extra += options.syncCost();
				model.wake(u, t, recorder.on ? "activated by " + t.name + " with " + lists.eventName(p.event(i)) : null);
				recorder.arrow(t, now, u, now, recorder.on ? lists.eventName(p.event(i)) : null);
				t.extra += options.syncCost();
				proceed(t);
			} else {
				u.pending.add(t);
				block(t, Block.ACTIVATE, i);
			}
		}
		case POST -> {
			int a = p.activation(i);
			int event = p.event(i);
			SimThread taker = model.taker(a, event);
			if (taker != null) {
				recorder.arrow(t, now, taker, now, recorder.on ? lists.eventName(event) : null);
				resume(taker, t, recorder.on ? "took " + lists.eventName(event) + " posted by " + t.name : null);
			} else {
				model.post(new SyncModel.Signal(a, t, now, event));
			}
			proceed(t);
		}
		case TAKE -> {
			SyncModel.Signal s = model.take(t, i);
			if (s != null) {
				recorder.arrow(s.poster(), s.sent(), t, now, recorder.on ? lists.eventName(s.event()) : null);
				proceed(t);
			} else {
				model.blockTake(t, i);
				block(t, Block.TAKE, i);
			}
		}
		case EXIT -> terminate(t);
		case LOCK, RLOCK -> {
			int m = p.arg(i);
			Mutex x = mutex(m);
			if (x.owner == null && (kind == EventKind.RLOCK || x.readers.isEmpty())) {
				acquire(t, m, kind == EventKind.RLOCK, i);
				proceed(t);
			} else {
				x.waiters.add(t);
				block(t, Block.LOCK, i);
			}
		}
		case UNLOCK -> {
			int m = p.arg(i);
			Mutex x = mutex(m);
			if (x.owner == t) {
				x.owner = null;
			} else {
				x.readers.remove(t);
			}
			recorder.released(t, m, recorder.on ? lists.mutexName(m) : null, now);
			grant(m, t);
			proceed(t);
		}
		case IO, SLEEP -> away(t, i);
		case JOIN -> {
			SimThread u = thread(p.arg(i));
			if (u.status == Status.DONE) {
				proceed(t);
			} else {
				u.joiners.add(t);
				block(t, Block.JOIN, i);
			}
		}
		}
	}

	/** Thread {@code t} takes mutex {@code m}, alone or as one of its readers, in its operation {@code op}. */
	private void acquire(SimThread t, int m, boolean shared, int op) {
		Mutex x = mutex(m);
		if (shared) {
			x.readers.add(t);
		} else {
			x.owner = t;
		}
		recorder.acquired(t, m, now, recorder.on ? t.program.at(op) : null);
	}

	/**
	 * Hands free mutex {@code m}, released by {@code by}, to its waiters: the highest-priority one (the first among
	 * equals) if it locks alone and no reader holds it, else every waiting reader.
	 */
	private void grant(int m, SimThread by) {
		Mutex x = mutex(m);
		SimThread next = x.waiters.head;
		if (x.owner != null || next == null) {
			return;
		}
		for (SimThread u = next.next; u != null && next.rank > 0; u = u.next) {
			if (u.rank < next.rank) {
				next = u;
			}
		}
		String how = recorder.on ? "got " + lists.mutexName(m) + " from " + by.name : null;
		if (next.program.kind(next.blockOp) == EventKind.LOCK) {
			if (x.readers.isEmpty()) {
				x.waiters.remove(next);
				acquire(next, m, false, next.blockOp);
				resume(next, by, how);
			}
			return;
		}
		for (SimThread u = x.waiters.head; u != null;) {
			SimThread after = u.next;
			if (u.program.kind(u.blockOp) == EventKind.RLOCK) {
				x.waiters.remove(u);
				acquire(u, m, true, u.blockOp);
				resume(u, by, how);
			}
			u = after;
		}
	}

	/** Thread {@code t} leaves its processor for the time its {@code io} or {@code sleep} at {@code op} says. */
	private void away(SimThread t, int op) {
		ThreadProgram p = t.program;
		scheduler.leave(t);
		t.status = Status.AWAY;
		timers.add(new Timer(now + p.offProcessor(op), seq++, t));
		if (recorder.on) {
			boolean io = p.kind(op) == EventKind.IO;
			recorder.show(t, io ? Simulation.State.IO : Simulation.State.SLEEPING, (io ? "in I/O for " : "asleep for ")
					+ Numbers.format(p.offProcessor(op)), -1, p.line(op), p.at(op), now);
		}
	}

	/** Moves {@code t} past its current operation. */
	private void proceed(SimThread t) {
		passed(t);
		if (t.status == Status.RUNNING) {
			showRunning(t);
		}
	}

	/** {@code t} is past its current operation: the lists may drop it. */
	private void passed(SimThread t) {
		t.cursor++;
		t.atOp = false;
	}

	private void create(SimThread t, @Nullable SimThread by) {
		t.cursor = 0;
		t.available = 0;
		t.atOp = false;
		model.created(t);
		ready(t);
		if (by != null) {
			recorder.cause(t, by, recorder.on ? "created by " + by.name : null, now);
		}
	}

	void ready(SimThread t) {
		t.status = Status.READY;
		t.readySeq = seq++;
		scheduler.ready(t);
		recorder.show(t, Simulation.State.READY, "ready", -1, 0, null, now);
	}

	void block(SimThread t, Block kind, int op) {
		scheduler.leave(t);
		t.status = Status.BLOCKED;
		t.blockedSince = seq++;
		lastBlocked = t;
		lastBlockedAt = now;
		t.block = kind;
		t.blockOp = op;
		if (recorder.on) {
			ThreadProgram p = t.program;
			recorder.show(t, Simulation.State.BLOCKED, describe(t), -1, op >= 0 ? p.line(op) : 0, op >= 0 ? p.at(op)
					: null, now);
		}
	}

	/** Blocked thread {@code t} goes on: its blocking operation is done. */
	void resume(SimThread t, SimThread by, @Nullable String how) {
		if (t.block != Block.IDLE) {
			passed(t);
		}
		ready(t);
		recorder.cause(t, by, how, now);
	}

	void terminate(SimThread t) {
		scheduler.leave(t);
		t.status = Status.DONE;
		t.exit = now;
		lists.finished(t.index);
		recorder.show(t, null, "", -1, 0, null, now);
		for (SimThread u = t.joiners.poll(); u != null; u = t.joiners.poll()) {
			resume(u, t, recorder.on ? "joined " + t.name : null);
		}
	}

	/** Waiting thread {@code t} accepts the pending activation of {@code v}, which goes on. */
	void accepted(SimThread v, SimThread t) {
		t.extra += options.syncCost();
		v.extra += options.syncCost();
		String event = recorder.on ? lists.eventName(v.program.event(v.blockOp)) : null;
		recorder.arrow(v, v.sent, t, now, event);
		resume(v, t, recorder.on ? "its activation of " + t.name + " with " + event + " accepted" : null);
	}

	/** What blocked thread {@code t} waits for. */
	private String describe(SimThread t) {
		ThreadProgram p = t.program;
		int op = t.blockOp;
		Block block = t.block;
		if (block == null) {
			throw new IllegalStateException(t.name + " is not blocked");
		}
		return switch (block) {
		case WAIT -> model.waitingFor(t, op);
		case ACTIVATE -> "activating " + lists.threadName(p.arg(op)) + " with " + lists.eventName(p.event(op));
		case LOCK -> "locking " + lists.mutexName(p.arg(op)) + (p.kind(op) == EventKind.RLOCK ? " to read" : "")
				+ heldBy(p.arg(op));
		case JOIN -> "joining " + lists.threadName(p.arg(op));
		case TAKE -> model.taking(t, op);
		case IDLE -> model.idle(t);
		};
	}

	/** ", held by T" for the holder of mutex {@code m}, or its readers; "" when free. */
	private String heldBy(int m) {
		Mutex x = mutex(m);
		SimThread owner = x.owner;
		if (owner != null) {
			return ", held by " + owner.name;
		}
		List<String> names = x.readers.stream().map(r -> r.name).toList();
		return names.isEmpty() ? "" : ", read by " + String.join(", ", names);
	}

	void showRunning(SimThread t) {
		if (!recorder.on) {
			return;
		}
		ThreadProgram p = t.program;
		int i = lists.has(t.index, t.cursor) ? t.cursor : p.size() - 1;
		recorder.show(t, Simulation.State.RUNNING, "on CPU " + t.cpu, t.cpu, p.line(i), p.at(i), now);
	}

	/** The chain of causes back from the thread that finishes last, or on deadlock the one that blocked last. */
	private List<Simulation.PathSegment> criticalPath(boolean deadlocked) {
		SimThread t = deadlocked ? lastBlocked : threads.get(0);
		double end = deadlocked ? lastBlockedAt : threads.get(0).exit;
		for (int u = 0; !deadlocked && u < threads.size(); u++) {
			if (threads.get(u).exit > end || Double.isNaN(end)) {
				end = threads.get(u).exit;
				t = threads.get(u);
			}
		}
		return recorder.criticalPath(t, end);
	}

	@Override
	public String toString() {
		return model.id.id() + " at " + Numbers.format(now);
	}
}
