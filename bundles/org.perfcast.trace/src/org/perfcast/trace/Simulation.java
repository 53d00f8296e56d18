package org.perfcast.trace;

import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The predicted execution of a recording on a target machine.
 *
 * @param model        the model used (never AUTO)
 * @param choice       why that model: for AUTO, which models deadlocked before it; else ""
 * @param completion   when the last thread exits; null on deadlock
 * @param deadlock     the deadlock, or null
 * @param threads      per thread its timeline, in the recording's thread order (empty when not recorded)
 * @param activations  each accepted activation, for arrows
 * @param criticalPath the chain of threads and events that determines the completion (or the deadlock time)
 * @param events       how many operations were simulated
 * @param holds        each time a thread held a mutex, in the order of release (empty when timelines are not kept,
 *                     or kept as a summary)
 * @param summary      the timelines as a summary per time bucket, when they had more intervals than
 *                     {@link TraceSimulator.Detail#intervals()}: then {@code threads} holds only the intervals of the
 *                     window, {@code activations} only those in it, and {@code criticalPath} only its latest part;
 *                     null when every interval was kept
 * @param waitingPoints where the threads waited, summed up over the whole run; null when timelines are not kept
 * @param names        the names the trace gives its threads ({@code @name}, the last one of each), by thread, for
 *                     the threads of the simulation that have one
 */
public record Simulation(SimulationModel model, String choice, @Nullable Double completion,
		@Nullable Deadlock deadlock, List<ThreadTimeline> threads, List<Activation> activations,
		List<PathSegment> criticalPath, long events, List<Hold> holds, @Nullable Summary summary,
		@Nullable WaitingPoints waitingPoints, Map<String, String> names) {

	public Simulation {
		threads = List.copyOf(threads);
		activations = List.copyOf(activations);
		criticalPath = List.copyOf(criticalPath);
		holds = List.copyOf(holds);
		names = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(names));
	}

	/** A simulation of a trace that names none of its threads. */
	public Simulation(SimulationModel model, String choice, @Nullable Double completion, @Nullable Deadlock deadlock,
			List<ThreadTimeline> threads, List<Activation> activations, List<PathSegment> criticalPath, long events,
			List<Hold> holds, @Nullable Summary summary, @Nullable WaitingPoints waitingPoints) {
		this(model, choice, completion, deadlock, threads, activations, criticalPath, events, holds, summary,
				waitingPoints, Map.of());
	}

	/** The name the trace gives {@code thread}, or null. */
	public @Nullable String name(String thread) {
		return names.get(thread);
	}

	/** How {@code thread} is shown: "ping (T2)" when the trace names it, else "T2". */
	public String label(String thread) {
		return ThreadNames.label(thread, names.get(thread));
	}

	/** A simulation whose timelines, if kept, are whole, without waiting points. */
	public Simulation(SimulationModel model, String choice, @Nullable Double completion, @Nullable Deadlock deadlock,
			List<ThreadTimeline> threads, List<Activation> activations, List<PathSegment> criticalPath, long events,
			List<Hold> holds) {
		this(model, choice, completion, deadlock, threads, activations, criticalPath, events, holds, null, null);
	}

	/**
	 * Timelines at a level of detail: per thread, the time spent in each {@link State} in each bucket
	 * {@code [k × bucketWidth, (k + 1) × bucketWidth)} of the run, and the totals.
	 *
	 * @param bucketWidth   the buckets' width (a power of two times the first interval's end over
	 *                      {@link #BUCKETS})
	 * @param buckets       how many buckets the run spans
	 * @param intervals     how many intervals the threads had in all
	 * @param windowStart   the start of the window whose exact intervals were kept, or NaN for none
	 * @param windowEnd     its end, or NaN
	 * @param windowWhole   false when the window had more intervals than the detail allows, and only its first ones
	 *                      were kept
	 * @param pathFrom      where the kept part of the critical path starts: the causes before were not kept
	 */
	public record Summary(double bucketWidth, int buckets, long intervals, double windowStart, double windowEnd,
			boolean windowWhole, double pathFrom, List<float[]> times, List<double[]> totals) {

		/** The most buckets a run is cut into. */
		public static final int BUCKETS = 256;

		public Summary {
			times = List.copyOf(times);
			totals = List.copyOf(totals);
		}

		/** The time thread {@code t} spent in {@code state} in bucket {@code k}. */
		public double time(int t, int k, State state) {
			return times.get(t)[k * STATES + state.ordinal()];
		}

		/** The time thread {@code t} spent in {@code state} during the whole run. */
		public double total(int t, State state) {
			return totals.get(t)[state.ordinal()];
		}

		@Override
		public boolean equals(@Nullable Object o) {
			if (!(o instanceof Summary s) || times.size() != s.times.size()) {
				return false;
			}
			for (int t = 0; t < times.size(); t++) {
				if (!java.util.Arrays.equals(times.get(t), s.times.get(t))
						|| !java.util.Arrays.equals(totals.get(t), s.totals.get(t))) {
					return false;
				}
			}
			return Double.compare(bucketWidth, s.bucketWidth) == 0 && buckets == s.buckets && intervals == s.intervals
					&& Double.compare(windowStart, s.windowStart) == 0 && Double.compare(windowEnd, s.windowEnd) == 0
					&& windowWhole == s.windowWhole && Double.compare(pathFrom, s.pathFrom) == 0;
		}

		@Override
		public int hashCode() {
			int hash = java.util.Objects.hash(bucketWidth, buckets, intervals, windowStart, windowEnd, windowWhole,
					pathFrom);
			for (int t = 0; t < times.size(); t++) {
				hash = 31 * hash + java.util.Arrays.hashCode(times.get(t));
			}
			return hash;
		}

		/** Whether a window's exact intervals were kept. */
		public boolean hasWindow() {
			return !Double.isNaN(windowStart);
		}
	}

	/** How many states there are. */
	static final int STATES = State.values().length;

	/** What a thread is doing during an interval. */
	public enum State {
		/** Running on a processor. */
		RUNNING,
		/** Ready, waiting for a processor. */
		READY,
		/** Blocked on a synchronisation. */
		BLOCKED,
		/** Off the processor in I/O, for the time the recording measured. */
		IO,
		/** Off the processor asleep (or in a timed wait that timed out), for the recorded time. */
		SLEEPING
	}

	/**
	 * A thread holding a mutex (alone, or as one of the readers of a read-write lock).
	 *
	 * @param mutex  the mutex's name
	 * @param thread the thread's index
	 * @param start  when it got the mutex
	 * @param end    when it released it
	 * @param at     the source location of its lock operation, or null
	 */
	public record Hold(String mutex, int thread, double start, double end, @Nullable String at) {
	}

	/**
	 * One interval of a thread.
	 *
	 * @param state     what the thread does
	 * @param start     its start
	 * @param end       its end
	 * @param processor the processor while running, else -1
	 * @param detail    e.g. "waiting for X" or "on CPU 1"
	 * @param line      the trace line of the operation that ends the interval, 0 if none
	 * @param at        that operation's source location, or null
	 */
	public record Interval(State state, double start, double end, int processor, String detail, long line,
			@Nullable String at) {
	}

	/**
	 * A thread's timeline.
	 *
	 * @param name      the thread
	 * @param intervals running, ready, blocked, I/O and sleeping intervals in time order
	 * @param exit      when it exited, or NaN
	 * @param createdAt where it was created ({@code at=} of its create), when none of its own operations names a
	 *                  source location (an OpenMP task's events come from the runtime, its create from the task
	 *                  construct); else null
	 */
	public record ThreadTimeline(String name, List<Interval> intervals, double exit, @Nullable String createdAt) {
		public ThreadTimeline {
			intervals = List.copyOf(intervals);
		}

		/** A timeline without a creation site. */
		public ThreadTimeline(String name, List<Interval> intervals, double exit) {
			this(name, intervals, exit, null);
		}
	}

	/**
	 * An accepted activation.
	 *
	 * @param from     the activating thread's index
	 * @param sent     when it activated
	 * @param to       the target's index
	 * @param accepted when the target accepted it
	 * @param event    the event's name
	 */
	public record Activation(int from, double sent, int to, double accepted, String event) {
	}

	/**
	 * A deadlock: nothing can progress before every thread has exited.
	 *
	 * @param time    when the last thread blocked
	 * @param blocked each blocked thread and what it waits for
	 */
	public record Deadlock(double time, List<Blocked> blocked) {
		public Deadlock {
			blocked = List.copyOf(blocked);
		}

		@Override
		public String toString() {
			return "deadlock at " + org.perfcast.engine.Quantities.number(time) + ": " + String.join("; ",
					blocked.stream().map(b -> b.thread() + " " + b.waitsFor()).toList());
		}
	}

	/**
	 * A thread blocked in a deadlock.
	 *
	 * @param thread   its name
	 * @param waitsFor what it waits for, e.g. "activating P2 with X"
	 */
	public record Blocked(String thread, String waitsFor) {
	}

	/**
	 * A piece of the critical path: the thread from {@code start} to {@code end}, reached from the previous piece
	 * by {@code how}.
	 *
	 * @param thread the thread's name
	 * @param start  the start
	 * @param end    the end
	 * @param how    the event that made it go on at {@code start}, e.g. "activated by P2 with X"; "" for the first
	 */
	public record PathSegment(String thread, double start, double end, String how) {
	}

	/** Whether the simulation deadlocked. */
	public boolean deadlocked() {
		return deadlock != null;
	}
}
