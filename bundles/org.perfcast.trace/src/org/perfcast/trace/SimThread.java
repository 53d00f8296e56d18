package org.perfcast.trace;

import org.eclipse.jdt.annotation.Nullable;

/** A thread as the simulation runs it: where it is in its list, its state, and the queue it waits in. */
final class SimThread {

	/** Where a thread is in its life. */
	enum Status {
		NEW, READY, RUNNING, BLOCKED, DONE,
		/** Off its processor for a time: in I/O or asleep. */
		AWAY
	}

	/** What a blocked thread waits in. */
	enum Block {
		WAIT, ACTIVATE, LOCK, JOIN,
		/** Client-Server: between two lists. */
		IDLE, TAKE
	}

	final int index;
	final String name;
	final int rank;
	/** The processor it is bound to, or -1. */
	final int bound;
	final ThreadProgram program;
	/** Its place in the canonical order: by priority, then by appearance. */
	final long canonical;
	/** The activators blocked on it, in the order they activated. */
	final ThreadQueue pending = new ThreadQueue();
	/** The threads blocked joining it. */
	final ThreadQueue joiners = new ThreadQueue();

	Status status = Status.NEW;
	int cursor;
	/** Operations before this one are known to be complete and readable (see {@link ThreadLists#available}). */
	int available;
	/**
	 * The first operation the model still needs besides the current one: Client-Server may run lists from here on
	 * later; the others need none behind the cursor.
	 */
	int needed = Integer.MAX_VALUE;
	/** Whether the work before operation {@link #cursor} is loaded (or done): the operation is next. */
	boolean atOp;
	double remaining;
	/** Synchronisation cost to add to the next work. */
	double extra;
	long readySeq;
	int cpu = -1;
	@Nullable Block block;
	int blockOp;
	long blockedSince;
	double exit = Double.NaN;
	/** When its current activation was sent. */
	double sent;

	// the one queue a blocked thread is in
	@Nullable SimThread next;
	@Nullable SimThread prev;
	@Nullable ThreadQueue queue;
	// the scheduler's list of ready and running threads
	@Nullable SimThread activeNext;
	@Nullable SimThread activePrev;
	boolean active;
	/** The scheduler's last assignment that considered it. */
	long considered;
	/** Its timeline, when timelines are kept. */
	TimelineRecorder.@Nullable Track track;

	SimThread(int index, String name, int rank, int bound, ThreadProgram program) {
		this.index = index;
		this.name = name;
		this.rank = rank;
		this.bound = bound;
		this.program = program;
		this.canonical = ((long) rank << 32) | index;
	}

	@Override
	public String toString() {
		return name + " " + status;
	}

	/** Threads in first-in first-out order, linked through the threads themselves (each is in one queue at most). */
	static final class ThreadQueue {
		@Nullable SimThread head;
		@Nullable SimThread tail;
		int size;

		void add(SimThread t) {
			SimThread last = tail;
			t.queue = this;
			t.prev = last;
			t.next = null;
			if (last == null) {
				head = t;
			} else {
				last.next = t;
			}
			tail = t;
			size++;
		}

		void remove(SimThread t) {
			SimThread before = t.prev;
			SimThread after = t.next;
			if (before == null) {
				head = after;
			} else {
				before.next = after;
			}
			if (after == null) {
				tail = before;
			} else {
				after.prev = before;
			}
			t.next = null;
			t.prev = null;
			t.queue = null;
			size--;
		}

		@Nullable
		SimThread poll() {
			SimThread t = head;
			if (t != null) {
				remove(t);
			}
			return t;
		}

		boolean isEmpty() {
			return head == null;
		}
	}
}
