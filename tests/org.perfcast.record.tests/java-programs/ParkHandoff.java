import java.util.concurrent.locks.LockSupport;

/**
 * Raw LockSupport handoffs: two threads take turns ROUNDS times, each parking until the other unparks it; then an
 * unpark made before the park it releases. Prints the known result, then the elapsed time.
 */
public class ParkHandoff {
	static final int ROUNDS = Integer.getInteger("rounds", 20);
	static final long N = Long.getLong("n", 2_000_000);
	static volatile int turn;
	static volatile Thread ping;
	static volatile Thread pong;
	static long work;

	static void play(int me, Thread other) {
		for (int r = 0; r < ROUNDS; r++) {
			while (turn != me) {
				LockSupport.park();
			}
			work += Work.spin(N);
			turn = 1 - me;
			LockSupport.unpark(other);
		}
	}

	public static void main(String[] args) throws Exception {
		long start = System.nanoTime();
		ping = Thread.currentThread();
		pong = new Thread(() -> play(1, ping));
		pong.start();
		play(0, pong);
		pong.join();
		// an unpark before the park: the park returns at once, and takes the permit
		Thread late = new Thread(() -> {
			work += Work.spin(N);
			LockSupport.park();
		});
		LockSupport.unpark(late);
		late.start();
		LockSupport.unpark(late);
		late.join();
		System.out.println("result " + (work == (2L * ROUNDS + 1) * Work.spin(N)));
		Work.elapsed(start);
	}
}
