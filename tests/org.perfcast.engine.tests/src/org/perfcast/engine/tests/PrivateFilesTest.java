package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.NativeTools;
import org.perfcast.engine.PrivateFiles;
import org.perfcast.engine.PrivateFiles.UntrustedPathException;
import org.perfcast.engine.tests.fixtures.OtherAccount;

/** Perfcast's private directories and caches on a machine shared with another account ({@link OtherAccount}). */
class PrivateFilesTest {

	@TempDir
	Path tmp;

	private static String mode(Path p) throws IOException {
		return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
	}

	@Test
	void aNewDirectoryAndItsMissingParentsAreTheUsersAlone() throws IOException {
		Path dir = PrivateFiles.directory(tmp.resolve("a/b/c"), "fix");
		assertEquals("rwx------", mode(dir));
		assertEquals("rwx------", mode(tmp.resolve("a")));
		assertEquals("rwx------", mode(tmp.resolve("a/b")));
	}

	@Test
	void anExistingDirectoryOfTheUsersThatOthersCannotWriteIsUsed() throws IOException {
		Path dir = Files.createDirectories(tmp.resolve("mine"));
		Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
		assertEquals(dir, PrivateFiles.directory(dir, "fix"));
	}

	@Test
	void aDirectoryEveryoneOrItsGroupMayWriteIsRefusedSayingWhyAndTheFix() throws IOException {
		Path open = Files.createDirectories(tmp.resolve("open"));
		Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
		UntrustedPathException e = assertThrows(UntrustedPathException.class, () -> PrivateFiles.directory(open,
				"remove it"));
		assertEquals(open + " may be written by every account (mode 777): Perfcast does not use files another "
				+ "account can change; remove it (or chmod go-w it)", e.getMessage());
		Path group = Files.createDirectories(tmp.resolve("group"));
		Files.setPosixFilePermissions(group, PosixFilePermissions.fromString("rwxrwx---"));
		assertTrue(assertThrows(UntrustedPathException.class, () -> PrivateFiles.directory(group, "x")).getMessage()
				.contains("may be written by its group (mode 770)"));
	}

	@Test
	void aDirectoryInsideOneOthersMayWriteIsRefusedUnlessThatOneIsSticky() throws IOException {
		Path shared = Files.createDirectories(tmp.resolve("shared"));
		Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
		Path inside = Files.createDirectories(shared.resolve("cache"));
		Files.setPosixFilePermissions(inside, PosixFilePermissions.fromString("rwx------"));
		assertTrue(assertThrows(UntrustedPathException.class, () -> PrivateFiles.directory(inside, "x")).getMessage()
				.contains("is inside " + shared + ", which other accounts may write (mode 777)"));
		Files.setAttribute(shared, "unix:mode", 01777);
		assertEquals(inside, PrivateFiles.directory(inside, "x"), "a sticky folder (as /tmp) keeps others' hands off");
	}

	@Test
	void anotherAccountsDirectoryAndWhatIsInsideItAreRefused() throws IOException {
		OtherAccount.require();
		Path theirs = OtherAccount.give(Files.createDirectories(tmp.resolve("theirs/cache")));
		Files.setPosixFilePermissions(tmp.resolve("theirs"), PosixFilePermissions.fromString("rwxr-xr-x"));
		UntrustedPathException e = assertThrows(UntrustedPathException.class, () -> PrivateFiles.directory(theirs,
				NativeTools.CACHE_FIX));
		assertEquals(theirs + " is owned by perfcast-other (uid 4001), not by you (" + System.getProperty("user.name")
				+ ", uid 0): Perfcast does not use files another account can change; " + NativeTools.CACHE_FIX,
				e.getMessage());
		assertEquals(theirs, e.path());
		Path below = theirs.resolve("mine");
		Files.createDirectories(below);
		assertTrue(assertThrows(UntrustedPathException.class, () -> PrivateFiles.directory(below, "x")).getMessage()
				.contains("is inside " + theirs + ", owned by perfcast-other (uid 4001), who could replace it"));
		assertTrue(assertThrows(UntrustedPathException.class, () -> PrivateFiles.directory(tmp.resolve(
				"theirs/cache/new"), "x")).getMessage().contains("owned by perfcast-other"),
				"a directory made inside theirs is refused too");
	}

	@Test
	void aFileUsedFromAPrivateDirectoryMustBeTheUsersAloneAndNoLink() throws IOException {
		Path dir = PrivateFiles.directory(tmp.resolve("cache"), "x");
		Path file = Files.writeString(dir.resolve("lib.so"), "x");
		assertEquals(file, PrivateFiles.file(file, "x"));
		Path link = Files.createSymbolicLink(dir.resolve("link.so"), file);
		assertTrue(assertThrows(UntrustedPathException.class, () -> PrivateFiles.file(link, "x")).getMessage()
				.contains("is not a regular file (a link or a device)"));
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
		assertThrows(UntrustedPathException.class, () -> PrivateFiles.file(file, "x"));
		assertFalse(PrivateFiles.usable(file));
		assertThrows(java.nio.file.NoSuchFileException.class, () -> PrivateFiles.file(dir.resolve("none"), "x"));
	}

	@Test
	void aBuildAnotherAccountPutInTheCacheIsRefusedNotLoaded() throws IOException {
		OtherAccount.require();
		Path dir = PrivateFiles.directory(tmp.resolve("cache/recorder-0123"), "x");
		Path library = OtherAccount.give(Files.writeString(dir.resolve("librecorder.so"), "planted"));
		UntrustedPathException e = assertThrows(UntrustedPathException.class, () -> NativeTools.built(library));
		assertTrue(e.getMessage().startsWith(library + " is owned by perfcast-other (uid 4001), not by you"),
				e.getMessage());
		assertThrows(UntrustedPathException.class, () -> NativeTools.build(library, out -> List.of("true")));
		assertEquals("planted", Files.readString(library), "the user's cache is not touched either");
	}

	@Test
	void aBuildIsMadeInAPrivateFolderAndThenUsed() throws IOException {
		Path target = tmp.resolve("cache/tool-1/tool");
		assertFalse(NativeTools.built(target));
		assertEquals("rwx------", mode(target.getParent()));
		assertEquals(null, NativeTools.build(target, out -> List.of("cp", "/bin/true", out.toString())));
		assertTrue(NativeTools.built(target));
		assertEquals(0, Files.getPosixFilePermissions(target).stream().filter(p -> p.name().endsWith("_WRITE")
				&& !p.name().startsWith("OWNER")).count(), "no one else may write a build");
	}

	@Test
	void aLibraryWhosePathLdPreloadCannotTakeIsCopiedToAFreshPrivateFolderRemovedAfterUse() throws IOException {
		Path library = Files.writeString(PrivateFiles.directory(tmp.resolve("my cache/recorder-1"), "x").resolve(
				"lib.so"), "library");
		Path copy;
		Path folder;
		try (NativeTools.Preload preload = NativeTools.preload(library)) {
			copy = preload.path();
			folder = copy.getParent();
			assertNotEquals(library, copy);
			assertFalse(copy.toString().contains(" "));
			assertEquals("library", Files.readString(copy));
			assertEquals("rwx------", mode(folder));
			try (NativeTools.Preload again = NativeTools.preload(library)) {
				assertNotEquals(folder, again.path().getParent(), "each use has a folder of its own");
			}
		}
		assertFalse(Files.exists(folder), "the copy is removed after use");
		try (NativeTools.Preload plain = NativeTools.preload(tmp.resolve("plain.so"))) {
			assertEquals(tmp.resolve("plain.so"), plain.path(), "a path without a space or colon is used as it is");
		}
	}

	@Test
	void temporaryDirectoriesAreFreshPrivateAndRemovedWholeOnDelete() throws IOException {
		Path a = PrivateFiles.temporaryDirectory("perfcast-test-");
		Path b = PrivateFiles.temporaryDirectory("perfcast-test-");
		assertNotEquals(a, b);
		assertEquals("rwx------", mode(a));
		Files.writeString(Files.createDirectories(a.resolve("x/y")).resolve("z"), "z");
		Path outside = Files.writeString(tmp.resolve("outside"), "kept");
		Files.createSymbolicLink(a.resolve("link"), outside);
		PrivateFiles.delete(a);
		PrivateFiles.delete(b);
		assertFalse(Files.exists(a));
		assertFalse(Files.exists(b));
		assertEquals("kept", Files.readString(outside), "a link is removed, not followed");
	}
}
