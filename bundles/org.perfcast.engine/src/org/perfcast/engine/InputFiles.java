package org.perfcast.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reading the model files users give: only regular files (not {@code /dev/zero}, a fifo or a folder), and only up
 * to a size any model has, so that a wrong path ends in a message instead of exhausting memory.
 */
public final class InputFiles {

	/** The largest model file read whole: 16 MiB (traces are read as streams, without this limit). */
	public static final long MAX_BYTES = 16L << 20;

	private InputFiles() {
	}

	/**
	 * The text of {@code file}, UTF-8.
	 *
	 * @throws IOException when it is missing, not a regular file, larger than {@link #MAX_BYTES}, or unreadable; the
	 *                     message says which
	 */
	public static String text(Path file) throws IOException {
		if (!Files.exists(file)) {
			throw new IOException("no such file");
		}
		if (!Files.isRegularFile(file)) {
			throw new IOException("not a file (a folder, a device or a pipe)");
		}
		if (Files.size(file) > MAX_BYTES) {
			throw new IOException("larger than " + (MAX_BYTES >> 20) + " MiB, the limit for a model file");
		}
		return Files.readString(file, StandardCharsets.UTF_8);
	}
}
