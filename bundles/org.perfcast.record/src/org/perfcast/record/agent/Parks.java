package org.perfcast.record.agent;

import java.util.IdentityHashMap;
import java.util.Map;

import org.perfcast.record.agent.Hooks.Actor;

/**
 * {@code LockSupport.park} and {@code unpark} as synchronisation, which is what AbstractQueuedSynchronizer,
 * FutureTask, CompletableFuture, ForkJoinPool, thread pools and third-party futures block with: {@link JdkClasses}
 * makes LockSupport call these hooks. Each Java thread has a permit signal {@code P<n>}: an unpark posts it and
 * the park it releases takes it, so that a park is released by the unpark that woke it. The permit's rules are
 * kept: an unpark before a park posts at once and the park takes without blocking; a second unpark of a permit
 * not yet taken posts nothing; a park that returns without an unpark (spuriously, on an interrupt) takes nothing,
 * and one that returns for its timeout is a sleep. A take is only written for a post that was, so the trace
 * replays under every model.
 * <p>
 * One level per operation: parks inside a hook that records the operation itself (a lock, a condition, a
 * semaphore, a queue, a latch, a barrier, a join; see {@link Callers}) are not recorded, nor are unparks made
 * there, unless the thread they wake is in a recorded park; the recorder's own lock is left alone. These hooks wait
 * for the recorder's lock only so long ({@link RecorderLock#lockForParks()}): a hook that holds it may be waiting
 * for a lock of the program that the unpark here hands over; the event is then left out, which keeps the trace
 * whole (a take only follows a post that was written).
 * <p>
 * Runs in the recorded program's JVM, any Java from 11 up: Java 11's language and API only.
 */
public final class Parks {

	/** How the thread's current park is recorded. */
	private static final int NONE = 0;
	private static final int RECORDED = 1;
	private static final int LEFT_OUT = 2;

	/** A Java thread's permit as the trace knows it; under {@link Hooks#LOCK}. */
	private static final class Permit {
		int mode;
		/** In a recorded park, not yet posted. */
		boolean parked;
		boolean posted;
		/** A post not yet taken: the next park takes it. */
		boolean available;
		/** The current park took the available post. */
		boolean consumed;
		long wall;
		long cpu;
		long nanos;
		long deadline;
		int site;
	}

	private static final Map<Thread, Permit> PERMITS = new IdentityHashMap<>();
	private static final RecorderLock LOCK = (RecorderLock) Hooks.LOCK;

	private Parks() {
	}

	/** At the start of {@code LockSupport.park()}. */
	public static void park() {
		parking(0, 0);
	}

	/** At the start of {@code LockSupport.parkNanos(nanos)}: nothing if it returns at once (nanos not positive). */
	public static void parkNanos(long nanos) {
		if (nanos > 0) {
			parking(nanos, 0);
		}
	}

	/** At the start of {@code LockSupport.parkUntil(deadline)}. */
	public static void parkUntil(long deadline) {
		parking(0, deadline);
	}

	private static boolean own(Thread t) {
		return Hooks.LOCK.isHeldByCurrentThread() || Hooks.LOCK.hasQueuedThread(t);
	}

	private static void parking(long nanos, long deadline) {
		Thread me = Thread.currentThread();
		if (!Hooks.recording() || own(me)) {
			return;
		}
		int site = Callers.site();
		if (!LOCK.lockForParks()) {
			return;
		}
		try {
			Permit p = permit(me);
			if (site == Callers.RECORDED || Hooks.current().unrecorded) {
				p.mode = LEFT_OUT;
				p.available = false; // the park consumes the permit, if there is one
				return;
			}
			p.mode = RECORDED;
			p.site = site;
			p.nanos = nanos;
			p.deadline = deadline;
			if (nanos > 0 || deadline != 0) {
				p.wall = System.nanoTime();
				p.cpu = Hooks.cpuClock();
			}
			if (p.available) {
				p.available = false;
				p.consumed = true;
			} else {
				p.parked = true;
				p.posted = false;
			}
		} finally {
			Hooks.LOCK.unlock();
		}
	}

	/** Before {@code LockSupport.park*} returns: take if an unpark released it, a sleep if it timed out. */
	public static void parked() {
		Thread me = Thread.currentThread();
		if (!Hooks.recording() || own(me)) {
			return;
		}
		if (!LOCK.lockForParks()) {
			return;
		}
		try {
			Permit p = PERMITS.get(me);
			if (p == null || p.mode == NONE) {
				return;
			}
			if (p.mode == LEFT_OUT) {
				p.mode = NONE;
				p.available = false;
				return;
			}
			p.mode = NONE;
			boolean take = p.consumed || p.posted;
			p.consumed = false;
			p.parked = false;
			p.posted = false;
			Actor actor = Hooks.current();
			if (take) {
				Hooks.record(actor, "take " + Hooks.name(me, "P"), p.site);
			} else if (p.nanos > 0 && System.nanoTime() - p.wall >= p.nanos
					|| p.deadline != 0 && System.currentTimeMillis() >= p.deadline) {
				Hooks.offProcessor(actor, "sleep", p.wall, p.cpu, p.site);
			}
		} finally {
			Hooks.LOCK.unlock();
		}
	}

	/** At the start of {@code LockSupport.unpark(t)}: post t's permit, if the park it releases is recorded. */
	public static void unpark(Thread t) {
		if (t == Thread.currentThread() && RecorderLock.restoring()) {
			return;
		}
		if (t == null || !t.isAlive() || !Hooks.recording() || own(t)
				|| Hooks.LOCK.hasQueuedThread(Thread.currentThread())) {
			// an unpark of a thread not started, or ended, does nothing
			return;
		}
		int site = Callers.site();
		if (!LOCK.lockForParks()) {
			return;
		}
		try {
			Permit p = permit(t);
			Actor actor = Hooks.current();
			if (actor.unrecorded) {
				return;
			}
			if (p.mode == LEFT_OUT) {
				return; // it releases a park left out: its hook's own event stands for both
			}
			if (p.mode == RECORDED && p.parked && !p.posted) {
				p.posted = true;
			} else if (site != Callers.RECORDED && !p.available) {
				p.available = true;
			} else {
				return;
			}
			Hooks.record(actor, "post " + Hooks.name(t, "P"), site == Callers.RECORDED ? -1 : site);
		} finally {
			Hooks.LOCK.unlock();
		}
	}

	/** Forgets the permit of thread {@code t}, which has ended; under LOCK. */
	static void forget(Thread t) {
		PERMITS.remove(t);
	}

	private static Permit permit(Thread t) {
		Permit p = PERMITS.get(t);
		if (p == null) {
			p = new Permit();
			PERMITS.put(t, p);
		}
		return p;
	}
}
