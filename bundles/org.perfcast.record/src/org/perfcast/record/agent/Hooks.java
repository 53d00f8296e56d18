package org.perfcast.record.agent;

import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The recording behind the hooks the instrumented program calls instead of its synchronisation (see
 * {@link Instrumenter}), by family: {@link ThreadHooks}, {@link LockHooks}, {@link SynchronizerHooks},
 * {@link IoHooks} and {@link Tasks}. Each hook does the real operation and records the trace events VPPB's
 * Recorder records for it, stamped with the wall clock and the calling thread's CPU clock. Events are kept in memory under one lock and appended to the
 * {@code *.vtrace} every {@value #FLUSH_MILLIS} ms and at exit, where {@code @end} closes it: a program that
 * crashes leaves a trace of what it did until shortly before, which reads as cut short.
 * <p>
 * A thread of the trace is a Java thread, or an executor or fork-join task (a logical thread created where it
 * is submitted or forked, joined where its result is awaited, whose CPU clock counts only the time it ran).
 * The mapping: start / new thread's run / join → create / exit / join; monitors and {@link Lock}s → lock,
 * unlock (reentrant acquisitions are one lock); {@code wait} and {@link Condition#await()} → unlock, take (when
 * notified), lock; notify and signal → a post per waiter woken; {@link Semaphore} → posts for its initial
 * permits, take per acquire, post per release; {@link CountDownLatch} → the count reaching zero posts for each
 * thread blocked in await, which takes; {@link CyclicBarrier} → the last to arrive posts for the others, which
 * take; {@link BlockingQueue} → a put posts the queue and takes a free place of a bounded queue, a take takes
 * the queue and posts a place. A post is written before the release it stands for happens, and an event after a
 * blocking operation once the operation is done, so that the events' order is one the program could run in.
 * <p>
 * Time off the processor that is not synchronisation is an {@code io D} or {@code sleep D} event written when the
 * call returns: D is the call's wall time less the CPU time the thread used in it, and the event's CPU clock the
 * thread's at the start of the call. Sleeps, parks that return for their timeout and timed waits that time out are
 * sleeps; blocking file and socket I/O is io (see {@link IoHooks} for how it stays cheap when it does not block).
 * <p>
 * This class runs in the recorded program's JVM, any Java from 11 up: it must use only Java 11's language and API.
 */
public final class Hooks {

	/** How often the events so far are appended to the trace. */
	static final long FLUSH_MILLIS = 100;

	static final ReentrantLock LOCK = new RecorderLock();
	private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
	private static final long START = System.nanoTime();

	/** The logical threads running on each Java thread, innermost last. */
	static final ThreadLocal<ArrayDeque<Actor>> RUNNING = new ThreadLocal<>();

	private static final Map<Object, Integer> IDS = new IdentityHashMap<>();
	static final Map<Thread, Actor> THREADS = new IdentityHashMap<>();
	/** The tasks (see {@link Tasks}) by the objects that stand for them: runnables, futures, fork-join tasks. */
	static final Map<Object, Actor> TASKS = new IdentityHashMap<>();
	static final Map<Object, int[]> WAITERS = new IdentityHashMap<>();
	static final Map<Object, Semaphore> SPACE = new IdentityHashMap<>();
	private static final List<String> SITES = new ArrayList<>();
	static final List<Actor> ACTORS = new ArrayList<>();

	/** Nanoseconds since the start, and of the actor's own CPU time. */
	private static long[] wall = new long[1 << 14];
	private static long[] cpu = new long[wall.length];
	private static Actor[] who = new Actor[wall.length];
	private static String[] what = new String[wall.length];
	private static int[] where = new int[wall.length];
	/** The thread's run-queue delay so far, or -1 when not read at the event (see {@link ProcessClocks#runDelay()}). */
	private static long[] queued = new long[wall.length];
	private static int count;
	static int threads;
	static int tasks;
	private static Path out;
	private static BufferedWriter writer;
	private static boolean written;

	/** A thread of the trace: a Java thread or a task, with the CPU time its Java thread spent on others. */
	static final class Actor {
		final String name;
		final Thread thread;
		/** The Java thread's name as the trace last gave it (see {@link ThreadNaming}). */
		String shown;
		long base;
		long nested;
		/** A thread: its creation is in the trace; its CPU clock counts from {@link #base}. */
		boolean created;
		boolean begun;
		boolean exited;
		/** A thread adopted when no thread of the trace could create it: its events are left out. */
		boolean unrecorded;
		long lastWall;
		long lastCpu;
		final Map<Object, int[]> holds = new IdentityHashMap<>();
		final ArrayDeque<Object> locks = new ArrayDeque<>();

		Actor(String name, Thread thread) {
			this.name = name;
			this.thread = thread;
		}
	}

	private Hooks() {
	}

	/** Starts recording into {@code file}. */
	static void begin(Path file) {
		out = file;
		ProcessClocks.begin();
		try {
			// a new file, never through a link or into another account's file planted at the name (a shared /tmp)
			Files.deleteIfExists(file);
			writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE_NEW,
					java.nio.file.StandardOpenOption.WRITE);
			// what the program sees: -XX:ActiveProcessorCount=N as perfcast record sets it, else the processors it runs on
			writer.write("@recorded java-agent\n@unit s\n@visible-processors " + Runtime.getRuntime().availableProcessors()
					+ "\n");
			writer.flush();
		} catch (IOException e) {
			System.err.println("perfcast recorder: cannot write " + file + ": " + e.getMessage());
			return;
		}
		Thread main = Thread.currentThread();
		Actor actor = new Actor("main", main);
		actor.base = cpuClock();
		actor.created = true;
		actor.begun = true;
		THREADS.put(main, actor);
		ACTORS.add(actor);
		Runtime.getRuntime().addShutdownHook(new Thread(Hooks::write, "perfcast-recorder"));
		Thread flusher = new Thread(() -> {
			while (true) {
				try {
					Thread.sleep(FLUSH_MILLIS);
				} catch (InterruptedException e) {
					return;
				}
				LOCK.lock();
				try {
					flush();
				} finally {
					LOCK.unlock();
				}
			}
		}, "perfcast-recorder-flush");
		flusher.setDaemon(true);
		flusher.start();
	}

	/** Whether the recording has begun and not yet ended. */
	static boolean recording() {
		return writer != null && !written;
	}

	/** Registers a source line and returns its number, for {@code at=FILE:LINE}; at instrumentation time. */
	public static int site(String file, int line) {
		LOCK.lock();
		try {
			SITES.add(file + ":" + line);
			IoHooks.sites(SITES.size());
			return SITES.size() - 1;
		} finally {
			LOCK.unlock();
		}
	}


	/** Shorter times off the processor are not recorded. */
	static final long MIN_OFF_NANOS = 1_000;

	/**
	 * Records that the running thread was off the processor since {@code wall} (of {@link System#nanoTime()}) for
	 * {@code kind} ("sleep" or "io"): for the time since then less the CPU time it used since its CPU clock read
	 * {@code cpu}; nothing if that is below {@value #MIN_OFF_NANOS} ns. The event's CPU clock is {@code cpu}'s: the
	 * work before it excludes the call, the work after it includes the call's CPU time.
	 */
	static void offProcessor(String kind, long wall, long cpu, int site) {
		long off = System.nanoTime() - wall - (cpuClock() - cpu);
		if (off < MIN_OFF_NANOS) {
			return;
		}
		LOCK.lock();
		try {
			recordOff(current(), kind, off, cpu, site);
		} finally {
			LOCK.unlock();
		}
	}

	/** As {@link #offProcessor(String, long, long, int)} for {@code actor}, under LOCK. */
	static void offProcessor(Actor actor, String kind, long wall, long cpu, int site) {
		long off = System.nanoTime() - wall - (cpuClock() - cpu);
		if (off >= MIN_OFF_NANOS) {
			recordOff(actor, kind, off, cpu, site);
		}
	}

	private static void recordOff(Actor actor, String kind, long off, long cpu, int site) {
		record(actor, kind + " " + seconds(off), site, Math.max(0, cpu - actor.base - actor.nested));
	}

	// ---- bookkeeping, under LOCK

	static void push(Actor actor) {
		ArrayDeque<Actor> running = RUNNING.get();
		if (running == null) {
			running = new ArrayDeque<>();
			RUNNING.set(running);
		}
		running.addLast(actor);
	}

	/**
	 * The logical thread running now, under LOCK: the innermost task, else the Java thread. A thread whose start was
	 * not seen (one that ran before the recording began, or was attached to the JVM from native code) is adopted.
	 */
	static Actor current() {
		ArrayDeque<Actor> running = RUNNING.get();
		if (running != null && !running.isEmpty()) {
			return running.peekLast();
		}
		Thread t = Thread.currentThread();
		Actor actor = THREADS.get(t);
		if (actor == null) {
			actor = Threads.adopt(t);
		} else if (!actor.begun) {
			actor.base = cpuClock();
			actor.begun = true;
		}
		push(actor);
		return actor;
	}

	/** A new thread of the trace, not yet created, for Java thread {@code t}; under LOCK. */
	static Actor newThread(Thread t) {
		Actor actor = new Actor("T" + ++threads, t);
		THREADS.put(t, actor);
		ACTORS.add(actor);
		return actor;
	}

	/**
	 * The calling thread's CPU clock, in nanoseconds; a virtual thread's is the time its carriers ran it (the JVM
	 * has no clock of its own for it).
	 */
	static long cpuClock() {
		long clock = CPU.getCurrentThreadCpuTime();
		return clock >= 0 ? clock : Threads.virtualClock(Thread.currentThread());
	}

	/** The CPU clock of platform thread {@code t}, another thread; -1 if it has none. */
	static long cpuClock(Thread t) {
		return cpuClockOf(t.getId());
	}

	/** The CPU clock of the platform thread of id {@code id}; -1 if it has none. */
	static long cpuClockOf(long id) {
		return CPU.getThreadCpuTime(id);
	}

	static void acquired(Actor actor, Object lock, String prefix, int site) {
		int[] held = actor.holds.computeIfAbsent(lock, k -> new int[1]);
		if (held[0]++ == 0) {
			actor.locks.addLast(lock);
			record(actor, "lock " + name(lock, prefix), site);
		}
	}

	static void released(Actor actor, Object lock, String prefix, int site) {
		int[] held = actor.holds.get(lock);
		if (held != null && held[0] > 0 && --held[0] == 0) {
			actor.locks.removeLastOccurrence(lock);
			record(actor, "unlock " + name(lock, prefix), site);
		}
	}

	/** Releases every hold of {@code lock} for a wait; returns how many there were. */
	private static int releaseAll(Actor actor, Object lock, String prefix, int site) {
		int[] held = actor.holds.get(lock);
		if (held == null || held[0] == 0) {
			return 0;
		}
		int n = held[0];
		held[0] = 1;
		released(actor, lock, prefix, site);
		return n;
	}

	private static void reacquire(Actor actor, Object lock, String prefix, int n, int site) {
		acquired(actor, lock, prefix, site);
		actor.holds.get(lock)[0] = n;
	}

	/**
	 * Before waiting on {@code waitOn} (a monitor or a condition): one more waiter, and every hold of {@code lock}
	 * (the monitor, or the condition's lock; none if null) released; returns how many holds there were.
	 */
	static int beforeWait(Object waitOn, Object lock, String prefix, int site) {
		LOCK.lock();
		try {
			waiters(waitOn)[0]++;
			return lock == null ? 0 : releaseAll(current(), lock, prefix, site);
		} finally {
			LOCK.unlock();
		}
	}

	/**
	 * After waiting: a take if a signal woke the thread, else, for a timed wait ({@code cpu} not negative: the
	 * thread's CPU clock when it began to wait, at {@code wall}), a sleep for the time it waited; then {@code lock}'s
	 * holds taken again. {@code timedOut} says that the wait itself told it timed out.
	 */
	static void afterWait(Object waitOn, Object lock, String prefix, int held, int site, boolean timedOut,
			long wall, long cpu) {
		LOCK.lock();
		try {
			Actor actor = current();
			if (!tookIfPosted(actor, waitOn, "C", site, timedOut) && cpu >= 0) {
				offProcessor(actor, "sleep", wall, cpu, site);
			}
			if (lock != null && held > 0) {
				reacquire(actor, lock, prefix, held, site);
			}
		} finally {
			LOCK.unlock();
		}
	}

	/** Notify or signal: a post for one waiter, or for all. */
	static void woken(Object o, boolean all, int site) {
		LOCK.lock();
		try {
			int[] waiting = waiters(o);
			int n = all ? waiting[0] : Math.min(1, waiting[0]);
			for (int i = 0; i < n; i++) {
				waiting[0]--;
				waiting[1]++;
				record(current(), "post " + name(o, "C"), site);
			}
		} finally {
			LOCK.unlock();
		}
	}

	/**
	 * A woken waiter: takes a post if one was made for it, else it timed out (no longer waiting); one that says it
	 * timed out takes a post only if every waiter had one. Returns whether it took.
	 */
	static boolean tookIfPosted(Actor actor, Object o, String prefix, int site, boolean timedOut) {
		int[] waiting = waiters(o);
		if (timedOut && waiting[0] > 0) {
			waiting[0]--;
			return false;
		}
		if (waiting[1] > 0) {
			waiting[1]--;
			record(actor, "take " + name(o, prefix), site);
			return true;
		}
		if (waiting[0] > 0) {
			waiting[0]--;
		}
		return false;
	}

	/** {@code n} events {@code kind} ("take" or "post") of {@code o}'s signal, by the running thread. */
	static void signals(String kind, Object o, String prefix, int n, int site) {
		LOCK.lock();
		try {
			Actor actor = current();
			for (int i = 0; i < n; i++) {
				record(actor, kind + " " + name(o, prefix), site);
			}
		} finally {
			LOCK.unlock();
		}
	}

	/** Per object: threads waiting, and posts made for them not yet taken. */
	static int[] waiters(Object o) {
		return WAITERS.computeIfAbsent(o, k -> new int[2]);
	}

	static String name(Object o, String prefix) {
		Integer id = IDS.get(o);
		if (id == null) {
			id = IDS.size() + 1;
			IDS.put(o, id);
		}
		return prefix + id;
	}

	static void record(Actor actor, String event, int site) {
		record(actor, event, site, -1);
	}

	/**
	 * Records {@code event} of {@code actor} now; its CPU clock is {@code ownCpu} if that is not negative (for an
	 * event that tells what came before it), else read now.
	 */
	static void record(Actor actor, String event, int site, long ownCpu) {
		if (actor.unrecorded) {
			return;
		}
		if (actor.thread != null && actor.thread.getName() != actor.shown) {
			named(actor);
		}
		if (count == wall.length) {
			int size = wall.length * 2;
			wall = java.util.Arrays.copyOf(wall, size);
			cpu = java.util.Arrays.copyOf(cpu, size);
			who = java.util.Arrays.copyOf(who, size);
			what = java.util.Arrays.copyOf(what, size);
			where = java.util.Arrays.copyOf(where, size);
			queued = java.util.Arrays.copyOf(queued, size);
		}
		long now = System.nanoTime() - START;
		long own = ownCpu >= 0 ? Math.max(actor.lastCpu, ownCpu)
				: actor.thread != null && actor.thread != Thread.currentThread() ? actor.lastCpu
						: Math.max(actor.lastCpu, cpuClock() - actor.base - actor.nested);
		// a Java thread's run-queue delay, after a gap off the processor and at its end (a task's is not its own)
		queued[count] = actor.thread != null && actor.thread == Thread.currentThread() && (event.equals("exit")
				|| (now - actor.lastWall) - (own - actor.lastCpu) >= ProcessClocks.RUN_DELAY_GAP_NANOS)
						? ProcessClocks.runDelay() : -1;
		wall[count] = now;
		cpu[count] = own;
		who[count] = actor;
		what[count] = event;
		where[count] = site;
		count++;
		actor.lastWall = now;
		actor.lastCpu = own;
	}

	/** An {@code @name} line for {@code actor}'s Java thread if its name is not the one the trace gave it last. */
	private static void named(Actor actor) {
		named(actor, actor.thread.getName());
	}

	/** An {@code @name} line giving {@code actor} {@code name}, unless it has it. */
	static void named(Actor actor, String name) {
		String shown = actor.shown;
		actor.shown = name;
		String line = name.equals(shown) ? null : ThreadNaming.directive(actor.name, name);
		if (line != null) {
			long lastWall = actor.lastWall;
			record(actor, line, -1, actor.lastCpu); // an entry of its own, which flush writes as it is
			actor.lastWall = lastWall; // not an event of the thread's
		}
	}

	/** Appends the events recorded since the last flush; under LOCK. */
	private static void flush() {
		if (writer == null || written) {
			return;
		}
		try {
			StringBuilder text = new StringBuilder(64 * count + 16);
			for (int i = 0; i < count; i++) {
				if (what[i].startsWith("@")) {
					text.append(what[i]).append('\n');
					continue;
				}
				seconds(text, wall[i]).append(' ').append(who[i].name).append(' ').append(what[i]).append(" cpu=");
				seconds(text, cpu[i]);
				if (queued[i] >= 0) {
					seconds(text.append(" rq="), queued[i]);
				}
				if (where[i] >= 0 && where[i] < SITES.size()) {
					text.append(" at=").append(SITES.get(where[i]));
				}
				text.append('\n');
			}
			writer.write(text.toString());
			writer.flush();
		} catch (IOException e) {
			System.err.println("perfcast recorder: cannot write " + out + ": " + e.getMessage());
		}
		java.util.Arrays.fill(who, 0, count, null);
		java.util.Arrays.fill(what, 0, count, null);
		count = 0;
	}

	/** Appends {@code nanos} as seconds with nine decimals. */
	private static StringBuilder seconds(StringBuilder text, long nanos) {
		long n = Math.max(0, nanos);
		String fraction = Long.toString(n % 1_000_000_000L);
		text.append(n / 1_000_000_000L).append('.');
		for (int i = fraction.length(); i < 9; i++) {
			text.append('0');
		}
		return text.append(fraction);
	}

	/** {@code nanos} as seconds with nine decimals. */
	static String seconds(long nanos) {
		return seconds(new StringBuilder(24), nanos).toString();
	}

	/**
	 * A comment that says how much of the JVM's CPU time since the recording began no thread of the trace stands
	 * for (its compilers and collector, the recorder, threads left out) of the {@code used} since it began, which a
	 * replay on one processor does not see; "" if it cannot tell. Under LOCK, once every thread has exited.
	 */
	private static String unaccounted(long used) {
		if (used < 0) {
			return "";
		}
		long traced = 0;
		for (Actor actor : ACTORS) {
			traced += actor.unrecorded ? 0 : actor.lastCpu;
		}
		return "# " + seconds(Math.max(0, used - traced)) + " s of the JVM's CPU time is not in the "
				+ "threads' clocks (its compilers and collector, the recorder), of " + seconds(used) + " s in all\n";
	}

	/** Ends the trace at exit: the last events, an exit for every thread that has none, and {@code @end}. */
	static void write() {
		LOCK.lock();
		try {
			if (written || writer == null) {
				return;
			}
			for (Actor actor : ACTORS) {
				if (!actor.exited && actor.thread != null && actor.thread != Thread.currentThread()
						&& (actor.lastWall > 0 || actor.created)) {
					// a thread still running: its clock as it is now
					long clock = actor.thread.isAlive() ? cpuClock(actor.thread) : -1;
					record(actor, "exit", -1, clock >= 0 ? clock - actor.base - actor.nested : -1);
					actor.exited = true;
				}
			}
			flush();
			written = true;
			// the CPU time since the recording began, and the time others had its processor (the self-check's)
			long[] spent = ProcessClocks.sinceBegin();
			writer.write(unaccounted(spent[0]));
			writer.write(spent[0] < 0 ? "@end\n" : "@end cpu=" + seconds(spent[0]) + (spent[1] < 0 ? "" : " others="
					+ seconds(spent[1])) + "\n");
			writer.close();
		} catch (IOException e) {
			System.err.println("perfcast recorder: cannot write " + out + ": " + e.getMessage());
		} finally {
			LOCK.unlock();
		}
	}
}
