import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Threads however they are made: by a thread factory of a pool (started inside the JDK), a Thread subclass, a
 * static initialiser, a scheduled pool, a thread started by a pool's thread, and on Java 21 and later virtual
 * threads (through reflection, so that this compiles for Java 11). Prints how many ran and the known result, then
 * the elapsed time.
 */
public class ThreadKinds {
	static final long N = Long.getLong("n", 3_000_000);
	static final AtomicLong WORK = new AtomicLong();
	static final AtomicInteger RAN = new AtomicInteger();

	static void work() {
		WORK.addAndGet(Work.spin(N));
		RAN.incrementAndGet();
	}

	static final class Worker extends Thread {
		@Override
		public void run() {
			work();
		}
	}

	/** Starts a thread while it is initialised. */
	static final class Initialised {
		static final Thread STARTED = new Thread(ThreadKinds::work, "static");

		static {
			STARTED.start();
		}
	}

	public static void main(String[] args) throws Exception {
		long start = System.nanoTime();
		int expected = 0;
		ThreadFactory factory = r -> {
			Thread t = new Thread(r);
			t.setName("factory-" + t.getId());
			return t;
		};
		ExecutorService pool = Executors.newFixedThreadPool(2, factory);
		for (int i = 0; i < 4; i++) {
			pool.execute(ThreadKinds::work);
			expected++;
		}
		pool.shutdown();
		pool.awaitTermination(1, TimeUnit.MINUTES);

		Worker w = new Worker();
		w.start();
		w.join();
		expected++;

		Initialised.STARTED.join();
		expected++;

		ScheduledExecutorService scheduled = Executors.newScheduledThreadPool(1);
		ScheduledFuture<?> later = scheduled.schedule(ThreadKinds::work, 5, TimeUnit.MILLISECONDS);
		later.get();
		expected++;
		// a thread started by a thread of the scheduled pool
		scheduled.submit(() -> {
			Thread inner = new Thread(ThreadKinds::work);
			inner.start();
			try {
				inner.join();
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		}).get();
		expected++;
		scheduled.shutdown();
		scheduled.awaitTermination(1, TimeUnit.MINUTES);

		if (Runtime.version().feature() >= 21) {
			Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
			Class<?> builders = Class.forName("java.lang.Thread$Builder");
			Thread[] virtual = new Thread[4];
			for (int i = 0; i < virtual.length; i++) {
				virtual[i] = (Thread) builders.getMethod("start", Runnable.class).invoke(builder,
						(Runnable) ThreadKinds::work);
				expected++;
			}
			for (Thread v : virtual) {
				v.join();
			}
		}
		System.out.println("ran " + RAN.get());
		System.out.println("result " + (RAN.get() == expected && WORK.get() == expected * Work.spin(N)));
		Work.elapsed(start);
	}
}
