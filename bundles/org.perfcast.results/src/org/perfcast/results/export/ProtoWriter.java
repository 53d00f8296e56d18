package org.perfcast.results.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A minimal Protocol Buffers encoder: the wire format's varints, 64-bit fixed values and length-delimited fields
 * (strings and nested messages) written into a growable buffer. A nested message is begun with {@link #begin} and
 * ended with {@link #end}, which puts its length in front of it. Only what {@link PerfettoExport} needs: no
 * schema, no reflection, no dependency.
 */
final class ProtoWriter {

	private static final int VARINT = 0;
	private static final int FIXED64 = 1;
	private static final int LENGTH_DELIMITED = 2;

	private byte[] bytes = new byte[256];
	private int size;
	private int[] open = new int[8];
	private int depth;

	/** Field {@code field} as a varint (int32, int64, uint32, uint64, bool and enum fields alike). */
	ProtoWriter varint(int field, long value) {
		tag(field, VARINT);
		rawVarint(value);
		return this;
	}

	/** Field {@code field} as a fixed64. */
	ProtoWriter fixed64(int field, long value) {
		tag(field, FIXED64);
		for (int i = 0; i < 8; i++) {
			put((byte) (value >>> (8 * i)));
		}
		return this;
	}

	/** Field {@code field} as a UTF-8 string. */
	ProtoWriter string(int field, String value) {
		byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
		tag(field, LENGTH_DELIMITED);
		rawVarint(utf8.length);
		ensure(utf8.length);
		System.arraycopy(utf8, 0, bytes, size, utf8.length);
		size += utf8.length;
		return this;
	}

	/** Begins the nested message of field {@code field}; {@link #end} closes it. */
	ProtoWriter begin(int field) {
		tag(field, LENGTH_DELIMITED);
		if (depth == open.length) {
			open = Arrays.copyOf(open, depth * 2);
		}
		open[depth++] = size;
		return this;
	}

	/** Ends the innermost nested message, putting its length (a varint) before its contents. */
	ProtoWriter end() {
		if (depth == 0) {
			throw new IllegalStateException("no nested message to end");
		}
		int start = open[--depth];
		int length = size - start;
		int prefix = varintSize(length);
		ensure(prefix);
		System.arraycopy(bytes, start, bytes, start + prefix, length);
		int end = size + prefix;
		size = start;
		rawVarint(length);
		size = end;
		return this;
	}

	/** Writes what was encoded to {@code out} and empties the buffer; every nested message must be ended. */
	void flushTo(OutputStream out) throws IOException {
		if (depth != 0) {
			throw new IllegalStateException(depth + " nested messages not ended");
		}
		out.write(bytes, 0, size);
		size = 0;
	}

	/** What was encoded so far (a copy); every nested message must be ended. */
	byte[] toByteArray() {
		if (depth != 0) {
			throw new IllegalStateException(depth + " nested messages not ended");
		}
		return Arrays.copyOf(bytes, size);
	}

	private void tag(int field, int wireType) {
		rawVarint(((long) field << 3) | wireType);
	}

	private void rawVarint(long value) {
		long v = value;
		while ((v & ~0x7FL) != 0) {
			put((byte) ((v & 0x7F) | 0x80));
			v >>>= 7;
		}
		put((byte) v);
	}

	private static int varintSize(long value) {
		int n = 1;
		long v = value;
		while ((v & ~0x7FL) != 0) {
			n++;
			v >>>= 7;
		}
		return n;
	}

	private void put(byte b) {
		ensure(1);
		bytes[size++] = b;
	}

	private void ensure(int more) {
		if (size + more > bytes.length) {
			bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
		}
	}
}
