package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.perfcast.loggp.CollectiveSchedules;

/**
 * The point-to-point steps each member makes in each collective: the exact schedules for small sizes, powers of two
 * and not, and for every size up to 12 and every root, that the members' steps match one another (no receive without
 * its send, no send left over) and carry the bytes the collective moves.
 */
class CollectiveSchedulesTest {

	/** One member's steps, as text: "send TO BYTES", "recv FROM", "xchg TO FROM BYTES". */
	private static final class Recorder implements CollectiveSchedules.Steps {
		final List<String> steps = new ArrayList<>();

		@Override
		public void send(int to, long bytes) {
			steps.add("send " + to + " " + bytes);
		}

		@Override
		public void receive(int from) {
			steps.add("recv " + from);
		}

		@Override
		public void exchange(int to, int from, long bytes) {
			steps.add("xchg " + to + " " + from + " " + bytes);
		}
	}

	private interface Collective {
		void steps(int p, int me, CollectiveSchedules.Steps out);
	}

	private static List<List<String>> schedule(int p, Collective c) {
		List<List<String>> all = new ArrayList<>();
		for (int me = 0; me < p; me++) {
			Recorder r = new Recorder();
			c.steps(p, me, r);
			all.add(r.steps);
		}
		return all;
	}

	@Test
	void testBcastIsABinomialTreeFromTheRoot() {
		assertEquals(List.of(List.of("send 4 8", "send 2 8", "send 1 8"), List.of("recv 0"), List.of("recv 0",
				"send 3 8"), List.of("recv 2"), List.of("recv 0")), schedule(5, (p, me, out) -> CollectiveSchedules
						.bcast(p, me, 0, 8, out)));
		// rooted at 3, the tree is the same relative to the root
		assertEquals(List.of(List.of("recv 3", "send 1 8"), List.of("recv 0"), List.of("recv 3"), List.of("send 2 8",
				"send 0 8", "send 4 8"), List.of("recv 3")), schedule(5, (p, me, out) -> CollectiveSchedules.bcast(p,
						me, 3, 8, out)));
	}

	@Test
	void testScatterSendsEachSubtreeItsBlocks() {
		assertEquals(List.of(List.of("send 4 10", "send 2 20", "send 1 10"), List.of("recv 0"), List.of("recv 0",
				"send 3 10"), List.of("recv 2"), List.of("recv 0")), schedule(5, (p, me, out) -> CollectiveSchedules
						.scatter(p, me, 0, 10, out)));
		assertEquals(List.of(List.of("send 4 40", "send 2 20", "send 1 10"), List.of("recv 0"), List.of("recv 0",
				"send 3 10"), List.of("recv 2"), List.of("recv 0", "send 6 20", "send 5 10"), List.of("recv 4"), List
						.of("recv 4", "send 7 10"), List.of("recv 6")), schedule(8, (p, me, out) -> CollectiveSchedules
								.scatter(p, me, 0, 10, out)));
	}

	@Test
	void testReduceIsABinomialTreeToTheRoot() {
		assertEquals(List.of(List.of("recv 1", "recv 2", "recv 4"), List.of("send 0 8"), List.of("recv 3",
				"send 0 8"), List.of("send 2 8"), List.of("send 0 8")), schedule(5, (p, me, out) -> CollectiveSchedules
						.reduce(p, me, 0, 8, out)));
		// rooted at 1 of 3: relative ranks 0 (1), 1 (2), 2 (0)
		assertEquals(List.of(List.of("send 1 8"), List.of("recv 2", "recv 0"), List.of("send 1 8")), schedule(3, (p,
				me, out) -> CollectiveSchedules.reduce(p, me, 1, 8, out)));
	}

	@Test
	void testGatherCarriesEachSubtreesBlocks() {
		assertEquals(List.of(List.of("recv 1", "recv 2", "recv 4"), List.of("send 0 10"), List.of("recv 3",
				"send 0 20"), List.of("send 2 10"), List.of("send 0 10")), schedule(5, (p, me, out) -> CollectiveSchedules
						.gather(p, me, 0, 10, out)));
		assertEquals(List.of(List.of("recv 1", "recv 2", "recv 4"), List.of("send 0 10"), List.of("recv 3",
				"send 0 20"), List.of("send 2 10"), List.of("recv 5", "recv 6", "send 0 30"), List.of("send 4 10"),
				List.of("send 4 10")), schedule(7, (p, me, out) -> CollectiveSchedules.gather(p, me, 0, 10, out)));
	}

	@Test
	void testAllreduceDoublesAmongAPowerOfTwoAndFoldsTheRest() {
		// p = 4: two rounds of exchanges, partner me ^ 1 then me ^ 2
		assertEquals(List.of(List.of("xchg 1 1 8", "xchg 2 2 8"), List.of("xchg 0 0 8", "xchg 3 3 8"), List.of(
				"xchg 3 3 8", "xchg 0 0 8"), List.of("xchg 2 2 8", "xchg 1 1 8")), schedule(4, (p, me,
						out) -> CollectiveSchedules.allreduce(p, me, 8, out)));
		// p = 6: 0 and 2 fold into 1 and 3, which double with 4 and 5, then send the result back
		assertEquals(List.of(List.of("send 1 8", "recv 1"), List.of("recv 0", "xchg 3 3 8", "xchg 4 4 8",
				"send 0 8"), List.of("send 3 8", "recv 3"), List.of("recv 2", "xchg 1 1 8", "xchg 5 5 8", "send 2 8"),
				List.of("xchg 5 5 8", "xchg 1 1 8"), List.of("xchg 4 4 8", "xchg 3 3 8")), schedule(6, (p, me,
						out) -> CollectiveSchedules.allreduce(p, me, 8, out)));
	}

	@Test
	void testBarrierIsAnAllreduceOfNothing() {
		assertEquals(List.of(List.of("send 1 0", "recv 1"), List.of("recv 0", "xchg 2 2 0", "send 0 0"), List.of(
				"xchg 1 1 0")), schedule(3, (p, me, out) -> CollectiveSchedules.barrier(p, me, out)));
		assertEquals(List.of(List.of()), schedule(1, (p, me, out) -> CollectiveSchedules.barrier(p, me, out)));
	}

	@Test
	void testAllgatherDoublesTheBlocksEachRound() {
		assertEquals(List.of(List.of("xchg 1 1 10", "xchg 2 2 20"), List.of("xchg 0 0 10", "xchg 3 3 20"), List.of(
				"xchg 3 3 10", "xchg 0 0 20"), List.of("xchg 2 2 10", "xchg 1 1 20")), schedule(4, (p, me,
						out) -> CollectiveSchedules.allgather(p, me, 10, out)));
		// p = 5: rank 0 folds into 1, which exchanges 5·10·mask/4 bytes (rounded up) and sends back all 50
		assertEquals(List.of(List.of("send 1 10", "recv 1"), List.of("recv 0", "xchg 2 2 13", "xchg 3 3 25",
				"send 0 50"), List.of("xchg 1 1 13", "xchg 4 4 25"), List.of("xchg 4 4 13", "xchg 1 1 25"), List.of(
						"xchg 3 3 13", "xchg 2 2 25")), schedule(5, (p, me, out) -> CollectiveSchedules.allgather(p, me,
								10, out)));
	}

	@Test
	void testAlltoallExchangesPairwise() {
		List<List<String>> steps = new ArrayList<>();
		for (int me = 0; me < 3; me++) {
			Recorder r = new Recorder();
			for (int step = 1; step < 3; step++) {
				CollectiveSchedules.alltoall(3, me, step, 7, r);
			}
			steps.add(r.steps);
		}
		assertEquals(List.of(List.of("xchg 1 2 7", "xchg 2 1 7"), List.of("xchg 2 0 7", "xchg 0 2 7"), List.of(
				"xchg 0 1 7", "xchg 1 0 7")), steps);
	}

	/** What a run of every member's steps moved: per (from, to), the bytes of each message, in order. */
	private static Map<List<Integer>, List<Long>> run(int p, Collective c) {
		// operations: eager sends, so that a member blocks only on a receive
		List<ArrayDeque<long[]>> ops = new ArrayList<>(); // {0 send, to, bytes} {1 recv, from}
		for (int me = 0; me < p; me++) {
			ArrayDeque<long[]> q = new ArrayDeque<>();
			c.steps(p, me, new CollectiveSchedules.Steps() {
				@Override
				public void send(int to, long bytes) {
					q.add(new long[] { 0, to, bytes });
				}

				@Override
				public void receive(int from) {
					q.add(new long[] { 1, from });
				}

				@Override
				public void exchange(int to, int from, long bytes) {
					q.add(new long[] { 0, to, bytes });
					q.add(new long[] { 1, from });
				}
			});
			ops.add(q);
		}
		Map<List<Integer>, ArrayDeque<Long>> channels = new HashMap<>();
		Map<List<Integer>, List<Long>> moved = new HashMap<>();
		boolean progress = true;
		while (progress) {
			progress = false;
			for (int me = 0; me < p; me++) {
				long[] op;
				while ((op = ops.get(me).peekFirst()) != null) {
					if (op[0] == 0) {
						assertTrue(op[1] >= 0 && op[1] < p && op[1] != me, "a send to another member");
						channels.computeIfAbsent(List.of(me, (int) op[1]), k -> new ArrayDeque<>()).add(op[2]);
					} else {
						ArrayDeque<Long> ch = channels.get(List.of((int) op[1], me));
						if (ch == null || ch.isEmpty()) {
							break;
						}
						moved.computeIfAbsent(List.of((int) op[1], me), k -> new ArrayList<>()).add(ch.poll());
					}
					ops.get(me).pollFirst();
					progress = true;
				}
			}
		}
		for (int me = 0; me < p; me++) {
			assertTrue(ops.get(me).isEmpty(), "member " + me + " of " + p + " waits for a message never sent");
		}
		channels.values().forEach(ch -> assertTrue(ch.isEmpty(), "a message no member receives"));
		return moved;
	}

	private static long total(Map<List<Integer>, List<Long>> moved, int member, boolean to) {
		long n = 0;
		for (Map.Entry<List<Integer>, List<Long>> e : moved.entrySet()) {
			if (e.getKey().get(to ? 1 : 0) == member) {
				for (long b : e.getValue()) {
					n += b;
				}
			}
		}
		return n;
	}

	@Test
	void testEveryScheduleMatchesForEverySizeAndRoot() {
		long d = 3;
		for (int p = 1; p <= 12; p++) {
			for (int root = 0; root < p; root++) {
				int rt = root;
				var bcast = run(p, (n, me, out) -> CollectiveSchedules.bcast(n, me, rt, d, out));
				var scatter = run(p, (n, me, out) -> CollectiveSchedules.scatter(n, me, rt, d, out));
				var reduce = run(p, (n, me, out) -> CollectiveSchedules.reduce(n, me, rt, d, out));
				var gather = run(p, (n, me, out) -> CollectiveSchedules.gather(n, me, rt, d, out));
				assertEquals(p - 1, bcast.values().stream().mapToInt(List::size).sum());
				assertEquals(p - 1, reduce.values().stream().mapToInt(List::size).sum());
				for (int me = 0; me < p; me++) {
					long expected = me == root ? 0 : d;
					assertEquals(expected, total(bcast, me, true), "bcast: bytes to " + me);
					assertEquals(expected, total(reduce, me, false), "reduce: bytes from " + me);
				}
				// the root's blocks leave it once each, and each member's arrive once
				assertEquals(d * (p - 1), total(scatter, root, false), "scatter from " + root + " of " + p);
				assertEquals(d * (p - 1), total(gather, root, true), "gather to " + root + " of " + p);
			}
			int pof2 = Integer.highestOneBit(p);
			int rounds = Integer.numberOfTrailingZeros(pof2);
			for (Collective c : List.<Collective>of((n, me, out) -> CollectiveSchedules.allreduce(n, me, d, out), (n,
					me, out) -> CollectiveSchedules.barrier(n, me, out), (n, me, out) -> CollectiveSchedules.allgather(n,
							me, d, out))) {
				var moved = run(p, c);
				// rounds of doubling among pof2 members, and two messages per member folded
				assertEquals(pof2 * rounds + 2 * (p - pof2), moved.values().stream().mapToInt(List::size).sum());
			}
			var allgather = run(p, (n, me, out) -> CollectiveSchedules.allgather(n, me, d, out));
			for (int me = 0; me < 2 * (p - pof2); me += 2) {
				// a member folded into its neighbour gets all p blocks back from it
				assertEquals(List.of(d * p), allgather.get(List.of(me + 1, me)), "allgather: to " + me + " of " + p);
			}
			int size = p;
			var alltoall = run(p, (n, me, out) -> {
				for (int step = 1; step < size; step++) {
					CollectiveSchedules.alltoall(n, me, step, d, out);
				}
			});
			assertEquals(p * (p - 1), alltoall.size(), "alltoall: one message for each ordered pair");
			alltoall.values().forEach(m -> assertEquals(List.of(d), m));
		}
	}
}
