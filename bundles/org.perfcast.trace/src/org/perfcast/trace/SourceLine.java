package org.perfcast.trace;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The file and line a recorded location ({@code at=}) names: {@code Worker.java:52}, {@code /src/hot.c:13}.
 *
 * @param file the file as recorded
 * @param line the line, from 1
 */
public record SourceLine(String file, int line) {

	/** The file and line {@code at} names, or null when it names no line (no location, or a function). */
	public static @Nullable SourceLine of(@Nullable String at) {
		int colon = at == null ? -1 : at.lastIndexOf(':');
		if (at == null || colon <= 0 || !at.substring(colon + 1).matches("[0-9]{1,9}")) {
			return null;
		}
		int line = Integer.parseInt(at.substring(colon + 1));
		return line > 0 ? new SourceLine(at.substring(0, colon), line) : null;
	}
}
