package org.perfcast.record.tests.programs;

import java.io.File;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Time off the processor that is not synchronisation: sleeps, timed waits that time out (and one that is notified),
 * blocking accept and read on a loopback socket, and small writes to a file that do not block.
 */
public class Blocking {
	public static void main(String[] args) throws Exception {
		Object monitor = new Object();
		ReentrantLock lock = new ReentrantLock();
		Condition never = lock.newCondition();
		BlockingQueue<String> empty = new LinkedBlockingQueue<>();
		Thread.sleep(50);
		TimeUnit.MILLISECONDS.sleep(20);
		synchronized (monitor) {
			monitor.wait(30);
		}
		lock.lock();
		try {
			never.await(20, TimeUnit.MILLISECONDS);
			never.awaitNanos(20_000_000);
		} finally {
			lock.unlock();
		}
		empty.poll(20, TimeUnit.MILLISECONDS);
		synchronized (monitor) {
			// between the poll's sleep and the park's
		}
		long deadline = System.nanoTime() + 20_000_000;
		for (long left = 20_000_000; left > 0; left = deadline - System.nanoTime()) {
			LockSupport.parkNanos(left);
		}

		// a timed wait that is notified is synchronisation, not a sleep
		Thread notifier = new Thread(() -> {
			synchronized (monitor) {
				monitor.notifyAll();
			}
		});
		synchronized (monitor) {
			notifier.start();
			monitor.wait(60_000);
		}
		notifier.join();

		// accept and read block until the client, which sleeps first, connects and writes
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			Thread client = new Thread(() -> {
				try {
					Thread.sleep(100);
					try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
						Thread.sleep(200);
						socket.getOutputStream().write(42);
					}
				} catch (Exception e) {
					throw new IllegalStateException(e);
				}
			});
			client.start();
			try (Socket socket = server.accept()) {
				InputStream in = socket.getInputStream();
				if (in.read() != 42) {
					throw new IllegalStateException("not the byte written");
				}
			}
			client.join();
		}

		// small writes to a file do not block
		File file = File.createTempFile("blocking", ".bin");
		file.deleteOnExit();
		byte[] small = new byte[16];
		try (FileOutputStream out = new FileOutputStream(file)) {
			for (int i = 0; i < 1000; i++) {
				out.write(small);
			}
		}
	}
}
