package org.perfcast.trace;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The recorded work moved to the new team: the work of workers beyond it carried to the events kept, and each phase's
 * work repartitioned among the new members as a static schedule would.
 */
final class WorkRepartition {

	private final ResizeState s;

	WorkRepartition(ResizeState s) {
		this.s = s;
	}

	/** Member j's share of {@code work} (member i's of n covering [i/n, (i+1)/n) evenly) in a team of {@code threads}. */
	static double[] repartition(double[] work, int threads) {
		int n = work.length;
		double[] shares = new double[threads];
		for (int j = 0; j < threads; j++) {
			// in units of 1/(n threads): new block j is [j n, (j+1) n), recorded block i is [i threads, (i+1) threads)
			long lo = (long) j * n;
			long hi = lo + n;
			double sum = 0;
			for (int i = (int) (lo / threads); i < n && (long) i * threads < hi; i++) {
				long overlap = Math.min(hi, (long) (i + 1) * threads) - Math.max(lo, (long) i * threads);
				if (overlap == threads) {
					sum += work[i];
				} else if (overlap > 0) {
					sum += work[i] * overlap / threads;
				}
			}
			shares[j] = sum;
		}
		return shares;
	}

	/**
	 * Workers beyond the new team disappear: their creation and joins are dropped (the work before them carried
	 * to the next event), their exit's work goes to their last region. Workers the team needs are created before
	 * the first resized region, and must exit after the last.
	 */
	void dropWorkersBeyondTheTeam(List<OmpRegion> resize) throws TraceException {
		int firstAnchor = resize.get(0).forkPosts.get(0);
		int lastAnchor = resize.get(resize.size() - 1).forkPosts.get(0);
		Set<String> dropped = new HashSet<>(s.workers.subList(Math.min(s.workers.size(), s.threads - 1), s.workers.size()));
		for (int i = 0; i < s.events.size(); i++) {
			TraceEvent e = s.events.get(i);
			if (e.target() != null && (e.kind() == EventKind.CREATE || e.kind() == EventKind.JOIN)
					&& (dropped.contains(e.target())
							|| e.kind() == EventKind.CREATE && s.inTeam.contains(e.target()) && i > firstAnchor)) {
				if (s.fate[i] != Fate.COPY) {
					throw new TraceException(s.file, e.line(), "cannot resize: " + e.thread() + " "
							+ e.kind().keyword() + "s " + e.target() + " inside a parallel region");
				}
				s.fate[i] = Fate.DROP;
			}
		}
		for (String w : s.workers) {
			List<Integer> own = s.byThread.get(w);
			if (dropped.contains(w)) {
				OmpRegion last = null;
				for (int i : own) {
					if (s.fate[i] == Fate.FOLD) {
						last = s.foldRegion[i];
					} else if (s.events.get(i).kind() == EventKind.EXIT && last != null) {
						s.fold(i, last, last.members.indexOf(w), last.last);
					} else {
						TraceEvent e = s.events.get(i);
						throw new TraceException(s.file, e.line(), w + " has an event outside the parallel regions ("
								+ e.kind().keyword() + (e.object() == null ? "" : " " + e.object()) + "): a team of "
								+ s.threads + " has no " + w + ", and only regions of pure computation can be "
								+ "predicted for another team size");
					}
				}
			} else {
				int exit = own.get(own.size() - 1);
				if (s.events.get(exit).kind() == EventKind.EXIT && exit < lastAnchor) {
					throw new TraceException(s.file, s.events.get(exit).line(), w + " exits before region "
							+ s.foldRegion[lastAnchor].number + ", which a team of " + s.threads + " runs it in");
				}
			}
		}
	}

	/** Adds the work before each dropped event to its thread's next event. */
	void carryDroppedWork() {
		for (List<Integer> own : s.byThread.values()) {
			double carry = 0;
			int kept = -1;
			for (int i : own) {
				if (s.fate[i] == Fate.DROP) {
					carry += s.delta[i];
					s.delta[i] = 0;
				} else {
					s.delta[i] += carry;
					carry = 0;
					kept = i;
				}
			}
			if (kept >= 0) {
				s.delta[kept] += carry;
			}
		}
	}
}
