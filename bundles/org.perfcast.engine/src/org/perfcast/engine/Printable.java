package org.perfcast.engine;

/**
 * Input quoted in a message, made safe to print: control characters (C0, DEL, C1), line and paragraph separators and
 * invisible format characters (bidirectional overrides and isolates, zero-width characters) become visible escapes,
 * {@code \x1b} for those up to U+00FF and {@code \u202e} above, so that a file's bytes can neither drive a terminal
 * nor reorder what a message shows. Backslashes are kept as they are.
 */
public final class Printable {

	/** The most characters of a fragment {@link #quote} shows; the rest is cut, "…" saying so. */
	public static final int MAX_QUOTED = 200;

	private Printable() {
	}

	/** {@code fragment} escaped (newlines and tabs included) and cut at {@link #MAX_QUOTED} characters, in quotes. */
	public static String quote(CharSequence fragment) {
		boolean cut = fragment.length() > MAX_QUOTED;
		CharSequence shown = cut ? fragment.subSequence(0, MAX_QUOTED) : fragment;
		return "'" + escape(shown, false) + (cut ? "…'" : "'");
	}

	/** {@code fragment} with every character that is not plainly printable escaped, newlines and tabs included. */
	public static String escape(CharSequence fragment) {
		return escape(fragment, false);
	}

	/**
	 * A whole message (which may span lines) made safe to print: as {@link #escape} but keeping newlines and tabs.
	 */
	public static String message(CharSequence message) {
		return escape(message, true);
	}

	/** Whether {@code c} is printed as an escape (newline and tab only when {@code lines} is false). */
	public static boolean unsafe(int c, boolean lines) {
		if (c == '\n' || c == '\t') {
			return !lines;
		}
		if (c < 0x20 || c >= 0x7F && c <= 0x9F) {
			return true;
		}
		if (c < 0xA0) {
			return false;
		}
		int type = Character.getType(c);
		return type == Character.FORMAT || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
				|| type == Character.SURROGATE;
	}

	private static String escape(CharSequence text, boolean lines) {
		int n = text.length();
		int i = 0;
		int c;
		while (i < n && !unsafe(c = Character.codePointAt(text, i), lines)) {
			i += Character.charCount(c);
		}
		if (i == n) {
			return text.toString();
		}
		StringBuilder out = new StringBuilder(n + 16).append(text, 0, i);
		while (i < n) {
			c = Character.codePointAt(text, i);
			int width = Character.charCount(c);
			if (!unsafe(c, lines)) {
				out.appendCodePoint(c);
			} else if (c <= 0xFF) {
				out.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xF, 16));
			} else if (c <= 0xFFFF) {
				out.append(String.format("\\u%04x", c));
			} else {
				out.append(String.format("\\U%08x", c));
			}
			i += width;
		}
		return out.toString();
	}
}
