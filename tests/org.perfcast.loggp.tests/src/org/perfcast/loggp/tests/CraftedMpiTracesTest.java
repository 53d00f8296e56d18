package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.MemoryLimit;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.MpiTrace;
import org.perfcast.loggp.TraceReplay;

/**
 * MPI traces made to hurt: an index naming files outside its folder, control characters in what a message quotes,
 * and requests never completed beyond the memory limit.
 */
class CraftedMpiTracesTest {

	private static final TraceReplay.Options OPTIONS = new TraceReplay.Options(new LogGP(9, 2, 14, 0.03),
			LogGPRules.DEFAULT, 65536, 1);

	@TempDir
	Path dir;

	private Path trace(String folder, String index) throws IOException {
		Path d = Files.createDirectories(dir.resolve(folder));
		Files.writeString(d.resolve("trace.mpitrace"), index);
		return d;
	}

	private static String error(Path trace) {
		EngineException e = assertThrows(EngineException.class, () -> TraceReplay.replay(MpiTrace.read(trace, trace
				.getFileName().toString(), EngineMonitor.NULL), OPTIONS, EngineMonitor.NULL));
		return e.diagnostics().get(0).toString();
	}

	@Test
	void testAnIndexNamesOnlyFilesInsideItsFolder() throws Exception {
		assertEquals("environ/trace.mpitrace:2:1: error: rank 0's events '/proc/self/environ' are refused: a trace index "
				+ "names only files inside its folder, and this is an absolute path", error(trace("environ",
						"ranks 1\nrank 0 /proc/self/environ\n")));
		assertEquals("b/trace.mpitrace:3:1: error: rank 1's events '../../etc/passwd' are refused: a trace index names "
				+ "only files inside its folder, and this leaves it ('..')", error(trace("a/b",
						"ranks 2\nrank 0\nrank 1 ../../etc/passwd\n")));
		Path link = trace("link", "ranks 1\nrank 0 r0\n");
		Files.writeString(dir.resolve("outside.txt"), "secret line\n");
		Files.createSymbolicLink(link.resolve("r0"), dir.resolve("outside.txt"));
		String message = error(link);
		assertEquals("link/trace.mpitrace:2:1: error: rank 0's events 'r0' are refused: a trace index names only files "
				+ "inside its folder, and this links to a file outside it", message);
		assertFalse(message.contains("secret"), message);
		Path escaped = trace("escaped", "ranks 1\nrank 0 r\u001b[2J\n");
		assertTrue(error(escaped).contains("'r\\x1b[2J'"), error(escaped));
	}

	@Test
	void testFilesInsideTheFolderAreRead() throws Exception {
		Path ok = trace("ok", "ranks 2\nrank 0 sub/../r0\nrank 1 events/r1\n");
		Files.writeString(ok.resolve("r0.real"), "compute 5\nsend 1 0 0 8\n");
		Files.createSymbolicLink(ok.resolve("r0"), Path.of("r0.real"));
		Files.createDirectories(ok.resolve("sub"));
		Files.createDirectories(ok.resolve("events"));
		Files.writeString(ok.resolve("events/r1"), "recv 0 0 0 8\n");
		TraceReplay.Result r = TraceReplay.replay(MpiTrace.read(ok, "ok", EngineMonitor.NULL), OPTIONS,
				EngineMonitor.NULL);
		assertEquals(1, r.messages());
	}

	@Test
	void testQuotedControlCharactersAreEscaped() throws Exception {
		String message = error(trace("ctrl", "ranks 1\nrank 0\n\u001b]0;pwned\u0007bad 1 2\n"));
		assertTrue(message.startsWith("ctrl/trace.mpitrace:3:1: error: unknown event '\\x1b]0;pwned\\x07bad'; events:"),
				message);
		message = error(trace("bidi", "ranks 1\nrank 0\ncompute 1\u202e2\n"));
		assertTrue(message.contains("not '1\\u202e2'"), message);
	}

	@Test
	void testRequestsNeverCompletedEndAtTheLimit() throws Exception {
		StringBuilder text = new StringBuilder("ranks 2\nrank 0\n");
		for (int i = 0; i < 100_000; i++) {
			text.append("irecv 1 0 0 8 ").append(i).append('\n');
		}
		Path trace = trace("irecv", text.append("rank 1\ncompute 1\n").toString());
		System.setProperty(MemoryLimit.PROPERTY, "1");
		try {
			String message = error(trace);
			assertTrue(message.matches("irecv/trace\\.mpitrace:\\d+:1: error: rank 0 reaches this line with \\d+ requests "
					+ "not completed, \\d+ messages whose other side is not read yet and \\d+ KiB of lines read ahead \\(of "
					+ "all ranks\\), more than the replay's memory limit of 1 MiB, as -Dperfcast.memoryLimit says"), message);
			// counting the trace's operations holds its open requests as well
			EngineException e = assertThrows(EngineException.class, () -> MpiTrace.read(trace, "irecv",
					EngineMonitor.NULL).counts(EngineMonitor.NULL));
			assertTrue(e.getMessage().contains("requests not completed"), e.getMessage());
		} finally {
			System.clearProperty(MemoryLimit.PROPERTY);
		}
	}

	@Test
	void testLinesReadAheadCountTowardTheLimit() throws Exception {
		// a receive's completion is looked for ahead: lines of many fields, never parsed as events, fill the memory
		StringBuilder text = new StringBuilder("ranks 2\nrank 0\nirecv 1 0 0 8 1\n");
		String junk = "x ".repeat(100_000) + "\n";
		for (int i = 0; i < 200; i++) {
			text.append(junk);
		}
		Path trace = trace("wide", text.append("rank 1\ncompute 1\n").toString());
		System.setProperty(MemoryLimit.PROPERTY, "16");
		try {
			String message = error(trace);
			assertTrue(message.matches("wide/trace\\.mpitrace:\\d+:1: error: rank 0 reaches this line with \\d+ requests not "
					+ "completed, \\d+ messages whose other side is not read yet and \\d+ MiB of lines read ahead .*"),
					message);
		} finally {
			System.clearProperty(MemoryLimit.PROPERTY);
		}
	}

	@Test
	void testReceivesCompletedFarAheadAreFoundInOnePass() throws Exception {
		// more receives open than the replay remembers completions for (4096 a rank at 16 MiB), their waits after all
		// of them: each scan for a wait goes on after the waits the scans before it skipped, not from the start again
		int n = 30_000;
		StringBuilder r0 = new StringBuilder();
		for (int i = 0; i < n; i++) {
			r0.append("irecv 1 0 0 8 ").append(i).append('\n');
		}
		for (int i = 0; i < n; i++) {
			r0.append("wait ").append(i).append('\n');
		}
		Path trace = trace("far", "ranks 2\nrank 0\n" + r0 + "rank 1\n" + "send 0 0 0 8\n".repeat(n));
		System.setProperty(MemoryLimit.PROPERTY, "16");
		try {
			TraceReplay.Result r = TraceReplay.replay(MpiTrace.read(trace, "far", EngineMonitor.NULL), OPTIONS,
					EngineMonitor.NULL);
			assertEquals(n, r.messages());
			assertEquals(3L * n, r.operations());
		} finally {
			System.clearProperty(MemoryLimit.PROPERTY);
		}
	}

	@Test
	void testManyOpenRequestsWithLikeIdsCompleteInAnyOrder() throws Exception {
		// ids that differ only in their high bits, completed in reverse: the open requests' table keeps them apart
		int n = 20_000;
		StringBuilder r0 = new StringBuilder();
		StringBuilder r1 = new StringBuilder();
		for (int i = 0; i < n; i++) {
			r0.append("isend 1 ").append(i).append(" 0 8 ").append((long) i << 32).append('\n');
			r1.append("irecv 0 ").append(i).append(" 0 8 ").append((long) i << 40).append('\n');
		}
		for (int i = n - 1; i >= 0; i--) {
			r0.append("wait ").append((long) i << 32).append('\n');
			r1.append("wait ").append((long) i << 40).append('\n');
		}
		Path trace = trace("like", "ranks 2\nrank 0\n" + r0 + "rank 1\n" + r1);
		TraceReplay.Result r = TraceReplay.replay(MpiTrace.read(trace, "like", EngineMonitor.NULL), OPTIONS,
				EngineMonitor.NULL);
		assertEquals(n, r.messages());
		assertEquals(4L * n, r.operations());
	}
}
