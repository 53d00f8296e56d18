package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.SyntheticTrace;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceEngine;
import org.perfcast.trace.TraceSimulator;

/**
 * A streamed simulation shows its progress in the KiB of the file read, a pass per model tried and one for the run
 * on one processor, each named; the work reported adds up to the task's; a cancel stops it within the pass.
 */
class TraceProgressTest {

	@TempDir
	static Path dir;
	private static Path file;

	/** What an engine reported. */
	private static final class Recorded implements EngineMonitor {
		final List<Long> totals = new CopyOnWriteArrayList<>();
		final List<Long> worked = new CopyOnWriteArrayList<>();
		final List<String> subTasks = new CopyOnWriteArrayList<>();
		/** Cancelled once this much work is reported; never if negative. */
		final long cancelAt;

		Recorded(long cancelAt) {
			this.cancelAt = cancelAt;
		}

		@Override
		public void begin(String task, long totalWork) {
			totals.add(totalWork);
		}

		@Override
		public void worked(long units) {
			assertTrue(units > 0, "work reported: " + units);
			worked.add(units);
		}

		@Override
		public void subTask(String name) {
			subTasks.add(name);
		}

		long done() {
			return worked.stream().mapToLong(Long::longValue).sum();
		}

		@Override
		public boolean isCancelled() {
			return cancelAt >= 0 && done() >= cancelAt;
		}
	}

	@BeforeAll
	static void write() throws Exception {
		file = dir.resolve("workers.vtraceb");
		try (OutputStream out = Files.newOutputStream(file)) {
			SyntheticTrace.writeBinary(out, 600_000, 8, 3);
		}
	}

	@Test
	void testEachPassReportsTheFileReadAndTheWorkAddsUp() throws Exception {
		long pass = TraceSimulator.progressUnits(Files.size(file));
		assertTrue(pass > 1000, pass + " KiB");
		for (SimulationModel model : List.of(SimulationModel.DIRECT, SimulationModel.AUTO)) {
			Recorded monitor = new Recorded(-1);
			TraceEngine.predict(file, "workers", 0, TargetMachine.unbound(4), model, new TraceSimulator.Options(0,
					false), monitor);
			long passes = model == SimulationModel.AUTO ? 4 : 2;
			assertEquals(List.of(passes * pass), monitor.totals, model + ": one task, a pass per model and one more");
			assertEquals(passes * pass, monitor.done(), model + ": the work reported is the task's");
			assertTrue(monitor.worked.size() > 4, model + ": progress during the passes, not only at their ends: "
					+ monitor.worked);
			assertEquals(List.of("Direct model", "the recorded run on one processor"), monitor.subTasks, model
					.toString());
		}
	}

	@Test
	void testCancelStopsTheSimulationWithinItsPass() throws Exception {
		long pass = TraceSimulator.progressUnits(Files.size(file));
		Recorded monitor = new Recorded(pass / 4);
		assertThrows(CancelledException.class, () -> TraceEngine.predict(file, "workers", 0, TargetMachine.unbound(4),
				SimulationModel.DIRECT, new TraceSimulator.Options(0, false), monitor));
		assertTrue(monitor.done() < pass, monitor.done() + " of " + pass + " reported: cancelled within the first pass");
	}
}
