package org.perfcast.trace;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.MemoryLimit;

/**
 * The compact binary form of a trace ({@code *.vtraceb}), for traces of many millions of events: the magic
 * {@code VTRB}, a version byte, the header, then one record per event. Names (threads, events, mutexes, source
 * locations) are numbered on first use; a record is a flag byte (kind, whether cpu and at follow), the time as
 * a double, the thread, the arguments (the duration of {@code io} and {@code sleep} as a double) and the optional
 * fields (cpu, the run-queue delay, at), numbers as unsigned variable-length integers. A thread's name ({@code @name}
 * in the text form) is a record of its own, the flag byte {@value #NAME} followed by the thread and the name (numbered
 * as the other names), which readers before names were added reject as corrupt; files without names are as they were.
 */
public final class BinaryTrace {

	/** The first bytes of every binary trace. */
	static final byte[] MAGIC = { 'V', 'T', 'R', 'B' };
	private static final int VERSION = 1;
	/** Version 2 adds the processors the program saw after the unit; written only for traces that say it. */
	private static final int VERSION_VISIBLE = 2;
	private static final int HAS_CPU = 0x10;
	private static final int HAS_AT = 0x20;
	private static final int HAS_RUN_QUEUE = 0x40;
	/** The flag byte of a thread's name: no event kind has it. */
	static final int NAME = 0x0F;

	private BinaryTrace() {
	}

	/** Writes a binary trace, event by event. */
	public static final class Writer implements AutoCloseable {
		private final DataOutputStream out;
		private final Map<String, Integer> names = new HashMap<>();

		/** Starts a trace with {@code header} on {@code out}. */
		public Writer(OutputStream out, TraceHeader header) throws IOException {
			this.out = new DataOutputStream(new java.io.BufferedOutputStream(out, 1 << 16));
			this.out.write(MAGIC);
			this.out.writeByte(header.visibleProcessors() > 0 ? VERSION_VISIBLE : VERSION);
			varint(header.priorities().size());
			for (String p : header.priorities()) {
				name(p);
			}
			name(header.unit());
			if (header.visibleProcessors() > 0) {
				varint(header.visibleProcessors());
			}
		}

		/** Appends {@code e}. */
		public void write(TraceEvent e) throws IOException {
			boolean cpu = !Double.isNaN(e.cpu());
			boolean runQueue = !Double.isNaN(e.runQueue());
			out.writeByte(e.kind().ordinal() | (cpu ? HAS_CPU : 0) | (e.at() != null ? HAS_AT : 0)
					| (runQueue ? HAS_RUN_QUEUE : 0));
			out.writeDouble(e.time());
			name(e.thread());
			String target = e.target();
			if (target != null) {
				name(target);
			}
			String object = e.object();
			if (object != null) {
				name(object);
			}
			if (e.kind().timed()) {
				out.writeDouble(e.duration());
			}
			if (cpu) {
				out.writeDouble(e.cpu());
			}
			if (runQueue) {
				out.writeDouble(e.runQueue());
			}
			String at = e.at();
			if (at != null) {
				name(at);
			}
		}

		/** Appends {@code @name thread name}: a name {@code thread} has from here on. */
		public void threadName(String thread, String name) throws IOException {
			out.writeByte(NAME);
			name(thread);
			name(name.length() > ThreadNames.MAX_NAME ? name.substring(0, ThreadNames.MAX_NAME) : name);
		}

		private void name(String name) throws IOException {
			Integer id = names.get(name);
			if (id != null) {
				varint(id);
				return;
			}
			id = names.size();
			names.put(name, id);
			varint(id);
			out.writeUTF(name);
		}

		private void varint(long v) throws IOException {
			while ((v & ~0x7FL) != 0) {
				out.writeByte((int) (v & 0x7F) | 0x80);
				v >>>= 7;
			}
			out.writeByte((int) v);
		}

		@Override
		public void close() throws IOException {
			out.close();
		}
	}

	/** Reads a binary trace one record at a time, decoding from its own buffer. */
	static final class Reader implements TraceSource {
		private static final EventKind[] KINDS = EventKind.values();
		private static final java.lang.invoke.VarHandle DOUBLE = java.lang.invoke.MethodHandles
				.byteArrayViewVarHandle(double[].class, java.nio.ByteOrder.BIG_ENDIAN);

		private final InputStream in;
		private final String file;
		private final List<String> names = new ArrayList<>();
		private final TraceHeader header;
		private byte[] buffer = new byte[1 << 16];
		private int position;
		private int limit;
		/** The offset in the file of the buffer's first byte. */
		private long base;
		private long record;
		private long events;
		private double lastTime;
		private final ThreadNames threadNames = new ThreadNames();
		/** The bytes the names defined take (estimated), and the most they may: half the {@link MemoryLimit}. */
		private long nameBytes;
		private final long nameLimit = MemoryLimit.bytes() / 2;

		Reader(InputStream stream, String file) throws IOException, TraceException {
			this.in = stream;
			this.file = file;
			if (!fill(MAGIC.length + 1)) {
				throw new TraceException(file, 0, "not a binary trace (too short)");
			}
			for (byte m : MAGIC) {
				if (buffer[position++] != m) {
					throw new TraceException(file, 0, "not a binary trace (no VTRB magic number)");
				}
			}
			int version = buffer[position++] & 0xFF;
			if (version != VERSION && version != VERSION_VISIBLE) {
				throw new TraceException(file, 0, "binary trace version " + version + " is not supported (only "
						+ VERSION + " and " + VERSION_VISIBLE + ")");
			}
			try {
				long at = offset();
				long count = varint();
				if (count < 0 || count > TraceHeader.MAX_PRIORITIES) {
					throw new TraceException(file, 0, "the header's count of threads in priority order, " + count
							+ " at byte " + at + ", is not 0 to " + TraceHeader.MAX_PRIORITIES + " (a corrupt file?)");
				}
				List<String> priorities = new ArrayList<>(); // grown as the names are read, not allocated for count
				for (long i = 0; i < count; i++) {
					priorities.add(name());
				}
				String unit = name();
				at = offset();
				long visible = version == VERSION_VISIBLE ? varint() : 0;
				if (visible < 0 || visible > 4096) {
					throw new TraceException(file, 0, "the binary trace's visible processors " + visible + " at byte "
							+ at + " are not 1 to 4096");
				}
				header = new TraceHeader(priorities, unit, "", (int) visible);
			} catch (EOFException e) {
				throw new TraceException(file, 0, "the binary trace ends inside its header");
			}
		}

		/** The offset in the file of the next byte to decode. */
		private long offset() {
			return base + position;
		}

		/** Makes at least {@code n} bytes available; false at the end of the stream. */
		private boolean fill(int n) throws IOException {
			if (limit - position >= n) {
				return true;
			}
			base += position;
			System.arraycopy(buffer, position, buffer, 0, limit - position);
			limit -= position;
			position = 0;
			if (n > buffer.length) {
				buffer = java.util.Arrays.copyOf(buffer, Math.max(n, buffer.length * 2));
			}
			while (limit < n) {
				int read = in.read(buffer, limit, buffer.length - limit);
				if (read < 0) {
					return false;
				}
				limit += read;
			}
			return true;
		}

		private int readByte() throws IOException {
			if (!fill(1)) {
				throw new EOFException();
			}
			return buffer[position++] & 0xFF;
		}

		private double readDouble() throws IOException {
			if (!fill(8)) {
				throw new EOFException();
			}
			double value = (double) DOUBLE.get(buffer, position);
			position += 8;
			return value;
		}

		@Override
		public TraceHeader header() {
			return header;
		}

		@Override
		public String file() {
			return file;
		}

		@Override
		public ThreadNames names() {
			return threadNames;
		}

		@Override
		public @Nullable TraceEvent next() throws TraceException, IOException {
			int flags;
			while (true) {
				if (!fill(1)) {
					return null;
				}
				flags = buffer[position++] & 0xFF;
				record++;
				if (flags != NAME) {
					break;
				}
				try {
					threadNames.name(name(), name(), events);
				} catch (EOFException e) {
					throw new TraceException(file, record, "the binary trace ends inside record " + record);
				} catch (IllegalArgumentException e) {
					throw new TraceException(file, record, "record " + record + ": " + e.getMessage());
				}
			}
			events++;
			try {
				int k = flags & 0x0F;
				if (k >= KINDS.length || (flags & ~(0x0F | HAS_CPU | HAS_AT | HAS_RUN_QUEUE)) != 0) {
					throw new TraceException(file, record, "record " + record + " is corrupt (flags " + flags + ")");
				}
				EventKind kind = KINDS[k];
				double time = readDouble();
				if (!(time >= lastTime) || !Double.isFinite(time)) {
					throw new TraceException(file, record, "record " + record + " has time " + time
							+ ", before the previous record's or not finite");
				}
				lastTime = time;
				String thread = name();
				String target = kind == EventKind.CREATE || kind == EventKind.ACTIVATE || kind == EventKind.JOIN ? name()
						: null;
				String object = kind == EventKind.WAIT || kind == EventKind.ACTIVATE || kind == EventKind.LOCK
						|| kind == EventKind.RLOCK || kind == EventKind.UNLOCK || kind == EventKind.POST
						|| kind == EventKind.TAKE ? name() : null;
				double duration = Double.NaN;
				if (kind.timed()) {
					duration = readDouble();
					if (!(duration >= 0 && Double.isFinite(duration))) {
						throw new TraceException(file, record, "record " + record + " has " + kind.keyword()
								+ " duration " + duration);
					}
				}
				double cpu = (flags & HAS_CPU) != 0 ? readDouble() : Double.NaN;
				if ((flags & HAS_CPU) != 0 && !(cpu >= 0 && Double.isFinite(cpu))) {
					throw new TraceException(file, record, "record " + record + " has CPU clock " + cpu);
				}
				double runQueue = (flags & HAS_RUN_QUEUE) != 0 ? readDouble() : Double.NaN;
				if ((flags & HAS_RUN_QUEUE) != 0 && !(runQueue >= 0 && Double.isFinite(runQueue))) {
					throw new TraceException(file, record, "record " + record + " has run-queue delay " + runQueue);
				}
				String at = (flags & HAS_AT) != 0 ? name() : null;
				return new TraceEvent(record, time, thread, kind, target, object, cpu, at, duration, runQueue);
			} catch (EOFException e) {
				throw new TraceException(file, record, "the binary trace ends inside record " + record);
			}
		}

		private String name() throws IOException, TraceException {
			long id = varint();
			if (id >= 0 && id < names.size()) {
				return names.get((int) id);
			}
			if (id != names.size()) {
				throw new TraceException(file, record, "record " + record + " refers to name " + id
						+ ", which is not defined yet");
			}
			int length = (readByte() << 8) | readByte();
			if (!fill(length)) {
				throw new EOFException();
			}
			byte[] utf = new byte[length + 2];
			utf[0] = (byte) (length >> 8);
			utf[1] = (byte) length;
			System.arraycopy(buffer, position, utf, 2, length);
			position += length;
			String name;
			try {
				name = new DataInputStream(new java.io.ByteArrayInputStream(utf)).readUTF();
			} catch (java.io.UTFDataFormatException e) {
				throw new TraceException(file, record, "record " + record + " has a name that is not valid modified "
						+ "UTF-8 (a corrupt file?)");
			}
			nameBytes += 64 + 2L * name.length();
			if (nameBytes > nameLimit) {
				throw new TraceException(file, record, "record " + record + ": the " + names.size() + " names defined "
						+ "so far take more than " + MemoryLimit.size(nameLimit) + ", half the memory limit of "
						+ MemoryLimit.describe());
			}
			names.add(name);
			return name;
		}

		private long varint() throws IOException, TraceException {
			if (position < limit && buffer[position] >= 0) {
				return buffer[position++]; // one byte: most names' numbers
			}
			long v = 0;
			for (int shift = 0; shift < 64; shift += 7) {
				int b = readByte();
				v |= (long) (b & 0x7F) << shift;
				if ((b & 0x80) == 0) {
					return v;
				}
			}
			throw new TraceException(file, record, "record " + record + " has a malformed number");
		}

		@Override
		public void close() throws IOException {
			in.close();
		}
	}
}
