package org.perfcast.record.agent;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What the instrumented program calls instead of its synchronisation (see {@link Instrumenter}): each hook does
 * the real operation and records the trace events VPPB's Recorder records for it, stamped with the wall clock
 * and the calling thread's CPU clock. Events are kept in memory under one lock and appended to the
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
 * sleeps; blocking file and socket I/O is io (see {@link #ioEnd(long, long, int)} for how it stays cheap when it
 * does not block).
 * <p>
 * This class runs in the recorded program's JVM, any Java from 11 up: it must use only Java 11's language and API.
 */
public final class Hooks {

	/** How often the events so far are appended to the trace. */
	static final long FLUSH_MILLIS = 100;

	static final ReentrantLock LOCK = new RecorderLock();
	/** {@code Thread.sleep(Duration)} where there is one (Java 19 and later). */
	private static final MethodHandle SLEEP_DURATION = sleepDuration();
	private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
	private static final long START = System.nanoTime();

	/** The logical threads running on each Java thread, innermost last. */
	static final ThreadLocal<ArrayDeque<Actor>> RUNNING = new ThreadLocal<>();

	private static final Map<Object, Integer> IDS = new IdentityHashMap<>();
	static final Map<Thread, Actor> THREADS = new IdentityHashMap<>();
	/** The tasks (see {@link Tasks}) by the objects that stand for them: runnables, futures, fork-join tasks. */
	static final Map<Object, Actor> TASKS = new IdentityHashMap<>();
	private static final Map<Object, int[]> WAITERS = new IdentityHashMap<>();
	private static final Map<Object, Semaphore> SPACE = new IdentityHashMap<>();
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
	private static int threads;
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

	private static MethodHandle sleepDuration() {
		try {
			return MethodHandles.publicLookup().findStatic(Thread.class, "sleep", MethodType.methodType(void.class,
					java.time.Duration.class));
		} catch (ReflectiveOperationException e) {
			return null;
		}
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
			if (SITES.size() > precise.length) {
				precise = java.util.Arrays.copyOf(precise, precise.length * 2);
			}
			return SITES.size() - 1;
		} finally {
			LOCK.unlock();
		}
	}

	// ---- threads

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
		long cpu = cpuNow();
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

	// ---- monitors

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
		long cpu = millis > 0 ? cpuNow() : -1;
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
		long cpu = millis > 0 || nanos > 0 ? cpuNow() : -1;
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

	// ---- java.util.concurrent.locks

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
		long cpu = cpuNow();
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
		long cpu = cpuNow();
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
		long cpu = cpuNow();
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
		long cpu = cpuNow();
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

	// ---- synchronizers

	/** After {@code new Semaphore(n)}: n posts by the creator. */
	public static void semaphoreCreated(Semaphore s) {
		LOCK.lock();
		try {
			Actor actor = current();
			for (int i = s.availablePermits(); i > 0; i--) {
				record(actor, "post " + name(s, "S"), -1);
			}
		} finally {
			LOCK.unlock();
		}
	}

	/** {@code s.acquire()}: take. */
	public static void acquire(Semaphore s, int site) throws InterruptedException {
		s.acquire();
		signals("take", s, "S", 1, site);
	}

	/** {@code s.acquire(n)}: n takes. */
	public static void acquire(Semaphore s, int permits, int site) throws InterruptedException {
		s.acquire(permits);
		signals("take", s, "S", permits, site);
	}

	/** {@code s.tryAcquire()}: take if it got the permit. */
	public static boolean tryAcquire(Semaphore s, int site) {
		boolean acquired = s.tryAcquire();
		if (acquired) {
			signals("take", s, "S", 1, site);
		}
		return acquired;
	}

	/** {@code s.tryAcquire(n)}: n takes if it got the permits. */
	public static boolean tryAcquire(Semaphore s, int permits, int site) {
		boolean acquired = s.tryAcquire(permits);
		if (acquired) {
			signals("take", s, "S", permits, site);
		}
		return acquired;
	}

	/** {@code s.tryAcquire(time, unit)}: take, or a sleep when it times out. */
	public static boolean tryAcquire(Semaphore s, long time, TimeUnit unit, int site) throws InterruptedException {
		return tryAcquire(s, 1, time, unit, site);
	}

	/** {@code s.tryAcquire(n, time, unit)}: n takes, or a sleep when it times out. */
	public static boolean tryAcquire(Semaphore s, int permits, long time, TimeUnit unit, int site)
			throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuNow();
		boolean acquired = s.tryAcquire(permits, time, unit);
		if (acquired) {
			signals("take", s, "S", permits, site);
		} else {
			offProcessor("sleep", wall, cpu, site);
		}
		return acquired;
	}

	/** {@code s.release()}: post. */
	public static void release(Semaphore s, int site) {
		signals("post", s, "S", 1, site);
		s.release();
	}

	/** {@code s.release(n)}: n posts. */
	public static void release(Semaphore s, int permits, int site) {
		signals("post", s, "S", permits, site);
		s.release(permits);
	}

	/** {@code latch.countDown()}: when the count reaches zero, a post for each thread blocked in await. */
	public static void countDown(CountDownLatch latch, int site) {
		LOCK.lock();
		try {
			if (latch.getCount() == 1) {
				int[] waiting = waiters(latch);
				for (; waiting[0] > 0; waiting[0]--) {
					waiting[1]++;
					record(current(), "post " + name(latch, "C"), site);
				}
			}
		} finally {
			LOCK.unlock();
		}
		latch.countDown();
	}

	/** {@code latch.await()}: take if it blocked. */
	public static void await(CountDownLatch latch, int site) throws InterruptedException {
		boolean blocks;
		LOCK.lock();
		try {
			blocks = latch.getCount() > 0;
			if (blocks) {
				waiters(latch)[0]++;
			}
		} finally {
			LOCK.unlock();
		}
		latch.await();
		if (blocks) {
			LOCK.lock();
			try {
				tookIfPosted(current(), latch, "C", site, false);
			} finally {
				LOCK.unlock();
			}
		}
	}

	/** {@code latch.await(time, unit)}: take if it blocked and the count reached zero, a sleep if it timed out. */
	public static boolean await(CountDownLatch latch, long time, TimeUnit unit, int site) throws InterruptedException {
		boolean blocks;
		LOCK.lock();
		try {
			blocks = latch.getCount() > 0;
			if (blocks) {
				waiters(latch)[0]++;
			}
		} finally {
			LOCK.unlock();
		}
		long wall = System.nanoTime();
		long cpu = cpuNow();
		boolean zero = false;
		try {
			zero = latch.await(time, unit);
			return zero;
		} finally {
			if (blocks) {
				LOCK.lock();
				try {
					tookIfPosted(current(), latch, "C", site, !zero);
				} finally {
					LOCK.unlock();
				}
			}
			if (!zero) {
				offProcessor("sleep", wall, cpu, site);
			}
		}
	}

	/**
	 * {@code barrier.await()}: the last to arrive posts for the others, which take; the signal is named after the
	 * barrier and its generation, so that a take never matches a post of another round.
	 */
	public static int await(CyclicBarrier barrier, int site) throws InterruptedException,
			java.util.concurrent.BrokenBarrierException {
		boolean last;
		String round;
		LOCK.lock();
		try {
			int[] waiting = WAITERS.computeIfAbsent(barrier, k -> new int[3]);
			round = name(barrier, "B") + "." + waiting[2];
			last = waiting[0] + 1 == barrier.getParties();
			if (last) {
				for (; waiting[0] > 0; waiting[0]--) {
					record(current(), "post " + round, site);
				}
				waiting[2]++;
			} else {
				waiting[0]++;
			}
		} finally {
			LOCK.unlock();
		}
		int index = barrier.await();
		if (!last) {
			LOCK.lock();
			try {
				record(current(), "take " + round, site);
			} finally {
				LOCK.unlock();
			}
		}
		return index;
	}

	/**
	 * After {@code new ArrayBlockingQueue(n)} and other bounded queues: n posts of free places, mirrored by a
	 * semaphore that puts acquire first, so that a put's events are written when it really inserts.
	 */
	public static void queueCreated(BlockingQueue<?> q) {
		LOCK.lock();
		try {
			int capacity = q.remainingCapacity();
			if (capacity < Integer.MAX_VALUE) {
				Actor actor = current();
				for (int i = capacity; i > 0; i--) {
					record(actor, "post " + name(q, "F"), -1);
				}
				SPACE.put(q, new Semaphore(capacity));
			}
		} finally {
			LOCK.unlock();
		}
	}

	/** {@code q.put(e)}: take a free place (bounded), then post the queue as the element goes in. */
	public static <E> void put(BlockingQueue<E> q, E e, int site) throws InterruptedException {
		Semaphore space = space(q);
		if (space != null) {
			space.acquire();
		}
		if (!insert(q, e, space, site)) {
			q.put(e);
		}
	}

	/** {@code q.offer(e)}: as put when there is room. */
	public static <E> boolean offer(BlockingQueue<E> q, E e, int site) {
		Semaphore space = space(q);
		if (space != null && !space.tryAcquire()) {
			return false;
		}
		return insert(q, e, space, site) || q.offer(e);
	}

	/** {@code q.offer(e, time, unit)}: as put when it inserts, a sleep when it times out. */
	public static <E> boolean offer(BlockingQueue<E> q, E e, long time, TimeUnit unit, int site)
			throws InterruptedException {
		Semaphore space = space(q);
		long wall = System.nanoTime();
		long cpu = cpuNow();
		boolean inserted;
		if (space != null && !space.tryAcquire(time, unit)) {
			inserted = false;
		} else {
			inserted = insert(q, e, space, site) || q.offer(e, time, unit);
		}
		if (!inserted) {
			offProcessor("sleep", wall, cpu, site);
		}
		return inserted;
	}

	/** Inserts under the recorder's lock when that cannot block; false if the caller must insert (unbounded). */
	private static <E> boolean insert(BlockingQueue<E> q, E e, Semaphore space, int site) {
		LOCK.lock();
		try {
			Actor actor = current();
			if (space != null) {
				record(actor, "take " + name(q, "F"), site);
			}
			record(actor, "post " + name(q, "Q"), site);
			return (space != null || q.remainingCapacity() == Integer.MAX_VALUE) && q.offer(e);
		} finally {
			LOCK.unlock();
		}
	}

	/** {@code q.take()}: take the queue, post a free place (bounded). */
	public static <E> E take(BlockingQueue<E> q, int site) throws InterruptedException {
		E e = q.take();
		takeDone(q, site);
		return e;
	}

	/** {@code q.poll()}: as take when it returns an element. */
	public static <E> E poll(BlockingQueue<E> q, int site) {
		E e = q.poll();
		if (e != null) {
			takeDone(q, site);
		}
		return e;
	}

	/** {@code q.poll(time, unit)}: as take when it returns an element, a sleep when it times out. */
	public static <E> E poll(BlockingQueue<E> q, long time, TimeUnit unit, int site) throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuNow();
		E e = q.poll(time, unit);
		if (e != null) {
			takeDone(q, site);
		} else {
			offProcessor("sleep", wall, cpu, site);
		}
		return e;
	}

	private static void takeDone(BlockingQueue<?> q, int site) {
		LOCK.lock();
		try {
			Actor actor = current();
			record(actor, "take " + name(q, "Q"), site);
			Semaphore space = SPACE.get(q);
			if (space != null) {
				record(actor, "post " + name(q, "F"), site);
				space.release();
			}
		} finally {
			LOCK.unlock();
		}
	}

	private static Semaphore space(BlockingQueue<?> q) {
		LOCK.lock();
		try {
			return SPACE.get(q);
		} finally {
			LOCK.unlock();
		}
	}

	// ---- time off the processor that is not synchronisation: sleeps, timed waits that time out, I/O

	/**
	 * {@code Thread.sleep(millis)}: a sleep for the time the thread was off the processor. An interrupted sleep is
	 * one too (the interrupt is not a signal of the trace).
	 */
	public static void sleep(long millis, int site) throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuNow();
		try {
			Thread.sleep(millis);
		} finally {
			offProcessor("sleep", wall, cpu, site);
		}
	}

	/** {@code Thread.sleep(millis, nanos)}. */
	public static void sleep(long millis, int nanos, int site) throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuNow();
		try {
			Thread.sleep(millis, nanos);
		} finally {
			offProcessor("sleep", wall, cpu, site);
		}
	}

	/** {@code Thread.sleep(duration)} (Java 19 and later, called through a method handle: this is Java 11 code). */
	public static void sleep(java.time.Duration duration, int site) throws InterruptedException {
		long wall = System.nanoTime();
		long cpu = cpuNow();
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
		long cpu = cpuNow();
		try {
			unit.sleep(time);
		} finally {
			offProcessor("sleep", wall, cpu, site);
		}
	}

	/** The calling thread's CPU clock, in nanoseconds. */
	private static long cpuNow() {
		return cpuClock();
	}

	/**
	 * Records that the running thread was off the processor since {@code wall} (of {@link System#nanoTime()}) for
	 * {@code kind} ("sleep" or "io"): for the time since then less the CPU time it used since its CPU clock read
	 * {@code cpu}; nothing if that is below {@value #MIN_OFF_NANOS} ns. The event's CPU clock is {@code cpu}'s: the
	 * work before it excludes the call, the work after it includes the call's CPU time.
	 */
	private static void offProcessor(String kind, long wall, long cpu, int site) {
		long off = System.nanoTime() - wall - (cpuNow() - cpu);
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
		long off = System.nanoTime() - wall - (cpuNow() - cpu);
		if (off >= MIN_OFF_NANOS) {
			recordOff(actor, kind, off, cpu, site);
		}
	}

	private static void recordOff(Actor actor, String kind, long off, long cpu, int site) {
		record(actor, kind + " " + seconds(off), site, Math.max(0, cpu - actor.base - actor.nested));
	}

	// I/O is timed by the wall clock alone unless it is slow: reading a thread's CPU clock costs about as much as a
	// small write to a file. A call that takes SLOW_NANOS or more makes the next PRECISE_CALLS calls of its site read
	// the CPU clock too (so that a site that blocks is measured exactly, and one that rarely does pays little), and
	// is itself counted with the CPU time the thread used since its previous event taken as the call's.

	/** I/O shorter than this (wall clock) at a site that is not measuring CPU time is not recorded. */
	static final long SLOW_NANOS = 20_000;
	/** How many calls of a site after a slow one read the CPU clock. */
	static final int PRECISE_CALLS = 16;
	/** Shorter times off the processor are not recorded. */
	static final long MIN_OFF_NANOS = 1_000;

	/** Per site, how many more I/O calls read the CPU clock. */
	private static volatile int[] precise = new int[1024];

	/** Before an I/O call at {@code site}: the thread's CPU clock, or -1 if the site is timed by the wall clock. */
	private static long ioStart(int site) {
		int[] p = precise;
		if (site < p.length && p[site] > 0) {
			p[site]--;
			return cpuNow();
		}
		return -1;
	}

	/**
	 * After an I/O call at {@code site} that began at {@code wall} with the CPU clock {@code cpu} (or -1): nothing
	 * more when it was quick and the site is timed by the wall clock (small, to be inlined into every hook).
	 */
	private static void ioEnd(long wall, long cpu, int site) {
		long took = System.nanoTime() - wall;
		if (cpu >= 0 || took >= SLOW_NANOS) {
			ioTimed(wall, took, cpu, site);
		}
	}

	/** {@link #ioEnd(long, long, int)} of a slow call or at a site that measures CPU time. */
	private static void ioTimed(long wall, long took, long cpu, int site) {
		if (took >= SLOW_NANOS) {
			int[] p = precise;
			if (site < p.length) {
				p[site] = PRECISE_CALLS;
			}
		}
		if (cpu >= 0) {
			if (took >= MIN_OFF_NANOS) {
				offProcessor("io", wall, cpu, site);
			}
			return;
		}
		LOCK.lock();
		try {
			Actor actor = current();
			long own = cpuClock() - actor.base - actor.nested;
			long used = Math.min(took, Math.max(0, own - actor.lastCpu));
			if (took - used >= MIN_OFF_NANOS) {
				record(actor, "io " + seconds(took - used), site, own - used);
			}
		} finally {
			LOCK.unlock();
		}
	}

	/** Streams whose reads and writes may block: files, sockets, pipes to processes, channels' streams. */
	private static final ClassValue<Boolean> BLOCKING = new ClassValue<Boolean>() {
		@Override
		protected Boolean computeValue(Class<?> type) {
			String name = type.getName();
			return java.io.FileInputStream.class.isAssignableFrom(type)
					|| java.io.FileOutputStream.class.isAssignableFrom(type) || name.startsWith("java.net.Socket")
					|| name.startsWith("sun.nio.ch.") || name.startsWith("java.lang.ProcessImpl$")
					|| name.startsWith("java.lang.ProcessBuilder$");
		}
	};

	private static boolean blocking(Object stream) {
		return stream instanceof java.io.FileInputStream || stream instanceof java.io.FileOutputStream
				|| BLOCKING.get(stream.getClass());
	}

	/** {@code in.read()} on a stream that may block: io for the time off the processor. */
	public static int ioRead(InputStream in, int site) throws IOException {
		if (!blocking(in)) {
			return in.read();
		}
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return in.read();
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code in.read(b)}. */
	public static int ioRead(InputStream in, byte[] b, int site) throws IOException {
		if (!blocking(in)) {
			return in.read(b);
		}
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return in.read(b);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code in.read(b, off, len)}. */
	public static int ioRead(InputStream in, byte[] b, int off, int len, int site) throws IOException {
		if (!blocking(in)) {
			return in.read(b, off, len);
		}
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return in.read(b, off, len);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code out.write(b)} of one byte, on a stream that may block. */
	public static void ioWrite(OutputStream out, int b, int site) throws IOException {
		if (!blocking(out)) {
			out.write(b);
			return;
		}
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			out.write(b);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code out.write(b)}. */
	public static void ioWrite(OutputStream out, byte[] b, int site) throws IOException {
		if (!blocking(out)) {
			out.write(b);
			return;
		}
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			out.write(b);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code out.write(b, off, len)}. */
	public static void ioWrite(OutputStream out, byte[] b, int off, int len, int site) throws IOException {
		if (!blocking(out)) {
			out.write(b, off, len);
			return;
		}
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			out.write(b, off, len);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code file.read()}. */
	public static int ioRead(RandomAccessFile file, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return file.read();
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code file.read(b)}. */
	public static int ioRead(RandomAccessFile file, byte[] b, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return file.read(b);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code file.read(b, off, len)}. */
	public static int ioRead(RandomAccessFile file, byte[] b, int off, int len, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return file.read(b, off, len);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code file.readFully(b)}. */
	public static void ioReadFully(RandomAccessFile file, byte[] b, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			file.readFully(b);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code file.readFully(b, off, len)}. */
	public static void ioReadFully(RandomAccessFile file, byte[] b, int off, int len, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			file.readFully(b, off, len);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code file.write(b)} of one byte. */
	public static void ioWrite(RandomAccessFile file, int b, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			file.write(b);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code file.write(b)}. */
	public static void ioWrite(RandomAccessFile file, byte[] b, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			file.write(b);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code file.write(b, off, len)}. */
	public static void ioWrite(RandomAccessFile file, byte[] b, int off, int len, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			file.write(b, off, len);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code channel.read(buffer)}. */
	public static int ioRead(FileChannel channel, ByteBuffer buffer, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return channel.read(buffer);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code channel.read(buffer, position)}. */
	public static int ioRead(FileChannel channel, ByteBuffer buffer, long position, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return channel.read(buffer, position);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code channel.write(buffer)}. */
	public static int ioWrite(FileChannel channel, ByteBuffer buffer, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return channel.write(buffer);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code channel.write(buffer, position)}. */
	public static int ioWrite(FileChannel channel, ByteBuffer buffer, long position, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return channel.write(buffer, position);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code channel.force(metaData)}: always measured with the CPU clock. */
	public static void ioForce(FileChannel channel, boolean metaData, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = cpuNow();
		try {
			channel.force(metaData);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code channel.read(buffer)} of a socket channel. */
	public static int ioRead(SocketChannel channel, ByteBuffer buffer, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return channel.read(buffer);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code channel.write(buffer)} of a socket channel. */
	public static int ioWrite(SocketChannel channel, ByteBuffer buffer, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return channel.write(buffer);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code server.accept()}: always measured with the CPU clock. */
	public static java.net.Socket ioAccept(java.net.ServerSocket server, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = cpuNow();
		try {
			return server.accept();
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code server.accept()} of a server socket channel. */
	public static SocketChannel ioAccept(java.nio.channels.ServerSocketChannel server, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = cpuNow();
		try {
			return server.accept();
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code Files.readAllBytes(path)}. */
	public static byte[] ioReadAllBytes(Path path, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return Files.readAllBytes(path);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code Files.readString(path)}. */
	public static String ioReadString(Path path, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return Files.readString(path);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code Files.readAllLines(path)}. */
	public static List<String> ioReadAllLines(Path path, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return Files.readAllLines(path);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code Files.write(path, bytes, options)}. */
	public static Path ioWrite(Path path, byte[] bytes, OpenOption[] options, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return Files.write(path, bytes, options);
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** {@code Files.writeString(path, text, options)}. */
	public static Path ioWriteString(Path path, CharSequence text, OpenOption[] options, int site) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return Files.writeString(path, text, options);
		} finally {
			ioEnd(wall, cpu, site);
		}
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

	private static void acquired(Actor actor, Object lock, String prefix, int site) {
		int[] held = actor.holds.computeIfAbsent(lock, k -> new int[1]);
		if (held[0]++ == 0) {
			actor.locks.addLast(lock);
			record(actor, "lock " + name(lock, prefix), site);
		}
	}

	private static void released(Actor actor, Object lock, String prefix, int site) {
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
	private static int beforeWait(Object waitOn, Object lock, String prefix, int site) {
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
	private static void afterWait(Object waitOn, Object lock, String prefix, int held, int site, boolean timedOut,
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
	private static void woken(Object o, boolean all, int site) {
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
	private static boolean tookIfPosted(Actor actor, Object o, String prefix, int site, boolean timedOut) {
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
	private static void signals(String kind, Object o, String prefix, int n, int site) {
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
	private static int[] waiters(Object o) {
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
	private static String seconds(long nanos) {
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
