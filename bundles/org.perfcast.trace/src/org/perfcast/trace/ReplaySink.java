package org.perfcast.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.trace.Recording.IntList;

/**
 * Where a {@link Replay} puts what it makes: the threads in order of appearance, the names of events and mutexes,
 * each thread's operations, and whether a thread is blocked in its last operation (which is then not complete: a
 * wait does not know its activation before the replay unblocks it). Operation indices count from a thread's first
 * operation; the replay only ever changes a thread's last operation after adding it.
 */
interface ReplaySink {

	/** A new thread, the next index, with its priority rank. */
	void thread(String name, int rank);

	/** A new event name, the next index. */
	void eventName(String name);

	/** A new mutex name, the next index. */
	void mutexName(String name);

	/**
	 * Appends an operation to thread {@code t}'s list (see {@link ThreadProgram}).
	 *
	 * @return its index in the list
	 */
	int add(int t, EventKind kind, double work, int arg, int event, long line, @Nullable String at);

	/** Operation {@code op} of {@code t}, an activate or post, is activation {@code a}. */
	void setActivation(int t, int op, int a);

	/** Operation {@code op} of {@code t}, an io or sleep, keeps it off its processor for {@code d}. */
	void setOffProcessor(int t, int op, double d);

	/** Operation {@code op} of {@code t}, a wait or take, accepted activation {@code a} of thread {@code by}. */
	void accepted(int t, int op, int a, int by);

	/** Operation {@code op} of {@code t}, an activate, was accepted by operation {@code by} of its target. */
	void activateAccepted(int t, int op, int by);

	/**
	 * Drops the last operation of {@code t} (a blocking one that never completed).
	 *
	 * @return the work done before it
	 */
	double removeLast(int t);

	/** Thread {@code t} is now blocked in its last operation, or no longer. */
	void blocked(int t, boolean blocked);

	/** The lists themselves, as a simulation reads them. */
	final class Lists implements ReplaySink {
		final List<String> names = new ArrayList<>();
		final IntList ranks = new IntList();
		final List<ThreadProgram> programs = new ArrayList<>();
		final List<String> eventNames = new ArrayList<>();
		final List<String> mutexNames = new ArrayList<>();
		private boolean[] blocked = new boolean[16];

		/** How many operations of {@code t} are complete. */
		int complete(int t) {
			return programs.get(t).size() - (blocked[t] ? 1 : 0);
		}

		@Override
		public void thread(String name, int rank) {
			names.add(name);
			ranks.add(rank);
			programs.add(new ThreadProgram());
			if (names.size() > blocked.length) {
				blocked = Arrays.copyOf(blocked, 2 * blocked.length);
			}
		}

		@Override
		public void eventName(String name) {
			eventNames.add(name);
		}

		@Override
		public void mutexName(String name) {
			mutexNames.add(name);
		}

		@Override
		public int add(int t, EventKind kind, double work, int arg, int event, long line, @Nullable String at) {
			return programs.get(t).add(kind, work, arg, event, line, at);
		}

		@Override
		public void setActivation(int t, int op, int a) {
			programs.get(t).setActivation(op, a);
		}

		@Override
		public void setOffProcessor(int t, int op, double d) {
			programs.get(t).setOffProcessor(op, d);
		}

		@Override
		public void accepted(int t, int op, int a, int by) {
			programs.get(t).accepted(op, a, by);
		}

		@Override
		public void activateAccepted(int t, int op, int by) {
			programs.get(t).acceptedBy(op, by);
		}

		@Override
		public double removeLast(int t) {
			return programs.get(t).removeLast();
		}

		@Override
		public void blocked(int t, boolean b) {
			blocked[t] = b;
		}
	}
}
