package org.perfcast.record.agent;

import static org.perfcast.record.agent.Hooks.*;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;

import org.perfcast.record.agent.Hooks.Actor;

/**
 * The hooks of threads' lives (see {@link Hooks}): start, run, exit and join, and sleeps, which are time off the
 * processor that is not synchronisation.
 * <p>
 * This class runs in the recorded program's JVM, any Java from 11 up: it must use only Java 11's language and API.
 */
public final class ThreadHooks {

	/** {@code Thread.sleep(Duration)} where there is one (Java 19 and later). */
	private static final MethodHandle SLEEP_DURATION = sleepDuration();

	private ThreadHooks() {
	}

	private static MethodHandle sleepDuration() {
		try {
			return MethodHandles.publicLookup().findStatic(Thread.class, "sleep", MethodType.methodType(void.class,
					java.time.Duration.class));
		} catch (ReflectiveOperationException e) {
			return null;
		}
	}

	/** {@code t.start()}: create. */
	public static void start(Thread t, int site) {
		LOCK.lock();
		try {
			Actor child = THREADS.get(t);
			if (child == null || !child.created) {
				created(t, current(), site);
			}
		} finally {
			LOCK.unlock();
		}
		t.start();
	}

	/**
	 * Thread {@code t}, about to start, created by {@code parent} at {@code site}: its CPU clock counts from 0, as a
	 * new thread's does. Under LOCK.
	 */
	static Actor created(Thread t, Actor parent, int site) {
		Actor child = THREADS.get(t);
		if (child == null) {
			child = new Actor("T" + ++threads, t);
			THREADS.put(t, child);
			ACTORS.add(child);
		}
		record(parent, "create " + child.name, site);
		child.created = true;
		child.begun = true;
		child.base = 0;
		// a thread started by one whose events are left out: its own are too
		child.unrecorded = parent.unrecorded;
		return child;
	}

	/** The argument of {@code new Thread(r)}: r, recording the thread's end. */
	public static Runnable task(Runnable r) {
		return r == null ? null : () -> {
			threadBegin();
			try {
				r.run();
			} finally {
				threadEnd();
			}
		};
	}

	/** The start of a thread's run: its CPU clock from now. */
	public static void threadBegin() {
		LOCK.lock();
		try {
			Actor actor = THREADS.get(Thread.currentThread());
			if (actor != null && !actor.begun) {
				actor.base = cpuClock();
				actor.begun = true;
			}
		} finally {
			LOCK.unlock();
		}
	}

	/** The end of a thread's run: exit. */
	public static void threadEnd() {
		LOCK.lock();
		try {
			Actor actor = THREADS.get(Thread.currentThread());
			if (actor != null && !actor.exited) {
				record(actor, "exit", -1);
				actor.exited = true;
			}
		} finally {
			LOCK.unlock();
		}
	}

	/** The end of {@code main}: the main thread exits. */
	public static void mainEnd() {
		LOCK.lock();
		try {
			Actor actor = THREADS.get(Thread.currentThread());
			if (actor != null && actor.name.equals("main") && !actor.exited) {
				record(actor, "exit", -1);
				actor.exited = true;
			}
		} finally {
			LOCK.unlock();
		}
	}

	/**
	 * {@code t.join()}: join, written once it returns (the thread's exit is in the trace by then, so that whatever
	 * the joiner does meanwhile, such as running other work, is before it).
	 */
	public static void join(Thread t, int site) throws InterruptedException {
		joinThread(t, 0);
		joined(t, site);
	}

	/** {@code t.join(millis)}, whose parks (a virtual thread's) are not recorded: the join stands for them. */
	public static void joinThread(Thread t, long millis) throws InterruptedException {
		t.join(millis);
	}

	/** {@code t.join(millis)}: join if the thread ended, else a sleep for the time it waited. */
	public static void join(Thread t, long millis, int site) throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuClock();
		joinThread(t, millis);
		if (!joined(t, site)) {
			offProcessor("sleep", wall, cpu, site);
		}
	}

	/** Records the join of {@code t} if its exit is recorded; returns whether it is. */
	private static boolean joined(Thread t, int site) {
		LOCK.lock();
		try {
			Actor child = THREADS.get(t);
			if (child != null && child.exited) {
				record(current(), "join " + child.name, site);
				return true;
			}
			return false;
		} finally {
			LOCK.unlock();
		}
	}

	/**
	 * {@code Thread.sleep(millis)}: a sleep for the time the thread was off the processor. An interrupted sleep is
	 * one too (the interrupt is not a signal of the trace).
	 */
	public static void sleep(long millis, int site) throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuClock();
		try {
			Thread.sleep(millis);
		} finally {
			offProcessor("sleep", wall, cpu, site);
		}
	}

	/** {@code Thread.sleep(millis, nanos)}. */
	public static void sleep(long millis, int nanos, int site) throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuClock();
		try {
			Thread.sleep(millis, nanos);
		} finally {
			offProcessor("sleep", wall, cpu, site);
		}
	}

	/** {@code Thread.sleep(duration)} (Java 19 and later, called through a method handle: this is Java 11 code). */
	public static void sleep(java.time.Duration duration, int site) throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuClock();
		try {
			SLEEP_DURATION.invokeExact(duration);
		} catch (InterruptedException | RuntimeException | Error e) {
			throw e;
		} catch (Throwable e) {
			throw new IllegalStateException(e);
		} finally {
			offProcessor("sleep", wall, cpu, site);
		}
	}

	/** {@code unit.sleep(time)}. */
	public static void sleep(TimeUnit unit, long time, int site) throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuClock();
		try {
			unit.sleep(time);
		} finally {
			offProcessor("sleep", wall, cpu, site);
		}
	}
}
