package org.perfcast.engine;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;

/**
 * Replacing a user's file so that it is never left half written: the new content goes to a temporary file beside
 * it, is flushed to the disk, and is moved over the file in one step; the file keeps its permissions, and a new file
 * gets those of any file the user creates (the umask's). A read-only file is not replaced.
 */
public final class SafeWrites {

	private SafeWrites() {
	}

	/** Replaces (or creates) {@code file} with {@code text} in UTF-8. */
	public static void replace(Path file, String text) throws IOException {
		replace(file, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
	}

	/**
	 * Replaces (or creates) {@code file} with {@code bytes}.
	 *
	 * @throws AccessDeniedException if the file exists and is read-only
	 */
	public static void replace(Path file, byte[] bytes) throws IOException {
		Path target = file.toAbsolutePath();
		boolean exists = Files.exists(target);
		if (exists && !Files.isWritable(target)) {
			throw new AccessDeniedException(target.toString(), null, "the file is read-only");
		}
		Files.createDirectories(target.getParent());
		// created as a plain file is (not as createTempFile's owner-only one), so a new file gets the permissions
		// the user's umask gives every file; an existing file's are copied below
		Path temporary = target.resolveSibling("." + target.getFileName() + "." + Long.toUnsignedString(
				java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
		Files.createFile(temporary);
		try {
			try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
				out.write(java.nio.ByteBuffer.wrap(bytes));
				out.force(true);
			}
			PosixFileAttributeView posix = Files.getFileAttributeView(target, PosixFileAttributeView.class);
			if (exists && posix != null) {
				Files.setPosixFilePermissions(temporary, posix.readAttributes().permissions());
			}
			Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		} finally {
			Files.deleteIfExists(temporary);
		}
	}
}
