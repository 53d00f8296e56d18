package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;
import org.perfcast.trace.WaitingPoints;

/**
 * Timelines at a level of detail: a run with more intervals than the detail keeps has a summary per bucket whose
 * times add up to the exact run's, the exact intervals and arrows of its window, the same waiting points and the
 * latest part of the same critical path; everything else about the run is unchanged.
 */
class LevelOfDetailTest {

	private static final List<SimulationModel> MODELS = List.of(SimulationModel.DIRECT,
			SimulationModel.CLIENT_SERVER, SimulationModel.STRICT_SEQUENCE);

	/** Checks the summarised runs of {@code recording} against its exact one, for a few details and windows. */
	private static void check(Recording recording, String what) {
		for (SimulationModel model : MODELS) {
			for (int processors = 1; processors <= 3; processors += 2) {
				TargetMachine machine = TargetMachine.unbound(processors);
				Simulation exact = TraceSimulator.simulate(recording, machine, model, TraceSimulator.Options.DEFAULT,
						EngineMonitor.NULL);
				assertNull(exact.summary(), what + ": a small run keeps every interval");
				double end = exact.completion() != null ? exact.completion() : exact.deadlock().time();
				long intervals = exact.threads().stream().mapToLong(t -> t.intervals().size()).sum();
				for (long detail : new long[] { 1, intervals / 3 + 1, intervals }) {
					for (double[] window : new double[][] { null, { end / 3, end / 2 }, { 0, end } }) {
						TraceSimulator.Detail d = window == null ? new TraceSimulator.Detail(detail, Double.NaN,
								Double.NaN) : new TraceSimulator.Detail(detail, window[0], window[1]);
						Simulation summarised = TraceSimulator.simulate(recording, machine, model,
								new TraceSimulator.Options(0, true, d), EngineMonitor.NULL);
						compare(exact, summarised, d, intervals, what + ", " + model + ", " + processors
								+ " processors, " + d);
					}
				}
			}
		}
	}

	private static void compare(Simulation exact, Simulation summarised, TraceSimulator.Detail detail,
			long intervals, String what) {
		assertEquals(exact.completion(), summarised.completion(), what);
		assertEquals(exact.deadlock(), summarised.deadlock(), what);
		assertEquals(exact.events(), summarised.events(), what);
		assertEquals(exact.waitingPoints(), summarised.waitingPoints(), what + ": waiting points");
		if (intervals <= detail.intervals()) {
			assertEquals(exact, summarised, what + ": within the detail nothing changes");
			return;
		}
		Simulation.Summary summary = summarised.summary();
		assertNotNull(summary, what);
		assertEquals(intervals, summary.intervals(), what);
		double end = exact.completion() != null ? exact.completion() : exact.deadlock().time();
		assertTrue(summary.buckets() * summary.bucketWidth() >= end && summary.buckets() <= Simulation.Summary.BUCKETS,
				what + ": the buckets cover the run");
		for (int t = 0; t < exact.threads().size(); t++) {
			Simulation.ThreadTimeline thread = exact.threads().get(t);
			for (Simulation.State s : Simulation.State.values()) {
				double total = thread.intervals().stream().filter(i -> i.state() == s).mapToDouble(i -> i.end() - i
						.start()).sum();
				assertEquals(total, summary.total(t, s), 1e-9 * Math.max(1, end), what + ": " + thread.name() + " " + s);
				double inBuckets = 0;
				for (int k = 0; k < summary.buckets(); k++) {
					double time = summary.time(t, k, s);
					assertTrue(time >= 0 && time <= summary.bucketWidth() * (1 + 1e-6), what);
					inBuckets += time;
				}
				assertEquals(total, inBuckets, 1e-5 * Math.max(1, end), what + ": buckets of " + thread.name());
			}
			List<Simulation.Interval> inWindow = thread.intervals().stream().filter(i -> detail.hasWindow() && i
					.end() >= detail.windowStart() && i.start() <= detail.windowEnd()).toList();
			List<Simulation.Interval> kept = summarised.threads().get(t).intervals();
			if (summary.windowWhole()) {
				assertEquals(inWindow, kept, what + ": the window's intervals of " + thread.name());
			} else {
				assertTrue(kept.size() <= detail.intervals() && inWindow.containsAll(kept), what);
			}
			assertEquals(thread.createdAt(), summarised.threads().get(t).createdAt(), what);
		}
		assertTrue(exact.activations().containsAll(summarised.activations()), what + ": arrows of the window");
		if (!detail.hasWindow()) {
			assertTrue(summarised.activations().isEmpty() && summarised.holds().isEmpty(), what);
			assertFalse(summary.hasWindow(), what);
		}
		List<Simulation.PathSegment> path = exact.criticalPath();
		List<Simulation.PathSegment> tail = summarised.criticalPath();
		assertFalse(tail.isEmpty(), what);
		// the same path back to where causes were dropped: the latest segments equal, the first one cut short
		for (int k = 1; k < tail.size(); k++) {
			assertEquals(path.get(path.size() - tail.size() + k), tail.get(k), what + ": critical path");
		}
		Simulation.PathSegment first = tail.get(0);
		Simulation.PathSegment same = path.get(path.size() - tail.size());
		assertEquals(same.thread(), first.thread(), what);
		assertEquals(same.end(), first.end(), what);
		assertTrue(first.start() >= same.start(), what);
	}

	@Test
	void testSummariesAgreeWithExactRunsOnRandomRecordings() throws Exception {
		for (long seed = 0; seed < 120; seed++) {
			Trace trace = seed % 2 == 0 ? RandomRecordings.generate(seed) : RandomTraces.generate(seed);
			check(Recording.of(trace), trace.file() + " (seed " + seed + ")");
		}
	}

	/**
	 * A long run summarised and streamed: its summary and waiting points equal those of the run in memory, the
	 * critical path keeps only its latest part, and nothing of the run but the window is held.
	 */
	@Test
	void testLongStreamedRunKeepsSummaryAndWindow(@TempDir Path dir) throws Exception {
		for (SyntheticTrace.Shape shape : List.of(SyntheticTrace.Shape.WORKERS, SyntheticTrace.Shape.LOCKS,
				SyntheticTrace.Shape.SIGNALS)) {
			Path file = dir.resolve(shape.id() + ".vtraceb");
			try (OutputStream out = Files.newOutputStream(file)) {
				SyntheticTrace.writeBinary(out, shape, 200_000, 3);
			}
			Recording recording = TraceFiles.record(file, shape.id(), EngineMonitor.NULL);
			TargetMachine machine = TargetMachine.unbound(4);
			Simulation exact = TraceSimulator.simulate(recording, machine, SimulationModel.DIRECT,
					new TraceSimulator.Options(0, true, new TraceSimulator.Detail(Long.MAX_VALUE, Double.NaN,
							Double.NaN)), EngineMonitor.NULL);
			assertNull(exact.summary(), shape.id());
			double end = exact.completion();
			TraceSimulator.Detail detail = new TraceSimulator.Detail(1_000, end / 2, end / 2 + end / 1000);
			Simulation streamed = TraceSimulator.simulate(() -> TraceFiles.open(file, shape.id()), machine,
					SimulationModel.DIRECT, new TraceSimulator.Options(0, true, detail), EngineMonitor.NULL);
			Simulation inMemory = TraceSimulator.simulate(recording, machine, SimulationModel.DIRECT,
					new TraceSimulator.Options(0, true, detail), EngineMonitor.NULL);
			assertEquals(inMemory, streamed, shape + ": streamed as in memory");
			long intervals = exact.threads().stream().mapToLong(t -> t.intervals().size()).sum();
			assertTrue(intervals > 100_000, shape + ": " + intervals);
			compare(exact, streamed, detail, intervals, shape.id());
			long kept = streamed.threads().stream().mapToLong(t -> t.intervals().size()).sum();
			assertTrue(kept > 0 && kept <= 1_000, shape + ": " + kept + " intervals kept in the window");
			WaitingPoints points = WaitingPoints.of(streamed);
			assertEquals(exact.waitingPoints(), points, shape.id());
		}
	}

	/**
	 * A long trace is read ahead by a thread of its own: a record cut short far into it fails the simulation at that
	 * record, as read in line, and no reading thread outlives the simulation, ended or failed.
	 */
	@Test
	void testReadAheadFailsAtTheRecordAndLeavesNoThread(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("workers.vtraceb");
		try (OutputStream out = Files.newOutputStream(file)) {
			SyntheticTrace.writeBinary(out, SyntheticTrace.Shape.WORKERS, 50_000, 3);
		}
		byte[] bytes = Files.readAllBytes(file);
		Path corrupt = dir.resolve("corrupt.vtraceb");
		// cut inside a record: the double of a time is 8 bytes, a record at least 10
		Files.write(corrupt, java.util.Arrays.copyOf(bytes, bytes.length * 3 / 4 + 3));
		org.perfcast.trace.TraceException inLine = org.junit.jupiter.api.Assertions.assertThrows(
				org.perfcast.trace.TraceException.class, () -> org.perfcast.trace.Recording.of(TraceFiles.open(corrupt,
						"corrupt.vtraceb"), EngineMonitor.NULL));
		org.perfcast.trace.TraceException ahead = org.junit.jupiter.api.Assertions.assertThrows(
				org.perfcast.trace.TraceException.class, () -> TraceSimulator.simulate(() -> TraceFiles.open(corrupt,
						"corrupt.vtraceb"), TargetMachine.unbound(4), SimulationModel.DIRECT, new TraceSimulator.Options(0,
								false), EngineMonitor.NULL));
		assertEquals(inLine.getMessage(), ahead.getMessage());
		assertTrue(ahead.line() > 10_000, ahead.getMessage());
		TraceSimulator.simulate(() -> TraceFiles.open(file, "workers.vtraceb"), TargetMachine.unbound(4),
				SimulationModel.DIRECT, new TraceSimulator.Options(0, false), EngineMonitor.NULL);
		Thread.sleep(200);
		assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith(
				"perfcast trace reader")), "no reader thread left");
	}
}
