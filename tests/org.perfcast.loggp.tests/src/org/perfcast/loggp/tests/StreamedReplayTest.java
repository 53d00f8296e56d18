package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.MpiTrace;
import org.perfcast.loggp.TraceReplay;

/**
 * The streamed replay against the former one, which read the whole trace first ({@link MemoryTrace},
 * {@link MemoryReplay}): the same results, timelines and errors' places on random traces with collectives,
 * communicators, wildcards, nonblocking operations, cancels and rendezvous, laid out inline or in files.
 */
class StreamedReplayTest {

	@TempDir
	Path dir;

	/** A random trace built in a global order in which every message's send and receive happen together. */
	private static List<List<String>> randomTrace(Random random, int P, int steps) {
		List<List<String>> ranks = new ArrayList<>();
		List<List<String>> pending = new ArrayList<>(); // waits not yet written, per rank
		int[] nextRequest = new int[P];
		for (int p = 0; p < P; p++) {
			ranks.add(new ArrayList<>());
			pending.add(new ArrayList<>());
		}
		// communicator 2: a random subset, declared by its members
		List<Integer> sub = new ArrayList<>();
		for (int p = 0; p < P; p++) {
			if (random.nextBoolean()) {
				sub.add(p);
			}
		}
		if (sub.isEmpty()) {
			sub.add(0);
		}
		Collections.shuffle(sub, random);
		StringBuilder comm = new StringBuilder("comm 2");
		sub.forEach(m -> comm.append(' ').append(m));
		for (int m : sub) {
			ranks.get(m).add(comm.toString());
		}
		for (int s = 0; s < steps; s++) {
			int what = random.nextInt(10);
			if (what < 2 || P == 1) {
				int p = random.nextInt(P);
				ranks.get(p).add("compute " + random.nextInt(40) / 4.0);
			} else if (what < 7) {
				int a = random.nextInt(P);
				int b = (a + 1 + random.nextInt(P - 1)) % P;
				boolean inSub = sub.contains(a) && sub.contains(b) && random.nextBoolean();
				int c = inSub ? 2 : 0;
				int tag = random.nextInt(3);
				long bytes = random.nextInt(4) == 0 ? 100_000 : random.nextInt(200);
				String send = switch (random.nextInt(4)) {
				case 0 -> "send";
				case 1 -> "ssend";
				case 2 -> "isend";
				default -> "issend";
				};
				if (send.startsWith("i")) {
					int q = nextRequest[a]++;
					ranks.get(a).add(send + " " + b + " " + tag + " " + c + " " + bytes + " " + q);
					pending.get(a).add("wait " + q);
				} else {
					ranks.get(a).add(send + " " + b + " " + tag + " " + c + " " + bytes);
				}
				switch (random.nextInt(3)) {
				case 0 -> ranks.get(b).add("recv " + a + " " + tag + " " + c + " " + bytes);
				default -> {
					int q = nextRequest[b]++;
					boolean anySource = random.nextBoolean();
					boolean anyTag = random.nextBoolean();
					ranks.get(b).add("irecv " + (anySource ? "any" : a) + " " + (anyTag ? "any" : tag) + " " + c + " "
							+ bytes + " " + q);
					pending.get(b).add("wait " + q + " " + a + " " + tag + " " + bytes + " # completes " + q);
				}
				}
			} else if (what < 9) {
				boolean onSub = random.nextBoolean();
				List<Integer> members = new ArrayList<>();
				for (int p = 0; p < P; p++) {
					members.add(p);
				}
				if (onSub) {
					members = sub;
				}
				int root = members.get(random.nextInt(members.size()));
				int c = onSub ? 2 : 0;
				long d = random.nextInt(3) == 0 ? 40_000 : random.nextInt(64);
				String line = switch (random.nextInt(8)) {
				case 0 -> "barrier " + c;
				case 1 -> "bcast " + root + " " + c + " " + d;
				case 2 -> "reduce " + root + " " + c + " " + d;
				case 3 -> "gather " + root + " " + c + " " + d;
				case 4 -> "scatter " + root + " " + c + " " + d;
				case 5 -> "allreduce " + c + " " + d;
				case 6 -> "allgather " + c + " " + d;
				default -> "alltoall " + c + " " + d;
				};
				for (int m : members) {
					ranks.get(m).add(line);
				}
			} else {
				// a receive from any source posted and cancelled
				int p = random.nextInt(P);
				int q = nextRequest[p]++;
				ranks.get(p).add("irecv any any 0 8 " + q);
				pending.get(p).add("cancel " + q);
			}
			// some waits are written now
			int p = random.nextInt(P);
			List<String> waits = pending.get(p);
			while (!waits.isEmpty() && random.nextInt(3) > 0) {
				ranks.get(p).add(waits.remove(random.nextInt(waits.size())));
			}
		}
		for (int p = 0; p < P; p++) {
			List<String> waits = pending.get(p);
			Collections.shuffle(waits, random);
			ranks.get(p).addAll(waits);
		}
		return ranks;
	}

	/** Writes a trace, inline or a file per rank, with comments, blank lines and line ends of every kind. */
	private Path write(Random random, List<List<String>> ranks, String name) throws IOException {
		String[] ends = { "\n", "\r\n", "\r" };
		String end = ends[random.nextInt(ends.length)];
		return write(random, ranks, name, end, random.nextBoolean());
	}

	/** Writes a trace with line ends {@code end}, inline or a file per rank, with comments and blank lines. */
	private Path write(Random random, List<List<String>> ranks, String name, String end, boolean inline)
			throws IOException {
		Path folder = Files.createDirectories(dir.resolve(name));
		StringBuilder index = new StringBuilder("# a random trace" + end + "ranks " + ranks.size() + end);
		List<Integer> order = new ArrayList<>();
		for (int p = 0; p < ranks.size(); p++) {
			order.add(p);
		}
		Collections.shuffle(order, random);
		for (int p : order) {
			StringBuilder events = new StringBuilder();
			for (String line : ranks.get(p)) {
				if (random.nextInt(20) == 0) {
					events.append(random.nextBoolean() ? "" : "   # a comment, ünïcödé \u2014 \u00ff\u0080").append(end);
				}
				events.append(random.nextInt(10) == 0 ? "\t" + line + "  " : line).append(end);
			}
			if (inline) {
				index.append("rank ").append(p).append(end).append(events);
			} else {
				index.append("rank ").append(p).append(" rank-").append(p).append(".txt").append(end);
				Files.writeString(folder.resolve("rank-" + p + ".txt"), events);
			}
		}
		Files.writeString(folder.resolve("trace.mpitrace"), index);
		return folder;
	}

	/** Compares the two replays; true if both succeeded. */
	private static boolean compare(Path trace, TraceReplay.Options options, String what) {
		String oldError = null;
		String newError = null;
		MemoryReplay.Result expected = null;
		long expectedUnmatched = 0;
		TraceReplay.Result actual = null;
		try {
			MemoryTrace t = MemoryTrace.read(trace, "t", EngineMonitor.NULL);
			expected = MemoryReplay.replay(t, options, EngineMonitor.NULL);
			expectedUnmatched = t.unmatchedSends();
		} catch (EngineException e) {
			oldError = e.diagnostics().get(0).toString();
		}
		try {
			actual = TraceReplay.replay(MpiTrace.read(trace, "t", EngineMonitor.NULL), options, EngineMonitor.NULL);
		} catch (EngineException e) {
			newError = e.diagnostics().get(0).toString();
		}
		if (expected == null || actual == null) {
			if (expected != null || actual != null) {
				fail(what + ": one replay failed: " + oldError + " / " + newError);
			}
			assertTrue(oldError != null && newError != null);
			if (oldError.contains("has no matching send") || oldError.contains("the ranks deadlock")) {
				// found where the replay stalls, which may be another of the missing messages: at a file and line
				assertTrue(newError.matches("(?s)t/[^:]+:\\d+:1: error: .*(has no matching send|the ranks deadlock).*"),
						what + ": " + oldError + " / " + newError);
			} else {
				assertEquals(oldError, newError, what);
			}
			return false;
		}
		assertEquals(expected.T(), actual.T(), what);
		assertArrayEquals(expected.end(), actual.end(), what);
		assertArrayEquals(expected.compute(), actual.compute(), what);
		assertArrayEquals(expected.communication(), actual.communication(), what);
		assertArrayEquals(expected.waiting(), actual.waiting(), what);
		assertEquals(expected.operations(), actual.operations(), what);
		assertEquals(expected.messages(), actual.messages(), what);
		assertEquals(expectedUnmatched, actual.unmatchedSends(), what);
		assertEquals(expected.schedule(), actual.schedule(), what);
		return true;
	}

	private static TraceReplay.Options options(Random random) {
		long[] eager = { 0, 100, 65536 };
		return new TraceReplay.Options(new LogGP(1 + random.nextInt(20), random.nextInt(5), random.nextInt(20),
				random.nextInt(4) / 8.0), LogGPRules.DEFAULT, eager[random.nextInt(eager.length)], 0.5 + random.nextInt(
						4));
	}

	@Test
	void testRandomTracesReplayAsWhenReadWhole() throws Exception {
		for (int seed = 0; seed < 300; seed++) {
			Random random = new Random(seed);
			int P = 1 + random.nextInt(7);
			List<List<String>> ranks = randomTrace(random, P, 5 + random.nextInt(60));
			Path trace = write(random, ranks, "t" + seed);
			// built so that every message is taken and no rank waits forever
			assertTrue(compare(trace, options(random), "seed " + seed), "seed " + seed);
		}
	}

	/**
	 * Many receives open at once, completed far ahead in random orders, their ids used again, a cancel among them,
	 * beyond the completions the replay remembers (a small memory limit): the results of the trace read whole.
	 */
	@Test
	void testReceivesCompletedFarAheadReplayAsWhenReadWhole() throws Exception {
		System.setProperty(org.perfcast.engine.MemoryLimit.PROPERTY, "8");
		try {
			for (int seed = 0; seed < 4; seed++) {
				Random random = new Random(seed);
				int n = 3000 + random.nextInt(3000);
				StringBuilder r0 = new StringBuilder("rank 0\n");
				StringBuilder r1 = new StringBuilder("rank 1\n");
				for (int phase = 0; phase < 2; phase++) {
					List<Integer> order = new ArrayList<>();
					for (int i = 0; i < n; i++) {
						r0.append("irecv 1 ").append(i % 7).append(" 0 ").append(8 + i).append(' ').append(i).append('\n');
						order.add(i);
					}
					Collections.shuffle(order, random);
					int cancelled = order.get(random.nextInt(n));
					for (int i : order) {
						r0.append(i == cancelled ? "cancel " : "wait ").append(i).append('\n');
						if (random.nextInt(50) == 0) {
							r0.append("compute 3\n");
						}
					}
					for (int i = 0; i < n; i++) {
						if (i != cancelled) {
							r1.append("send 0 ").append(i % 7).append(" 0 ").append(8 + i).append('\n');
						}
					}
				}
				Path trace = Files.createDirectories(dir.resolve("far" + seed));
				Files.writeString(trace.resolve("trace.mpitrace"), "ranks 2\n" + r0 + r1);
				assertTrue(compare(trace, options(random), "seed " + seed), "seed " + seed);
			}
		} finally {
			System.clearProperty(org.perfcast.engine.MemoryLimit.PROPERTY);
		}
	}

	/** Traces with a line dropped or doubled: both replays fail, at the same file, or give the same results. */
	@Test
	void testDamagedTracesFailAsWhenReadWhole() throws Exception {
		int failed = 0;
		for (int seed = 0; seed < 300; seed++) {
			Random random = new Random(1000 + seed);
			int P = 2 + random.nextInt(5);
			List<List<String>> ranks = randomTrace(random, P, 5 + random.nextInt(40));
			List<String> victim = ranks.get(random.nextInt(P));
			if (victim.isEmpty()) {
				continue;
			}
			int i = random.nextInt(victim.size());
			if (random.nextBoolean()) {
				victim.remove(i);
			} else {
				victim.add(i, victim.get(i));
			}
			failed += compare(write(random, ranks, "d" + seed), options(random), "damaged seed " + seed) ? 0 : 1;
		}
		assertTrue(failed > 100, failed + " failed");
	}

	/**
	 * More ranks than readers keep a file open, receives completed further on than a rank reads ahead (so scanned
	 * for), and more operations than a timeline keeps.
	 */
	@Test
	void testManyRanksFarCompletionsAndLongTraces() throws Exception {
		int P = 100;
		List<List<String>> ranks = new ArrayList<>();
		for (int p = 0; p < P; p++) {
			List<String> events = new ArrayList<>();
			for (int round = 0; round < 3; round++) {
				events.add("irecv any any 0 8 1");
				events.add("irecv " + (p + P - 1) % P + " 5 0 100000 2");
				events.add("send " + (p + 1) % P + " " + round + " 0 8");
				events.add("isend " + (p + 1) % P + " 5 0 100000 3");
				for (int i = 0; i < 3000; i++) {
					events.add("compute 0.5");
				}
				events.add("wait 1 " + (p + P - 1) % P + " " + round + " 8");
				events.add("wait 3");
				events.add("wait 2");
				events.add("allreduce 0 8");
			}
			ranks.add(events);
		}
		Path trace = write(new Random(1), ranks, "many");
		compare(trace, new TraceReplay.Options(new LogGP(9, 2, 14, 0.03), LogGPRules.DEFAULT, 65536, 1), "many ranks");
		TraceReplay.Result r = TraceReplay.replay(MpiTrace.read(trace, "t", EngineMonitor.NULL), new TraceReplay.Options(
				new LogGP(9, 2, 14, 0.03), LogGPRules.DEFAULT, 65536, 1), EngineMonitor.NULL);
		assertTrue(r.operations() > TraceReplay.KEEP_OPERATIONS && r.schedule().isEmpty(), r.operations() + "");
	}

	/**
	 * Thousands of receives posted, then thousands of sends, then all the waits (the sends' first, the receives' in
	 * reverse, some receives from any source), twice with the same request numbers: the receives' completions are
	 * far beyond what a rank reads ahead, so they are scanned for, once, and remembered; with 64 ranks more than a
	 * rank remembers, so the rest are scanned for one by one. Results as when read whole.
	 */
	@Test
	void testManyReceivesCompletedFarAheadAsWhenReadWhole() throws Exception {
		for (int[] shape : new int[][] { { 4, 12_000 }, { 64, 3_000 } }) {
			int P = shape[0];
			int n = shape[1];
			List<List<String>> ranks = new ArrayList<>();
			for (int p = 0; p < P; p++) {
				List<String> events = new ArrayList<>();
				if (p < 2) {
					int q = 1 - p;
					for (int round = 0; round < 2; round++) {
						for (int k = 0; k < n; k++) {
							events.add("irecv " + (k % 7 == 3 ? "any" : Integer.toString(q)) + " " + k + " 0 8 " + k);
						}
						for (int k = 0; k < n; k++) {
							events.add("isend " + q + " " + k + " 0 8 " + (n + k));
						}
						for (int k = 0; k < n; k++) {
							events.add("wait " + (n + k));
						}
						for (int k = n - 1; k >= 0; k--) {
							events.add(k % 7 == 3 ? "wait " + k + " " + q + " " + k + " 8" : "wait " + k);
						}
					}
				} else {
					events.add("compute 1");
				}
				ranks.add(events);
			}
			assertTrue(compare(write(new Random(P), ranks, "far" + P), new TraceReplay.Options(new LogGP(9, 2, 14, 0.03),
					LogGPRules.DEFAULT, 65536, 1), P + " ranks"), P + " ranks");
		}
	}

	/**
	 * Long ranks read in many chunks, with every kind of line end (a lone '\r' often the last byte of a chunk),
	 * inline and a file per rank: the index finds each rank's end and the scans for far completions pass the lines
	 * between, as when read whole.
	 */
	@Test
	void testLineEndsAtChunkBoundariesAsWhenReadWhole() throws Exception {
		int n = 9_000;
		List<List<String>> ranks = new ArrayList<>();
		for (int p = 0; p < 3; p++) {
			List<String> events = new ArrayList<>();
			int q = (p + 1) % 3;
			int from = (p + 2) % 3;
			for (int k = 0; k < n; k++) {
				events.add("irecv " + from + " " + k + " 0 " + (8 + k % 13) + " " + k);
				events.add("compute " + (k % 5 + 1) * 0.25);
			}
			for (int k = 0; k < n; k++) {
				events.add("send " + q + " " + k + " 0 " + (8 + k % 13));
			}
			for (int k = n - 1; k >= 0; k--) {
				events.add(k % 11 == 0 ? "  wait " + k + "   # far ahead" : "wait " + k);
			}
			ranks.add(events);
		}
		// the same, rank 2 ending in a line that is not an event: the error names the same line
		List<List<String>> damaged = new ArrayList<>(ranks);
		damaged.set(2, new ArrayList<>(ranks.get(2)));
		damaged.get(2).add("frobnicate 1");
		int i = 0;
		TraceReplay.Options options = new TraceReplay.Options(new LogGP(9, 2, 14, 0.03), LogGPRules.DEFAULT, 65536, 1);
		for (String end : new String[] { "\n", "\r\n", "\r" }) {
			for (boolean inline : new boolean[] { true, false }) {
				String what = "line end " + end.replace("\r", "CR").replace("\n", "LF") + (inline ? " inline" : " files");
				assertTrue(compare(write(new Random(i), ranks, "ends" + i++, end, inline), options, what), what);
				assertFalse(compare(write(new Random(i), damaged, "ends" + i++, end, inline), options, what), what);
			}
		}
	}

	@Test
	void testDeadlocksAndUnmatchedReceivesAreLocated() throws Exception {
		// the receive's send is missing: found once the replay stalls
		Path trace = Files.writeString(dir.resolve("u.mpitrace"), "ranks 2\nrank 0\ncompute 1\nrecv 1 3 0 8\n"
				+ "rank 1\ncompute 2\nsend 0 4 0 8\n");
		EngineException e = assertThrows(EngineException.class, () -> TraceReplay.replay(MpiTrace.read(trace, "u",
				EngineMonitor.NULL), options(new Random(2)), EngineMonitor.NULL));
		assertTrue(e.diagnostics().get(0).toString().startsWith("u:4:1: error: the receive from rank 1 with tag 3 on "
				+ "communicator 0 has no matching send"), e.diagnostics().get(0).toString());
		// a receive posted and never waited whose send is missing: found at the end
		Files.writeString(trace, "ranks 2\nrank 0\nirecv 1 3 0 8 7\ncompute 1\nrank 1\ncompute 2\n");
		e = assertThrows(EngineException.class, () -> TraceReplay.replay(MpiTrace.read(trace, "u", EngineMonitor.NULL),
				options(new Random(2)), EngineMonitor.NULL));
		assertTrue(e.diagnostics().get(0).toString().startsWith("u:3:1: error: the receive from rank 1 with tag 3"),
				e.diagnostics().get(0).toString());
		// a malformed line beyond a deadlock is reported first, as when the trace was read whole
		Files.writeString(trace, "ranks 2\nrank 0\nrecv 1 0 0 8\nsend 1 0 0 8\nrank 1\nrecv 0 0 0 8\nsend 0 0 0 8\n"
				+ "compute x\n");
		e = assertThrows(EngineException.class, () -> TraceReplay.replay(MpiTrace.read(trace, "u", EngineMonitor.NULL),
				options(new Random(2)), EngineMonitor.NULL));
		assertTrue(e.diagnostics().get(0).toString().startsWith("u:8:1: error: a computation lasts"), e.diagnostics()
				.get(0).toString());
		// a deadlock on receives whose sends come after: each rank's line and the message's size
		Files.writeString(trace, "ranks 2\nrank 0\nrecv 1 0 0 8\nsend 1 0 0 9\nrank 1\nrecv 0 0 0 9\nsend 0 0 0 8\n");
		e = assertThrows(EngineException.class, () -> TraceReplay.replay(MpiTrace.read(trace, "u", EngineMonitor.NULL),
				options(new Random(2)), EngineMonitor.NULL));
		assertEquals("u:3:1: error: the ranks deadlock: rank 0 at u:3 waits for the 8-byte message of rank 1; rank 1 "
				+ "at u:6 waits for the 9-byte message of rank 0", e.diagnostics().get(0).toString());
		// a truncated rank file: the receives it would have matched are named
		Files.writeString(dir.resolve("r0.txt"), "send 1 0 0 8\nrecv 1 0 0 8\n");
		Files.writeString(dir.resolve("r1.txt"), "recv 0 0 0 8\nsen");
		Path index = Files.writeString(dir.resolve("r.mpitrace"), "ranks 2\nrank 0 r0.txt\nrank 1 r1.txt\n");
		e = assertThrows(EngineException.class, () -> TraceReplay.replay(MpiTrace.read(index, "r.mpitrace",
				EngineMonitor.NULL), options(new Random(2)), EngineMonitor.NULL));
		assertTrue(e.diagnostics().get(0).toString().startsWith("r1.txt:2:1: error: unknown event 'sen'"), e
				.diagnostics().get(0).toString());
		// a wildcard receive never completed
		Files.writeString(trace, "ranks 1\nrank 0\ncompute 1\nirecv any 0 0 8 4\ncompute 2\n");
		e = assertThrows(EngineException.class, () -> TraceReplay.replay(MpiTrace.read(trace, "u", EngineMonitor.NULL),
				options(new Random(2)), EngineMonitor.NULL));
		assertTrue(e.diagnostics().get(0).toString().startsWith("u:4:1: error: the receive of request 4 from any "
				+ "source or with any tag never completes"), e.diagnostics().get(0).toString());
		// an overlong line is an error, not a line held whole
		StringBuilder huge = new StringBuilder("ranks 1\nrank 0\ncompute 1\n");
		huge.append("#".repeat(17 << 20)).append('\n');
		Files.writeString(trace, huge);
		e = assertThrows(EngineException.class, () -> TraceReplay.replay(MpiTrace.read(trace, "u", EngineMonitor.NULL),
				options(new Random(2)), EngineMonitor.NULL));
		assertTrue(e.diagnostics().get(0).toString().startsWith("u:4:1: error: a line of more than 1 MiB"), e
				.diagnostics().get(0).toString());
	}

	@Test
	void testCancelAndProgressDuringTheStream() throws Exception {
		StringBuilder text = new StringBuilder("ranks 2\n");
		for (int p = 0; p < 2; p++) {
			text.append("rank ").append(p).append('\n');
			for (int i = 0; i < 1_200_000; i++) {
				text.append("compute 1\n");
			}
			text.append(p == 0 ? "send 1 0 0 8\n" : "recv 0 0 0 8\n");
		}
		Path trace = Files.writeString(dir.resolve("long.mpitrace"), text);
		AtomicLong worked = new AtomicLong();
		AtomicLong checks = new AtomicLong();
		AtomicLong reports = new AtomicLong();
		// the work is the bytes of the ranks' events and one per rank
		long total = Files.size(trace) - "ranks 2\nrank 0\nrank 1\n".length() + 2;
		EngineMonitor counting = new EngineMonitor() {
			@Override
			public void begin(String task, long totalWork) {
				assertEquals(total, totalWork);
			}

			@Override
			public void worked(long units) {
				assertTrue(units > 0 && worked.addAndGet(units) <= total, units + "");
				reports.incrementAndGet();
			}

			@Override
			public boolean isCancelled() {
				checks.incrementAndGet();
				return false;
			}
		};
		TraceReplay.Result r = TraceReplay.replay(MpiTrace.read(trace, "long", counting), options(new Random(3)),
				counting);
		assertEquals(2_400_002, r.operations());
		assertEquals(total, worked.get());
		// the progress moves during the stream, not only at the ranks' ends
		assertTrue(reports.get() > 2, reports.get() + "");
		assertTrue(checks.get() >= 2, checks.get() + "");
		EngineMonitor cancelled = new EngineMonitor() {
			@Override
			public void begin(String task, long totalWork) {
				// not shown
			}

			@Override
			public void worked(long units) {
				// not shown
			}

			@Override
			public boolean isCancelled() {
				return true;
			}
		};
		MpiTrace t = MpiTrace.read(trace, "long", EngineMonitor.NULL);
		assertThrows(CancelledException.class, () -> TraceReplay.replay(t, options(new Random(3)), cancelled));
	}
}
