package org.perfcast.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a simulation keeps for its timelines: per thread its intervals and the causes of its going on (for the
 * critical path), the accepted activations (arrows) and the mutex holds. Off, it keeps nothing.
 */
final class TimelineRecorder {

	/** Whether anything is kept: callers build details only then. */
	final boolean on;
	private final List<Simulation.Activation> activations = new ArrayList<>();
	private final List<Simulation.Hold> holds = new ArrayList<>();
	private final Map<Long, Acquired> acquired = new HashMap<>();
	private long causeSeq;

	TimelineRecorder(boolean on) {
		this.on = on;
	}

	/** One thread's timeline as it is made. */
	static final class Track {
		final List<Simulation.Interval> intervals = new ArrayList<>();
		/** The causes in the order they happened (so in time order too). */
		final List<Cause> causes = new ArrayList<>();
		Simulation.State state;
		double since;
		String detail;
		long line;
		String at;
		int cpu;
	}

	private record Cause(double time, long seq, SimThread from, String how) {
	}

	private record Acquired(double since, String at) {
	}

	/** Starts the timeline of {@code t}. */
	void track(SimThread t) {
		if (on) {
			t.track = new Track();
		}
	}

	/** Records that {@code t} is in {@code state} (null: gone) from {@code now}, closing its previous interval. */
	void show(SimThread t, Simulation.State state, String detail, int processor, long line, String at, double now) {
		Track k = t.track;
		if (k == null) {
			return;
		}
		if (k.state != null && now > k.since) {
			k.intervals.add(new Simulation.Interval(k.state, k.since, now, k.cpu, k.detail, k.line, k.at));
		}
		k.state = state;
		k.since = now;
		k.detail = detail;
		k.cpu = processor;
		k.line = line;
		k.at = at;
	}

	/** {@code t} went on at {@code now} because of {@code by}, as {@code how} says. */
	void cause(SimThread t, SimThread by, String how, double now) {
		if (t.track != null) {
			t.track.causes.add(new Cause(now, causeSeq++, by, how));
		}
	}

	/** An accepted activation, for an arrow. */
	void arrow(SimThread from, double sent, SimThread to, double accepted, String event) {
		if (on) {
			activations.add(new Simulation.Activation(from.index, sent, to.index, accepted, event));
		}
	}

	/** {@code t} got mutex {@code m} at {@code now} in its operation located {@code at}. */
	void acquired(SimThread t, int m, double now, String at) {
		if (on) {
			acquired.put(((long) t.index << 32) | m, new Acquired(now, at));
		}
	}

	/** {@code t} released mutex {@code m}, named {@code name}, at {@code now}. */
	void released(SimThread t, int m, String name, double now) {
		if (on) {
			Acquired since = acquired.remove(((long) t.index << 32) | m);
			if (since != null) {
				holds.add(new Simulation.Hold(name, t.index, since.since(), now, since.at()));
			}
		}
	}

	List<Simulation.Activation> activations() {
		return activations;
	}

	List<Simulation.Hold> holds() {
		return holds;
	}

	/** The timelines of {@code threads} (empty when off). */
	List<Simulation.ThreadTimeline> timelines(List<SimThread> threads) {
		List<Simulation.ThreadTimeline> timelines = new ArrayList<>();
		if (on) {
			for (SimThread t : threads) {
				timelines.add(new Simulation.ThreadTimeline(t.name, t.track.intervals, t.exit));
			}
		}
		return timelines;
	}

	/**
	 * The chain of causes back from {@code t} at {@code end}: each step the latest cause of the thread before the
	 * step's end (and before the cause that led there).
	 */
	List<Simulation.PathSegment> criticalPath(SimThread t, double end) {
		if (!on || t == null) {
			return List.of();
		}
		List<Simulation.PathSegment> path = new ArrayList<>();
		long limit = Long.MAX_VALUE;
		while (true) {
			Cause found = latest(t.track.causes, end, limit);
			if (found == null) {
				path.add(new Simulation.PathSegment(t.name, 0, end, ""));
				break;
			}
			path.add(new Simulation.PathSegment(t.name, found.time(), end, found.how()));
			t = found.from();
			end = found.time();
			limit = found.seq();
		}
		Collections.reverse(path);
		return path;
	}

	/** The last of {@code causes} at or before {@code end} and before {@code limit}; both hold for a prefix. */
	private static Cause latest(List<Cause> causes, double end, long limit) {
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
