package org.perfcast.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Perfcast's private directories and the files it uses from them (caches of what it builds, its temporary files), on
 * a machine shared with accounts Perfcast must not trust: what another account can write must never become our code
 * (a library we preload, a class path), our commands or our reads.
 * <p>
 * A private directory is created mode 0700 (and its missing parents too). An existing one is used only when it is
 * owned by the current user and not writable by group or others, and when every directory above it is owned by the
 * user or by root and, if group or others may write it, sticky (as {@code /tmp}): else nobody but the user can
 * replace it. A file used from one must be a regular file (not a link) that passes the same test. A refusal is an
 * {@link UntrustedPathException} whose one-line message names the path, its owner and the fix. The launcher script
 * ({@code releng/cli-jvm.sh}, {@code perfcast_private_dir}) applies the same rules before the JVM starts.
 * <p>
 * Temporary files live in a fresh directory from {@link #temporaryDirectory} (never at a predictable name), removed
 * by {@link #delete} after use, and at the JVM's exit (also on Ctrl-C) if still there.
 */
public final class PrivateFiles {

	/** Group- or other-writable: {@code 022}. */
	private static final int SHARED_WRITE = 0022;
	private static final int STICKY = 01000;

	private static final Set<Path> TEMPORARY = ConcurrentHashMap.newKeySet();
	private static final Map<Path, Boolean> CHECKED = new ConcurrentHashMap<>();

	static {
		Runtime.getRuntime().addShutdownHook(new Thread(() -> TEMPORARY.forEach(PrivateFiles::delete),
				"perfcast-temporary-files"));
	}

	private PrivateFiles() {
	}

	/** A path Perfcast refuses to use: another account owns it or may change it. */
	public static final class UntrustedPathException extends IOException {
		private static final long serialVersionUID = 1L;

		private final transient Path path;

		UntrustedPathException(Path path, String message) {
			super(message);
			this.path = path;
		}

		/** The refused path. */
		public Path path() {
			return path;
		}
	}

	/**
	 * Creates {@code dir} mode 0700 (with its missing parents) or checks that it is private.
	 *
	 * @param fix what the user can do when it is refused (e.g. "remove it or set PERFCAST_CACHE_DIR")
	 * @return {@code dir}
	 * @throws UntrustedPathException if it is refused
	 */
	public static Path directory(Path dir, String fix) throws IOException {
		Path absolute = dir.toAbsolutePath().normalize();
		if (CHECKED.containsKey(absolute)) {
			return dir;
		}
		if (!Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
			create(absolute);
		}
		if (!Files.isDirectory(absolute)) {
			throw new UntrustedPathException(absolute, absolute + " is not a directory; " + fix);
		}
		Path real = absolute.toRealPath();
		check(real, absolute, fix);
		for (Path above = real.getParent(); above != null; above = above.getParent()) {
			checkAbove(above, absolute, fix);
		}
		CHECKED.put(absolute, Boolean.TRUE);
		return dir;
	}

	/**
	 * Checks a file used from a private directory: a regular file, not a link, owned by the user and not writable by
	 * group or others.
	 *
	 * @return {@code file}
	 * @throws UntrustedPathException if it is refused
	 * @throws NoSuchFileException if it is missing
	 */
	public static Path file(Path file, String fix) throws IOException {
		Path absolute = file.toAbsolutePath().normalize();
		if (Files.isSymbolicLink(absolute) || !Files.isRegularFile(absolute, LinkOption.NOFOLLOW_LINKS)) {
			if (!Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
				throw new NoSuchFileException(absolute.toString());
			}
			throw new UntrustedPathException(absolute, absolute + " is not a regular file (a link or a device); " + fix);
		}
		check(absolute, absolute, fix);
		return file;
	}

	/** Whether {@code file} exists and {@link #file} accepts it (a refused one is left for the caller to replace). */
	public static boolean usable(Path file) {
		try {
			file(file, "");
			return true;
		} catch (IOException e) {
			return false;
		}
	}

	/**
	 * A fresh directory, mode 0700, under the system's temporary directory; removed at the JVM's exit if
	 * {@link #delete} has not removed it before.
	 */
	public static Path temporaryDirectory(String prefix) throws IOException {
		Path dir = Files.createTempDirectory(prefix);
		TEMPORARY.add(dir);
		return dir;
	}

	/** Removes {@code path} and everything under it (links are removed, not followed); quiet on failure. */
	public static void delete(Path path) {
		TEMPORARY.remove(path);
		try {
			if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
				return;
			}
			try (java.util.stream.Stream<Path> all = Files.walk(path)) { // links are not followed
				for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
					Files.deleteIfExists(p);
				}
			}
		} catch (IOException e) {
			// what is left is in a private directory; nothing to tell the user
		}
	}

	/** The effective user id of this process. */
	public static int uid() {
		return Uid.VALUE;
	}

	private static final class Uid {
		static final int VALUE = read();

		private static int read() {
			try {
				for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
					if (line.startsWith("Uid:")) {
						return Integer.parseInt(line.substring(4).strip().split("\\s+")[1]);
					}
				}
			} catch (IOException | RuntimeException e) {
				// not Linux: the owner of a file made now
			}
			try {
				Path probe = Files.createTempFile("perfcast-uid", "");
				try {
					return (Integer) Files.getAttribute(probe, "unix:uid");
				} finally {
					Files.deleteIfExists(probe);
				}
			} catch (IOException | UnsupportedOperationException e) {
				return -1;
			}
		}
	}

	private static void create(Path dir) throws IOException {
		Path parent = dir.getParent();
		if (parent != null && !Files.exists(parent, LinkOption.NOFOLLOW_LINKS)) {
			create(parent);
		}
		try {
			Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
		} catch (java.nio.file.FileAlreadyExistsException e) {
			// made by a concurrent run; checked as any existing one
		} catch (UnsupportedOperationException e) {
			Files.createDirectory(dir);
		}
	}

	/** The private path itself: ours and written by us alone. */
	private static void check(Path path, Path named, String fix) throws IOException {
		int[] owner = ownerAndMode(path);
		if (owner == null) {
			return;
		}
		if (owner[0] != uid()) {
			throw new UntrustedPathException(named, named + " is owned by " + name(path, owner[0]) + ", not by you ("
					+ System.getProperty("user.name") + ", uid " + uid() + "): Perfcast does not use files another account can change; " + fix);
		}
		if ((owner[1] & SHARED_WRITE) != 0) {
			throw new UntrustedPathException(named, named + " may be written by " + ((owner[1] & 0002) != 0
					? "every account" : "its group") + " (mode " + Integer.toOctalString(owner[1] & 07777)
					+ "): Perfcast does not use files another account can change; " + fix + " (or chmod go-w it)");
		}
	}

	/** A directory above a private one: ours or root's, and sticky if others may write it. */
	private static void checkAbove(Path dir, Path named, String fix) throws IOException {
		int[] owner = ownerAndMode(dir);
		if (owner == null) {
			return;
		}
		if (owner[0] != uid() && owner[0] != 0) {
			throw new UntrustedPathException(named, named + " is inside " + dir + ", owned by " + name(dir, owner[0])
					+ ", who could replace it: Perfcast does not use files another account can change; " + fix);
		}
		if ((owner[1] & SHARED_WRITE) != 0 && (owner[1] & STICKY) == 0) {
			throw new UntrustedPathException(named, named + " is inside " + dir + ", which other accounts may write (mode "
					+ Integer.toOctalString(owner[1] & 07777) + ") and so replace it: Perfcast does not use files "
					+ "another account can change; " + fix);
		}
	}

	/** uid and mode, or null where the file system has no owners (then nothing can be checked). */
	private static int @Nullable [] ownerAndMode(Path path) throws IOException {
		try {
			Map<String, Object> unix = Files.readAttributes(path, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
			return new int[] { (Integer) unix.get("uid"), (Integer) unix.get("mode") };
		} catch (UnsupportedOperationException | IllegalArgumentException e) {
			return null;
		}
	}

	/** "name (uid N)" of the owner of {@code path}, or "uid N" when the account has no name. */
	private static String name(Path path, int uid) {
		try {
			String name = Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName();
			if (!name.equals(Integer.toString(uid))) {
				return name + " (uid " + uid + ")";
			}
		} catch (IOException | RuntimeException e) {
			// no name
		}
		return "uid " + uid;
	}
}
