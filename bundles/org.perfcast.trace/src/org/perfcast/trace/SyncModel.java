package org.perfcast.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
	 * list has run. A list is named by its first operation (0, or a wait). Per thread this keeps where the lists not
	 * run yet begin ({@link Ran#next}) and, beyond that, the runs of consecutive lists that have run, merged; the
	 * thread's operations from {@code next} on are still needed ({@link SimThread#needed}), the others may go.
	 */
	static final class ClientServer extends Recorded {
		/** The most lists that the description of an idle thread names. */
		private static final int NAMED = 3;
		private final List<@Nullable Ran> ran = new ArrayList<>();

		/** The lists of one thread that have run or run now. */
		private static final class Ran {
			/** Every list that begins before this operation has run; it is a wait not taken yet, or the exit. */
			int next;
			/** The first operation of the list running now, or -1 between lists. */
			int current;
			/** Beyond {@link #next}: from the first operation of a run of lists that have run to the one after it. */
			final TreeMap<Integer, Integer> runs = new TreeMap<>();
			/** For lists not run yet that a description named: the first operation after the list (a wait or exit). */
			final Map<Integer, Integer> endOf = new HashMap<>();

			boolean taken(int list) {
				if (list < next || list == current) {
					return true;
				}
				Map.Entry<Integer, Integer> run = runs.floorEntry(list);
				return run != null && list < run.getValue();
			}

			/** The list from {@code first} to {@code end} (excluded) has run. */
			void done(int first, int end) {
				int from = first;
				int to = end;
				Map.Entry<Integer, Integer> before = runs.floorEntry(first);
				if (before != null && before.getValue() == first) {
					from = before.getKey();
					runs.remove(from);
				}
				Integer after = runs.remove(end);
				if (after != null) {
					to = after;
				}
				if (from == next) {
					next = to;
				} else {
					runs.put(from, to);
				}
			}
		}

		ClientServer(SimulationRun run) {
			super(SimulationModel.CLIENT_SERVER, run);
		}

		private Ran ran(SimThread t) {
			Ran k = t.index < ran.size() ? ran.get(t.index) : null;
			if (k == null) {
				throw new IllegalStateException(t.name + " has not started");
			}
			return k;
		}

		@Override
		void created(SimThread t) {
			while (ran.size() <= t.index) {
				ran.add(null);
			}
			Ran k = new Ran(); // its first list, from operation 0, starts now
			ran.set(t.index, k);
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
			Ran k = ran(t);
			k.done(k.current, t.cursor); // it ends where the next list begins, or at the exit
			k.current = -1;
			t.needed = k.next;
			if (!run.lists.has(t.index, k.next) || t.program.kind(k.next) == EventKind.EXIT) {
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
		 * The list of {@code u}, not taken yet, that begins with the wait that accepted, in the recording, the
		 * activation of {@code v}'s operation {@code op}; or -1.
		 */
		private int listOf(SimThread u, SimThread v, int op) {
			ThreadProgram q = v.program;
			if (q.arg(op) != u.index) {
				return -1;
			}
			int wait = q.acceptor(op);
			return wait >= 0 && !ran(u).taken(wait) ? wait : -1;
		}

		private void startList(SimThread t, int wait) {
			Ran k = ran(t);
			k.current = wait;
			k.endOf.remove(wait);
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
			Ran k = ran(t);
			k.endOf.keySet().removeIf(list -> list < k.next);
			ThreadProgram p = t.program;
			List<String> from = new ArrayList<>();
			boolean more = false;
			int i = k.next;
			while (run.lists.has(t.index, i) && p.kind(i) != EventKind.EXIT) {
				Integer runEnd = k.runs.get(i);
				if (runEnd != null) {
					i = runEnd;
					continue;
				}
				if (p.activation(i) >= 0 && i != k.current) {
					if (from.size() == NAMED) {
						more = true;
						break;
					}
					from.add(run.lists.eventName(p.event(i)) + " from " + run.lists.threadName(p.peer(i)));
				}
				i = endOf(t, k, i);
			}
			return "between lists, waiting for " + String.join(" or ", from) + (more ? " or a later list" : "");
		}

		/** The operation after the list of {@code t} that begins at {@code list}: the next wait, or the exit. */
		private int endOf(SimThread t, Ran k, int list) {
			Integer known = k.endOf.get(list);
			if (known != null) {
				return known;
			}
			ThreadProgram p = t.program;
			int j = list + 1;
			while (run.lists.has(t.index, j) && p.kind(j) != EventKind.WAIT && p.kind(j) != EventKind.EXIT) {
				j++;
			}
			k.endOf.put(list, j);
			return j;
		}
	}
}
