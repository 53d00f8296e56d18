package org.perfcast.record.agent;

import static org.perfcast.record.agent.Hooks.*;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

import org.perfcast.record.agent.Hooks.Actor;

/**
 * The hooks of locks (see {@link Hooks}): monitors and their wait and notify, {@link java.util.concurrent.locks.Lock}s
 * and their {@link java.util.concurrent.locks.Condition}s.
 * <p>
 * This class runs in the recorded program's JVM, any Java from 11 up: it must use only Java 11's language and API.
 */
public final class LockHooks {

	private LockHooks() {
	}

	/** After {@code monitorenter} or entering a synchronized method: lock. */
	public static void locked(Object monitor, int site) {
		holding(monitor, "M", true, site);
	}

	/** Before {@code monitorexit} or returning from a synchronized method: unlock. */
	public static void unlocking(Object monitor, int site) {
		holding(monitor, "M", false, site);
	}

	/** {@code o.wait()}. */
	public static void wait(Object o, int site) throws InterruptedException {
		int held = beforeWait(o, o, "M", site);
		try {
			o.wait();
		} finally {
			afterWait(o, o, "M", held, site, false, 0, -1);
		}
	}

	/** {@code o.wait(millis)}: without a notify, a sleep for the time it waited. */
	public static void wait(Object o, long millis, int site) throws InterruptedException {
		int held = beforeWait(o, o, "M", site);
		long wall = System.nanoTime();
		long cpu = millis > 0 ? cpuClock() : -1;
		try {
			o.wait(millis);
		} finally {
			afterWait(o, o, "M", held, site, false, wall, cpu);
		}
	}

	/** {@code o.wait(millis, nanos)}. */
	public static void wait(Object o, long millis, int nanos, int site) throws InterruptedException {
		int held = beforeWait(o, o, "M", site);
		long wall = System.nanoTime();
		long cpu = millis > 0 || nanos > 0 ? cpuClock() : -1;
		try {
			o.wait(millis, nanos);
		} finally {
			afterWait(o, o, "M", held, site, false, wall, cpu);
		}
	}

	/** {@code o.notify()}. */
	public static void notify(Object o, int site) {
		woken(o, false, site);
		o.notify();
	}

	/** {@code o.notifyAll()}. */
	public static void notifyAll(Object o, int site) {
		woken(o, true, site);
		o.notifyAll();
	}

	/** {@code l.lock()}. */
	public static void lock(Lock l, int site) {
		l.lock();
		holding(l, "L", true, site);
	}

	/** {@code l.lockInterruptibly()}. */
	public static void lockInterruptibly(Lock l, int site) throws InterruptedException {
		l.lockInterruptibly();
		holding(l, "L", true, site);
	}

	/** {@code l.tryLock()}. */
	public static boolean tryLock(Lock l, int site) {
		boolean locked = l.tryLock();
		if (locked) {
			holding(l, "L", true, site);
		}
		return locked;
	}

	/** {@code l.tryLock(time, unit)}: lock, or a sleep when it times out. */
	public static boolean tryLock(Lock l, long time, TimeUnit unit, int site) throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuClock();
		boolean locked = l.tryLock(time, unit);
		if (locked) {
			holding(l, "L", true, site);
		} else {
			offProcessor("sleep", wall, cpu, site);
		}
		return locked;
	}

	/** {@code l.unlock()}. */
	public static void unlock(Lock l, int site) {
		holding(l, "L", false, site);
		l.unlock();
	}

	/** Records that the running thread acquired, or is about to release, {@code lock}. */
	private static void holding(Object lock, String prefix, boolean acquired, int site) {
		LOCK.lock();
		try {
			if (acquired) {
				acquired(current(), lock, prefix, site);
			} else {
				released(current(), lock, prefix, site);
			}
		} finally {
			LOCK.unlock();
		}
	}

	/** {@code c.await()}: unlock the innermost lock held, take when signalled, lock. */
	public static void await(Condition c, int site) throws InterruptedException {
		Object lock = innermostLock();
		int held = beforeWait(c, lock, "L", site);
		try {
			c.await();
		} finally {
			afterWait(c, lock, "L", held, site, false, 0, -1);
		}
	}

	/** {@code c.await(time, unit)}: a sleep when it times out. */
	public static boolean await(Condition c, long time, TimeUnit unit, int site) throws InterruptedException {
		Object lock = innermostLock();
		int held = beforeWait(c, lock, "L", site);
		long wall = System.nanoTime();
		long cpu = cpuClock();
		boolean signalled = false;
		try {
			signalled = c.await(time, unit);
			return signalled;
		} finally {
			afterWait(c, lock, "L", held, site, !signalled, wall, cpu);
		}
	}

	/** {@code c.awaitNanos(nanos)}: a sleep when it times out. */
	public static long awaitNanos(Condition c, long nanos, int site) throws InterruptedException {
		Object lock = innermostLock();
		int held = beforeWait(c, lock, "L", site);
		long wall = System.nanoTime();
		long cpu = cpuClock();
		long left = 0;
		try {
			left = c.awaitNanos(nanos);
			return left;
		} finally {
			afterWait(c, lock, "L", held, site, left <= 0, wall, cpu);
		}
	}

	/** {@code c.awaitUntil(deadline)}: a sleep when it times out. */
	public static boolean awaitUntil(Condition c, java.util.Date deadline, int site) throws InterruptedException {
		Object lock = innermostLock();
		int held = beforeWait(c, lock, "L", site);
		long wall = System.nanoTime();
		long cpu = cpuClock();
		boolean signalled = false;
		try {
			signalled = c.awaitUntil(deadline);
			return signalled;
		} finally {
			afterWait(c, lock, "L", held, site, !signalled, wall, cpu);
		}
	}

	/** {@code c.signal()}. */
	public static void signal(Condition c, int site) {
		woken(c, false, site);
		c.signal();
	}

	/** {@code c.signalAll()}. */
	public static void signalAll(Condition c, int site) {
		woken(c, true, site);
		c.signalAll();
	}

	private static Object innermostLock() {
		LOCK.lock();
		try {
			Actor actor = current();
			return actor.locks.isEmpty() ? null : actor.locks.peekLast();
		} finally {
			LOCK.unlock();
		}
	}
}
