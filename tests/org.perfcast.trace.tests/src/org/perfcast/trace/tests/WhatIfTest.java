package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.trace.CausalProfile;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;
import org.perfcast.trace.WhatIf;
import org.perfcast.trace.WhatIf.Edit;

/** What-if edits and causal profiles on recordings whose answers are known by construction. */
class WhatIfTest {

	/** Two workers whose only contention is lock m: each holds it for its whole second of work. */
	private static final String CONTENDED = """
			@recorded pthreads
			@unit s
			0 main create T1 cpu=0 at=m.c:3
			0 main create T2 cpu=0 at=m.c:4
			0 main join T1 cpu=0 at=m.c:5
			0 T1 lock m cpu=0 at=a.c:10
			1 T1 unlock m cpu=1 at=a.c:12
			1 T1 exit cpu=1
			1 main join T2 cpu=0 at=m.c:6
			1 T2 lock m cpu=0 at=a.c:10
			2 T2 unlock m cpu=1 at=a.c:12
			2 T2 exit cpu=1
			2 main exit cpu=0
			""";

	/** The same program without the lock. */
	private static final String LOCK_FREE = """
			@recorded pthreads
			@unit s
			0 main create T1 cpu=0 at=m.c:3
			0 main create T2 cpu=0 at=m.c:4
			0 main join T1 cpu=0 at=m.c:5
			1 T1 exit cpu=1
			1 main join T2 cpu=0 at=m.c:6
			2 T2 exit cpu=1
			2 main exit cpu=0
			""";

	/** A serial second in main (before s.c:5), then two workers of a second each (before w.c:20). */
	private static final String AMDAHL = """
			@recorded pthreads
			@unit s
			1 main create T1 cpu=1 at=s.c:5
			1 main create T2 cpu=1 at=s.c:6
			1 main join T1 cpu=1 at=s.c:7
			2 T1 exit cpu=1 at=w.c:20
			2 main join T2 cpu=1 at=s.c:8
			3 T2 exit cpu=1 at=w.c:20
			3 main exit cpu=1 at=s.c:9
			""";

	private static Recording recording(Path dir, String text) throws Exception {
		Path file = Files.writeString(dir.resolve("t" + text.hashCode() + ".vtrace"), text);
		return TraceFiles.record(file, file.getFileName().toString(), EngineMonitor.NULL);
	}

	private static double completion(Recording r, List<Edit> edits, int processors) {
		Simulation s = WhatIf.simulate(r, edits, TargetMachine.unbound(processors), SimulationModel.AUTO,
				TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
		assertTrue(!s.deadlocked(), () -> "deadlock: " + s.deadlock());
		return s.completion();
	}

	@Test
	void aLockRemovedFromAProgramWhoseOnlyContentionItIsGivesTheLockFreeProgramsTime(@TempDir Path dir)
			throws Exception {
		Recording contended = recording(dir, CONTENDED);
		assertEquals(2.0, completion(contended, List.of(), 2), 1e-9);
		double lockFree = completion(recording(dir, LOCK_FREE), List.of(), 2);
		assertEquals(1.0, lockFree, 1e-9);
		assertEquals(lockFree, completion(contended, List.of(new WhatIf.RemoveLock("m")), 2), 1e-12);
		assertEquals(2.0, completion(contended, List.of(new WhatIf.RemoveLock("m")), 1), 1e-9,
				"on one processor the lock costs nothing");
		assertEquals(2.0, completion(contended, List.of(), 2), 1e-9, "the recording itself is not changed");
	}

	@Test
	void aLockSplitInTwoLetsTwoThreadsRunAndInOneChangesNothing(@TempDir Path dir) throws Exception {
		Recording r = recording(dir, CONTENDED);
		assertEquals(1.0, completion(r, List.of(new WhatIf.SplitLock("m", 2)), 2), 1e-9);
		assertEquals(2.0, completion(r, List.of(new WhatIf.SplitLock("m", 1)), 2), 1e-9);
	}

	/** Two workers each holding lock m for {@code n} sections of a second, nothing outside: serialised, 2n s. */
	private static String sections(int n) {
		StringBuilder s = new StringBuilder("@recorded pthreads\n@unit s\n0 main create T1 cpu=0 at=m.c:3\n"
				+ "0 main create T2 cpu=0 at=m.c:4\n0 main join T1 cpu=0 at=m.c:5\n");
		int t = 0;
		for (String thread : List.of("T1", "T2")) {
			if (thread.equals("T2")) {
				s.append(t).append(" main join T2 cpu=0 at=m.c:6\n");
			}
			for (int i = 0; i < n; i++) {
				s.append(t).append(' ').append(thread).append(" lock m cpu=").append(i).append(" at=a.c:10\n");
				t++;
				s.append(t).append(' ').append(thread).append(" unlock m cpu=").append(i + 1).append(" at=a.c:12\n");
			}
			s.append(t).append(' ').append(thread).append(" exit cpu=").append(n).append('\n');
		}
		return s.append(t).append(" main exit cpu=0\n").toString();
	}

	@Test
	void aLockSplitByHashCollidesAsStripesPickedByAKeysHashDo(@TempDir Path dir) throws Exception {
		Recording r = recording(dir, sections(400));
		assertEquals(800, completion(r, List.of(), 2), 1e-9);
		assertEquals(400, completion(r, List.of(new WhatIf.SplitLock("m", 2)), 2), 1e-9, "in turn: never the same part");
		double two = completion(r, List.of(WhatIf.SplitLock.of("m", "2:hash")), 2);
		// sections drawn at random: a thread waits when both draw the same part, half the time
		assertTrue(two > 480 && two < 720, "hashed into 2: " + two);
		assertEquals(two, completion(r, List.of(new WhatIf.SplitLock("m", 2, true)), 2), 0, "the draw is fixed");
		double many = completion(r, List.of(WhatIf.SplitLock.of("m", "64:hash")), 2);
		assertTrue(many >= 400 && many < 440 && many < two, "hashed into 64: " + many);
		assertEquals(800, completion(r, List.of(WhatIf.SplitLock.of("m", "1:hash")), 2), 1e-9);
		assertThrows(NumberFormatException.class, () -> WhatIf.SplitLock.of("m", "2:random"));
		assertEquals(List.of(new WhatIf.SplitLock("m", 3, true)), WhatIf.edits("split-lock m=3:hash"));
	}

	@Test
	void criticalSectionsMadeFasterShortenTheSerialisedTime(@TempDir Path dir) throws Exception {
		Recording r = recording(dir, CONTENDED);
		assertEquals(1.0, completion(r, List.of(new WhatIf.SpeedUp(new WhatIf.Lock("m"), 0.5)), 2), 1e-9);
		assertEquals(1.0, completion(r, List.of(new WhatIf.SpeedUp(WhatIf.location("a.c:10..a.c:12"), 0.5)), 2), 1e-9);
		assertEquals(0.0, completion(r, List.of(new WhatIf.SpeedUp(WhatIf.location("thread T1"), 1), new WhatIf
				.SpeedUp(WhatIf.location("thread T2"), 1)), 2), 1e-9);
		assertEquals(2.0, WhatIf.work(r, List.of(), new WhatIf.Lock("m")), 1e-12);
		assertEquals(1.0, completion(r, List.of(new WhatIf.RemoveLock("a.c:10")), 2), 1e-9,
				"a lock named by the call that takes it");
		assertEquals(1.0, WhatIf.work(r, List.of(new WhatIf.SpeedUp(new WhatIf.Lock("m"), 0.5)), new WhatIf.Lock(
				"m")), 1e-12);
	}

	@Test
	void theCurveOfTheSerialPartIsAmdahlsLaw(@TempDir Path dir) throws Exception {
		Recording r = recording(dir, AMDAHL);
		CausalProfile.Profile p = CausalProfile.compute(r, List.of(), List.of(WhatIf.location("s.c:5"), WhatIf
				.location("w.c:20")), CausalProfile.defaultSpeedups(), TargetMachine.unbound(2), SimulationModel.AUTO, 2,
				EngineMonitor.NULL);
		assertEquals(2.0, p.baseline(), 1e-9);
		for (CausalProfile.Curve c : p.curves()) {
			assertEquals(11, c.points().size());
			for (CausalProfile.Point point : c.points()) {
				assertEquals(2 / (2 - point.speedup()), p.programSpeedup(point), 1e-9, c.location().key() + " at "
						+ point.speedup());
			}
			assertEquals(2 / 1.5, c.gain(), 1e-9);
		}
	}

	@Test
	void aLocationWithNoTimeOnTheCriticalPathHasAFlatCurve(@TempDir Path dir) throws Exception {
		Recording r = recording(dir, AMDAHL);
		// on two processors T1 runs beside T2, which ends last: T1 faster gains nothing
		CausalProfile.Profile two = CausalProfile.compute(r, List.of(), List.of(WhatIf.location("thread T1")),
				CausalProfile.defaultSpeedups(), TargetMachine.unbound(2), SimulationModel.AUTO, 1, EngineMonitor.NULL);
		for (CausalProfile.Point point : two.curves().get(0).points()) {
			assertEquals(1.0, two.programSpeedup(point), 1e-12, "at " + point.speedup());
		}
		// on one processor all of its work is on the path
		CausalProfile.Profile one = CausalProfile.compute(r, List.of(), List.of(WhatIf.location("thread T1")),
				new double[] { 1 }, TargetMachine.unbound(1), SimulationModel.AUTO, 1, EngineMonitor.NULL);
		assertEquals(3.0, one.baseline(), 1e-9);
		List<CausalProfile.Point> points = one.curves().get(0).points();
		assertEquals(List.of(0.5, 1.0), points.stream().map(CausalProfile.Point::speedup).toList(),
				"the ranking's point is added");
		assertEquals(1.5, one.programSpeedup(points.get(1)), 1e-9, "T1 removed: 3 s become 2");
		assertEquals(1.2, one.curves().get(0).gain(), 1e-9, "T1 halved: 3 s become 2.5");
	}

	@Test
	void theRankingPutsTheLocationThatGainsMostFirstAndNamesTheTopLocations(@TempDir Path dir) throws Exception {
		Recording r = recording(dir, CONTENDED);
		List<WhatIf.Location> top = CausalProfile.topLocations(r, List.of(), 5);
		assertEquals(List.of("a.c:10..a.c:12", "lock m", "thread T1", "thread T2"), top.stream().map(
				WhatIf.Location::key).toList(), "by work, then by name");
		CausalProfile.Profile p = CausalProfile.compute(r, List.of(), List.of(WhatIf.location("thread T1"), WhatIf
				.location("lock m")), new double[] { 0, 0.5, 1 }, TargetMachine.unbound(2), SimulationModel.AUTO, 2,
				EngineMonitor.NULL);
		assertEquals("lock m", p.curves().get(0).location().key());
		assertEquals(2.0, p.curves().get(0).gain(), 1e-9);
		assertEquals(2 / 1.5, p.curves().get(1).gain(), 1e-9);
	}

	@Test
	void aProfileIsTheSameOnOneThreadOrMany(@TempDir Path dir) throws Exception {
		Recording r = recording(dir, CONTENDED);
		List<WhatIf.Location> top = CausalProfile.topLocations(r, List.of(), 5);
		CausalProfile.Profile one = CausalProfile.compute(r, List.of(new WhatIf.SplitLock("m", 3)), top,
				CausalProfile.defaultSpeedups(), TargetMachine.unbound(2), SimulationModel.AUTO, 1, EngineMonitor.NULL);
		CausalProfile.Profile four = CausalProfile.compute(r, List.of(new WhatIf.SplitLock("m", 3)), top,
				CausalProfile.defaultSpeedups(), TargetMachine.unbound(2), SimulationModel.AUTO, 4, EngineMonitor.NULL);
		assertEquals(one, four);
	}

	@Test
	void namesTheRecordingDoesNotHaveAreRefusedSayingWhatItHas(@TempDir Path dir) throws Exception {
		Recording r = recording(dir, CONTENDED);
		assertTrue(assertThrows(IllegalArgumentException.class, () -> completion(r, List.of(new WhatIf.RemoveLock("q")),
				2)).getMessage().contains("no lock q (its locks: m)"));
		assertTrue(assertThrows(IllegalArgumentException.class, () -> completion(r, List.of(new WhatIf.SpeedUp(WhatIf
				.location("thread T9"), 0.5)), 2)).getMessage().contains("no thread T9 (its threads: main, T1, T2)"));
		assertTrue(assertThrows(IllegalArgumentException.class, () -> completion(r, List.of(new WhatIf.SpeedUp(WhatIf
				.location("x.c:1"), 0.5)), 2)).getMessage().contains("no work at x.c:1"));
		assertThrows(IllegalArgumentException.class, () -> new WhatIf.SpeedUp(new WhatIf.Lock("m"), 1.5));
		assertThrows(IllegalArgumentException.class, () -> new WhatIf.SpeedUp(new WhatIf.Lock("m"), Double.NaN));
		assertThrows(IllegalArgumentException.class, () -> new WhatIf.SplitLock("m", 0));
		assertThrows(IllegalArgumentException.class, () -> WhatIf.location(" "));
	}

	@Test
	void speedingUpNeverSlowsAGeneratedRecordingOnOneProcessor() throws Exception {
		// on one processor the time is the sum of the work: removing work can only shorten it
		for (long seed = 1; seed <= 30; seed++) {
			Recording r = Recording.of(RandomRecordings.generate(seed));
			double base = TraceSimulator.simulate(r, TargetMachine.unbound(1), SimulationModel.AUTO).completion();
			for (WhatIf.Location l : CausalProfile.topLocations(r, List.of(), 3)) {
				double faster = completion(r, List.of(new WhatIf.SpeedUp(l, 0.5)), 1);
				assertTrue(faster <= base + 1e-9, "seed " + seed + ", " + l.key() + ": " + faster + " > " + base);
			}
		}
	}
}
