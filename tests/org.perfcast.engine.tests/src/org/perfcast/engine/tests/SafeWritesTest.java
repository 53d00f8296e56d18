package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.SafeWrites;

/** Replacing files whole: the content, permissions kept (or a new file's as any file's), no temporary file left. */
class SafeWritesTest {

	@TempDir
	Path dir;

	@Test
	void testNewFileHasTheUsersDefaultPermissionsAndAReplacedOneKeepsItsOwn() throws IOException {
		Path plain = Files.createFile(dir.resolve("plain.txt"));
		Path written = dir.resolve("sub/report.html");
		SafeWrites.replace(written, "<p>one</p>");
		assertEquals("<p>one</p>", Files.readString(written));
		// not createTempFile's owner-only rw-------: a report or results file others on a cluster may read
		assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
		Files.setPosixFilePermissions(written, PosixFilePermissions.fromString("rw-rw----"));
		SafeWrites.replace(written, "<p>two</p>");
		assertEquals("<p>two</p>", Files.readString(written));
		assertEquals("rw-rw----", PosixFilePermissions.toString(Files.getPosixFilePermissions(written)));
		try (var files = Files.list(written.getParent())) {
			assertEquals(List.of(written), files.toList(), "no temporary file is left");
		}
	}
}
