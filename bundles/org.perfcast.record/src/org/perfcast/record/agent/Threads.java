package org.perfcast.record.agent;

import java.util.concurrent.ConcurrentHashMap;

import org.perfcast.record.agent.Hooks.Actor;

/**
 * Every Java thread's creation and end, whoever starts it: {@link JdkClasses} makes the JDK's {@code Thread.start}
 * (and a virtual thread's) call {@link #starting(Thread)} and a thread's last act ({@code Thread.exit}, a virtual
 * thread's {@code afterDone}) call {@link #exiting(Thread)}, so that threads started by thread factories, pools,
 * libraries and static initialisers are created by the thread that starts them, at the program's line that led
 * there. A thread whose start was not seen (one running before the recording began, or attached to the JVM from
 * native code) is adopted: created by {@code main}, or when main has exited by the thread of the trace that
 * recorded last and is still alive, right after that thread's last event (it is never blocked in the trace: joins
 * are written once the joined thread's exit is, every other blocking event once it is over). With no such thread
 * its events are left out.
 * <p>
 * Runs in the recorded program's JVM, any Java from 11 up: Java 11's language and API only.
 */
public final class Threads {

	/** The recorder's own threads' names begin with this. */
	static final String RECORDER = "perfcast-recorder";

	private Threads() {
	}

	/** At the start of {@code Thread.start}: {@code t} created by the running thread. */
	public static void starting(Thread t) {
		if (!Hooks.recording() || t.getName().startsWith(RECORDER)) {
			return;
		}
		Hooks.LOCK.lock();
		try {
			Actor child = Hooks.THREADS.get(t);
			if (child != null && child.created) {
				return; // the program's own t.start(), recorded at its call
			}
		} finally {
			Hooks.LOCK.unlock();
		}
		int site = Callers.site();
		Hooks.LOCK.lock();
		try {
			Actor child = Hooks.THREADS.get(t);
			if (child == null || !child.created) {
				ThreadHooks.created(t, Hooks.current(), site);
			}
		} finally {
			Hooks.LOCK.unlock();
		}
	}

	/** At the end of thread {@code t} (on it, or for a virtual thread on its carrier): exit. */
	public static void exiting(Thread t) {
		if (!Hooks.recording()) {
			return;
		}
		Hooks.LOCK.lock();
		try {
			Parks.forget(t);
			Actor actor = Hooks.THREADS.get(t);
			if (actor != null && actor.created && !actor.exited) {
				long[] clock = VIRTUAL.remove(t);
				Hooks.record(actor, "exit", -1, clock == null ? -1 : clock[0] - actor.nested);
				actor.exited = true;
			}
		} finally {
			Hooks.LOCK.unlock();
		}
	}

	/**
	 * Virtual threads' CPU clocks, kept as they mount and unmount: the CPU time of their carriers while they were
	 * mounted, the carrier's clock at the last mount, the carrier's id.
	 */
	private static final ConcurrentHashMap<Thread, long[]> VIRTUAL = new ConcurrentHashMap<>();

	/** At the start of {@code VirtualThread.mount}, on the carrier. */
	public static void mounting(Thread virtual) {
		long[] clock = VIRTUAL.computeIfAbsent(virtual, v -> new long[3]);
		clock[1] = Hooks.cpuClock();
		clock[2] = Thread.currentThread().getId();
	}

	/** Before {@code VirtualThread.unmount} returns, on the carrier. */
	public static void unmounted(Thread virtual) {
		long[] clock = VIRTUAL.get(virtual);
		if (clock != null && clock[2] != 0) {
			clock[0] += Math.max(0, Hooks.cpuClock() - clock[1]);
			clock[2] = 0;
		}
	}

	/** The CPU clock of virtual thread {@code t}, mounted and running: its carriers' time running it. */
	static long virtualClock(Thread t) {
		long[] clock = VIRTUAL.get(t);
		if (clock == null || clock[2] == 0) {
			return 0;
		}
		return clock[0] + Math.max(0, Hooks.cpuClockOf(clock[2]) - clock[1]);
	}

	/** The thread of the trace for {@code t}, whose start was not seen; under LOCK. */
	static Actor adopt(Thread t) {
		Actor parent = null;
		for (Actor a : Hooks.ACTORS) {
			if (a.thread == null || !a.created || a.exited || a.unrecorded) {
				continue;
			}
			if (a.name.equals("main")) {
				parent = a;
				break;
			}
			if (parent == null || a.lastWall > parent.lastWall) {
				parent = a;
			}
		}
		Actor actor = Hooks.newThread(t);
		actor.base = Hooks.cpuClock();
		actor.begun = true;
		if (parent == null) {
			actor.unrecorded = true;
		} else {
			Hooks.record(parent, "create " + actor.name, -1);
			actor.created = true;
		}
		return actor;
	}
}
