package org.perfcast.trace;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.TemporaryDirectory;

/**
 * A temporary file for the parts of streamed lists that the simulation does not need yet: when a thread's next
 * operation lies far ahead in the trace (a main thread that only joins at the end), everything read meanwhile
 * would otherwise stay in memory. Created on first use in a private directory of its own, which goes when it is
 * closed (or when the JVM exits first).
 */
final class Spill implements AutoCloseable {

	private @Nullable TemporaryDirectory directory;
	private @Nullable RandomAccessFile file;
	private long end;

	/** Appends {@code data}; returns where it starts. */
	long write(byte[] data) {
		try {
			RandomAccessFile f = file;
			if (f == null) {
				TemporaryDirectory d = TemporaryDirectory.create("perfcast-spill-");
				directory = d;
				f = new RandomAccessFile(d.resolve("spill.bin").toFile(), "rw");
				file = f;
			}
			f.seek(end);
			f.write(data);
			long at = end;
			end += data.length;
			return at;
		} catch (IOException e) {
			throw new UncheckedIOException("cannot write the temporary file of the simulation: " + e.getMessage(), e);
		}
	}

	/** The {@code length} bytes written at {@code offset}. */
	byte[] read(long offset, int length) {
		try {
			RandomAccessFile f = file;
			if (f == null) {
				throw new IllegalStateException("nothing was written to the temporary file");
			}
			byte[] data = new byte[length];
			f.seek(offset);
			f.readFully(data);
			return data;
		} catch (IOException e) {
			throw new UncheckedIOException("cannot read the temporary file of the simulation: " + e.getMessage(), e);
		}
	}

	@Override
	public void close() {
		try {
			RandomAccessFile f = file;
			if (f != null) {
				f.close();
			}
		} catch (IOException e) {
			// removed with its directory all the same
		} finally {
			file = null;
			TemporaryDirectory d = directory;
			directory = null;
			if (d != null) {
				d.close();
			}
		}
	}
}
