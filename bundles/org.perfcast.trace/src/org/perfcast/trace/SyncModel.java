package org.perfcast.trace;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

	/**
	 * The policy of {@code model} (not AUTO) in {@code run}, which it may use only once constructed; Client-Server
	 * needs the whole recording.
	 */
	static SyncModel of(SimulationModel model, @Nullable Recording recording, SimulationRun run) {
		return switch (model) {
		case DIRECT -> new Direct(run);
		case STRICT_SEQUENCE -> new StrictSequence(run);
		case CLIENT_SERVER -> {
			if (recording == null) {
				throw new IllegalArgumentException("Client-Server needs the whole recording");
			}
			yield new ClientServer(recording, run);
		}
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
	 * accepted in the recording comes, in whatever order; between lists the thread is idle.
	 */
	static final class ClientServer extends Recorded {
		private final Recording rec;
		private int[][] listStart;
		private boolean[][] listTaken;
		private int[] listsLeft;

		ClientServer(Recording rec, SimulationRun run) {
			super(SimulationModel.CLIENT_SERVER, run);
			this.rec = rec;
			int n = rec.threads().size();
			listStart = new int[n][];
			listTaken = new boolean[n][];
			listsLeft = new int[n];
			for (int t = 0; t < n; t++) {
				ThreadProgram p = rec.program(t);
				Recording.IntList starts = new Recording.IntList();
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

		@Override
		void created(SimThread t) {
			listTaken[t.index][0] = true;
			listsLeft[t.index] = listStart[t.index].length - 1;
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
			return u.status == Status.BLOCKED && u.block == Block.IDLE && listOf(u, v.program.activation(op)) >= 0;
		}

		@Override
		void wake(SimThread u, SimThread by, @Nullable String how) {
			startList(u, listOf(u, by.program.activation(by.cursor)));
			run.ready(u);
			run.recorder.cause(u, by, how, run.now);
		}

		@Override
		void listDone(SimThread t) {
			if (listsLeft[t.index] == 0) {
				run.terminate(t);
				return;
			}
			for (SimThread v = t.pending.head; v != null; v = v.next) {
				int j = listOf(t, v.program.activation(v.blockOp));
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

		/** The untaken list of {@code u} that begins with the wait activation {@code a} satisfied, or -1. */
		private int listOf(SimThread u, int a) {
			int op = rec.acceptorOp(a);
			if (op < 0 || rec.program(rec.activator(a)).arg(rec.activatorOp(a)) != u.index) {
				return -1;
			}
			int[] starts = listStart[u.index];
			int k = Arrays.binarySearch(starts, 1, starts.length, op);
			return k >= 1 && !listTaken[u.index][k] ? k : -1;
		}

		private void startList(SimThread t, int j) {
			listTaken[t.index][j] = true;
			listsLeft[t.index]--;
			t.cursor = listStart[t.index][j] + 1;
			t.available = 0;
			t.atOp = false;
		}

		@Override
		String idle(SimThread t) {
			ThreadProgram p = t.program;
			List<String> from = new java.util.ArrayList<>();
			for (int k = 1; k < listStart[t.index].length; k++) {
				int a = p.activation(listStart[t.index][k]);
				if (!listTaken[t.index][k] && a >= 0) {
					from.add(rec.eventName(p.event(listStart[t.index][k])) + " from " + rec.threads().get(rec.activator(a)));
				}
			}
			return "between lists, waiting for " + String.join(" or ", from);
		}
	}
}
