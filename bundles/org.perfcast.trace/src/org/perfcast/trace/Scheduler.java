package org.perfcast.trace;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The processors of the target machine: on each the highest-priority ready thread it may run (a bound thread
 * only on its processor), preemptively; threads of equal priority first come, first served.
 */
final class Scheduler {

	/** Told when a thread loses or gets a processor. */
	interface Listener {
		void preempted(SimThread t);

		void dispatched(SimThread t);
	}

	final int processors;
	/** The thread on each processor, or null. */
	private SimThread[] running;
	/** The assignment being made; it becomes {@link #running} when made. */
	private SimThread[] next;
	private final Listener listener;
	/** The ready and running threads by priority, then by the time they became ready. */
	private @Nullable SimThread head;
	private @Nullable SimThread tail;
	private SimThread[] order = new SimThread[16];
	private int[] place = new int[16];
	private int active;
	private boolean dirty = true;
	/** The number of the current assignment, marking the threads it has considered. */
	private long passes;

	Scheduler(int processors, Listener listener) {
		this.processors = processors;
		this.running = new SimThread[processors];
		this.next = new SimThread[processors];
		this.listener = listener;
	}

	/** {@code t}, just made ready with the latest ready number, joins the ready threads. */
	void ready(SimThread t) {
		leave(t);
		SimThread after = tail;
		while (after != null && after.rank > t.rank) {
			after = after.activePrev;
		}
		SimThread following = after == null ? head : after.activeNext;
		t.activePrev = after;
		t.activeNext = following;
		if (following == null) {
			tail = t;
		} else {
			following.activePrev = t;
		}
		if (after == null) {
			head = t;
		} else {
			after.activeNext = t;
		}
		t.active = true;
		if (++active + processors > order.length) {
			order = Arrays.copyOf(order, 2 * (active + processors));
			place = Arrays.copyOf(place, order.length);
		}
		dirty = true;
	}

	/** {@code t} is no longer ready or running: it leaves its processor. */
	void leave(SimThread t) {
		if (t.active) {
			SimThread before = t.activePrev;
			SimThread after = t.activeNext;
			if (before == null) {
				head = after;
			} else {
				before.activeNext = after;
			}
			if (after == null) {
				tail = before;
			} else {
				after.activePrev = before;
			}
			t.activeNext = null;
			t.activePrev = null;
			t.active = false;
			active--;
		}
		if (t.cpu >= 0) {
			running[t.cpu] = null;
		}
		t.cpu = -1;
		dirty = true;
	}

	/** Gives each processor the highest-priority ready thread it may run. */
	void assign() {
		if (!dirty) {
			return;
		}
		dirty = false;
		long pass = ++passes;
		for (int q = 0; q < processors; q++) {
			next[q] = null;
		}
		int free = processors;
		int count = 0;
		// the highest-priority ready threads until the processors are full; then the ones running now, which lose
		// their processor
		for (SimThread t = head; t != null && free > 0; t = t.activeNext) {
			t.considered = pass;
			order[count] = t;
			int k = count++;
			int p = -1;
			if (t.bound >= 0) {
				p = next[t.bound] == null ? t.bound : -1;
			} else if (t.cpu >= 0 && next[t.cpu] == null) {
				p = t.cpu;
			} else {
				for (int q = 0; q < processors; q++) {
					if (next[q] == null) {
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
			SimThread t = running[q];
			if (t != null && t.status == SimThread.Status.RUNNING && next[t.cpu] != t && t.considered != pass) {
				order[count] = t;
				place[count++] = -1;
			}
		}
		for (int k = 0; k < count; k++) {
			SimThread t = order[k];
			if (place[k] < 0 && t.status == SimThread.Status.RUNNING) {
				t.status = SimThread.Status.READY;
				t.cpu = -1;
				listener.preempted(t);
			}
		}
		for (int k = 0; k < count; k++) {
			SimThread t = order[k];
			if (place[k] >= 0 && (t.status != SimThread.Status.RUNNING || t.cpu != place[k])) {
				t.status = SimThread.Status.RUNNING;
				t.cpu = place[k];
				listener.dispatched(t);
			}
		}
		SimThread[] made = next;
		next = running;
		running = made;
	}

	/**
	 * The running thread with no work left that comes first in the canonical order at or after {@code from}, or
	 * null.
	 */
	@Nullable
	SimThread nextDue(long from) {
		SimThread best = null;
		for (int p = 0; p < processors; p++) {
			SimThread t = running[p];
			if (t != null && t.status == SimThread.Status.RUNNING && t.remaining <= 0 && t.canonical >= from
					&& (best == null || t.canonical < best.canonical)) {
				best = t;
			}
		}
		return best;
	}

	/** The least work left of a running thread; infinite when none runs. */
	double shortest() {
		double dt = Double.POSITIVE_INFINITY;
		for (int p = 0; p < processors; p++) {
			if (running[p] != null) {
				dt = Math.min(dt, running[p].remaining);
			}
		}
		return dt;
	}

	/** The running threads work for {@code dt}, reaching {@code now}. */
	void advance(double dt, double now) {
		for (int p = 0; p < processors; p++) {
			SimThread t = running[p];
			if (t != null) {
				double r = t.remaining - dt;
				t.remaining = r <= 1e-12 * Math.max(1, Math.abs(now)) ? 0 : r;
			}
		}
	}
}
