package org.perfcast.record.agent;

/**
 * The names of a recorded program's Java threads as {@code @name THREAD TEXT} lines of the trace: a thread's
 * {@link Thread#getName()} when it starts (a name given to its constructor: "pool-1-thread-2", "ForkJoinPool-1-worker-3",
 * a subclass's {@code super("ping")}) and whenever it has changed at one of its events (after {@code setName}, from
 * any code, the JDK's included). A task (a thread of the trace that an executor or a fork-join pool runs) is named
 * after the Java thread it runs on ("pool-1-thread-2"). A name equal to the ID in the trace ("main") is not written.
 * <p>
 * This class runs in the recorded program's JVM, any Java from 11 up: it must use only Java 11's language and API.
 */
final class ThreadNaming {

	/** The longest name written, in characters (longer ones are cut). */
	static final int MAX = 1024;

	private ThreadNaming() {
	}

	/** The line naming thread {@code id} {@code name}, or null when there is nothing to say. */
	static String directive(String id, String name) {
		if (name == null || name.isEmpty() || name.equals(id)) {
			return null;
		}
		return "@name " + id + " " + escape(name.length() > MAX ? name.substring(0, MAX) : name);
	}

	/** Backslash and control characters escaped as the trace reader wants them (\\, \t, \n, \r, \xHH, \\uHHHH). */
	static String escape(String name) {
		StringBuilder s = new StringBuilder(name.length() + 8);
		for (int i = 0; i < name.length(); i++) {
			char c = name.charAt(i);
			if (c == '\\') {
				s.append("\\\\");
			} else if (c == '\t') {
				s.append("\\t");
			} else if (c == '\n') {
				s.append("\\n");
			} else if (c == '\r') {
				s.append("\\r");
			} else if (c < 0x20 || c == 0x7F || c >= 0x80 && c < 0xA0) {
				s.append(String.format("\\x%02x", (int) c));
			} else if (c == '\u2028' || c == '\u2029' || Character.isSurrogate(c) && !wellFormed(name, i)) {
				s.append(String.format("\\u%04x", (int) c));
			} else {
				s.append(c);
			}
		}
		return s.toString();
	}

	/** Whether the surrogate at {@code i} is half of a pair (a lone one cannot be written as UTF-8). */
	private static boolean wellFormed(String s, int i) {
		char c = s.charAt(i);
		return Character.isHighSurrogate(c) ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
				: i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
	}
}
