package org.perfcast.trace;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;

/** Opens a trace file in either form, telling them apart by the binary form's magic number. */
public final class TraceFiles {

	private TraceFiles() {
	}

	/**
	 * A source reading {@code file} as it goes, named {@code name} in messages.
	 *
	 * @throws TraceException at a malformed header
	 * @throws IOException    when the file cannot be read
	 */
	public static TraceSource open(Path file, String name) throws TraceException, IOException {
		Counted counted = new Counted(Files.newInputStream(file));
		InputStream in = new BufferedInputStream(counted, 1 << 16);
		TraceSource source;
		try {
			in.mark(BinaryTrace.MAGIC.length);
			byte[] head = in.readNBytes(BinaryTrace.MAGIC.length);
			in.reset();
			if (java.util.Arrays.equals(head, BinaryTrace.MAGIC)) {
				source = new BinaryTrace.Reader(in, name);
			} else {
				source = new TraceReader(new InputStreamReader(in, StandardCharsets.UTF_8), name);
			}
		} catch (TraceException | IOException | RuntimeException e) {
			in.close();
			throw e;
		}
		return new Measured(source, Files.size(file), counted);
	}

	/** A file's bytes, counted as they are read. */
	@NonNullByDefault({}) // overrides InputStream's methods, whose parameters carry no null annotations
	private static final class Counted extends FilterInputStream {
		private volatile long count;

		Counted(InputStream in) {
			super(in);
		}

		@Override
		public int read() throws IOException {
			int b = super.read();
			if (b >= 0) {
				count++;
			}
			return b;
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			int n = super.read(b, off, len);
			if (n > 0) {
				count += n;
			}
			return n;
		}

		@Override
		public long skip(long n) throws IOException {
			long skipped = super.skip(n);
			count += skipped;
			return skipped;
		}
	}

	/** A trace read from a file of {@code length} bytes, of which {@code counted} tells how many were read. */
	private static final class Measured extends ForwardingTraceSource {
		private final long length;
		private final Counted counted;

		Measured(TraceSource source, long length, Counted counted) {
			super(source);
			this.length = length;
			this.counted = counted;
		}

		@Override
		public long length() {
			return length;
		}

		@Override
		public long position() {
			return counted.count;
		}
	}

	/** Replays {@code file}, read and replayed on a thread of its own where there is a second processor. */
	public static Recording record(Path file, String name, org.perfcast.engine.EngineMonitor monitor)
			throws TraceException, IOException {
		try (TraceSource source = open(file, name)) {
			return Recording.ofAhead(source, monitor);
		}
	}
}
