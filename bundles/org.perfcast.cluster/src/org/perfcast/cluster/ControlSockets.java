package org.perfcast.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.perfcast.engine.PrivateFiles;

/**
 * Where ssh keeps the sockets of the connection a run's commands share ({@code ControlPath}): a private folder,
 * mode 0700, never a predictable name in a shared one (another account's socket there would receive the session).
 * The folder is {@code $XDG_RUNTIME_DIR/perfcast} when {@code XDG_RUNTIME_DIR} is the user's own private folder,
 * else {@code ~/.ssh/perfcast-control}; one that another account owns or may write is refused (see
 * {@link PrivateFiles#directory}). When its path is too long for a socket, a fresh private temporary folder serves
 * (removed at exit); when that is too long as well, commands do not share a connection.
 * <p>
 * Options given on ssh's command line win over its configuration files, so a {@code ControlPath} in
 * {@code ~/.ssh/config} or {@code --ssh-config} does not replace this one.
 */
final class ControlSockets {

	/**
	 * The longest folder path, in bytes, for a socket path {@code FOLDER/%C} (a 40-character hash) and the
	 * {@code .} and 16 random characters ssh appends while it binds: within the 104 bytes of BSD's and macOS's
	 * {@code sun_path} with its terminating NUL (Linux has 108).
	 */
	static final int MAX_FOLDER_BYTES = 103 - (1 + 40 + 1 + 16);

	/** Characters that need no quoting in an ssh option and that ssh does not expand ({@code %}, {@code ~}). */
	private static final Pattern PLAIN_PATH = Pattern.compile("/[A-Za-z0-9._/+@,-]*");

	private static final String FIX = "remove it (Perfcast makes it again, mode 0700, for the sockets of its ssh connections)";

	private ControlSockets() {
	}

	/**
	 * ssh's options for sharing one connection per host, the sockets in the private folder for {@code environment}
	 * (its {@code XDG_RUNTIME_DIR} wins over this process's), or for no sharing.
	 *
	 * @throws ClusterException if the private folder is refused (another account owns it or may change it)
	 */
	static List<String> options(Map<String, String> environment) throws ClusterException {
		String runtime = environment.containsKey("XDG_RUNTIME_DIR") ? environment.get("XDG_RUNTIME_DIR")
				: System.getenv("XDG_RUNTIME_DIR");
		Optional<Path> folder = folder(runtime, Path.of(System.getProperty("user.home")));
		if (folder.isEmpty()) {
			return List.of("-o", "ControlMaster=no", "-o", "ControlPath=none");
		}
		return List.of("-o", "ControlMaster=auto", "-o", "ControlPath=" + folder.get() + "/%C", "-o",
				"ControlPersist=60");
	}

	/**
	 * The private folder for the sockets, created or checked; empty when no usable path is short enough.
	 *
	 * @param runtime {@code XDG_RUNTIME_DIR}, or null when it is not set
	 * @param home    the user's home folder (as ssh sees it: the password database's)
	 * @throws ClusterException if the folder is refused
	 */
	static Optional<Path> folder(String runtime, Path home) throws ClusterException {
		Path chosen = runtime != null && ownPrivateFolder(runtime) ? Path.of(runtime, "perfcast")
				: home.resolve(".ssh").resolve("perfcast-control");
		if (fits(chosen)) {
			try {
				return Optional.of(PrivateFiles.directory(chosen, FIX).toAbsolutePath().normalize());
			} catch (PrivateFiles.UntrustedPathException e) {
				throw new ClusterException(e.getMessage());
			} catch (IOException e) {
				// e.g. a read-only home: a temporary folder serves
			}
		}
		try {
			Path temporary = PrivateFiles.temporaryDirectory("perfcast-ssh");
			if (fits(temporary)) {
				return Optional.of(temporary.toAbsolutePath().normalize());
			}
			PrivateFiles.delete(temporary);
		} catch (IOException e) {
			// no sharing then
		}
		return Optional.empty();
	}

	/** Whether {@code dir} can hold the sockets: short enough, and written in ssh's option as it is. */
	static boolean fits(Path dir) {
		String text = dir.toAbsolutePath().normalize().toString();
		return PLAIN_PATH.matcher(text).matches() && text.getBytes(StandardCharsets.UTF_8).length <= MAX_FOLDER_BYTES;
	}

	/** {@code XDG_RUNTIME_DIR} as the specification has it: absolute, a folder of the user's, mode 0700. */
	private static boolean ownPrivateFolder(String runtime) {
		Path dir;
		try {
			dir = Path.of(runtime);
		} catch (java.nio.file.InvalidPathException e) {
			return false;
		}
		if (!dir.isAbsolute() || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
			return false;
		}
		try {
			Map<String, Object> unix = Files.readAttributes(dir, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
			return (Integer) unix.get("uid") == PrivateFiles.uid() && ((Integer) unix.get("mode") & 077) == 0;
		} catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
			return false;
		}
	}
}
