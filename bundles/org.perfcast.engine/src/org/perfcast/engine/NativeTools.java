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
 * running a compiler. A cache folder and what is used from it are {@link PrivateFiles private}: a build another
 * account could have put or changed there is refused, never loaded.
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

	/** What a user can do when a cache folder or a build in it is refused. */
	public static final String CACHE_FIX = "remove it, or set XDG_CACHE_HOME to a directory of yours";

	/**
	 * Whether {@code target}, a build in a cache folder, is there to use: the folder is private (made so if
	 * missing) and the file is the user's alone.
	 *
	 * @throws PrivateFiles.UntrustedPathException if the folder or the file could have been written by another
	 *             account
	 */
	public static boolean built(Path target) throws IOException {
		PrivateFiles.directory(target.toAbsolutePath().getParent(), CACHE_FIX);
		if (!Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
			return false;
		}
		PrivateFiles.file(target, CACHE_FIX);
		return true;
	}

	/**
	 * {@code library} at a path {@code LD_PRELOAD} can take: itself, or, when its path holds a space or a colon, a
	 * copy in a fresh private folder that {@link Preload#close} removes.
	 */
	public static Preload preload(Path library) throws IOException {
		String text = library.toAbsolutePath().toString();
		if (!text.contains(" ") && !text.contains(":")) {
			return new Preload(library.toAbsolutePath(), null);
		}
		Path dir = PrivateFiles.temporaryDirectory("perfcast-preload-");
		Path copy = dir.resolve(library.getFileName());
		Files.copy(library, copy);
		return new Preload(copy, dir);
	}

	/** A library to preload; {@link #close} removes its temporary copy, if it is one. */
	public record Preload(Path path, @Nullable Path temporary) implements AutoCloseable {
		@Override
		public void close() {
			if (temporary != null) {
				PrivateFiles.delete(temporary);
			}
		}
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
	 * @throws PrivateFiles.UntrustedPathException if the folder or a build there could have been written by another
	 *             account
	 */
	public static @Nullable String build(Path target, java.util.function.Function<Path, List<String>> build)
			throws IOException {
		if (built(target)) {
			return null;
		}
		Path temporary = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
		try {
			String failure = run(build.apply(temporary));
			if (failure == null) {
				// the user's alone whatever the umask (a build others may write is refused)
				java.util.Set<java.nio.file.attribute.PosixFilePermission> permissions = new java.util.HashSet<>(Files
						.getPosixFilePermissions(temporary));
				permissions.removeAll(java.util.Set.of(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE,
						java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE));
				Files.setPosixFilePermissions(temporary, permissions);
				Files.move(temporary, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
						java.nio.file.StandardCopyOption.REPLACE_EXISTING);
			}
			return failure;
		} finally {
			Files.deleteIfExists(temporary);
		}
	}

	/**
	 * Writes {@code bytes} to {@code file} in a private folder (made so if missing) through a temporary file moved
	 * into place, for concurrent writers.
	 */
	public static void write(Path file, byte[] bytes) throws IOException {
		PrivateFiles.directory(file.toAbsolutePath().getParent(), CACHE_FIX);
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
