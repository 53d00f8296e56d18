package org.perfcast.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Writes the resized trace: the recording's events kept, and each resized region with the new team, in the order of
 * a one-processor run.
 */
final class ResizedTraceWriter {

	private final ResizeState s;

	ResizedTraceWriter(ResizeState s) {
		this.s = s;
	}


	/** The new trace's events, in the order of a one-processor run. */
	List<TraceEvent> emit(List<OmpRegion> resize) {
		Emitter out = new Emitter();
		Set<Integer> emitted = new HashSet<>();
		Set<String> created = new HashSet<>();
		for (int i = 0; i < s.events.size(); i++) {
			TraceEvent e = s.events.get(i);
			if (e.kind() == EventKind.CREATE && s.fate[i] == Fate.COPY) {
				created.add(e.target());
			}
			if (emitted.contains(i)) {
				continue;
			}
			if (s.fate[i] == Fate.ANCHOR) {
				OmpRegion r = s.foldRegion[i];
				out.carry(s.main, s.delta[i]);
				if (r == resize.get(0)) {
					for (String w : s.team.subList(1, s.team.size())) {
						if (!created.contains(w)) {
							out.event(e.line(), s.main, EventKind.CREATE, w, null, 0, e.at(), Double.NaN);
							created.add(w);
						}
					}
				}
				pullForward(r, i, out, emitted);
				block(r, out);
			} else if (s.fate[i] == Fate.COPY) {
				if (e.kind() == EventKind.EXIT && e.thread().equals(s.main)) {
					exitNewWorkers(out, e.line());
				}
				out.event(e.line(), e.thread(), e.kind(), e.target(), e.object(), s.delta[i], e.at(), e.duration());
			}
		}
		exitNewWorkers(out, s.events.get(s.events.size() - 1).line());
		return out.events;
	}

	/**
	 * Emits, before region {@code r}'s block, the team workers' events still to come that precede their part
	 * in it: the takes of an earlier region's release that a worker records when it meets the next region.
	 */
	void pullForward(OmpRegion r, int anchor, Emitter out, Set<Integer> emitted) {
		for (String w : s.team.subList(1, s.team.size())) {
			List<Integer> own = s.byThread.get(w);
			if (own == null) {
				continue;
			}
			int from = -java.util.Collections.binarySearch(own, anchor) - 1;
			for (int i : own.subList(from, own.size())) {
				TraceEvent e = s.events.get(i);
				if (emitted.contains(i)) {
					continue;
				}
				String object = e.object();
				if (s.fate[i] != Fate.COPY || e.kind() != EventKind.TAKE || object == null
						|| !object.startsWith("omp.release.")) {
					break;
				}
				out.event(e.line(), w, e.kind(), e.target(), e.object(), s.delta[i], e.at(), e.duration());
				emitted.add(i);
			}
		}
	}

	/** Region {@code r} with the new team: fork, then per barrier the workers' phases and the primary's. */
	void block(OmpRegion r, Emitter out) {
		if (s.threads == 1) {
			for (double[] phase : r.shares) {
				out.carry(s.main, phase[0]);
			}
			return;
		}
		TraceEvent fork = s.events.get(r.forkPosts.get(0));
		String forkName = "omp.fork." + r.number;
		for (int c = 1; c < s.threads; c++) {
			out.event(fork.line(), s.main, EventKind.POST, null, forkName, 0, fork.at(), Double.NaN);
		}
		for (int k = 0; k <= r.last; k++) {
			String barrier = r.number + "." + k;
			for (int j = 1; j < s.threads; j++) {
				int m = recordedWorker(r, j);
				if (k == 0) {
					TraceEvent take = s.events.get(r.forkTake[m]);
					out.event(take.line(), s.team.get(j), EventKind.TAKE, null, forkName, 0, take.at(), Double.NaN);
				} else {
					out.event(s.events.get(r.representative[k - 1][m]).line(), s.team.get(j), EventKind.TAKE, null,
							"omp.release." + r.number + "." + (k - 1), 0, null, Double.NaN);
				}
				TraceEvent post = s.events.get(r.representative[k][m]);
				out.event(post.line(), s.team.get(j), EventKind.POST, null, "omp.barrier." + barrier, r.shares[k][j],
						post.at(), Double.NaN);
			}
			TraceEvent take = s.events.get(r.representative[k][0]);
			for (int c = 1; c < s.threads; c++) {
				out.event(take.line(), s.main, EventKind.TAKE, null, "omp.barrier." + barrier, c == 1 ? r.shares[k][0]
						: 0, take.at(), Double.NaN);
			}
			TraceEvent release = s.events.get(r.release[k]);
			for (int c = 1; c < s.threads; c++) {
				out.event(release.line(), s.main, EventKind.POST, null, "omp.release." + barrier, 0, release.at(),
						Double.NaN);
			}
		}
		for (int j = 1; j < s.threads; j++) {
			out.event(s.events.get(r.representative[r.last][recordedWorker(r, j)]).line(), s.team.get(j), EventKind.TAKE,
					null, "omp.release." + r.number + "." + r.last, 0, null, Double.NaN);
		}
	}

	/** The recorded worker whose block holds the start of new member {@code j}'s: its events lend lines and sources. */
	int recordedWorker(OmpRegion r, int j) {
		return Math.max(1, (int) ((long) j * r.team() / s.threads));
	}

	/** Exits the workers the recording does not have, once. */
	private boolean newWorkersExited;

	void exitNewWorkers(Emitter out, long line) {
		if (newWorkersExited || s.team.isEmpty()) { // no new team yet
			return;
		}
		newWorkersExited = true;
		for (String w : s.team.subList(1, s.team.size())) {
			if (!s.byThread.containsKey(w)) {
				out.event(line, w, EventKind.EXIT, null, null, 0, null, Double.NaN);
			}
		}
	}


	/** Writes events as a one-processor run: each thread's clock advances by its work, the time by all of it. */
	static final class Emitter {
		final List<TraceEvent> events = new ArrayList<>();
		final Map<String, Double> cpu = new HashMap<>();
		final Map<String, Double> carried = new HashMap<>();
		double time;

		void carry(String thread, double work) {
			carried.merge(thread, work, Double::sum);
		}

		void event(long line, String thread, EventKind kind, @Nullable String target, @Nullable String object,
				double work, @Nullable String at, double duration) {
			double w = work + carried.getOrDefault(thread, 0.0);
			carried.remove(thread);
			double clock = cpu.getOrDefault(thread, 0.0) + w;
			cpu.put(thread, clock);
			time += w + (kind.timed() ? duration : 0);
			events.add(new TraceEvent(line, time, thread, kind, target, object, clock, at, duration));
		}
	}
}
