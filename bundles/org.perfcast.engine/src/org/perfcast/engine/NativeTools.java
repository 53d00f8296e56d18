package org.perfcast.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What the engines that build and run native code share: finding programs on the {@code PATH}, reading the C
 * sources they ship, naming builds by their sources so that a cache folder keeps one build per version, and
 * running a compiler.
 */
public final class NativeTools {

	private NativeTools() {
	}

	/**
	 * Where Perfcast keeps what it builds once (recorders, MPI programs, the Java agent):
	 * {@code $XDG_CACHE_HOME/perfcast}, by default {@code ~/.cache/perfcast}.
	 */
	public static Path cache() {
		return Path.of(System.getenv().getOrDefault("XDG_CACHE_HOME", System.getProperty("user.home") + "/.cache"),
				"perfcast");
	}

	/** The executable called {@code name} on the {@code PATH}, or null. */
	public static @Nullable Path onPath(String name) {
		for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
			Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
			if (Files.isExecutable(candidate)) {
				return candidate;
			}
		}
		return null;
	}

	/**
	 * The bytes of resource {@code name} next to {@code owner}'s class.
	 *
	 * @throws IOException if the bundle lacks it
	 */
	public static byte[] resource(Class<?> owner, String name) throws IOException {
		try (InputStream in = owner.getResourceAsStream(name)) {
			if (in == null) {
				throw new IOException(name + " is missing from the bundle of " + owner.getName());
			}
			return in.readAllBytes();
		}
	}

	/** Twelve hexadecimal digits of the SHA-256 of {@code parts}: a name for a build of these sources. */
	public static String hash(byte[]... parts) {
		try {
			java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
			for (byte[] part : parts) {
				digest.update(part);
			}
			return HexFormat.of().formatHex(digest.digest(), 0, 6);
		} catch (java.security.NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}

	/**
	 * Runs {@code command} (a compiler) to completion.
	 *
	 * @return null when it succeeded, else its exit code and output as a message
	 */
	public static @Nullable String run(List<String> command) throws IOException {
		Processes.Finished finished = Processes.run(new ProcessBuilder(command), null, null, command.get(0));
		return finished.status() == 0 ? null : Path.of(command.get(0)).getFileName() + " failed (exit code "
				+ finished.status() + "):\n" + finished.output().strip();
	}

	/**
	 * Builds {@code target} unless it exists: runs the command {@code build} gives for a temporary output next to
	 * it, then moves that into place atomically, so that runs building the same target at once (the points of a
	 * sweep) never see a half-written file.
	 *
	 * @return null when {@code target} is there, else the failed command's message
	 */
	public static @Nullable String build(Path target, java.util.function.Function<Path, List<String>> build)
			throws IOException {
		if (Files.isRegularFile(target)) {
			return null;
		}
		Files.createDirectories(target.getParent());
		Path temporary = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
		try {
			String failure = run(build.apply(temporary));
			if (failure == null) {
				Files.move(temporary, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
						java.nio.file.StandardCopyOption.REPLACE_EXISTING);
			}
			return failure;
		} finally {
			Files.deleteIfExists(temporary);
		}
	}

	/** Writes {@code bytes} to {@code file} through a temporary file moved into place, for concurrent writers. */
	public static void write(Path file, byte[] bytes) throws IOException {
		Files.createDirectories(file.getParent());
		Path temporary = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
		try {
			Files.write(temporary, bytes);
			Files.move(temporary, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
					java.nio.file.StandardCopyOption.REPLACE_EXISTING);
		} finally {
			Files.deleteIfExists(temporary);
		}
	}
}
