package org.perfcast.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What a simulation keeps for its timelines: per thread its intervals and the causes of its going on (for the
 * critical path), the accepted activations (arrows), the mutex holds and the waiting points. Off, it keeps nothing.
 * <p>
 * At a {@link TraceSimulator.Detail level of detail}: every interval is added to its thread's buckets, and kept
 * exactly until there are more than the detail allows; from then on ({@link #summarised}) only the intervals and
 * activations of the window are kept, and each thread's latest causes, so that memory holds the buckets, not the run.
 */
final class TimelineRecorder {

	/** Whether anything is kept: callers build details only then. */
	final boolean on;
	private final TraceSimulator.Detail detail;
	private final List<Track> tracks = new ArrayList<>();
	private final List<Simulation.Activation> activations = new ArrayList<>();
	private final List<Simulation.Hold> holds = new ArrayList<>();
	private final Map<Long, Acquired> acquired = new HashMap<>();
	private final WaitingPoints.Accumulator waits = new WaitingPoints.Accumulator();
	private long causeSeq;
	/** The intervals closed so far, and those kept exactly. */
	private long intervals;
	private long kept;
	/** Whether the run has more intervals than the detail keeps: from then on the window only. */
	private boolean summarised;
	private boolean windowWhole = true;
	private double bucketWidth;
	/** The holds kept for the waiting points after the last time they were thinned out. */
	private int heldAfterForget = 64;
	private double pathFrom = Double.NaN;

	TimelineRecorder(boolean on, TraceSimulator.Detail detail) {
		this.on = on;
		this.detail = detail;
	}

	/** One thread's timeline as it is made. */
	static final class Track {
		final List<Simulation.Interval> intervals = new ArrayList<>();
		/** The causes in the order they happened (so in time order too); once summarised, only the latest. */
		final List<Cause> causes = new ArrayList<>();
		/** The time of the last cause dropped, or NaN. */
		double droppedUpTo = Double.NaN;
		Simulation.@Nullable State state;
		double since;
		String detail = "";
		long line;
		@Nullable String at;
		int cpu;
		/** The start of its first interval (NaN before) and the end of its last. */
		double first = Double.NaN;
		double last;
		/** The waiting point of its last blocked interval and when it ended. */
		@Nullable String waitKey;
		double waitEnd = Double.NaN;
		/** Time per bucket and state ({@link Simulation#STATES} a bucket), and per state. */
		float[] buckets = new float[Simulation.Summary.BUCKETS * Simulation.STATES];
		final double[] totals = new double[Simulation.STATES];
		/** Whether one of its operations names a source location, and the location of its create. */
		boolean located;
		@Nullable String createdAt;
	}

	private record Cause(double time, long seq, SimThread from, @Nullable String how, @Nullable String waitKey) {
	}

	private record Acquired(double since, @Nullable String at) {
	}

	/** Starts the timeline of {@code t}. */
	void track(SimThread t) {
		if (on) {
			t.track = new Track();
			tracks.add(t.track);
		}
	}

	/**
	 * Records that {@code t} is in {@code state} (null: gone, with {@code detail} "") from {@code now}, closing its
	 * previous interval.
	 */
	void show(SimThread t, Simulation.@Nullable State state, String detail, int processor, long line,
			@Nullable String at, double now) {
		Track k = t.track;
		if (k == null) {
			return;
		}
		Simulation.State previous = k.state;
		if (previous != null && now > k.since) {
			close(t, k, previous, now);
		}
		k.state = state;
		k.since = now;
		k.detail = detail;
		k.cpu = processor;
		k.line = line;
		k.at = at;
	}

	/** Closes the interval of {@code t} in {@code state} that began at {@code k.since}. */
	private void close(SimThread t, Track k, Simulation.State state, double now) {
		intervals++;
		if (Double.isNaN(k.first)) {
			k.first = k.since;
		}
		k.last = now;
		k.totals[state.ordinal()] += now - k.since;
		bucket(k, state.ordinal(), k.since, now);
		if (state == Simulation.State.BLOCKED) {
			k.waitKey = waits.blocked(t.index, k.at, k.line, k.detail, k.since, now);
			k.waitEnd = now;
		}
		if (!summarised || detail.inWindow(k.since, now)) {
			if (summarised && kept >= detail.intervals()) {
				windowWhole = false;
				return;
			}
			k.intervals.add(new Simulation.Interval(state, k.since, now, k.cpu, k.detail, k.line, k.at));
			kept++;
			if (!summarised && kept > detail.intervals()) {
				summarise();
			}
		}
	}

	/** Adds [{@code start}, {@code end}) in state {@code s} to the buckets, widening them when the run outgrows them. */
	private void bucket(Track k, int s, double start, double end) {
		int n = Simulation.Summary.BUCKETS;
		if (bucketWidth == 0) {
			bucketWidth = end / n;
		}
		while (end > bucketWidth * n) {
			widen();
		}
		int from = (int) Math.min(n - 1, start / bucketWidth);
		int to = (int) Math.min(n - 1, end / bucketWidth);
		for (int b = from; b <= to; b++) {
			// the last bucket takes the rest, whatever the rounding of end / bucketWidth
			double overlap = (b == to ? end : Math.min(end, (b + 1) * bucketWidth)) - Math.max(start, b * bucketWidth);
			if (overlap > 0) {
				k.buckets[b * Simulation.STATES + s] += (float) overlap;
			}
		}
	}

	/** Doubles the buckets' width: each bucket becomes the sum of two. */
	private void widen() {
		int n = Simulation.Summary.BUCKETS;
		int s = Simulation.STATES;
		for (Track k : tracks) {
			float[] b = k.buckets;
			for (int i = 0; i < n / 2; i++) {
				for (int j = 0; j < s; j++) {
					b[i * s + j] = b[2 * i * s + j] + b[(2 * i + 1) * s + j];
				}
			}
			java.util.Arrays.fill(b, n / 2 * s, n * s, 0f);
		}
		bucketWidth *= 2;
	}

	/** More intervals than the detail keeps: from now on the window only. */
	private void summarise() {
		summarised = true;
		kept = 0;
		for (Track k : tracks) {
			k.intervals.removeIf(i -> !detail.inWindow(i.start(), i.end()));
			kept += k.intervals.size();
			trim(k);
		}
		while (kept > detail.intervals()) {
			// the window's first intervals only: drop the one that began last
			Track latest = null;
			for (Track k : tracks) {
				if (!k.intervals.isEmpty() && (latest == null || k.intervals.get(k.intervals.size() - 1)
						.start() > latest.intervals.get(latest.intervals.size() - 1).start())) {
					latest = k;
				}
			}
			if (latest == null) {
				break; // kept counts the tracks' intervals: not reached
			}
			latest.intervals.remove(latest.intervals.size() - 1);
			kept--;
			windowWhole = false;
		}
		activations.removeIf(a -> !detail.inWindow(a.sent(), a.accepted()));
		holds.clear();
	}

	/** Once summarised, drops the older half of a thread's causes when it has more than its share. */
	private void trim(Track k) {
		int share = (int) Math.max(64, Math.min(Integer.MAX_VALUE, detail.intervals() / Math.max(1, tracks.size())));
		if (k.causes.size() > share) {
			int drop = k.causes.size() / 2;
			k.droppedUpTo = k.causes.get(drop - 1).time();
			k.causes.subList(0, drop).clear();
		}
	}

	/** {@code t} performs an operation located {@code at} (null: none); a create of {@code created}. */
	void operation(SimThread t, @Nullable String at, @Nullable SimThread created) {
		Track k = t.track;
		if (at != null && k != null) {
			k.located = true;
			if (created != null) {
				trackOf(created).createdAt = at;
			}
		}
	}

	/** The track of {@code t}, which timelines kept on have. */
	private static Track trackOf(SimThread t) {
		Track k = t.track;
		if (k == null) {
			throw new IllegalStateException(t.name + " has no timeline");
		}
		return k;
	}

	/** {@code t} went on at {@code now} because of {@code by}, as {@code how} says. */
	void cause(SimThread t, SimThread by, @Nullable String how, double now) {
		Track k = t.track;
		if (k != null) {
			k.causes.add(new Cause(now, causeSeq++, by, how, k.waitEnd == now ? k.waitKey : null));
			if (summarised) {
				trim(k);
			}
		}
	}

	/** An accepted activation, for an arrow. */
	void arrow(SimThread from, double sent, SimThread to, double accepted, @Nullable String event) {
		if (on && event != null && (!summarised || detail.inWindow(sent, accepted))) {
			activations.add(new Simulation.Activation(from.index, sent, to.index, accepted, event));
		}
	}

	/** {@code t} got mutex {@code m} at {@code now} in its operation located {@code at}. */
	void acquired(SimThread t, int m, double now, @Nullable String at) {
		if (on) {
			acquired.put(((long) t.index << 32) | m, new Acquired(now, at));
		}
	}

	/** {@code t} released mutex {@code m}, named {@code name}, at {@code now}. */
	void released(SimThread t, int m, @Nullable String name, double now) {
		if (!on || name == null) {
			return;
		}
		Acquired since = acquired.remove(((long) t.index << 32) | m);
		if (since == null) {
			return;
		}
		Simulation.Hold hold = new Simulation.Hold(name, t.index, since.since(), now, since.at());
		if (!summarised) {
			holds.add(hold);
		}
		waits.hold(hold);
		if (waits.held() > 2 * heldAfterForget) {
			// no lock wait still to end began before the earliest open one (other waits, such as a join that lasts
			// the whole run, are not set against holds)
			double before = now;
			for (Track k : tracks) {
				if (k.state == Simulation.State.BLOCKED && k.detail.startsWith("locking ")) {
					before = Math.min(before, k.since);
				}
			}
			waits.forget(before);
			heldAfterForget = Math.max(64, waits.held());
		}
	}

	List<Simulation.Activation> activations() {
		return activations;
	}

	List<Simulation.Hold> holds() {
		return holds;
	}

	/** The timelines of {@code threads} (empty when off): once summarised, their intervals in the window. */
	List<Simulation.ThreadTimeline> timelines(List<SimThread> threads) {
		List<Simulation.ThreadTimeline> timelines = new ArrayList<>();
		if (on) {
			for (SimThread t : threads) {
				Track k = trackOf(t);
				timelines.add(new Simulation.ThreadTimeline(t.name, k.intervals, t.exit, k.located ? null : k.createdAt));
			}
		}
		return timelines;
	}

	/** The summary of the timelines of {@code threads}, or null when every interval was kept. */
	Simulation.@Nullable Summary summary(List<SimThread> threads, double end) {
		if (!on || !summarised) {
			return null;
		}
		int n = Simulation.Summary.BUCKETS;
		int buckets = bucketWidth > 0 ? (int) Math.max(1, Math.min(n, Math.ceil(end / bucketWidth))) : 1;
		List<float[]> times = new ArrayList<>();
		List<double[]> totals = new ArrayList<>();
		for (SimThread t : threads) {
			Track k = trackOf(t);
			times.add(java.util.Arrays.copyOf(k.buckets, buckets * Simulation.STATES));
			totals.add(k.totals.clone());
		}
		return new Simulation.Summary(bucketWidth, buckets, intervals, detail.windowStart(), detail.windowEnd(),
				windowWhole, pathFrom, times, totals);
	}

	/** The waiting points of {@code threads} in a run that ended at {@code end}, or null when off. */
	@Nullable
	WaitingPoints waitingPoints(List<SimThread> threads, double end) {
		if (!on) {
			return null;
		}
		double threadTime = 0;
		double last = 0;
		for (SimThread t : threads) {
			Track k = trackOf(t);
			if (!Double.isNaN(k.first)) {
				threadTime += k.last - k.first;
				last = Math.max(last, k.last);
			}
		}
		return waits.finish(threadTime, Math.max(last, end), t -> threads.get(t).name);
	}

	/**
	 * The chain of causes back from {@code last} at {@code end}: each step the latest cause of the thread before the
	 * step's end (and before the cause that led there). The waiting points where it goes on are marked critical.
	 * Once summarised it stops where a thread's causes were dropped.
	 */
	List<Simulation.PathSegment> criticalPath(@Nullable SimThread last, double end) {
		if (!on || last == null) {
			return List.of();
		}
		SimThread t = last;
		List<Simulation.PathSegment> path = new ArrayList<>();
		long limit = Long.MAX_VALUE;
		while (true) {
			Track k = trackOf(t);
			Cause found = latest(k.causes, end, limit);
			if (found == null) {
				double from = 0;
				if (!Double.isNaN(k.droppedUpTo)) {
					from = Math.min(end, k.droppedUpTo);
					pathFrom = from;
				}
				path.add(new Simulation.PathSegment(t.name, from, end, ""));
				break;
			}
			String how = found.how();
			path.add(new Simulation.PathSegment(t.name, found.time(), end, how == null ? "" : how));
			String waitKey = found.waitKey();
			if (waitKey != null) {
				waits.critical(waitKey);
			}
			t = found.from();
			end = found.time();
			limit = found.seq();
		}
		Collections.reverse(path);
		return path;
	}

	/** The last of {@code causes} at or before {@code end} and before {@code limit}; both hold for a prefix. */
	private static @Nullable Cause latest(List<Cause> causes, double end, long limit) {
		int lo = 0;
		int hi = causes.size();
		while (lo < hi) {
			int mid = (lo + hi) >>> 1;
			Cause c = causes.get(mid);
			if (c.time() <= end && c.seq() < limit) {
				lo = mid + 1;
			} else {
				hi = mid;
			}
		}
		return lo == 0 ? null : causes.get(lo - 1);
	}
}
