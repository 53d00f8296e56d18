package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commands leave nothing in the temporary folder: not when they succeed, not when they fail, not when Ctrl-C stops
 * them (each run has a temporary folder of its own, {@code -Djava.io.tmpdir}).
 */
class TemporaryFilesTest {

	@TempDir
	Path dir;

	private static List<String> left(Path tmp) throws Exception {
		try (Stream<Path> files = Files.list(tmp)) {
			return files.map(f -> f.getFileName().toString()).toList();
		}
	}

	@Test
	void testAccuracyRemovesItsRecordingsAfterSuccessAndFailure() throws Exception {
		Path ok = AccuracyCommandTest.program(Files.createDirectories(dir.resolve("ok")), "no time printed");
		Path tmp = dir.resolve("tmp");
		ChildCli.Result r = ChildCli.run(tmp, List.of(), "accuracy", "--runs", "1", "--", ok.toString());
		assertEquals(0, r.status(), r.err());
		assertEquals(List.of(), left(tmp), "after a run");
		Path bad = AccuracyCommandTest.program(Files.createDirectories(dir.resolve("bad")), "elapsed 1.2.3");
		r = ChildCli.run(tmp, List.of(), "accuracy", "--runs", "1", "--", bad.toString());
		assertEquals(1, r.status(), r.err());
		assertEquals(List.of(), left(tmp), "after a failure");
	}

	@Test
	void testCtrlCRemovesTheTemporaryFiles() throws Exception {
		Path tmp = dir.resolve("tmp");
		Process bench = ChildCli.start(tmp, List.of(), "bench", "mpi-replay-1e6", "--iterations", "1000");
		try {
			long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
			Path index = null;
			while (index == null && bench.isAlive() && System.nanoTime() < deadline) {
				try (Stream<Path> files = Files.walk(tmp)) {
					index = files.filter(f -> f.getFileName().toString().equals("trace.mpitrace")).findFirst()
							.orElse(null);
				}
				Thread.sleep(50);
			}
			assertTrue(index != null, "the benchmark's trace in " + tmp + ": " + left(tmp));
			Process kill = new ProcessBuilder("kill", "-INT", Long.toString(bench.pid())).inheritIO().start();
			assertEquals(0, kill.waitFor());
			assertTrue(bench.waitFor(1, TimeUnit.MINUTES), "ended by Ctrl-C");
			assertEquals(List.of(), left(tmp), "after Ctrl-C");
		} finally {
			bench.destroyForcibly();
		}
	}
}
