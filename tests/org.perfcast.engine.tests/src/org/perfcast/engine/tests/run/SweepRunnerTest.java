package org.perfcast.engine.tests.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.PointOutcome;
import org.perfcast.engine.run.PointStatus;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.RunStatus;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepRunner;
import org.perfcast.engine.tests.fixtures.SquareEngine;

class SweepRunnerTest {

	@TempDir
	Path dir;

	private final SquareEngine square = new SquareEngine();

	/** A monitor that sums the work reported from every thread and is cancelled on request. */
	static final class RecordingMonitor implements EngineMonitor {
		final AtomicLong total = new AtomicLong();
		final AtomicLong done = new AtomicLong();
		final AtomicBoolean cancelled = new AtomicBoolean();
		final Set<String> subTasks = java.util.concurrent.ConcurrentHashMap.newKeySet();

		@Override
		public void begin(String task, long totalWork) {
			total.set(totalWork);
		}

		@Override
		public void worked(long units) {
			done.addAndGet(units);
		}

		@Override
		public void subTask(String name) {
			subTasks.add(name);
		}

		@Override
		public boolean isCancelled() {
			return cancelled.get();
		}
	}

	private RunRequest request(List<String> sweeps, List<String> options) throws IOException {
		Path model = dir.resolve("m.square");
		if (!Files.exists(model)) {
			Files.writeString(model, "square\n");
		}
		return new RunRequest(model, "m.square", ParameterBindings.parse(List.of("N=60")),
				sweeps.stream().map(Sweep::parse).toList(), OptionValues.parse(square.options(), options));
	}

	private static double t(PointOutcome point) {
		return assertInstanceOf(PointStatus.Completed.class, point.status()).result().summary().get(0).value();
	}

	@Test
	void testResultsInOrderWhateverTheThreadCount() throws IOException {
		RunRequest request = request(List.of("P=1..20", "N=10,20"), List.of());
		List<EngineResult> expected = null;
		for (int threads : List.of(1, 2, 3, 8)) {
			RunOutcome run = new SweepRunner(threads).run(square, request, EngineMonitor.NULL);
			assertEquals(RunStatus.COMPLETED, run.status());
			assertEquals(40, run.points().size());
			for (int i = 0; i < 40; i++) {
				PointOutcome point = run.points().get(i);
				assertEquals(i, point.index());
				assertEquals(request.points().get(i), point.bindings());
				double n = point.bindings().value("N");
				assertEquals(n * n / point.bindings().value("P"), t(point));
			}
			List<EngineResult> results = run.points().stream()
					.map(p -> ((PointStatus.Completed) p.status()).result()).toList();
			if (expected != null) {
				assertEquals(expected, results, threads + " threads");
			}
			expected = results;
		}
	}

	@Test
	void testPointsRunConcurrently() throws IOException {
		int points = 4;
		CountDownLatch allStarted = new CountDownLatch(points);
		Engine latched = new TestEngine() {
			@Override
			public EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException {
				allStarted.countDown();
				try {
					if (!allStarted.await(10, TimeUnit.SECONDS)) {
						throw new EngineException(Diagnostic.error("test", "points did not run at the same time",
								Location.of(input.displayName())));
					}
				} catch (InterruptedException e) {
					Thread.currentThread().interrupt();
				}
				return EngineResult.builder().summary("x", input.bindings().value("P"), "").build();
			}
		};
		RunOutcome run = new SweepRunner(points).run(latched, request(List.of("P=1..4"), List.of()), EngineMonitor.NULL);
		assertEquals(RunStatus.COMPLETED, run.status(), run.toString());
	}

	@Test
	void testFailedPointDoesNotStopTheOthers() throws IOException {
		RunOutcome run = new SweepRunner(2).run(square, request(List.of("P=1..6"), List.of("failAt=3")),
				EngineMonitor.NULL);
		assertEquals(RunStatus.FAILED, run.status());
		assertEquals(6, run.points().size());
		PointStatus.Failed failed = assertInstanceOf(PointStatus.Failed.class, run.points().get(2).status());
		assertEquals("m.square:3: error: Step compute: P = 3.0 is refused on purpose",
				failed.diagnostics().get(0).toString());
		for (int i : List.of(0, 1, 3, 4, 5)) {
			assertInstanceOf(PointStatus.Completed.class, run.points().get(i).status());
		}
	}

	@Test
	void testCrashIsAFailure() throws IOException {
		Engine crashing = new TestEngine() {
			@Override
			public EngineResult run(EngineInput input, EngineMonitor monitor) {
				throw new IllegalStateException("boom");
			}
		};
		RunOutcome run = new SweepRunner(1).run(crashing, request(List.of(), List.of()), EngineMonitor.NULL);
		assertEquals(RunStatus.FAILED, run.status());
		PointStatus.Failed failed = assertInstanceOf(PointStatus.Failed.class, run.points().get(0).status());
		assertEquals("m.square: error: test engine failed: java.lang.IllegalStateException: boom",
				failed.diagnostics().get(0).toString());
	}

	@Test
	void testProgressRollsUpFromEveryPoint() throws IOException {
		RecordingMonitor monitor = new RecordingMonitor();
		RunOutcome run = new SweepRunner(3).run(square, request(List.of("P=1..30"), List.of("delayMs=2")), monitor);
		assertEquals(RunStatus.COMPLETED, run.status());
		assertEquals(30 * 1000, monitor.total.get());
		assertEquals(30 * 1000, monitor.done.get());
		assertTrue(monitor.subTasks.contains("N=60, P=7: squaring"), monitor.subTasks.toString());
	}

	@Test
	void testCancelStopsQuicklyAndKeepsFinishedPoints() throws Exception {
		RecordingMonitor monitor = new RecordingMonitor();
		RunRequest request = request(List.of("P=1..200"), List.of("delayMs=40"));
		SweepRunner runner = new SweepRunner(2);
		long[] cancelledAt = new long[1];
		Thread canceller = Thread.ofPlatform().start(() -> {
			try {
				Thread.sleep(300);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
			cancelledAt[0] = System.nanoTime();
			monitor.cancelled.set(true);
		});
		RunOutcome run = runner.run(square, request, monitor);
		long ended = System.nanoTime();
		canceller.join();
		long latencyMillis = (ended - cancelledAt[0]) / 1_000_000;
		System.out.println("SweepRunnerTest: cancel took " + latencyMillis + " ms");
		assertTrue(latencyMillis < 2000, "cancel took " + latencyMillis + " ms");
		assertEquals(RunStatus.CANCELLED, run.status());
		assertTrue(run.points().size() < 200, run.points().size() + " points");
		long completed = run.points().stream().filter(p -> p.status() instanceof PointStatus.Completed).count();
		long cancelled = run.points().stream().filter(p -> p.status() instanceof PointStatus.Cancelled).count();
		assertTrue(completed >= 2, completed + " completed");
		assertTrue(cancelled >= 1 && cancelled <= 2, cancelled + " cancelled");
		for (int i = 0; i < run.points().size(); i++) {
			assertEquals(i, run.points().get(i).index());
		}
	}

	@Test
	void testCancelledBeforeStartRunsNothing() throws IOException {
		RecordingMonitor monitor = new RecordingMonitor();
		monitor.cancelled.set(true);
		RunOutcome run = new SweepRunner(2).run(square, request(List.of("P=1..5"), List.of()), monitor);
		assertEquals(RunStatus.CANCELLED, run.status());
		assertEquals(List.of(), run.points());
	}

	/** An engine for a test, with no options. */
	private abstract static class TestEngine implements Engine {
		@Override
		public String id() {
			return "test";
		}

		@Override
		public String name() {
			return "test engine";
		}

		@Override
		public String version() {
			return "0";
		}

		@Override
		public Set<String> fileExtensions() {
			return Set.of("square");
		}
	}
}
