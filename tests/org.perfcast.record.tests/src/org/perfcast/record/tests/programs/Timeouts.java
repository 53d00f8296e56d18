package org.perfcast.record.tests.programs;

import java.io.File;
import java.io.FileInputStream;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Date;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Every other timed wait that times out (one sleep each, in this order), then the I/O calls the recorder hooks,
 * each once: the program runs through every hook of the agent.
 */
public class Timeouts {

	/** A thread subclass whose run sleeps with the inherited static sleep. */
	static class Sleeper extends Thread {
		@Override
		public void run() {
			try {
				sleep(10);
			} catch (InterruptedException e) {
				throw new IllegalStateException(e);
			}
		}
	}

	public static void main(String[] args) throws Exception {
		Object monitor = new Object();
		ReentrantLock held = new ReentrantLock();
		Condition never = held.newCondition();
		Semaphore none = new Semaphore(0);
		CountDownLatch closed = new CountDownLatch(1);
		ArrayBlockingQueue<String> full = new ArrayBlockingQueue<>(1);
		full.put("x");

		Thread.sleep(10, 500);
		Thread.sleep(Duration.ofMillis(10));
		synchronized (monitor) {
			monitor.wait(10, 500);
		}
		held.lock();
		try {
			never.awaitUntil(new Date(System.currentTimeMillis() + 10));
		} finally {
			held.unlock();
		}
		long deadline = System.currentTimeMillis() + 10;
		while (System.currentTimeMillis() < deadline) {
			LockSupport.parkUntil(deadline);
		}
		if (none.tryAcquire(10, TimeUnit.MILLISECONDS) || none.tryAcquire(2, 10, TimeUnit.MILLISECONDS)) {
			throw new IllegalStateException("no permits");
		}
		if (closed.await(10, TimeUnit.MILLISECONDS) || full.offer("y", 10, TimeUnit.MILLISECONDS)) {
			throw new IllegalStateException("closed, full");
		}
		Thread owner = new Thread(held::lock);
		owner.start();
		owner.join();
		if (held.tryLock(10, TimeUnit.MILLISECONDS)) {
			throw new IllegalStateException("held by the other thread");
		}
		Sleeper sleeper = new Sleeper();
		sleeper.start();
		sleeper.join();
		// permits that are there: takes
		Semaphore two = new Semaphore(2);
		if (!two.tryAcquire() || !two.tryAcquire(1)) {
			throw new IllegalStateException("two permits");
		}

		// the I/O hooks, once each
		File file = File.createTempFile("timeouts", ".bin");
		file.deleteOnExit();
		Path path = file.toPath();
		Files.write(path, new byte[] { 1, 2, 3 });
		Files.writeString(path, "abc\n");
		if (Files.readAllBytes(path).length != 4 || !Files.readString(path).equals("abc\n")
				|| Files.readAllLines(path).size() != 1) {
			throw new IllegalStateException("file");
		}
		try (FileInputStream in = new FileInputStream(file)) {
			byte[] b = new byte[4];
			if (in.read() != 'a' || in.read(b) != 3 || in.read(b, 0, 4) != -1) {
				throw new IllegalStateException("stream");
			}
		}
		try (RandomAccessFile raf = new RandomAccessFile(file, "rw")) {
			byte[] b = new byte[2];
			raf.write('x');
			raf.write(b);
			raf.write(b, 0, 1);
			raf.seek(0);
			raf.read();
			raf.read(b);
			raf.read(b, 0, 1);
			raf.seek(0);
			raf.readFully(b);
			raf.readFully(b, 0, 1);
		}
		try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
			channel.write(ByteBuffer.wrap(new byte[] { 1 }));
			channel.write(ByteBuffer.wrap(new byte[] { 2 }), 1);
			channel.read(ByteBuffer.allocate(1));
			channel.read(ByteBuffer.allocate(1), 0);
			channel.force(true);
		}
		try (ServerSocketChannel server = ServerSocketChannel.open()) {
			server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
			try (SocketChannel client = SocketChannel.open(server.getLocalAddress()); SocketChannel accepted = server
					.accept()) {
				client.write(ByteBuffer.wrap(new byte[] { 42 }));
				ByteBuffer one = ByteBuffer.allocate(1);
				accepted.read(one);
				if (one.get(0) != 42) {
					throw new IllegalStateException("socket");
				}
			}
		}
	}
}
