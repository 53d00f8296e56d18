package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.MemoryLimit;
import org.perfcast.engine.TemporaryDirectory;

/** Temporary directories: fresh, private, removed with all they hold; the memory limit and its property. */
class TemporaryDirectoryTest {

	@Test
	void testAFreshPrivateDirectoryRemovedWithItsTree(@TempDir Path outside) throws Exception {
		Path path;
		Path other;
		try (TemporaryDirectory t = TemporaryDirectory.create("perfcast-test-");
				TemporaryDirectory u = TemporaryDirectory.create("perfcast-test-")) {
			path = t.path();
			other = u.path();
			assertNotEquals(path, other, "a new name each time");
			assertTrue(path.getFileName().toString().startsWith("perfcast-test-"), path.toString());
			assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(path)));
			Files.writeString(Files.createDirectories(t.resolve("a/b")).resolve("c.txt"), "x");
			Files.writeString(t.resolve("d.txt"), "y");
			// a link to a file outside is removed, not what it names
			Path kept = Files.writeString(outside.resolve("kept.txt"), "z");
			Files.createSymbolicLink(t.resolve("link"), kept);
		}
		assertFalse(Files.exists(path), path + " removed");
		assertFalse(Files.exists(other), other + " removed");
		assertTrue(Files.exists(outside.resolve("kept.txt")));
	}

	@Test
	void testTheMemoryLimitIsAnEighthOfTheHeapUnlessSet() {
		System.clearProperty(MemoryLimit.PROPERTY);
		assertEquals(Runtime.getRuntime().maxMemory() / 8, MemoryLimit.bytes());
		assertTrue(MemoryLimit.describe().endsWith(" MiB, an eighth of the Java heap (a larger heap, -Xmx, raises it)"),
				MemoryLimit.describe());
		System.setProperty(MemoryLimit.PROPERTY, "3");
		try {
			assertEquals(3L << 20, MemoryLimit.bytes());
			assertEquals(3L << 20 >> 6, MemoryLimit.items(64));
			assertEquals(1024, MemoryLimit.items(1L << 30), "at least 1024");
			assertEquals("3 MiB, as -Dperfcast.memoryLimit says", MemoryLimit.describe());
		} finally {
			System.clearProperty(MemoryLimit.PROPERTY);
		}
		assertEquals("256 KiB", MemoryLimit.size(256 << 10));
	}
}
