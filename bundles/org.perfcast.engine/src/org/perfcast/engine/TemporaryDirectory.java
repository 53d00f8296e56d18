package org.perfcast.engine;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A fresh private directory for an engine's or a command's temporary files, as a resource: made by
 * {@link PrivateFiles#temporaryDirectory} (a new, unpredictable name, mode 0700), so no other user can read, plant or
 * replace a file in it. {@link #close} removes it with everything in it; one left open when the JVM exits (Ctrl-C, a
 * failure that never reached the close) is removed then.
 */
public final class TemporaryDirectory implements AutoCloseable {

	private final Path path;

	private TemporaryDirectory(Path path) {
		this.path = path;
	}

	/** A new directory in the system's temporary folder, its name starting with {@code prefix}. */
	public static TemporaryDirectory create(String prefix) throws IOException {
		return new TemporaryDirectory(PrivateFiles.temporaryDirectory(prefix));
	}

	/** The directory. */
	public Path path() {
		return path;
	}

	/** The file {@code name} in the directory (not created). */
	public Path resolve(String name) {
		return path.resolve(name);
	}

	/** Removes the directory and what it holds; what cannot be removed is left, silently. */
	@Override
	public void close() {
		PrivateFiles.delete(path);
	}
}
