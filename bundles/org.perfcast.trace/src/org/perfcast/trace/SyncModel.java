package org.perfcast.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.trace.SimThread.Block;
import org.perfcast.trace.SimThread.Status;

/**
 * How a simulation model pairs activations with waits and signals with takes (section 4): Direct pairs by event,
 * Strict Sequence as the recording did, Client-Server runs each list that follows a wait when its activation comes.
 */
abstract class SyncModel {

	/** A posted signal waiting for a take. */
	record Signal(int activation, SimThread poster, double sent, int event) {
	}

	final SimulationModel id;
	final SimulationRun run;

	SyncModel(SimulationModel id, SimulationRun run) {
		this.id = id;
		this.run = run;
	}

	/** The policy of {@code model} (not AUTO) in {@code run}, which it may use only once constructed. */
	static SyncModel of(SimulationModel model, SimulationRun run) {
		return switch (model) {
		case DIRECT -> new Direct(run);
		case STRICT_SEQUENCE -> new StrictSequence(run);
		case CLIENT_SERVER -> new ClientServer(run);
		case AUTO -> throw new IllegalArgumentException("AUTO is a choice among the models, not a model");
		};
	}

	/** Thread {@code t} starts its list. */
	void created(SimThread t) {
	}

	/** Whether {@code t} reaching {@code kind} ends a list (Client-Server's waits and exits). */
	boolean endsList(EventKind kind) {
		return false;
	}

	/** Client-Server: {@code t} has finished a list. */
	void listDone(SimThread t) {
		throw new IllegalStateException();
	}

	/** The activator blocked on {@code t} whose activation {@code t}'s wait at {@code op} accepts, or null; dequeued. */
	abstract @Nullable SimThread pending(SimThread t, int op);

	/** Whether blocked thread {@code u} accepts the activation of {@code v}'s operation {@code op} now. */
	abstract boolean accepts(SimThread u, SimThread v, int op);

	/** Blocked thread {@code u} accepts the activation of {@code by}, which goes on. */
	void wake(SimThread u, SimThread by, @Nullable String how) {
		run.resume(u, by, how);
	}

	/** The posted signal that the take of {@code t} at {@code op} consumes, or null; removed. */
	abstract @Nullable Signal take(SimThread t, int op);

	/** Signal {@code s} waits for a take. */
	abstract void post(Signal s);

	/** The blocked taker that accepts signal {@code a} of {@code event}, or null; dequeued. */
	abstract @Nullable SimThread taker(int a, int event);

	/** {@code t} blocks in its take at {@code op}. */
	abstract void blockTake(SimThread t, int op);

	/** "waiting for E": what a thread blocked in its wait at {@code op} waits for. */
	String waitingFor(SimThread t, int op) {
		return "waiting for " + run.lists.eventName(t.program.event(op));
	}

	/** "taking S": what a thread blocked in its take at {@code op} waits for. */
	String taking(SimThread t, int op) {
		ThreadProgram p = t.program;
		return p.activation(op) < 0 ? "taking " + run.lists.eventName(p.event(op))
				: "taking " + run.lists.eventName(p.event(op)) + " posted by " + run.lists.threadName(p.peer(op));
	}

	/** What {@code t}, blocked between lists, waits for. */
	String idle(SimThread t) {
		throw new IllegalStateException();
	}

	/** Direct: an activation goes to any wait for its event, a signal to the taker that blocked first. */
	static final class Direct extends SyncModel {
		private final Map<Integer, ArrayDeque<Signal>> posted = new HashMap<>();
		private final Map<Integer, SimThread.ThreadQueue> takers = new HashMap<>();

		Direct(SimulationRun run) {
			super(SimulationModel.DIRECT, run);
		}

		@Override
		@Nullable
		SimThread pending(SimThread t, int op) {
			int event = t.program.event(op);
			for (SimThread v = t.pending.head; v != null; v = v.next) {
				if (v.program.event(v.blockOp) == event) {
					t.pending.remove(v);
					return v;
				}
			}
			return null;
		}

		@Override
		boolean accepts(SimThread u, SimThread v, int op) {
			return u.status == Status.BLOCKED && u.block == Block.WAIT
					&& u.program.event(u.blockOp) == v.program.event(op);
		}

		@Override
		@Nullable
		Signal take(SimThread t, int op) {
			ArrayDeque<Signal> signals = posted.get(t.program.event(op));
			return signals == null ? null : signals.poll();
		}

		@Override
		void post(Signal s) {
			posted.computeIfAbsent(s.event(), k -> new ArrayDeque<>()).add(s);
		}

		@Override
		@Nullable
		SimThread taker(int a, int event) {
			SimThread.ThreadQueue queue = takers.get(event);
			return queue == null ? null : queue.poll();
		}

		@Override
		void blockTake(SimThread t, int op) {
			takers.computeIfAbsent(t.program.event(op), k -> new SimThread.ThreadQueue()).add(t);
		}

		@Override
		String taking(SimThread t, int op) {
			return "taking " + run.lists.eventName(t.program.event(op));
		}
	}

	/** Signals go to the takes that consumed them in the recording. */
	abstract static class Recorded extends SyncModel {
		private final Map<Integer, Signal> posted = new HashMap<>();
		private final Map<Integer, SimThread> takers = new HashMap<>();

		Recorded(SimulationModel id, SimulationRun run) {
			super(id, run);
		}

		@Override
		@Nullable
		Signal take(SimThread t, int op) {
			return posted.remove(t.program.activation(op));
		}

		@Override
		void post(Signal s) {
			posted.put(s.activation(), s);
		}

		@Override
		@Nullable
		SimThread taker(int a, int event) {
			return takers.remove(a);
		}

		@Override
		void blockTake(SimThread t, int op) {
			takers.put(t.program.activation(op), t);
		}
	}

	/** Strict Sequence: every wait accepts the activation it accepted in the recording. */
	static final class StrictSequence extends Recorded {
		StrictSequence(SimulationRun run) {
			super(SimulationModel.STRICT_SEQUENCE, run);
		}

		@Override
		@Nullable
		SimThread pending(SimThread t, int op) {
			int a = t.program.activation(op);
			SimThread v = a < 0 ? null : run.existing(t.program.peer(op));
			if (v != null && v.queue == t.pending && v.block == Block.ACTIVATE && v.program.activation(v.blockOp) == a) {
				t.pending.remove(v);
				return v;
			}
			return null;
		}

		@Override
		boolean accepts(SimThread u, SimThread v, int op) {
			return u.status == Status.BLOCKED && u.block == Block.WAIT
					&& u.program.activation(u.blockOp) == v.program.activation(op);
		}

		@Override
		String waitingFor(SimThread t, int op) {
			ThreadProgram p = t.program;
			return p.activation(op) >= 0 ? super.waitingFor(t, op) + " from " + run.lists.threadName(p.peer(op))
					: super.waitingFor(t, op);
		}
	}

	/**
	 * Client-Server: a thread's list is cut at each wait; the list after a wait runs when the activation the wait
	 * accepted in the recording comes, in whatever order; between lists the thread is idle, and it is done once every
	 * list has run. A list is named by its first operation (0, or a wait). Lists are taken mostly in order, so per
	 * thread this keeps where the lists not taken yet begin ({@link Taken#next}) and the few taken beyond it; the
	 * thread's operations from there on are still needed ({@link SimThread#needed}), the others may go.
	 */
	static final class ClientServer extends Recorded {
		/** The most lists that the description of an idle thread names. */
		private static final int NAMED = 3;
		private final List<@Nullable Taken> taken = new ArrayList<>();

		/** The lists of one thread taken so far. */
		private static final class Taken {
			/** Every wait before this operation began a list that was taken. */
			int next;
			/** The waits from {@link #next} on whose lists were taken. */
			final Set<Integer> later = new HashSet<>();
		}

		ClientServer(SimulationRun run) {
			super(SimulationModel.CLIENT_SERVER, run);
		}

		private Taken taken(SimThread t) {
			Taken k = t.index < taken.size() ? taken.get(t.index) : null;
			if (k == null) {
				throw new IllegalStateException(t.name + " has not started");
			}
			return k;
		}

		@Override
		void created(SimThread t) {
			while (taken.size() <= t.index) {
				taken.add(null);
			}
			taken.set(t.index, new Taken()); // its first list, from operation 0, starts now
			t.needed = 0;
		}

		@Override
		boolean endsList(EventKind kind) {
			return kind == EventKind.WAIT || kind == EventKind.EXIT;
		}

		@Override
		@Nullable
		SimThread pending(SimThread t, int op) {
			return null;
		}

		@Override
		boolean accepts(SimThread u, SimThread v, int op) {
			return u.status == Status.BLOCKED && u.block == Block.IDLE && listOf(u, v, op) >= 0;
		}

		@Override
		void wake(SimThread u, SimThread by, @Nullable String how) {
			startList(u, listOf(u, by, by.cursor));
			run.ready(u);
			run.recorder.cause(u, by, how, run.now);
		}

		@Override
		void listDone(SimThread t) {
			if (!listsLeft(t)) {
				run.terminate(t);
				return;
			}
			for (SimThread v = t.pending.head; v != null; v = v.next) {
				int j = listOf(t, v, v.blockOp);
				if (j >= 0) {
					t.pending.remove(v);
					startList(t, j);
					run.accepted(v, t);
					if (t.status == Status.RUNNING) {
						run.showRunning(t);
					}
					return;
				}
			}
			run.block(t, Block.IDLE, -1);
		}

		/**
		 * Whether {@code t} has a list not taken yet; moves {@link Taken#next} past the lists taken, up to the first
		 * that is not (each operation is passed once).
		 */
		private boolean listsLeft(SimThread t) {
			Taken k = taken(t);
			ThreadProgram p = t.program;
			for (;; k.next++) {
				if (!run.lists.has(t.index, k.next) || p.kind(k.next) == EventKind.EXIT) {
					t.needed = k.next;
					return false;
				}
				if (p.kind(k.next) == EventKind.WAIT && !k.later.remove(k.next)) {
					t.needed = k.next;
					return true;
				}
			}
		}

		/**
		 * The list of {@code u}, not taken yet, that begins with the wait that accepted, in the recording, the
		 * activation of {@code v}'s operation {@code op}; or -1.
		 */
		private int listOf(SimThread u, SimThread v, int op) {
			ThreadProgram q = v.program;
			if (q.arg(op) != u.index) {
				return -1;
			}
			int wait = q.acceptor(op);
			Taken k = taken(u);
			return wait >= k.next && !k.later.contains(wait) ? wait : -1;
		}

		private void startList(SimThread t, int wait) {
			taken(t).later.add(wait);
			t.cursor = wait + 1;
			t.available = 0;
			t.atOp = false;
		}

		/**
		 * "between lists, waiting for X from P1 or Y from P2": the activations that the first {@value #NAMED} lists
		 * not taken yet wait for (in the order of the thread's operations), and "or a later list" if there are more.
		 */
		@Override
		String idle(SimThread t) {
			Taken k = taken(t);
			ThreadProgram p = t.program;
			List<String> from = new ArrayList<>();
			boolean more = false;
			for (int i = k.next; run.lists.has(t.index, i) && p.kind(i) != EventKind.EXIT; i++) {
				if (p.kind(i) == EventKind.WAIT && p.activation(i) >= 0 && !k.later.contains(i)) {
					if (from.size() == NAMED) {
						more = true;
						break;
					}
					from.add(run.lists.eventName(p.event(i)) + " from " + run.lists.threadName(p.peer(i)));
				}
			}
			return "between lists, waiting for " + String.join(" or ", from) + (more ? " or a later list" : "");
		}
	}
}
