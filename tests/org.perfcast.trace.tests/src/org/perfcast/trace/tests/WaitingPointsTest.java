package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.SyntheticTrace;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceReader;
import org.perfcast.trace.TraceSimulator;
import org.perfcast.trace.WaitingPoints;
import org.perfcast.trace.WaitingPoints.WaitingPoint;

/** The waiting points of a simulation: a hot lock, its holders, the joins, the critical path. */
class WaitingPointsTest {

	/**
	 * M starts A, B and C, which each work 1 and then lock m: A at Worker.java:20 for 6, B and C at Worker.java:10 for
	 * 4 each; M joins them in a loop at Main.java:7. On 4 processors A holds m over 1..7, B waits 1..7 and holds it
	 * over 7..11, C waits 1..11 and holds it over 11..15; M waits for A over 0..7, for B over 7..11, for C over
	 * 11..15. Threads live 15 (M), 7 (A), 11 (B) and 15 (C): 48 in all.
	 */
	static final String HOT_LOCK = """
			0 M create A cpu=0 at=Main.java:5
			0 M create B cpu=0 at=Main.java:5
			0 M create C cpu=0 at=Main.java:5
			1 A lock m cpu=1 at=Worker.java:20
			7 A unlock m cpu=7 at=Worker.java:22
			7 A exit cpu=7
			8 B lock m cpu=1 at=Worker.java:10
			12 B unlock m cpu=5 at=Worker.java:12
			12 B exit cpu=5
			13 C lock m cpu=1 at=Worker.java:10
			17 C unlock m cpu=5 at=Worker.java:12
			17 C exit cpu=5
			17 M join A cpu=0 at=Main.java:7
			17 M join B cpu=0 at=Main.java:7
			17 M join C cpu=0 at=Main.java:7
			17 M exit cpu=0
			""";

	private static Simulation simulate(String trace, int processors) throws TraceException {
		return TraceSimulator.simulate(Recording.of(TraceReader.read(trace, "hot.vtrace")),
				TargetMachine.unbound(processors), SimulationModel.DIRECT);
	}

	@Test
	void testHotLockAndJoins() throws TraceException {
		Simulation simulation = simulate(HOT_LOCK, 4);
		assertEquals(15.0, simulation.completion());
		assertEquals(List.of(new Simulation.Hold("m", 1, 1, 7, "Worker.java:20"),
				new Simulation.Hold("m", 2, 7, 11, "Worker.java:10"), new Simulation.Hold("m", 3, 11, 15,
						"Worker.java:10")), simulation.holds());

		WaitingPoints points = WaitingPoints.of(simulation);
		assertEquals(48.0, points.threadTime());
		assertEquals(15.0, points.end());
		assertEquals(2, points.points().size(), points.toString());

		WaitingPoint lock = points.points().get(0);
		assertEquals("Worker.java:10", lock.at());
		assertEquals("Worker.java", lock.file());
		assertEquals(10, lock.sourceLine());
		assertEquals(7, lock.line(), "B's lock, line 7 of the trace, is the first wait there");
		assertEquals("lock", lock.kind());
		assertEquals("m", lock.object());
		assertEquals(1, lock.objects());
		assertEquals(2, lock.waits());
		assertEquals(16.0, lock.blocked(), "B waits 6, C waits 10");
		assertEquals(1.0 / 3, lock.share(), 1e-15);
		assertEquals(10.0, lock.longest());
		assertTrue(lock.critical(), "the critical path goes A, B, C through m: " + simulation.criticalPath());
		assertEquals("Worker.java:20", lock.heldAt(), "A's section overlaps the waits 6 + 6, B's (at line 10) 4");
		assertEquals(12.0, lock.heldFor());
		assertEquals("on 4 processors, threads wait here 33 % of their time (lock m, held longest at "
				+ "Worker.java:20); on the critical path", lock.message(4));

		WaitingPoint join = points.points().get(1);
		assertEquals("Main.java:7", join.at());
		assertEquals("join", join.kind());
		assertEquals("A", join.object(), "M waits longest for A");
		assertEquals(3, join.objects());
		assertEquals(3, join.waits());
		assertEquals(15.0, join.blocked());
		assertEquals(15.0 / 48, join.share(), 1e-15);
		assertTrue(join.critical(), "M's exit follows C's");
		assertNull(join.heldAt());
		assertEquals("on 4 processors, threads wait here 31 % of their time (join A and 2 others); on the critical path",
				join.message(4));
		assertEquals(List.of(lock, join), points.bottlenecks());
	}

	@Test
	void testOneProcessorHasNoLockWaitsAndSmallSharesAreNoBottlenecks() throws TraceException {
		// on one processor each worker runs its section through before the next starts: only M waits
		WaitingPoints one = WaitingPoints.of(simulate(HOT_LOCK, 1));
		assertEquals(List.of("Main.java:7"), one.points().stream().map(WaitingPoint::at).toList());

		// a short wait at a lock, off the critical path, below 1 % of the threads' time
		WaitingPoints small = WaitingPoints.of(simulate("""
				0 M create A cpu=0
				0 M lock n cpu=0 at=Main.java:3
				1 M unlock n cpu=1 at=Main.java:4
				1.5 A lock n cpu=0.5 at=Worker.java:3
				1.5 A unlock n cpu=0.5 at=Worker.java:4
				1.5 A exit cpu=0.5
				400.5 M exit cpu=400
				""", 2));
		WaitingPoint n = small.points().get(0);
		assertEquals("Worker.java:3", n.at());
		assertEquals(0.5, n.blocked(), "A waits from 0.5 to 1");
		assertEquals(0.5 / 401, n.share(), 1e-15);
		assertFalse(n.critical());
		assertEquals("Main.java:3", n.heldAt());
		assertEquals(List.of(), small.bottlenecks());
		assertEquals("0.1 %", WaitingPoints.percent(n.share()));
		assertEquals("< 0.1 %", WaitingPoints.percent(0.0004));
		assertEquals("4.5 %", WaitingPoints.percent(0.045));
		assertEquals("10 %", WaitingPoints.percent(0.09996));
	}

	@Test
	void testWithoutSourceLocationsWaitsAreGroupedByObject() throws TraceException {
		WaitingPoints points = WaitingPoints.of(simulate(HOT_LOCK.replaceAll(" at=[^\\n]*", ""), 4));
		assertEquals(List.of("lock m", "join A", "join B", "join C"), points.points().stream().map(WaitingPoint::what)
				.toList(), "without locations the joins of A, B and C are three places");
		WaitingPoint lock = points.points().get(0);
		assertNull(lock.at());
		assertNull(lock.file());
		assertEquals(0, lock.sourceLine());
		assertEquals(7, lock.line());
		assertEquals(16.0, lock.blocked());
		assertTrue(lock.critical());
	}

	/**
	 * 10^4 threads on four mutexes ({@link SyntheticTrace.Shape#THREADS}): each wait lasts through thousands of holds
	 * by the other threads, which the simulator sums by their running total; who held the mutexes, and how long, is
	 * what the oracle finds hold by hold, to the rounding of the sums.
	 */
	@Test
	void testThousandsOfThreadsQueuedOnOneMutexAsTheOracleFindsThem(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("threads.vtraceb");
		try (OutputStream out = Files.newOutputStream(file)) {
			SyntheticTrace.writeBinary(out, SyntheticTrace.Shape.THREADS, 60_000, 1);
		}
		Recording recording = TraceFiles.record(file, "threads", EngineMonitor.NULL);
		Simulation simulation = TraceSimulator.simulate(recording, TargetMachine.unbound(4), SimulationModel.DIRECT,
				new TraceSimulator.Options(0, true, new TraceSimulator.Detail(Long.MAX_VALUE, Double.NaN, Double.NaN)),
				EngineMonitor.NULL);
		WaitingPoints expected = ReferenceWaitingPoints.of(simulation);
		WaitingPoints actual = WaitingPoints.of(simulation);
		assertEquals(expected.points().size(), actual.points().size());
		for (int i = 0; i < expected.points().size(); i++) {
			WaitingPoint e = expected.points().get(i);
			WaitingPoint a = actual.points().get(i);
			assertEquals(e.heldFor(), a.heldFor(), 1e-9 * e.heldFor(), e.what());
			assertEquals(e, new WaitingPoint(a.at(), a.line(), a.kind(), a.object(), a.objects(), a.waits(), a.blocked(),
					a.share(), a.longest(), a.critical(), a.heldAt(), e.heldFor(), a.waiter()));
		}
		WaitingPoint lock = actual.points().stream().filter(p -> p.kind().equals("lock")).findFirst().orElseThrow();
		double[] holds = simulation.holds().stream().filter(h -> h.mutex().equals(lock.object()))
				.mapToDouble(h -> h.end() - h.start()).sorted().toArray();
		double median = holds[holds.length / 2];
		assertTrue(lock.waits() > 1_000 && lock.longest() > 1_000 * median, lock + ", holds of " + median
				+ ": waits through thousands of holds");
		assertTrue(lock.heldFor() > 0, lock.toString());
	}
}
