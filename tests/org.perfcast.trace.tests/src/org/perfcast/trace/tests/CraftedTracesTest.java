package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntFunction;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.MemoryLimit;
import org.perfcast.trace.Recording;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceReader;

/**
 * Traces made to hurt: control characters in what a message quotes, binary counts beyond the format, and traces that
 * keep ever more threads, mutexes, signals and names open, which end at the line that crosses the memory limit (1 MiB
 * here, {@code -Dperfcast.memoryLimit=1}).
 */
class CraftedTracesTest {

	@TempDir
	Path dir;

	@BeforeEach
	void smallLimit() {
		System.setProperty(MemoryLimit.PROPERTY, "1");
	}

	@AfterEach
	void noLimit() {
		System.clearProperty(MemoryLimit.PROPERTY);
	}

	private static String lines(String head, int n, IntFunction<String> line, String tail) {
		StringBuilder text = new StringBuilder(head);
		for (int i = 0; i < n; i++) {
			text.append(line.apply(i));
		}
		return text.append(tail).toString();
	}

	private TraceException refused(String name, String text) throws IOException {
		Path file = Files.writeString(dir.resolve(name), text);
		TraceException e = assertThrows(TraceException.class, () -> TraceFiles.record(file, name, EngineMonitor.NULL));
		assertEquals(name, e.file());
		return e;
	}

	@Test
	void testQuotedControlCharactersAreEscaped() {
		TraceException e = assertThrows(TraceException.class, () -> TraceReader.read(
				"0 P1 create P2\n1 P2 \u001b[31mboom\u202eevil x\n", "ctrl.vtrace"));
		assertEquals("ctrl.vtrace:2: unknown event '\\x1b[31mboom\\u202eevil' (known: create, wait, activate, exit, "
				+ "lock, rlock, unlock, join, post, take, io, sleep)", e.toString());
		e = assertThrows(TraceException.class, () -> Recording.of(TraceReader.read(
				"0 P1 create P2\n1 \u001b]0;x\u0007 exit\n", "thread.vtrace")));
		assertTrue(e.getMessage().contains("\\x1b]0;x\\x07") && !e.getMessage().contains("\u001b"), e.getMessage());
	}

	/** A binary trace's header: version, the priority count as a varint, one name. */
	private Path binary(String name, int version, long count, long visible) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		DataOutputStream out = new DataOutputStream(bytes);
		out.writeBytes("VTRB");
		out.writeByte(version);
		varint(out, count);
		out.writeByte(0);
		out.writeUTF("s");
		if (version == 2) {
			varint(out, visible);
		}
		return Files.write(dir.resolve(name), bytes.toByteArray());
	}

	private static void varint(DataOutputStream out, long v) throws IOException {
		for (; (v & ~0x7FL) != 0; v >>>= 7) {
			out.writeByte((int) (v & 0x7F) | 0x80);
		}
		out.writeByte((int) v);
	}

	@Test
	void testBinaryCountsBeyondTheFormatAreRefusedAtTheirRecord() throws Exception {
		Path huge = binary("huge.vtraceb", 1, (1L << 40) + 3, 0);
		TraceException e = assertThrows(TraceException.class, () -> TraceFiles.open(huge, "huge.vtraceb"));
		assertEquals("huge.vtraceb: the header's count of threads in priority order, 1099511627779 at byte 5, is not 0 "
				+ "to 65536 (a corrupt file?)", e.toString());
		// a count within an int but beyond the format: refused before anything is allocated for it
		Path big = binary("big.vtraceb", 1, Integer.MAX_VALUE, 0);
		e = assertThrows(TraceException.class, () -> TraceFiles.open(big, "big.vtraceb"));
		assertTrue(e.getMessage().contains("2147483647 at byte 5"), e.getMessage());
		// visible processors beyond an int no longer wrap round to a small count
		Path visible = binary("visible.vtraceb", 2, 0, (1L << 32) + 5);
		e = assertThrows(TraceException.class, () -> TraceFiles.open(visible, "visible.vtraceb"));
		assertTrue(e.getMessage().contains("visible processors 4294967301 at byte 10 are not 1 to 4096"), e.getMessage());
	}

	@Test
	void testPostsNeverTakenEndAtTheLimit() throws Exception {
		TraceException e = refused("posts.vtrace", lines("0 P1 create P2\n", 100_000, i -> "1 P1 post s\n",
				"2 P1 exit\n2 P2 exit\n"));
		assertTrue(e.line() > 1000 && e.line() < 100_000, "at " + e.line());
		assertTrue(e.getMessage().contains("signals posted and not taken at this line, more than the simulation's "
				+ "memory limit of 1 MiB, as -Dperfcast.memoryLimit says"), e.getMessage());
	}

	@Test
	void testThreadsMutexesAndSignalsEndAtTheLimit() throws Exception {
		TraceException e = refused("creates.vtrace", lines("", 10_000, i -> "1 P1 create T" + i + "\n", "2 P1 exit\n"));
		assertTrue(e.getMessage().matches("the trace holds 5\\d\\d threads, 0 events, .*"), e.getMessage());
		e = refused("locks.vtrace", lines("", 100_000, i -> "1 P1 lock m" + i + "\n", "2 P1 exit\n"));
		assertTrue(e.getMessage().contains(" events, signals and mutexes"), e.getMessage());
		e = refused("signals.vtrace", lines("", 100_000, i -> "1 P1 post s" + i + "\n", "2 P1 exit\n"));
		assertTrue(e.line() < 100_000, e.getMessage());
	}

	@Test
	void testNamesEndAtTheLimit() throws Exception {
		TraceException e = refused("names.vtrace", lines("", 100_000, i -> "@name T" + i + " worker " + i + "\n",
				"0 P1 exit\n"));
		assertTrue(e.getMessage().contains("thread names so far take more than 256 KiB, a quarter of the memory limit"),
				e.getMessage());
	}

	@Test
	void testATraceReadWholeHoldsAtMostFourTimesTheLimit() {
		// 4 MiB / 256 bytes an event: 16384 events (a recording resized with --threads is read whole)
		TraceException e = assertThrows(TraceException.class, () -> TraceReader.read(lines("0 P1 create P2\n", 20_000,
				i -> "1 P1 post s\n", "2 P1 exit\n2 P2 exit\n"), "whole.vtrace"));
		assertEquals("whole.vtrace:16385: more than 16384 events, the most a trace read whole holds in memory: four "
				+ "times the memory limit of 1 MiB, as -Dperfcast.memoryLimit says", e.toString());
	}

	@Test
	void testPrioritiesAreAtMost65536() throws Exception {
		TraceException e = refused("priority.vtrace", lines("@priority T0", 70_000, i -> " > T" + (i + 1),
				"\n0 T0 exit\n"));
		assertEquals("priority.vtrace:1: @priority names more than 65536 threads", e.toString());
	}

	@Test
	void testManyReadyThreadsRunInTheirOrder() throws Exception {
		System.clearProperty(MemoryLimit.PROPERTY);
		// 5000 threads ready at once, found in a queue rather than by a scan of all of them per event: each runs in
		// the order it became ready, and main, ready again once T0 exits, after all of them
		String text = lines("", 5000, i -> "0 main create T" + i + "\n", "0 main join T0\n") + lines("", 5000, i -> "1 T" + i
				+ " exit\n", "2 main exit\n");
		Recording r = Recording.of(TraceReader.read(text, "ready.vtrace"));
		assertEquals(5001, r.threadCount());
		TraceException e = assertThrows(TraceException.class, () -> Recording.of(TraceReader.read(text.replace(
				"1 T1 exit\n1 T2 exit", "1 T2 exit\n1 T1 exit"), "ready.vtrace")));
		assertTrue(e.getMessage().startsWith("an event of T2 at time 1, but T1 should be running"), e.getMessage());
	}
}
