package org.perfcast.engine.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.stream.IntStream;

import org.perfcast.engine.CancelledException;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;

/**
 * Runs the points of a {@link RunRequest} with an {@link Engine}, in parallel on at most
 * {@code min(points, threads)} threads, each point a separate engine call with its own monitor.
 * <p>
 * Progress: each point is an equal share of the run's work on the caller's monitor; an engine's
 * {@code begin}/{@code worked} calls fill its share and its subtasks show prefixed with the point's
 * bindings. A point that throws {@link EngineException} (or crashes) is recorded as failed and the others
 * go on.
 * <p>
 * Cancel: the runner polls the caller's monitor every {@value #POLL_MILLIS} ms. Once it is cancelled no
 * point starts, running points see {@link EngineMonitor#isCancelled()}, and the run returns after at most
 * {@value #GRACE_MILLIS} ms more, recording the points still running as cancelled (an engine that ignores
 * the cancel is left to finish on its daemon thread, its result dropped).
 * <p>
 * The outcome lists points by index whatever the threads' timing. Cost: a thread per worker per run, and
 * per point two small objects and a few atomic operations.
 */
public final class SweepRunner {

	/** How often the runner checks the caller's monitor for a cancel, in milliseconds. */
	public static final long POLL_MILLIS = 10;
	/** How long the runner waits after a cancel for running points to stop, in milliseconds. */
	public static final long GRACE_MILLIS = 100;

	private static final int NOT_STARTED = 0;
	private static final int RUNNING = 1;

	private final int threads;

	/** A runner using as many threads as there are processors. */
	public SweepRunner() {
		this(Runtime.getRuntime().availableProcessors());
	}

	/**
	 * A runner using at most {@code threads} threads.
	 *
	 * @throws IllegalArgumentException if {@code threads} is less than 1
	 */
	public SweepRunner(int threads) {
		if (threads < 1) {
			throw new IllegalArgumentException("a run needs at least one thread, not " + threads);
		}
		this.threads = threads;
	}

	/** Runs every point of {@code request} with {@code engine}, reporting to and cancelled by {@code monitor}. */
	public RunOutcome run(Engine engine, RunRequest request, EngineMonitor monitor) {
		return run(engine, request, IntStream.range(0, request.grid().size()).boxed().toList(), monitor);
	}

	/**
	 * Runs the points of {@code request} whose grid indices are {@code indices} (a cluster task's share); the
	 * outcome lists them by grid index and counts as complete when all of them are.
	 *
	 * @throws IllegalArgumentException if an index is outside the grid
	 */
	public RunOutcome run(Engine engine, RunRequest request, List<Integer> indices, EngineMonitor monitor) {
		List<ParameterBindings> grid = request.points();
		for (int index : indices) {
			if (index < 0 || index >= grid.size()) {
				throw new IllegalArgumentException("point " + index + " is outside the grid of " + grid.size() + " points");
			}
		}
		List<ParameterBindings> points = indices.stream().map(grid::get).toList();
		Instant start = Instant.now();
		long startNanos = System.nanoTime();
		Execution execution = new Execution(engine, request, points, indices, monitor);
		int workers = Math.min(points.size(), threads);
		CountDownLatch finished = new CountDownLatch(workers);
		for (int w = 0; w < workers; w++) {
			Thread.ofPlatform().daemon().name("perfcast-" + engine.id() + "-" + w).start(() -> {
				try {
					execution.work();
				} finally {
					finished.countDown();
				}
			});
		}
		await(finished, execution, monitor);
		List<PointOutcome> outcomes = execution.outcomes(System.nanoTime());
		boolean cancelled = outcomes.size() < points.size()
				|| outcomes.stream().anyMatch(p -> p.status() instanceof PointStatus.Cancelled);
		RunStatus status = cancelled ? RunStatus.CANCELLED
				: outcomes.stream().anyMatch(p -> p.status() instanceof PointStatus.Failed) ? RunStatus.FAILED
						: RunStatus.COMPLETED;
		return new RunOutcome(engine.id(), engine.name(), engine.version(), request, start,
				Duration.ofNanos(System.nanoTime() - startNanos), status, outcomes);
	}

	private static void await(CountDownLatch finished, Execution execution, EngineMonitor monitor) {
		try {
			while (!finished.await(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
				if (monitor.isCancelled()) {
					execution.stopped.set(true);
					finished.await(GRACE_MILLIS, TimeUnit.MILLISECONDS);
					return;
				}
			}
		} catch (InterruptedException e) {
			execution.stopped.set(true);
			Thread.currentThread().interrupt();
		}
	}

	/** The shared state of one run's workers. */
	private static final class Execution {
		private final Engine engine;
		private final RunRequest request;
		private final List<ParameterBindings> points;
		private final List<Integer> indices;
		private final EngineMonitor monitor;
		private final RunProgress progress;
		private final AtomicBoolean stopped = new AtomicBoolean();
		private final AtomicInteger next = new AtomicInteger();
		private final AtomicReferenceArray<PointOutcome> outcomes;
		private final long[] startNanos;
		private final AtomicIntegerArray states;

		Execution(Engine engine, RunRequest request, List<ParameterBindings> points, List<Integer> indices,
				EngineMonitor monitor) {
			this.engine = engine;
			this.request = request;
			this.points = points;
			this.indices = indices;
			this.monitor = monitor;
			this.progress = new RunProgress(monitor, engine.name() + " on " + request.displayName(), points.size());
			this.outcomes = new AtomicReferenceArray<>(points.size());
			this.startNanos = new long[points.size()];
			this.states = new AtomicIntegerArray(points.size());
		}

		boolean cancelled() {
			return stopped.get() || monitor.isCancelled();
		}

		/** Runs points until none is left or the run is cancelled. */
		void work() {
			while (!cancelled()) {
				int index = next.getAndIncrement();
				if (index >= points.size() || cancelled()) {
					return;
				}
				startNanos[index] = System.nanoTime();
				states.set(index, RUNNING);
				outcomes.set(index, runPoint(index, startNanos[index]));
			}
		}

		private PointOutcome runPoint(int index, long start) {
			ParameterBindings bindings = points.get(index);
			PointMonitor pointMonitor = new PointMonitor(progress, this::cancelled, bindings.toString());
			PointStatus status;
			try {
				EngineResult result = engine.run(new EngineInput(request.model(), request.displayName(), bindings,
						request.options()), pointMonitor);
				status = result != null ? new PointStatus.Completed(result)
						: failure(engine.name() + " returned no result");
			} catch (CancelledException e) {
				status = new PointStatus.Cancelled();
			} catch (EngineException e) {
				status = cancelled() ? new PointStatus.Cancelled() : new PointStatus.Failed(e.diagnostics());
			} catch (RuntimeException | StackOverflowError e) {
				status = cancelled() ? new PointStatus.Cancelled() : failure(engine.name() + " failed: " + e);
			}
			pointMonitor.finish();
			return new PointOutcome(indices.get(index), bindings, status, Duration.ofNanos(System.nanoTime() - start));
		}

		private PointStatus failure(String message) {
			return new PointStatus.Failed(List.of(Diagnostic.error("run.engineFailure", message,
					Location.of(request.displayName()))));
		}

		/** The outcomes so far; points still running count as cancelled. */
		List<PointOutcome> outcomes(long now) {
			List<PointOutcome> result = new ArrayList<>();
			for (int i = 0; i < points.size(); i++) {
				PointOutcome outcome = outcomes.get(i);
				if (outcome != null) {
					result.add(outcome);
				} else if (states.get(i) != NOT_STARTED) {
					result.add(new PointOutcome(indices.get(i), points.get(i), new PointStatus.Cancelled(),
							Duration.ofNanos(now - startNanos[i])));
				}
			}
			return result;
		}
	}
}
