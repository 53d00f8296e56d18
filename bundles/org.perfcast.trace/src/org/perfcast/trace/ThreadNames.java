package org.perfcast.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.MemoryLimit;
import org.perfcast.engine.Printable;

/**
 * The names a program gave its threads ({@code @name THREAD TEXT} in a trace), by thread: each name with where it was
 * given, the last one winning for display. A trace's threads are still identified by their IDs ({@code T1},
 * {@code T2}); a name is only shown beside the ID. A reader fills it as it reads (on the replay's thread when the
 * replay runs ahead), so it is thread-safe.
 */
public final class ThreadNames {

	/** No names, for sources without any. */
	public static final ThreadNames NONE = new ThreadNames(true);

	/**
	 * One name given to a thread.
	 *
	 * @param before how many events of the trace came before it (where it stands among them)
	 * @param name   the name, unescaped
	 */
	public record Named(long before, String name) {
	}

	/** The longest name kept, in characters (longer ones are cut). */
	public static final int MAX_NAME = 1024;

	private final Map<String, List<Named>> names = new LinkedHashMap<>();
	/** Every name given, in the trace's order. */
	private final List<Map.Entry<String, Named>> order = new ArrayList<>();
	private final boolean frozen;
	/** The bytes the names take (estimated), and the most they may: a quarter of the {@link MemoryLimit}. */
	private long bytes;
	private final long limit = MemoryLimit.bytes() / 4;

	/** An empty set of names to fill. */
	public ThreadNames() {
		this(false);
	}

	private ThreadNames(boolean frozen) {
		this.frozen = frozen;
	}

	/**
	 * Names {@code thread} {@code name} after {@code before} events of the trace: a later name is a rename, the same
	 * name again is nothing.
	 *
	 * @throws IllegalArgumentException when the names would take more than a quarter of the {@link MemoryLimit}
	 */
	public synchronized void name(String thread, String name, long before) {
		if (frozen) {
			throw new UnsupportedOperationException("ThreadNames.NONE holds no names");
		}
		String cut = name.length() > MAX_NAME ? name.substring(0, MAX_NAME) : name;
		Named named = new Named(before, cut);
		List<Named> history = names.computeIfAbsent(thread, k -> new ArrayList<>(1));
		if (!history.isEmpty() && history.get(history.size() - 1).name().equals(cut)) {
			return; // the name it has (a recorder may say it twice)
		}
		bytes += 96 + 2L * cut.length() + (history.isEmpty() ? 128 + 2L * thread.length() : 0);
		if (bytes > limit) {
			throw new IllegalArgumentException("the " + order.size() + " thread names so far take more than "
					+ MemoryLimit.size(limit) + ", a quarter of the memory limit of " + MemoryLimit.describe());
		}
		history.add(named);
		order.add(Map.entry(thread, named));
	}

	/** The last name given to {@code thread}, or null. */
	public synchronized @Nullable String name(String thread) {
		List<Named> history = names.get(thread);
		return history == null ? null : history.get(history.size() - 1).name();
	}

	/** Every name given to {@code thread}, in the trace's order (empty if none). */
	public synchronized List<Named> history(String thread) {
		List<Named> history = names.get(thread);
		return history == null ? List.of() : List.copyOf(history);
	}

	/** Each named thread's last name, in the order the threads were first named. */
	public synchronized Map<String, String> last() {
		Map<String, String> last = new LinkedHashMap<>();
		names.forEach((t, h) -> last.put(t, h.get(h.size() - 1).name()));
		return Collections.unmodifiableMap(last);
	}

	/** Every name given, in the trace's order: thread and name. */
	public synchronized List<Map.Entry<String, Named>> all() {
		return List.copyOf(order);
	}

	/** Whether no thread is named. */
	public synchronized boolean isEmpty() {
		return names.isEmpty();
	}

	@Override
	public boolean equals(@Nullable Object o) {
		return o instanceof ThreadNames n && all().equals(n.all());
	}

	@Override
	public int hashCode() {
		return all().hashCode();
	}

	@Override
	public String toString() {
		return all().toString();
	}

	/**
	 * How a thread is shown: "ping (T2)" when it is named, else its ID "T2"; control characters escaped
	 * ({@link Printable#escape}).
	 */
	public static String label(String thread, @Nullable String name) {
		String id = Printable.escape(thread);
		return name == null || name.isEmpty() || name.equals(thread) ? id : Printable.escape(name) + " (" + id + ")";
	}

	/**
	 * A name as the text of an {@code @name} directive: backslash as {@code \\}, tab, newline and carriage return as
	 * {@code \t}, {@code \n}, {@code \r}, other control characters as {@code \xHH} (or {@code \\uHHHH} beyond
	 * 0xFF), the rest as it is.
	 */
	public static String escape(String name) {
		StringBuilder s = new StringBuilder(name.length());
		for (int i = 0; i < name.length(); i++) {
			char c = name.charAt(i);
			switch (c) {
			case '\\' -> s.append("\\\\");
			case '\t' -> s.append("\\t");
			case '\n' -> s.append("\\n");
			case '\r' -> s.append("\\r");
			default -> {
				if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0) || c == '\u2028' || c == '\u2029'
						|| c == '\u0085') {
					s.append(c <= 0xFF ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
				} else {
					s.append(c);
				}
			}
			}
		}
		return s.toString();
	}

	/**
	 * The name an {@code @name} directive's text stands for (see {@link #escape(String)}).
	 *
	 * @throws IllegalArgumentException at a malformed escape, saying which
	 */
	public static String unescape(String text) {
		if (text.indexOf('\\') < 0) {
			return text;
		}
		StringBuilder s = new StringBuilder(text.length());
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c != '\\') {
				s.append(c);
				continue;
			}
			if (i + 1 >= text.length()) {
				throw new IllegalArgumentException("a lone '\\' ends the name (write \\\\ for a backslash)");
			}
			char e = text.charAt(++i);
			switch (e) {
			case '\\' -> s.append('\\');
			case 't' -> s.append('\t');
			case 'n' -> s.append('\n');
			case 'r' -> s.append('\r');
			case 'x', 'u' -> {
				int digits = e == 'x' ? 2 : 4;
				String hex = i + digits < text.length() ? text.substring(i + 1, i + 1 + digits) : "";
				if (!hex.matches("[0-9a-fA-F]{" + digits + "}")) {
					throw new IllegalArgumentException("\\" + e + " wants " + digits + " hexadecimal digits");
				}
				s.append((char) Integer.parseInt(hex, 16));
				i += digits;
			}
			default -> throw new IllegalArgumentException("unknown escape \\" + e
					+ " (known: \\\\, \\t, \\n, \\r, \\xHH, \\uHHHH)");
			}
		}
		return s.toString();
	}
}
