package org.perfcast.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A fresh private directory for an engine's or a command's temporary files: made by
 * {@link Files#createTempDirectory} (a new, unpredictable name, mode 0700 on POSIX file systems), so no other user
 * can read, plant or replace a file in it. {@link #close} removes it with everything in it; one left open when the
 * JVM exits (Ctrl-C, a failure that never reached the close) is removed by a shutdown hook.
 */
public final class TemporaryDirectory implements AutoCloseable {

	/** The directories not closed yet, which the shutdown hook removes. */
	private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();
	private static boolean hooked;

	private final Path path;

	private TemporaryDirectory(Path path) {
		this.path = path;
	}

	/** A new directory in the system's temporary folder, its name starting with {@code prefix}. */
	public static TemporaryDirectory create(String prefix) throws IOException {
		hook();
		Path path = Files.createTempDirectory(prefix);
		OPEN.add(path);
		return new TemporaryDirectory(path);
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
		remove(path);
		OPEN.remove(path);
	}

	private static synchronized void hook() {
		if (!hooked) {
			Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(TemporaryDirectory::remove),
					"perfcast-temporary-files"));
			hooked = true;
		}
	}

	/** Deletes {@code directory}'s tree, without following links. */
	private static void remove(Path directory) {
		try (Stream<Path> files = Files.walk(directory)) {
			files.sorted(Comparator.reverseOrder()).forEach(f -> {
				try {
					Files.deleteIfExists(f);
				} catch (IOException e) {
					// left for the system's cleaning of its temporary folder
				}
			});
		} catch (IOException | UncheckedIOException e) {
			// gone already, or left as above
		}
	}
}
