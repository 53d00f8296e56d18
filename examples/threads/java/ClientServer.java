import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * Clients send requests to a shared queue served by two server threads; a request's cost depends on the client,
 * so answers come back out of order. Each client waits on its own reply semaphore.
 * Usage: java ClientServer [clients] [requests] [servers]
 */
public class ClientServer {
	record Request(int client, int cost) {
	}

	static volatile double sink;

	static double work(int units) {
		double x = 0;
		for (int i = 0; i < units * 1000; i++) {
			x += Math.sqrt(i + x % 7);
		}
		return x;
	}

	public static void main(String[] args) throws InterruptedException {
		int clients = args.length > 0 ? Integer.parseInt(args[0]) : 6;
		int requests = args.length > 1 ? Integer.parseInt(args[1]) : 40;
		int servers = args.length > 2 ? Integer.parseInt(args[2]) : 2;
		LinkedBlockingQueue<Request> queue = new LinkedBlockingQueue<>();
		Semaphore[] replies = new Semaphore[clients];
		for (int c = 0; c < clients; c++) {
			replies[c] = new Semaphore(0);
		}
		long start = System.nanoTime();
		Thread[] serverThreads = new Thread[servers];
		for (int s = 0; s < servers; s++) {
			serverThreads[s] = new Thread(() -> {
				try {
					while (true) {
						Request r = queue.take();
						if (r.client() < 0) {
							return;
						}
						sink += work(r.cost());
						replies[r.client()].release();
					}
				} catch (InterruptedException e) {
					Thread.currentThread().interrupt();
				}
			});
			serverThreads[s].start();
		}
		Thread[] clientThreads = new Thread[clients];
		for (int c = 0; c < clients; c++) {
			int me = c;
			clientThreads[c] = new Thread(() -> {
				try {
					for (int i = 0; i < requests; i++) {
						sink += work(30);
						queue.put(new Request(me, 40 + 60 * (me % 3)));
						replies[me].acquire();
					}
				} catch (InterruptedException e) {
					Thread.currentThread().interrupt();
				}
			});
			clientThreads[c].start();
		}
		for (Thread t : clientThreads) {
			t.join();
		}
		for (int s = 0; s < servers; s++) {
			queue.put(new Request(-1, 0));
		}
		for (Thread t : serverThreads) {
			t.join();
		}
		System.out.printf("elapsed %.6f%n", (System.nanoTime() - start) / 1e9);
	}
}
