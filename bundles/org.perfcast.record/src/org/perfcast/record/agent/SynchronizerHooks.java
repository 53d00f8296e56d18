package org.perfcast.record.agent;

import static org.perfcast.record.agent.Hooks.*;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.perfcast.record.agent.Hooks.Actor;

/**
 * The hooks of the synchronizers of {@code java.util.concurrent} (see {@link Hooks}): semaphores, count-down latches,
 * cyclic barriers and blocking queues.
 * <p>
 * This class runs in the recorded program's JVM, any Java from 11 up: it must use only Java 11's language and API.
 */
public final class SynchronizerHooks {

	private SynchronizerHooks() {
	}

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
		long cpu = cpuClock();
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
		long cpu = cpuClock();
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
		long cpu = cpuClock();
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
		long cpu = cpuClock();
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
}
