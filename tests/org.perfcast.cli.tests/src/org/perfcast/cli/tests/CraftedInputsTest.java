package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongFunction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crafted inputs, each run by the command line in a JVM of its own under {@code -Xmx300m} (as a user on a shared
 * login node might be given one): control characters, an MPI trace index naming files outside its folder, two million
 * receives never matched, a binary trace's count beyond its format, thread traces that hold ever more threads,
 * mutexes, signals and names. Each ends in one line on stderr naming the file, with a non-zero exit code, neither
 * running out of memory nor printing what it should not.
 */
class CraftedInputsTest {

	private static final List<String> SMALL_HEAP = List.of("-Xmx300m");

	@TempDir
	Path dir;

	/** Runs {@code perfcast ARGS} under -Xmx300m and checks the one-line error naming {@code named}. */
	private ChildCli.Result refused(String named, String... args) throws Exception {
		ChildCli.Result r = ChildCli.run(dir.resolve("tmp"), SMALL_HEAP, args);
		String what = String.join(" ", args) + ": " + r.err();
		assertEquals(1, r.status(), what);
		assertTrue(r.err().endsWith("\n") && r.err().indexOf('\n') == r.err().length() - 1, "one line: " + what);
		assertTrue(r.err().contains(named), "names " + named + ": " + what);
		assertFalse(r.err().contains("OutOfMemoryError") || r.err().contains("out of memory"), what);
		assertFalse(r.err().contains("\u001b") || r.err().contains("\u202e") || r.err().contains("\u0007"),
				"no raw control characters: " + what);
		assertTrue(r.out().isEmpty(), "nothing on stdout: " + r.out());
		return r;
	}

	/** Writes {@code lines} lines made by {@code line} after {@code head}. */
	private static Path lines(Path file, String head, long lines, LongFunction<String> line, String tail)
			throws IOException {
		Files.createDirectories(file.getParent());
		try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
			out.write(head);
			for (long i = 0; i < lines; i++) {
				out.write(line.apply(i));
			}
			out.write(tail);
		}
		return file;
	}

	@Test
	void testControlCharactersAreEscaped() throws Exception {
		Path trace = Files.writeString(dir.resolve("ctrl.vtrace"), "0 P1 create P2\n1 P2 \u001b[31mboom\u202eevil x\n");
		ChildCli.Result r = refused("ctrl.vtrace:2", "trace", trace.toString(), "--processors", "2");
		assertTrue(r.err().contains("'\\x1b[31mboom\\u202eevil'"), r.err());
		Path mpi = Files.createDirectories(dir.resolve("ctrl-mpi"));
		Files.writeString(mpi.resolve("trace.mpitrace"), "ranks 1\nrank 0\n\u001b]0;pwned\u0007bad 1 2\n");
		r = refused("trace.mpitrace:3", "replay", mpi.toString());
		assertTrue(r.err().contains("'\\x1b]0;pwned\\x07bad'"), r.err());
	}

	@Test
	void testAnIndexNamesOnlyFilesInsideItsFolder() throws Exception {
		Path environ = Files.createDirectories(dir.resolve("environ"));
		Files.writeString(environ.resolve("trace.mpitrace"), "ranks 1\nrank 0 /proc/self/environ\n");
		ChildCli.Result r = refused("trace.mpitrace:2", "replay", environ.toString());
		assertTrue(r.err().contains("'/proc/self/environ'") && !r.err().contains("PATH="), r.err());
		Path passwd = Files.createDirectories(dir.resolve("a/b"));
		Files.writeString(passwd.resolve("trace.mpitrace"), "ranks 1\nrank 0 ../../etc/passwd\n");
		r = refused("trace.mpitrace:2", "replay", passwd.toString());
		assertTrue(r.err().contains("'../../etc/passwd'"), r.err());
		Path link = Files.createDirectories(dir.resolve("link"));
		Files.createSymbolicLink(link.resolve("r0"), Path.of("/etc/passwd"));
		Files.writeString(link.resolve("trace.mpitrace"), "ranks 1\nrank 0 r0\n");
		r = refused("trace.mpitrace:2", "replay", link.toString());
		assertTrue(r.err().contains("links to a file outside") && !r.err().contains("root:"), r.err());
	}

	@Test
	void testTwoMillionUnmatchedReceivesEndAtTheLimit() throws Exception {
		Path trace = lines(dir.resolve("irecv/trace.mpitrace"), "ranks 2\nrank 0\n", 2_000_000, i -> "irecv 1 0 0 8 "
				+ i + "\n", "rank 1\ncompute 1\n");
		ChildCli.Result r = refused("trace.mpitrace:", "replay", trace.getParent().toString());
		assertTrue(r.err().contains("rank 0 reaches this line") && r.err().contains("memory limit of "), r.err());
	}

	@Test
	void testBinaryCountsBeyondTheFormatAreRefused() throws Exception {
		for (long count : new long[] { (1L << 40) + 3, Integer.MAX_VALUE }) {
			Path trace = dir.resolve("count-" + count + ".vtraceb");
			try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(trace))) {
				out.writeBytes("VTRB");
				out.writeByte(1);
				for (long v = count; ; v >>>= 7) { // the count as an unsigned varint
					if ((v & ~0x7FL) == 0) {
						out.writeByte((int) v);
						break;
					}
					out.writeByte((int) (v & 0x7F) | 0x80);
				}
				out.writeByte(0); // one name, as if the rest followed
				out.writeUTF("P1");
			}
			ChildCli.Result r = refused(trace.getFileName().toString(), "trace", trace.toString(), "--processors", "2");
			assertTrue(r.err().contains(count + " at byte 5, is not 0 to 65536"), r.err());
		}
	}

	@Test
	void testThreadTracesThatHoldEverMoreEndAtTheLimit() throws Exception {
		int n = 1_000_000;
		List<Path> traces = List.of(
				lines(dir.resolve("posts.vtrace"), "0 P1 create P2\n", n, i -> "1 P1 post s\n", "2 P1 exit\n2 P2 exit\n"),
				lines(dir.resolve("signals.vtrace"), "", n, i -> "1 P1 post s" + i + "\n", "2 P1 exit\n"),
				lines(dir.resolve("locks.vtrace"), "", n, i -> "1 P1 lock m" + i + "\n", "2 P1 exit\n"),
				lines(dir.resolve("creates.vtrace"), "", n, i -> "1 P1 create T" + i + "\n", "2 P1 exit\n"),
				lines(dir.resolve("names.vtrace"), "", n, i -> "@name T" + i + " worker " + i + "\n", "0 P1 exit\n"));
		for (Path trace : traces) {
			ChildCli.Result r = refused(trace.getFileName() + ":", "trace", trace.toString(), "--processors", "2");
			assertTrue(r.err().contains("memory limit of "), r.err());
		}
	}
}
