package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TeamResize;
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceEvent;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceReader;
import org.perfcast.trace.TraceSimulator;

/** Predicting an OpenMP program's other team sizes from a recording of one (TeamResize). */
class TeamResizeTest {

	/** One region of a team of 4 whose blocks cost 1, 2, 3 and 4; 2 s of serial work before it, 1 after. */
	private static final String IMBALANCED = """
			@recorded pthreads
			@unit s
			0 main create T1 cpu=0
			0 main create T2 cpu=0
			0 main create T3 cpu=0
			2 main post omp.fork.1 cpu=2 at=kernel.c:10
			2 main post omp.fork.1 cpu=2 at=kernel.c:10
			2 main post omp.fork.1 cpu=2 at=kernel.c:10
			2 T1 take omp.fork.1 cpu=0 at=kernel.c:10
			4 T1 post omp.barrier.1.0 cpu=2
			4 T2 take omp.fork.1 cpu=0 at=kernel.c:10
			7 T2 post omp.barrier.1.0 cpu=3
			7 T3 take omp.fork.1 cpu=0 at=kernel.c:10
			11 T3 post omp.barrier.1.0 cpu=4
			12 main take omp.barrier.1.0 cpu=3 at=kernel.c:10
			12 main take omp.barrier.1.0 cpu=3 at=kernel.c:10
			12 main take omp.barrier.1.0 cpu=3 at=kernel.c:10
			12 main post omp.release.1.0 cpu=3 at=kernel.c:10
			12 main post omp.release.1.0 cpu=3 at=kernel.c:10
			12 main post omp.release.1.0 cpu=3 at=kernel.c:10
			12 T3 exit cpu=4
			12 T2 exit cpu=3
			12 T1 exit cpu=2
			13 main exit cpu=4
			@end
			""";

	private static Trace read(String text) throws TraceException {
		return TraceReader.read(text, "omp.vtrace");
	}

	private static double completion(Trace trace, int processors) throws TraceException {
		return TraceSimulator.simulate(Recording.of(trace), TargetMachine.unbound(processors), SimulationModel.AUTO)
				.completion();
	}

	private static double oneProcessor(Trace trace) throws TraceException {
		return TraceSimulator.oneProcessor(Recording.of(trace), TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
	}

	/** The CPU time {@code thread} spends before its first event on {@code object} (since its previous event). */
	private static double workBefore(Trace trace, String thread, String object) {
		double previous = 0;
		for (TraceEvent e : trace.events()) {
			if (e.thread().equals(thread)) {
				if (object.equals(e.object())) {
					return e.cpu() - previous;
				}
				previous = e.cpu();
			}
		}
		throw new AssertionError(thread + " has no event on " + object);
	}

	/** Each new member's work in phase {@code k} of region 1, read from the resized trace. */
	private static double[] phase(Trace trace, int threads, int k) {
		double[] work = new double[threads];
		work[0] = workBefore(trace, "main", "omp.barrier.1." + k);
		for (int j = 1; j < threads; j++) {
			work[j] = workBefore(trace, "T" + j, "omp.barrier.1." + k);
		}
		return work;
	}

	private static double sum(double[] values) {
		double s = 0;
		for (double v : values) {
			s += v;
		}
		return s;
	}

	/** (a) A team of 4 with equal blocks, two phases (2 s and 4 s per thread), as teams of 8 and 2. */
	@Test
	void testEqualBlocksSplitAndMerge() throws TraceException {
		Trace trace = read(OmpTraces.program(3, new double[] { 1, 1 }, List.of(new OmpTraces.Region(new double[][] {
				{ 2, 2, 2, 2 }, { 4, 4, 4, 4 } }, 0, "loop.c:7"))));
		TeamResize.Result eight = TeamResize.of(trace, 8);
		assertArrayEquals(new double[] { 1, 1, 1, 1, 1, 1, 1, 1 }, eight.regions().get(0).work().get(0));
		assertArrayEquals(new double[] { 2, 2, 2, 2, 2, 2, 2, 2 }, eight.regions().get(0).work().get(1));
		assertArrayEquals(new double[] { 1, 1, 1, 1, 1, 1, 1, 1 }, phase(eight.trace(), 8, 0), "in the trace");
		assertArrayEquals(new double[] { 2, 2, 2, 2, 2, 2, 2, 2 }, phase(eight.trace(), 8, 1), "in the trace");
		TeamResize.Result two = TeamResize.of(trace, 2);
		assertArrayEquals(new double[] { 4, 4 }, phase(two.trace(), 2, 0));
		assertArrayEquals(new double[] { 8, 8 }, phase(two.trace(), 2, 1));
		for (TeamResize.Result r : List.of(eight, two)) {
			assertEquals(8.0, sum(r.regions().get(0).work().get(0)), "phase 0's work is kept");
			assertEquals(16.0, sum(r.regions().get(0).work().get(1)), "phase 1's work is kept");
			assertEquals(8.0, sum(r.regions().get(0).recordedWork().get(0)));
			assertEquals(26.0, Recording.of(r.trace()).totalWork(), "2 s serial and 24 s in the region");
		}
		assertEquals(List.of("T1", "T2", "T3", "T4", "T5", "T6", "T7"), Recording.of(eight.trace()).threads()
				.subList(1, 8), "the new workers continue the recorded names");
		assertEquals(List.of("main", "T1"), Recording.of(two.trace()).threads(), "T2 and T3 are gone");
		assertEquals(1 + 1 + 2 + 1.0, completion(eight.trace(), 8), "each of 8 threads: 1 s, then 2 s");
		assertEquals(1 + 4 + 8 + 1.0, completion(two.trace(), 2));
		assertEquals(List.of("extrapolation: team of 8 from a recording of 4 (region 1): each thread's block is assumed "
				+ "to cost the same per iteration"), eight.notes());
		assertEquals(List.of("interpolation: team of 2 from a recording of 4 (region 1): each new block's cost is "
				+ "computed from the recorded blocks it covers (the sum of 2 whole ones)"), two.notes());
	}

	/** (b) Blocks of 1, 2, 3 and 4: a team of 2 gets 3 and 7, a team of 8 halves of each. */
	@Test
	void testImbalancedBlocks() throws TraceException {
		Trace trace = read(IMBALANCED);
		assertEquals(7.0, completion(trace, 4), "2 serial, the longest block 4, 1 serial");
		TeamResize.Result two = TeamResize.of(trace, 2);
		assertArrayEquals(new double[] { 1, 2, 3, 4 }, two.regions().get(0).recordedWork().get(0));
		assertArrayEquals(new double[] { 3, 7 }, two.regions().get(0).work().get(0));
		assertArrayEquals(new double[] { 3, 7 }, phase(two.trace(), 2, 0));
		assertEquals(10.0, completion(two.trace(), 2));
		TeamResize.Result eight = TeamResize.of(trace, 8);
		double[] halves = { 0.5, 0.5, 1, 1, 1.5, 1.5, 2, 2 };
		assertArrayEquals(halves, eight.regions().get(0).work().get(0));
		assertArrayEquals(halves, phase(eight.trace(), 8, 0));
		assertEquals(5.0, completion(eight.trace(), 8));
		assertEquals(13.0, oneProcessor(eight.trace()));
		TeamResize.Result three = TeamResize.of(trace, 3);
		// in twelfths, the recorded blocks are [0, 3), [3, 6), [6, 9), [9, 12) and the new ones [0, 4), [4, 8), [8, 12)
		double[] thirds = three.regions().get(0).work().get(0);
		assertEquals(1 + 2 / 3.0, thirds[0], 1e-12);
		assertEquals(4 / 3.0 + 2, thirds[1], 1e-12);
		assertEquals(1 + 4.0, thirds[2], 1e-12);
		assertEquals(List.of("interpolation: team of 3 from a recording of 4 (region 1): each new block's cost is "
				+ "computed from the recorded blocks it covers; a recorded block split between two new ones is shared "
				+ "by its iterations, at an even cost"), three.notes());
		assertTrue(TeamResize.of(trace, 6).notes().get(0).startsWith("extrapolation: team of 6 from a recording of 4 "
				+ "(region 1): each thread's block is assumed to cost the same per iteration; a new block that spans "
				+ "two recorded ones is computed from both (interpolation)"));
		TeamResize.Result one = TeamResize.of(trace, 1);
		assertEquals(List.of("main"), Recording.of(one.trace()).threads(), "a team of 1 is the serial program");
		assertEquals(13.0, completion(one.trace(), 4));
	}

	/** (c) A critical section between barriers 1 and 2 of region 2: refused for another team, kept for its own. */
	@Test
	void testCriticalSectionIsRefused() throws TraceException {
		String text = OmpTraces.program(3, new double[] { 1, 1, 1 }, List.of(new OmpTraces.Region(new double[][] {
				{ 1, 1, 1, 1 } }, 0, "kernel.c:20"), new OmpTraces.Region(new double[][] { { 1, 1, 1, 1 }, { 1, 1, 1, 1 },
						{ 1, 1, 1, 1 } }, 0, "kernel.c:41")));
		String post = "T2 post omp.barrier.2.2 cpu=";
		int at = text.indexOf(post);
		int lineStart = text.lastIndexOf('\n', at) + 1;
		String time = text.substring(lineStart, text.indexOf(' ', lineStart));
		String cpu = text.substring(at + post.length(), text.indexOf('\n', at));
		String critical = time + " T2 lock omp.critical.0x601040 cpu=" + cpu + " at=kernel.c:45\n" + time
				+ " T2 unlock omp.critical.0x601040 cpu=" + cpu + " at=kernel.c:45\n";
		text = text.substring(0, lineStart) + critical + text.substring(lineStart);
		long line = text.substring(0, lineStart).lines().count() + 1;
		Trace trace = read(text);
		TraceException e = assertThrows(TraceException.class, () -> TeamResize.of(trace, 8));
		assertEquals(line, e.line(), "the lock's line");
		assertEquals("region 2 (kernel.c:41) has a critical section between its barriers 1 and 2 (T2: lock "
				+ "omp.critical.0x601040 at kernel.c:45): only regions of static loops and other pure computation can "
				+ "be predicted for another team size; record with OMP_NUM_THREADS=8 instead", e.getMessage());
		assertSame(trace, TeamResize.of(trace, 4).trace(), "the recorded team is kept as it is");
		assertEquals(List.of("the recording's teams are already of 4 threads (regions 1, 2): predicted as recorded"),
				TeamResize.of(trace, 4).notes());
	}

	/** Explicit tasks joined at a barrier, and I/O inside a phase, are refused too. */
	@Test
	void testTasksAndIoAreRefused() throws TraceException {
		String tasks = IMBALANCED.replace("12 main post omp.release.1.0 cpu=3 at=kernel.c:10\n"
				+ "12 main post omp.release.1.0", "12 main join task1 cpu=3 at=kernel.c:12\n"
						+ "12 main post omp.release.1.0 cpu=3 at=kernel.c:10\n12 main post omp.release.1.0")
				.replace("0 main create T3 cpu=0\n", "0 main create T3 cpu=0\n0 main create task1 cpu=0\n"
						+ "0 task1 exit cpu=0\n");
		TraceException e = assertThrows(TraceException.class, () -> TeamResize.of(read(tasks), 2));
		assertTrue(e.getMessage().startsWith("region 1 (kernel.c:10) has an explicit task at its barrier 0 (main: join "
				+ "task1 at kernel.c:12): "), e.getMessage());
		String io = IMBALANCED.replace("7 T2 post omp.barrier.1.0 cpu=3", "6 T2 io 0.5 cpu=2 at=kernel.c:11\n"
				+ "7 T2 post omp.barrier.1.0 cpu=3");
		e = assertThrows(TraceException.class, () -> TeamResize.of(read(io), 8));
		assertTrue(e.getMessage().startsWith("region 1 (kernel.c:10) has I/O between its fork and its barrier 0 (T2: io "
				+ "at kernel.c:11): "), e.getMessage());
		assertEquals(12, e.line());
	}

	/** (d) The recorded team reproduces the recording; so does a round trip through a team of 8. */
	@Test
	void testRecordedTeamReproducesTheRecording() throws TraceException {
		Trace trace = read(OmpTraces.program(3, new double[] { 0.25, 0.5, 0.125 }, List.of(new OmpTraces.Region(
				new double[][] { { 1, 2, 3, 4 }, { 0.5, 0.5, 2, 1 } }, 0, "a.c:3"), new OmpTraces.Region(new double[][] {
						{ 3, 1, 4, 1.5 } }, 0, "a.c:9"))));
		Trace same = TeamResize.of(trace, 4).trace();
		Trace roundTrip = TeamResize.of(TeamResize.of(trace, 8).trace(), 4).trace();
		assertEquals(List.of("main", "T1", "T2", "T3"), Recording.of(roundTrip).threads());
		for (int processors : new int[] { 1, 2, 4 }) {
			double recorded = completion(trace, processors);
			assertEquals(recorded, completion(same, processors), "on " + processors);
			assertEquals(recorded, completion(roundTrip, processors), 1e-12, "4 -> 8 -> 4 on " + processors);
		}
		assertEquals(0.25 + 4 + 2 + 0.5 + 4 + 0.125, completion(trace, 4));
	}

	/** Regions of teams of 4 and 2 as a team of 4: the first is kept, the second repartitioned for 4. */
	@Test
	void testMixedTeams() throws TraceException {
		Trace trace = read(OmpTraces.program(3, new double[] { 1, 1, 1, 1 }, List.of(new OmpTraces.Region(
				new double[][] { { 1, 1, 1, 1 } }, 0.001, "m.c:1"), new OmpTraces.Region(new double[][] { { 4, 4 } },
						0.001, "m.c:2"), new OmpTraces.Region(new double[][] { { 1, 2, 1, 2 } }, 0.001, "m.c:3"))));
		TeamResize.Result four = TeamResize.of(trace, 4);
		assertEquals(List.of("extrapolation: team of 4 from a recording of 2 (region 2): each thread's block is assumed "
				+ "to cost the same per iteration", "regions 1, 3 recorded with a team of 4: predicted as recorded"),
				four.notes());
		assertEquals(List.of(false, true, false), four.regions().stream().map(TeamResize.Region::resized).toList());
		assertEquals(oneProcessor(trace), oneProcessor(four.trace()), 1e-12);
		// with the synchronisations' CPU time: the primary's release post, T1's fork take and release take
		assertArrayEquals(new double[] { 4.001, 4.002 }, four.regions().get(1).recordedWork().get(0), 1e-12);
		assertEquals(8.003, sum(four.regions().get(1).work().get(0)), 1e-12);
		assertTrue(completion(four.trace(), 4) < completion(trace, 4) - 1.9, "region 2 takes 2 s instead of 4");
	}

	/** (e) Random regions of pure computation: the work is kept, and T threads on T processors never take longer. */
	@Test
	void testRandomRecordings() throws TraceException {
		Random random = new Random(20251125);
		for (int run = 0; run < 300; run++) {
			int workers = random.nextInt(8);
			int count = 1 + random.nextInt(4);
			double[] serial = new double[count + 1];
			for (int i = 0; i <= count; i++) {
				serial[i] = random.nextInt(1000) * 1e-3;
			}
			List<OmpTraces.Region> regions = new ArrayList<>();
			for (int r = 0; r < count; r++) {
				int n = 2 + random.nextInt(Math.max(1, workers));
				n = Math.min(n, workers + 1);
				if (n < 2) {
					continue;
				}
				double[][] work = new double[1 + random.nextInt(3)][n];
				for (double[] phase : work) {
					for (int i = 0; i < n; i++) {
						phase[i] = random.nextInt(2000) * 1e-3;
					}
				}
				regions.add(new OmpTraces.Region(work, random.nextBoolean() ? 0 : random.nextInt(10) * 1e-6, "r.c:" + r));
			}
			if (regions.isEmpty()) {
				continue;
			}
			Trace trace = read(OmpTraces.program(workers, java.util.Arrays.copyOf(serial, regions.size() + 1),
					regions));
			double recorded = oneProcessor(trace);
			for (int threads : new int[] { 1 + random.nextInt(16), regions.get(0).work()[0].length }) {
				Trace resized = TeamResize.of(trace, threads).trace();
				String what = "run " + run + ", a team of " + threads + ":\n" + resized.toText();
				assertEquals(recorded, oneProcessor(resized), 1e-9 * recorded, what);
				assertTrue(completion(resized, threads) <= recorded * (1 + 1e-9), what);
			}
		}
	}

	/** (f) Traces that are not OpenMP recordings, or have no CPU clocks; teams out of range. */
	@Test
	void testNotOpenMp() throws TraceException {
		Trace threads = read("""
				0 M create A cpu=0
				1 A post x cpu=1
				1 A exit cpu=1
				2 M take x cpu=1
				2 M exit cpu=1
				""");
		TraceException e = assertThrows(TraceException.class, () -> TeamResize.of(threads, 4));
		assertEquals("omp.vtrace: not a recording of an OpenMP program: it has no parallel region ('post omp.fork.R'), "
				+ "so there is no team to resize; --threads needs a program recorded with perfcast record on LLVM's "
				+ "OpenMP runtime", e.toString());
		e = assertThrows(TraceException.class, () -> TeamResize.of(read(IMBALANCED.replaceAll(" cpu=[0-9]+", "")), 4));
		assertTrue(e.getMessage().startsWith("predicting another team size needs the threads' CPU clocks (cpu=)"),
				e.getMessage());
		assertThrows(IllegalArgumentException.class, () -> TeamResize.of(read(IMBALANCED), 0));
		assertThrows(IllegalArgumentException.class, () -> TeamResize.of(read(IMBALANCED), TeamResize.MAX_THREADS + 1));
		assertEquals(TeamResize.MAX_THREADS, Recording.of(TeamResize.of(read(IMBALANCED), TeamResize.MAX_THREADS)
				.trace()).threads().size());
	}
}
