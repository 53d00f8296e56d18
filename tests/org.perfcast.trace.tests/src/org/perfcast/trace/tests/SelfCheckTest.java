package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.trace.BinaryTrace;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SelfCheck;
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceEvent;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceReader;
import org.perfcast.trace.TraceSimulator;

/** The recording checks itself: its run on one processor, and each thread's lifetime. */
class SelfCheckTest {

	/**
	 * One processor: main works 0.3 s around creating T1 and joins it; T1 waits for the processor 0.2 s, works 0.2 s,
	 * posts at q.c:88, then is off the processor 0.3 s in no recorded wait (the processor idle), works 0.1 s to q.c:97
	 * and 0.1 s more, and exits.
	 */
	private static final String HIDDEN_WAIT = """
			@recorded pthreads
			@unit s
			0.1 main create T1 cpu=0.1 rq=0
			0.3 main join T1 cpu=0.3 rq=0 at=main.c:20
			0.5 T1 post s cpu=0.2 rq=0.2 at=q.c:88
			0.9 T1 post s cpu=0.3 rq=0.2 at=q.c:97
			1.0 T1 exit cpu=0.4 rq=0.2
			1.0 main exit cpu=0.3 rq=0
			@end cpu=0.7
			""";

	/** The same program without the hidden wait: T1 runs from 0.3 s to its end at 0.7 s. */
	private static final String ACCOUNTED = """
			@recorded pthreads
			@unit s
			0.1 main create T1 cpu=0.1 rq=0
			0.3 main join T1 cpu=0.3 rq=0 at=main.c:20
			0.5 T1 post s cpu=0.2 rq=0.2 at=q.c:88
			0.6 T1 post s cpu=0.3 rq=0.2 at=q.c:97
			0.7 T1 exit cpu=0.4 rq=0.2
			0.7 main exit cpu=0.3 rq=0
			@end cpu=0.7
			""";

	private static SelfCheck check(Path dir, String text) throws Exception {
		Path file = dir.resolve("t.vtrace");
		Files.writeString(file, text);
		return SelfCheck.of(() -> TraceFiles.open(file, "t.vtrace"), TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
	}

	@Test
	void testAHiddenWaitIsUnexplainedTimeBetweenTheEventsAroundIt(@TempDir Path dir) throws Exception {
		SelfCheck check = check(dir, HIDDEN_WAIT);
		assertEquals(1.0, check.recorded(), 1e-12);
		assertEquals(0.7, check.simulated(), 1e-12);
		assertEquals(0.3, check.deviation(), 1e-12);
		assertTrue(check.threadsChecked());
		SelfCheck.ThreadAccount main = check.threads().get(0);
		assertEquals(List.of("main", 1.0, 0.3, 0.7, 0.0), List.of(main.thread(), main.lifetime(), main.cpu(), round(main
				.blocked()), round(main.unexplained())));
		SelfCheck.ThreadAccount t1 = check.threads().get(1);
		assertEquals(List.of("T1", 0.9, 0.4, 0.2, 0.0, 0.3), List.of(t1.thread(), round(t1.lifetime()), t1.cpu(),
				t1.runQueue(), round(t1.blocked()), round(t1.unexplained())));
		SelfCheck.Gap gap = check.gaps().get(0);
		assertEquals(List.of("T1", "q.c:88", "q.c:97", 5L, 6L, 0.3, 1), List.of(gap.thread(), gap.from(), gap.to(),
				gap.fromLine(), gap.toLine(), round(gap.unexplained()), gap.times()));
		assertFalse(check.reliable());
		List<String> findings = check.findings("s");
		assertEquals(2, findings.size(), findings.toString());
		assertEquals("unreliable: the program ran 1 s when recorded but its recording replays in 700 ms on one processor "
				+ "(-30 %): 30 % of the recorded time is in no thread of the trace (waits Perfcast does not see, or "
				+ "another program on the processor)", findings.get(0));
		assertEquals("unreliable: T1 spends 300 ms (33 % of its life) unexplained between q.c:88 and q.c:97: a wait "
				+ "Perfcast does not see (spinning, a raw futex, polling?)", findings.get(1));
		assertTrue(check.summary("s").endsWith("UNRELIABLE"), check.summary("s"));
	}

	@Test
	void testARecordingThatAccountsForItsRunHolds(@TempDir Path dir) throws Exception {
		SelfCheck check = check(dir, ACCOUNTED);
		assertEquals(0, check.deviation(), 1e-12);
		assertEquals(0, check.unexplained(), 1e-12);
		assertTrue(check.reliable(), check.findings("s").toString());
		assertEquals(List.of(), check.findings("s"));
		assertEquals("self-check: recorded 700 ms, replayed on one processor 700 ms (0.0 %); unexplained 0 s over 2 "
				+ "threads: holds", check.summary("s"));
		assertEquals(List.of(), check.gaps());
	}

	@Test
	void testProcessorTimeOfThreadsNotInTheTraceExplainsALongerRun(@TempDir Path dir) throws Exception {
		// a runtime's thread took 0.2 s of the one processor while main waited for it (main's run-queue delay)
		SelfCheck check = check(dir, ACCOUNTED.replace("0.7 ", "0.9 ").replace("T1 exit cpu=0.4 rq=0.2",
				"T1 exit cpu=0.4 rq=0.4").replace("@end cpu=0.7", "@end cpu=0.9"));
		assertEquals(0.2, check.unrecordedCpu(), 1e-12);
		assertEquals(0, check.deviation(), 1e-12);
		assertTrue(check.reliable(), check.findings("s").toString());
		assertTrue(check.notes("s").get(0).startsWith("threads the trace does not have used 200 ms of processor "
				+ "time"), check.notes("s").toString());
	}

	@Test
	void testOtherProgramsOnTheProcessorExplainALongerRun(@TempDir Path dir) throws Exception {
		// another program had the processor for 0.2 s while T1 was runnable
		String busy = ACCOUNTED.replace("0.7 ", "0.9 ").replace("T1 exit cpu=0.4 rq=0.2", "T1 exit cpu=0.4 rq=0.4");
		SelfCheck check = check(dir, busy.replace("@end cpu=0.7", "@end cpu=0.7 others=0.2"));
		assertEquals(0, check.unrecordedCpu(), 1e-12);
		assertEquals(0.2, check.othersCpu(), 1e-12);
		assertEquals(0, check.deviation(), 1e-12);
		assertTrue(check.reliable(), check.findings("s").toString());
		assertTrue(check.notes("s").get(0).startsWith("other programs had the recording's processor for 200 ms"),
				check.notes("s").toString());
		// without the others' time, the same recording does not hold
		SelfCheck unknown = check(dir, busy);
		assertEquals(0.2 / 0.9, unknown.deviation(), 1e-12);
		assertFalse(unknown.reliable());
	}

	@Test
	void testOthersTimeIsCountedInTicksAndMayFallInsideAnyThreadsInterval(@TempDir Path dir) throws Exception {
		// T1 lost 0.1 s that is neither its CPU time nor its run-queue delay while another program (or the kernel's
		// interrupts) had the processor: 0.09 s counted by /proc/stat, whose ticks of 0.01 s may miss up to 0.02 s
		String stolen = ACCOUNTED.replace("0.6 T1 post", "0.7 T1 post").replace("0.7 T1 exit", "0.8 T1 exit").replace(
				"0.7 main exit", "0.8 main exit");
		SelfCheck check = check(dir, stolen.replace("@end cpu=0.7", "@end cpu=0.7 others=0.09"));
		assertEquals(SelfCheck.OTHERS_RESOLUTION, check.othersResolution(), 0);
		assertEquals(0, check.deviation(), 1e-12);
		assertTrue(check.reliable(), check.findings("s").toString());
		// more than the others' time and its ticks can explain: unreliable
		SelfCheck more = check(dir, stolen.replace("@end cpu=0.7", "@end cpu=0.7 others=0.02"));
		assertFalse(more.reliable(), more.summary("s"));
		// not recorded: no allowance
		SelfCheck none = check(dir, stolen);
		assertEquals(0, none.othersResolution(), 0);
		assertFalse(none.reliable());
	}

	@Test
	void testIoAndSleepsAreExplainedAndTheirClocksAreTheCallsStart(@TempDir Path dir) throws Exception {
		// T1's I/O call starts at cpu 0.2 (t = 0.3), uses 0.05 s of processor and waits 0.2 s: the event is at its end
		SelfCheck check = check(dir, """
				@recorded pthreads
				@unit s
				0.1 main create T1 cpu=0.1 rq=0
				0.2 main join T1 cpu=0.2 rq=0 at=main.c:20
				0.55 T1 io 0.2 cpu=0.2 at=r.c:5
				0.7 T1 sleep 0.1 cpu=0.25 at=r.c:6
				0.8 T1 exit cpu=0.3 rq=0.1
				0.8 main exit cpu=0.2 rq=0
				""");
		SelfCheck.ThreadAccount t1 = check.threads().get(1);
		assertEquals(List.of(0.2, 0.1, 0.1, 0.0), List.of(t1.io(), t1.sleep(), t1.runQueue(), round(t1.unexplained())));
		assertEquals(t1.lifetime(), t1.cpu() + t1.io() + t1.sleep() + t1.runQueue() + t1.blocked() + t1.unexplained(),
				1e-12);
	}

	@Test
	void testWithoutRunQueueDelaysOnlyTheWholeRunIsChecked(@TempDir Path dir) throws Exception {
		SelfCheck check = check(dir, HIDDEN_WAIT.replaceAll(" rq=[0-9.]+", ""));
		assertFalse(check.threadsChecked());
		assertEquals(List.of(), check.threads());
		assertEquals(0.3, check.deviation(), 1e-12);
		assertFalse(check.reliable());
		assertEquals(1, check.findings("s").size());
		assertTrue(check.summary("s").contains("threads not checked (no run-queue delays rq= in the trace)"), check
				.summary("s"));
	}

	@Test
	void testTheRunQueueDelayIsReadInBothForms(@TempDir Path dir) throws Exception {
		Trace trace = TraceReader.read(HIDDEN_WAIT, "t.vtrace");
		assertEquals(0.2, trace.events().get(2).runQueue());
		assertTrue(Double.isNaN(TraceReader.read("0 A exit cpu=0\n", "u.vtrace").events().get(0).runQueue()));
		assertTrue(trace.events().get(2).toText().contains(" cpu=0.2 rq=0.2 at=q.c:88"), trace.events().get(2).toText());
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (BinaryTrace.Writer w = new BinaryTrace.Writer(bytes, trace.header())) {
			for (TraceEvent e : trace.events()) {
				w.write(e);
			}
		}
		Path binary = dir.resolve("t.vtraceb");
		Files.write(binary, bytes.toByteArray());
		List<Double> read = new ArrayList<>();
		Trace back = Trace.of(TraceFiles.open(binary, "t.vtraceb"));
		back.events().forEach(e -> read.add(e.runQueue()));
		assertEquals(trace.events().stream().map(TraceEvent::runQueue).toList(), read);
		TraceException e = assertThrows(TraceException.class, () -> TraceReader.read("0 A exit cpu=0 rq=-1\n",
				"v.vtrace"));
		assertTrue(e.getMessage().contains("rq must be a finite number >= 0"), e.getMessage());
		e = assertThrows(TraceException.class, () -> TraceReader.read("@recorded x\n0 A exit\n@end cpu=1 x=2\n",
				"w.vtrace"));
		assertTrue(e.getMessage().contains("@end takes only cpu=SECONDS"), e.getMessage());
	}

	/**
	 * Generated recordings of one processor replay in their recorded time; a pause of the whole process that no thread
	 * records (the processor idle in a wait the recorder does not see) shows as that much deviation. (The generator
	 * keeps the processor through a thread's I/O and sleeps, which a real processor does not: those are left out.)
	 */
	@Test
	void testGeneratedRecordingsHoldAndAHiddenPauseIsMeasured() throws Exception {
		int checked = 0;
		for (long seed = 0; seed < 400; seed++) {
			Trace trace = RandomRecordings.generate(seed);
			if (trace.events().stream().anyMatch(e -> e.kind().timed())) {
				continue;
			}
			checked++;
			double one = TraceSimulator.oneProcessor(Recording.of(trace), TraceSimulator.Options.DEFAULT,
					EngineMonitor.NULL);
			SelfCheck check = SelfCheck.of(trace.events(), Double.NaN, Double.NaN, one);
			assertEquals(0, check.deviation(), 1e-9, "seed " + seed);
			assertTrue(check.reliable(), "seed " + seed);
			double end = check.recorded();
			double at = end / 2;
			double pause = end * 0.2;
			List<TraceEvent> paused = trace.events().stream().map(e -> e.time() < at ? e : new TraceEvent(e.line(), e
					.time() + pause, e.thread(), e.kind(), e.target(), e.object(), e.cpu(), e.at(), e.duration(), e
							.runQueue())).toList();
			SelfCheck late = SelfCheck.of(paused, Double.NaN, Double.NaN, one);
			assertEquals(pause / (end + pause), late.deviation(), 1e-9, "seed " + seed);
			assertFalse(late.reliable(), "seed " + seed);
		}
		assertTrue(checked >= 50, checked + " recordings checked");
	}

	private static double round(double value) {
		return Math.round(value * 1e9) / 1e9;
	}
}
