package org.perfcast.record.agent;

import static org.perfcast.record.agent.Hooks.LOCK;
import static org.perfcast.record.agent.Hooks.MIN_OFF_NANOS;
import static org.perfcast.record.agent.Hooks.cpuClock;
import static org.perfcast.record.agent.Hooks.current;
import static org.perfcast.record.agent.Hooks.offProcessor;
import static org.perfcast.record.agent.Hooks.record;
import static org.perfcast.record.agent.Hooks.seconds;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.List;

import org.perfcast.record.agent.Hooks.Actor;

/**
 * The hooks of blocking file and socket I/O (see {@link Hooks}): each makes the call through one timed helper and
 * records an {@code io D} event for the time the thread was off the processor in it.
 * <p>
 * This class runs in the recorded program's JVM, any Java from 11 up: it must use only Java 11's language and API.
 */
public final class IoHooks {

	private IoHooks() {
	}

	// I/O is timed by the wall clock alone unless it is slow: reading a thread's CPU clock costs about as much as a
	// small write to a file. A call that takes SLOW_NANOS or more makes the next PRECISE_CALLS calls of its site read
	// the CPU clock too (so that a site that blocks is measured exactly, and one that rarely does pays little), and
	// is itself counted with the CPU time the thread used since its previous event taken as the call's.

	/** I/O shorter than this (wall clock) at a site that is not measuring CPU time is not recorded. */
	static final long SLOW_NANOS = 20_000;
	/** How many calls of a site after a slow one read the CPU clock. */
	static final int PRECISE_CALLS = 16;
	/** Per site, how many more I/O calls read the CPU clock. */
	private static volatile int[] precise = new int[1024];

	/** Before an I/O call at {@code site}: the thread's CPU clock, or -1 if the site is timed by the wall clock. */
	private static long ioStart(int site) {
		int[] p = precise;
		if (site < p.length && p[site] > 0) {
			p[site]--;
			return cpuClock();
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

	/** A call of I/O that returns an object. */
	private interface IoCall<T> {
		T call() throws IOException;
	}

	/** A call of I/O that returns an int. */
	private interface IntIoCall {
		int call() throws IOException;
	}

	/** A call of I/O that returns nothing. */
	private interface IoRun {
		void run() throws IOException;
	}

	/** Makes {@code call} at {@code site}, timed: io for the time off the processor (when long enough). */
	private static <T> T timed(int site, IoCall<T> call) throws IOException {
		return timed(site, false, call);
	}

	/** As {@link #timed(int, IoCall)}, measured with the CPU clock if {@code exact}, else as the site is. */
	private static <T> T timed(int site, boolean exact, IoCall<T> call) throws IOException {
		long wall = System.nanoTime();
		long cpu = exact ? cpuClock() : ioStart(site);
		try {
			return call.call();
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** As {@link #timed(int, IoCall)} for a call that returns an int. */
	private static int timedInt(int site, IntIoCall call) throws IOException {
		long wall = System.nanoTime();
		long cpu = ioStart(site);
		try {
			return call.call();
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** As {@link #timed(int, IoCall)} for a call that returns nothing. */
	private static void timedRun(int site, IoRun call) throws IOException {
		timedRun(site, false, call);
	}

	/** As {@link #timed(int, boolean, IoCall)} for a call that returns nothing. */
	private static void timedRun(int site, boolean exact, IoRun call) throws IOException {
		long wall = System.nanoTime();
		long cpu = exact ? cpuClock() : ioStart(site);
		try {
			call.run();
		} finally {
			ioEnd(wall, cpu, site);
		}
	}

	/** Makes room for the I/O state of {@code sites} sites. */
	static void sites(int sites) {
		if (sites > precise.length) {
			precise = java.util.Arrays.copyOf(precise, precise.length * 2);
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
		return timedInt(site, () -> in.read());
	}

	/** {@code in.read(b)}. */
	public static int ioRead(InputStream in, byte[] b, int site) throws IOException {
		if (!blocking(in)) {
			return in.read(b);
		}
		return timedInt(site, () -> in.read(b));
	}

	/** {@code in.read(b, off, len)}. */
	public static int ioRead(InputStream in, byte[] b, int off, int len, int site) throws IOException {
		if (!blocking(in)) {
			return in.read(b, off, len);
		}
		return timedInt(site, () -> in.read(b, off, len));
	}

	/** {@code out.write(b)} of one byte, on a stream that may block. */
	public static void ioWrite(OutputStream out, int b, int site) throws IOException {
		if (!blocking(out)) {
			out.write(b);
			return;
		}
		timedRun(site, () -> out.write(b));
	}

	/** {@code out.write(b)}. */
	public static void ioWrite(OutputStream out, byte[] b, int site) throws IOException {
		if (!blocking(out)) {
			out.write(b);
			return;
		}
		timedRun(site, () -> out.write(b));
	}

	/** {@code out.write(b, off, len)}. */
	public static void ioWrite(OutputStream out, byte[] b, int off, int len, int site) throws IOException {
		if (!blocking(out)) {
			out.write(b, off, len);
			return;
		}
		timedRun(site, () -> out.write(b, off, len));
	}

	/** {@code file.read()}. */
	public static int ioRead(RandomAccessFile file, int site) throws IOException {
		return timedInt(site, () -> file.read());
	}

	/** {@code file.read(b)}. */
	public static int ioRead(RandomAccessFile file, byte[] b, int site) throws IOException {
		return timedInt(site, () -> file.read(b));
	}

	/** {@code file.read(b, off, len)}. */
	public static int ioRead(RandomAccessFile file, byte[] b, int off, int len, int site) throws IOException {
		return timedInt(site, () -> file.read(b, off, len));
	}

	/** {@code file.readFully(b)}. */
	public static void ioReadFully(RandomAccessFile file, byte[] b, int site) throws IOException {
		timedRun(site, () -> file.readFully(b));
	}

	/** {@code file.readFully(b, off, len)}. */
	public static void ioReadFully(RandomAccessFile file, byte[] b, int off, int len, int site) throws IOException {
		timedRun(site, () -> file.readFully(b, off, len));
	}

	/** {@code file.write(b)} of one byte. */
	public static void ioWrite(RandomAccessFile file, int b, int site) throws IOException {
		timedRun(site, () -> file.write(b));
	}

	/** {@code file.write(b)}. */
	public static void ioWrite(RandomAccessFile file, byte[] b, int site) throws IOException {
		timedRun(site, () -> file.write(b));
	}

	/** {@code file.write(b, off, len)}. */
	public static void ioWrite(RandomAccessFile file, byte[] b, int off, int len, int site) throws IOException {
		timedRun(site, () -> file.write(b, off, len));
	}

	/** {@code channel.read(buffer)}. */
	public static int ioRead(FileChannel channel, ByteBuffer buffer, int site) throws IOException {
		return timedInt(site, () -> channel.read(buffer));
	}

	/** {@code channel.read(buffer, position)}. */
	public static int ioRead(FileChannel channel, ByteBuffer buffer, long position, int site) throws IOException {
		return timedInt(site, () -> channel.read(buffer, position));
	}

	/** {@code channel.write(buffer)}. */
	public static int ioWrite(FileChannel channel, ByteBuffer buffer, int site) throws IOException {
		return timedInt(site, () -> channel.write(buffer));
	}

	/** {@code channel.write(buffer, position)}. */
	public static int ioWrite(FileChannel channel, ByteBuffer buffer, long position, int site) throws IOException {
		return timedInt(site, () -> channel.write(buffer, position));
	}

	/** {@code channel.force(metaData)}: always measured with the CPU clock. */
	public static void ioForce(FileChannel channel, boolean metaData, int site) throws IOException {
		timedRun(site, true, () -> channel.force(metaData));
	}

	/** {@code channel.read(buffer)} of a socket channel. */
	public static int ioRead(SocketChannel channel, ByteBuffer buffer, int site) throws IOException {
		return timedInt(site, () -> channel.read(buffer));
	}

	/** {@code channel.write(buffer)} of a socket channel. */
	public static int ioWrite(SocketChannel channel, ByteBuffer buffer, int site) throws IOException {
		return timedInt(site, () -> channel.write(buffer));
	}

	/** {@code server.accept()}: always measured with the CPU clock. */
	public static java.net.Socket ioAccept(java.net.ServerSocket server, int site) throws IOException {
		return timed(site, true, () -> server.accept());
	}

	/** {@code server.accept()} of a server socket channel. */
	public static SocketChannel ioAccept(java.nio.channels.ServerSocketChannel server, int site) throws IOException {
		return timed(site, true, () -> server.accept());
	}

	/** {@code Files.readAllBytes(path)}. */
	public static byte[] ioReadAllBytes(Path path, int site) throws IOException {
		return timed(site, () -> Files.readAllBytes(path));
	}

	/** {@code Files.readString(path)}. */
	public static String ioReadString(Path path, int site) throws IOException {
		return timed(site, () -> Files.readString(path));
	}

	/** {@code Files.readAllLines(path)}. */
	public static List<String> ioReadAllLines(Path path, int site) throws IOException {
		return timed(site, () -> Files.readAllLines(path));
	}

	/** {@code Files.write(path, bytes, options)}. */
	public static Path ioWrite(Path path, byte[] bytes, OpenOption[] options, int site) throws IOException {
		return timed(site, () -> Files.write(path, bytes, options));
	}

	/** {@code Files.writeString(path, text, options)}. */
	public static Path ioWriteString(Path path, CharSequence text, OpenOption[] options, int site) throws IOException {
		return timed(site, () -> Files.writeString(path, text, options));
	}

}
