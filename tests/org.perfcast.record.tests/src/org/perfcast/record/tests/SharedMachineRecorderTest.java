package org.perfcast.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.PrivateFiles;
import org.perfcast.engine.tests.fixtures.OtherAccount;
import org.perfcast.record.JavaRecorder;
import org.perfcast.record.PthreadRecorder;

/**
 * The recorders on a machine shared with another account ({@link OtherAccount}): what it plants where a recorder
 * used to look, or in a cache it owns, is never preloaded into the recorded program.
 */
class SharedMachineRecorderTest {

	private static final String PROGRAM = """
			#include <pthread.h>
			static void *work(void *a) { return a; }
			int main(void) { pthread_t t; pthread_create(&t, 0, work, 0); pthread_join(t, 0); return 0; }
			""";

	/** A library that, once loaded, leaves {@code marker} behind: the proof that planted code ran. */
	private static String planted(Path marker) {
		return "#include <stdio.h>\n__attribute__((constructor)) static void ran(void) { FILE *f = fopen(\"" + marker
				+ "\", \"w\"); if (f) { fputs(\"planted code ran\", f); fclose(f); } }\n";
	}

	@Test
	void aLibraryPlantedAtTheOldTemporaryNameIsNeverPreloaded(@TempDir Path dir) throws Exception {
		OtherAccount.require();
		Path cache = Files.createDirectories(dir.resolve("my cache")); // a space: LD_PRELOAD needs a copy
		Path library = PthreadRecorder.library(cache);
		// where the recorder copied it before: $TMPDIR/perfcast-recorder-HASH/librecorder.so, any file of its size
		Path old = Path.of(System.getProperty("java.io.tmpdir"), "perfcast-" + library.getParent().getFileName());
		Path marker = Files.createDirectories(dir.resolve("marker")).resolve("ran");
		Files.setAttribute(marker.getParent(), "unix:mode", 0777);
		Files.setAttribute(dir, "unix:mode", 0755);
		Path source = Files.writeString(dir.resolve("planted.c"), planted(marker));
		PrivateFiles.delete(old);
		try {
			OtherAccount.run("mkdir", "-p", old.toString());
			OtherAccount.run("cc", "-shared", "-fPIC", "-o", old.resolve("librecorder.so").toString(), source.toString());
			OtherAccount.run("truncate", "-s", Long.toString(Files.size(library)), old.resolve("librecorder.so")
					.toString());
			Path exe = PthreadRecorderTest.build(dir, "pair", PROGRAM, false);
			Path out = dir.resolve("pair.vtrace");
			List<String> notes = new ArrayList<>();
			assertEquals(0, PthreadRecorder.record(List.of(exe.toString()), out, cache, ProcessBuilder.Redirect.DISCARD,
					true, notes::add));
			assertFalse(Files.exists(marker), "the planted library ran in the recorded program");
			assertTrue(PthreadRecorderTest.events(out, "T1").contains("exit"), "recorded: " + Files.readString(out));
			try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
				assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith("perfcast-preload-")),
						"the recorder's copy of its library is removed after the run");
			}
		} finally {
			OtherAccount.run("rm", "-rf", old.toString());
		}
	}

	@Test
	void aCacheOfAnotherAccountIsRefusedWithTheFix(@TempDir Path dir) throws Exception {
		OtherAccount.require();
		Path theirs = OtherAccount.give(Files.createDirectories(dir.resolve("cache")));
		Path exe = PthreadRecorderTest.build(dir, "pair", PROGRAM, false);
		PrivateFiles.UntrustedPathException e = assertThrows(PrivateFiles.UntrustedPathException.class,
				() -> PthreadRecorder.record(List.of(exe.toString()), dir.resolve("pair.vtrace"), theirs,
						ProcessBuilder.Redirect.DISCARD, true, n -> {
						}));
		assertTrue(e.getMessage().contains("owned by perfcast-other (uid 4001)")
				&& e.getMessage().endsWith("set XDG_CACHE_HOME to a directory of yours"), e.getMessage());
		assertFalse(Files.exists(dir.resolve("pair.vtrace")));
		PrivateFiles.UntrustedPathException java = assertThrows(PrivateFiles.UntrustedPathException.class,
				() -> JavaRecorder.agentJar(theirs));
		assertTrue(java.getMessage().contains("owned by perfcast-other"), java.getMessage());
	}

	@Test
	void aLinkAnotherAccountPlantedAtTheTracesNameIsNotWrittenThrough(@TempDir Path dir) throws Exception {
		OtherAccount.require();
		Files.setAttribute(dir, "unix:mode", 0755);
		Path shared = Files.createDirectories(dir.resolve("shared"));
		Files.setAttribute(shared, "unix:mode", 0777); // not sticky: the kernel's protected_symlinks does not apply
		Path victim = Files.writeString(dir.resolve("victim"), "keep");
		Path exe = PthreadRecorderTest.build(dir, "pair", PROGRAM, false);
		Path out = shared.resolve("pair.vtrace");
		OtherAccount.run("ln", "-s", victim.toString(), out.toString());
		List<String> notes = new ArrayList<>();
		try {
			PthreadRecorder.record(List.of(exe.toString()), out, dir.resolve("cache"), ProcessBuilder.Redirect.DISCARD,
					true, notes::add);
		} catch (PthreadRecorder.RecorderException e) {
			assertTrue(e.getMessage().contains("trace"), e.getMessage()); // refused: said, and nothing written
		}
		assertEquals("keep", Files.readString(victim), "the recorder wrote through another account's link");
	}
}
