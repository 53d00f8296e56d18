package org.perfcast.loggp;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.LinkedHashMap;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineException;

/**
 * The lines of a file from byte {@code start} to {@code end} (−1: its end), read in chunks: '\n', '\r' and
 * "\r\n" end a line, as {@link java.io.BufferedReader#readLine} reads them.
 */
final class MpiTraceLines {
	private final Path path;
	private final String name;
	private final long end;
	private final @Nullable Pool pool;
	/** The file position of the byte after the buffer's. */
	private long next;
	private byte @Nullable [] buf;
	private int off;
	private int len;
	private boolean eof;
	private @Nullable FileChannel channel;
	/** Whether a '\r' ended the last line, so that a '\n' next belongs to it. */
	boolean skipLF;
	/** The number of the last line read. */
	int line;

	MpiTraceLines(Path path, String name, long start, long end, int line, boolean skipLF, @Nullable Pool pool) {
		this.path = path;
		this.name = name;
		this.next = start;
		this.end = end;
		this.line = line;
		this.skipLF = skipLF;
		this.pool = pool;
	}

	/** The file position of the next byte not read. */
	long position() {
		return next - (len - off);
	}

	/**
	 * A reader of the same file from file position {@code position}, after line {@code line}, which ended in a lone
	 * '\r' if {@code skipLF}; its buffer and file among those {@code pool} holds (null: its own).
	 */
	MpiTraceLines copyAt(long position, int line, boolean skipLF, @Nullable Pool pool) {
		return new MpiTraceLines(path, name, position, end, line, skipLF, pool);
	}

	/** The next line, or null at the end. */
	@Nullable
	String read() throws EngineException {
		if (!advance()) {
			return null;
		}
		return new String(buffer(), lineStart, lineEnd - lineStart, StandardCharsets.UTF_8);
	}

	/**
	 * Passes at most {@code max} lines whose first word is none of {@code words}, blank lines and comments among them,
	 * and stops before the first line that begins with one of them or at the end; returns the number of lines passed. The lines passed are not made into strings: this is how a reader
	 * looks for the next 'rank' or 'wait' in millions of lines.
	 */
	int skipUnless(int max, byte[]... words) throws EngineException {
		try {
			int passed = 0;
			while (passed < max) {
				passLF();
				byte[] b = buffer();
				int o = off;
				int n = len;
				int lines = 0;
				// whole lines in the buffer, in local variables
				while (passed + lines < max) {
					int i = lineEnd(b, o, n);
					if (i == n || startsAny(b, o, i, words)) {
						break;
					}
					if (b[i] == '\r') {
						if (i + 1 == n) {
							break; // a '\n' may follow in the next chunk: the general case below
						}
						if (b[i + 1] == '\n') {
							i++;
						}
					}
					o = i + 1;
					lines++;
				}
				off = o;
				line += lines;
				passed += lines;
				if (passed == max) {
					return passed;
				}
				// the line at off begins with a word looked for, or ends in '\r' at the buffer's end, or goes beyond it
				int i = off;
				while (i < len && b[i] != '\n' && b[i] != '\r') {
					i++;
				}
				if (i < len) {
					if (startsAny(b, off, i, words)) {
						return passed;
					}
					off = i + 1;
					skipLF = true;
					line++;
					passed++;
				} else if (!fill()) { // the last line, without an end
					byte[] c = buffer();
					if (off == len || startsAny(c, off, len, words)) {
						return passed;
					}
					off = len;
					line++;
					return passed + 1;
				} // else read on: the line is looked at again with what follows
			}
			return passed;
		} catch (IOException e) {
			drop();
			throw MpiTrace.error(name, 0, "cannot read the trace: " + e.getMessage());
		}
	}

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
	private static final long ONES = 0x0101010101010101L;
	private static final long HIGHS = 0x8080808080808080L;

	/**
	 * The index of the first '\n' or '\r' in {@code b} from {@code from}, or {@code to}: eight bytes at a time (a byte
	 * equal to c is a zero byte of the word xor c repeated; the lowest such byte is found exactly).
	 */
	static int lineEnd(byte[] b, int from, int to) {
		int i = from;
		for (; i + 8 <= to; i += 8) {
			long w = (long) LONGS.get(b, i);
			long lf = w ^ 0x0A0A0A0A0A0A0A0AL;
			long cr = w ^ 0x0D0D0D0D0D0D0D0DL;
			long found = ((lf - ONES) & ~lf | (cr - ONES) & ~cr) & HIGHS;
			if (found != 0) {
				return i + (Long.numberOfTrailingZeros(found) >>> 3);
			}
		}
		while (i < to && b[i] != '\n' && b[i] != '\r') {
			i++;
		}
		return i;
	}

	/** Whether the line from {@code from} to {@code to} in {@code b} begins with one of {@code words}. */
	private boolean startsAny(byte[] b, int from, int to, byte[][] words) {
		int i = from;
		while (i < to && blank(b[i])) {
			i++;
		}
		lineEnd = to;
		for (byte[] w : words) {
			if (startsWord(b, i, w)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The next line if its first word is {@code word}, "" for any other line (not made into a string), or null at
	 * the end.
	 */
	@Nullable
	String readIfFirst(byte[] word) throws EngineException {
		if (!advance()) {
			return null;
		}
		byte[] b = buffer();
		return startsAny(b, lineStart, lineEnd, new byte[][] { word }) ? new String(b, lineStart, lineEnd - lineStart,
				StandardCharsets.UTF_8) : "";
	}

	/** The next line's fields ({@link MpiTrace#fields}), or null at the end. */
	String @Nullable [] fields() throws EngineException {
		return advance() ? split() : null;
	}

	/**
	 * The next line's fields if it is a completion ('wait' or 'cancel'), no fields for any other line (not split
	 * into strings), or null at the end.
	 */
	String @Nullable [] completionFields() throws EngineException {
		if (!advance()) {
			return null;
		}
		byte[] b = buffer();
		int i = lineStart;
		while (i < lineEnd && blank(b[i])) {
			i++;
		}
		return startsWord(b, i, WAIT) || startsWord(b, i, CANCEL) ? split() : NO_FIELDS;
	}

	/** The first words of the lines that complete a request. */
	static final byte[] WAIT = "wait".getBytes(StandardCharsets.US_ASCII);
	static final byte[] CANCEL = "cancel".getBytes(StandardCharsets.US_ASCII);
	private static final String[] NO_FIELDS = {};

	/** Whether the line has {@code word} at {@code i}, followed by a blank, a comment or its end. */
	private boolean startsWord(byte[] b, int i, byte[] word) {
		if (lineEnd - i < word.length) {
			return false;
		}
		for (int k = 0; k < word.length; k++) {
			if (b[i + k] != word[k]) {
				return false;
			}
		}
		int after = i + word.length;
		return after == lineEnd || blank(b[after]) || b[after] == '#';
	}

	/** The fields of the line {@link #advance} found. */
	private String[] split() {
		byte[] b = buffer();
		int n = lineStart;
		while (n < lineEnd && b[n] != '#') {
			n++;
		}
		int count = 0;
		for (int i = lineStart; i < n; i++) {
			if (!blank(b[i]) && (i == lineStart || blank(b[i - 1]))) {
				count++;
			}
		}
		String[] out = new String[count];
		int k = 0;
		int i = lineStart;
		while (k < count) {
			while (blank(b[i])) {
				i++;
			}
			int start = i;
			while (i < n && !blank(b[i])) {
				i++;
			}
			out[k++] = new String(b, start, i - start, StandardCharsets.UTF_8);
		}
		return out;
	}

	private static boolean blank(byte c) {
		return c == ' ' || c == '\t' || c == '\r';
	}

	/** The bytes of the line {@link #advance} found, in the buffer until the next call. */
	private int lineStart;
	private int lineEnd;

	/** Passes the '\n' of a "\r\n" whose '\r' ended the last line. */
	private void passLF() throws IOException, EngineException {
		if (skipLF) {
			if (off == len) {
				fill();
			}
			if (off < len && buffer()[off] == '\n') {
				off++;
			}
			skipLF = false;
		}
	}

	/** Finds the next line; false at the end. */
	private boolean advance() throws EngineException {
		try {
			passLF();
			int i = off;
			while (true) {
				byte[] b = buffer();
				i = lineEnd(b, i, len);
				if (i < len) {
					lineStart = off;
					lineEnd = i;
					if (b[i] == '\r') {
						if (i + 1 < len) {
							if (b[i + 1] == '\n') {
								i++;
							}
						} else {
							skipLF = true;
						}
					}
					off = i + 1;
					line++;
					return true;
				}
				int consumed = i - off;
				if (!fill()) {
					if (off == len) {
						return false;
					}
					lineStart = off;
					lineEnd = len;
					off = len;
					line++;
					return true;
				}
				i = off + consumed;
			}
		} catch (IOException e) {
			drop();
			throw MpiTrace.error(name, 0, "cannot read the trace: " + e.getMessage());
		}
	}

	private byte[] buffer() {
		byte[] b = buf;
		return b != null ? b : new byte[0];
	}

	/** Reads more after the unread bytes; false at the end. */
	private boolean fill() throws IOException, EngineException {
		if (eof) {
			return false;
		}
		byte[] b = buf;
		if (b == null) {
			b = new byte[Pool.CHUNK];
		} else if (off > 0) {
			System.arraycopy(b, off, b, 0, len - off);
			len -= off;
			off = 0;
		} else if (len == b.length) {
			if (b.length >= MpiTrace.MAX_LINE) {
				throw MpiTrace.error(name, line + 1, "a line of more than " + (MpiTrace.MAX_LINE >> 20) + " MiB");
			}
			b = Arrays.copyOf(b, b.length * 2);
		}
		buf = b;
		Pool p = pool;
		if (p != null) {
			p.use(this);
		}
		FileChannel c = channel;
		if (c == null) {
			c = FileChannel.open(path, StandardOpenOption.READ);
			channel = c;
		}
		int want = b.length - len;
		if (end >= 0) {
			want = (int) Math.min(want, end - next);
		}
		int n = want <= 0 ? -1 : c.read(ByteBuffer.wrap(b, len, want), next);
		if (n <= 0) {
			eof = true;
			closeChannel();
			return false;
		}
		len += n;
		next += n;
		return true;
	}

	/** Gives up the buffer and the file, keeping the place. */
	void drop() {
		next = position();
		eof = false;
		buf = null;
		off = 0;
		len = 0;
		closeChannel();
	}

	/** Drops the buffer and the file and leaves the pool. */
	void release() {
		drop();
		Pool p = pool;
		if (p != null) {
			p.forget(this);
		}
	}

	private void closeChannel() {
		FileChannel c = channel;
		channel = null;
		if (c != null) {
			try {
				c.close();
			} catch (IOException e) {
				// read already
			}
		}
	}

	/**
	 * The readers holding a read buffer and an open file: at most {@link #HELD}, the least recently read giving
	 * theirs up (they read on from where they were), so that many ranks neither hold many buffers nor many files.
	 */
	static final class Pool {
		static final int HELD = 64;
		static final int CHUNK = 1 << 16;

		/** In the order last read, the least recent first. */
		private final LinkedHashMap<MpiTraceLines, Boolean> held = new LinkedHashMap<>(16, 0.75f, true);

		void use(MpiTraceLines lines) {
			held.put(lines, Boolean.TRUE);
			if (held.size() > HELD) {
				MpiTraceLines eldest = held.keySet().iterator().next();
				held.remove(eldest);
				eldest.drop();
			}
		}

		void forget(MpiTraceLines lines) {
			held.remove(lines);
		}

		void close() {
			for (MpiTraceLines l : held.keySet()) {
				l.drop();
			}
			held.clear();
		}
	}
}
