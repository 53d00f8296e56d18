package org.perfcast.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.perfcast.engine.Printable;

/**
 * The terminal's last defence: a stream that prints text with its control characters (all but newline and tab),
 * line separators and bidirectional overrides as escapes ({@link Printable#message}), so that no message reaches the
 * terminal with the raw bytes of an input, whatever path it took. Bytes written as bytes lose their C0 controls
 * and DEL the same way.
 */
final class EscapingPrintStream extends PrintStream {

	EscapingPrintStream(OutputStream out) {
		super(out, true, StandardCharsets.UTF_8);
	}

	@Override
	public void print(String s) {
		super.print(Printable.message(String.valueOf(s)));
	}

	@Override
	public void print(Object obj) {
		print(String.valueOf(obj));
	}

	@Override
	public void print(char[] s) {
		print(new String(s));
	}

	@Override
	public void print(char c) {
		print(String.valueOf(c));
	}

	@Override
	public void write(int b) {
		if (b == '\n' || b == '\t' || (b & 0xFF) >= 0x20 && (b & 0xFF) != 0x7F) {
			super.write(b);
		} else {
			super.print(Printable.message(String.valueOf((char) (b & 0xFF))));
		}
	}

	@Override
	public void write(byte[] buf, int off, int len) {
		int start = off;
		for (int i = off; i < off + len; i++) {
			int b = buf[i] & 0xFF;
			if (b != '\n' && b != '\t' && (b < 0x20 || b == 0x7F)) {
				super.write(buf, start, i - start);
				write(b);
				start = i + 1;
			}
		}
		super.write(buf, start, off + len - start);
	}
}
