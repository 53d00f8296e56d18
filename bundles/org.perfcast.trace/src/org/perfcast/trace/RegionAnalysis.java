package org.perfcast.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Finds a recording's parallel regions (their fork, barrier and release events) and, in each region to resize, each
 * member's phases; fails at the first event that is not the team's synchronisation.
 */
final class RegionAnalysis {

	private final ResizeState s;

	RegionAnalysis(ResizeState s) {
		this.s = s;
	}

	/** Collects the fork, barrier and release events of each region. */
	void findRegions() throws TraceException {
		for (int i = 0; i < s.events.size(); i++) {
			TraceEvent e = s.events.get(i);
			if (e.kind() != EventKind.POST && e.kind() != EventKind.TAKE) {
				continue;
			}
			Matcher m = TeamResize.OMP.matcher(e.object());
			if (!m.matches()) {
				continue;
			}
			int number = Integer.parseInt(m.group(2));
			boolean fork = m.group(1).equals("fork");
			if (fork != (m.group(3) == null)) {
				continue;
			}
			OmpRegion r = s.regions.get(number);
			if (fork && e.kind() == EventKind.POST) {
				if (r == null) {
					r = new OmpRegion(number, e.thread());
					s.regions.put(number, r);
				} else if (!r.primary.equals(e.thread())) {
					throw new TraceException(s.file, e.line(), "region " + number + " is forked by " + r.primary
							+ " and by " + e.thread());
				}
				r.forkPosts.add(i);
			} else if (r != null) {
				if (fork) {
					r.forkTakes.add(i);
				} else {
					r.barriers.put(Integer.parseInt(m.group(3)), Boolean.TRUE);
				}
			}
		}
		if (s.regions.isEmpty()) {
			throw new TraceException(s.file, 0, "not a recording of an OpenMP program: it has no parallel region "
					+ "('post omp.fork.R'), so there is no team to resize; --threads needs a program recorded "
					+ "with perfcast record on LLVM's OpenMP runtime");
		}
	}
	/**
	 * Finds each member's phases, marking the events to fold into them; fails at the first event that is not
	 * the team's synchronisation.
	 */
	void analyse(OmpRegion r) throws TraceException {
		int n = r.team();
		if (r.barriers.isEmpty()) {
			throw new TraceException(s.file, s.events.get(r.forkPosts.get(0)).line(), s.region(r) + " has no barrier "
					+ "(no 'omp.barrier." + r.number + ".K' events): the recording ends inside it");
		}
		r.last = r.barriers.lastKey();
		if (r.barriers.size() != r.last + 1) {
			throw new TraceException(s.file, s.events.get(r.forkPosts.get(0)).line(), s.region(r) + " has barriers up to "
					+ r.last + " but not all of 0 to " + r.last);
		}
		List<String> taken = new ArrayList<>();
		for (int i : r.forkTakes) {
			if (taken.contains(s.events.get(i).thread())) {
				throw new TraceException(s.file, s.events.get(i).line(), s.events.get(i).thread() + " takes omp.fork."
						+ r.number + " twice");
			}
			taken.add(s.events.get(i).thread());
		}
		if (taken.size() != n - 1) {
			throw new TraceException(s.file, s.events.get(r.forkPosts.get(0)).line(), s.region(r) + ": its primary posts "
					+ "omp.fork." + r.number + " " + (n - 1) + " times, but " + taken.size() + " thread"
					+ (taken.size() == 1 ? " takes" : "s take") + " it");
		}
		r.members = new ArrayList<>();
		r.members.add(s.main);
		s.workers.stream().filter(taken::contains).forEach(r.members::add);
		r.representative = new int[r.last + 1][n];
		r.forkTake = new int[n];
		r.release = new int[r.last + 1];
		Impure first = walkPrimary(r);
		for (int m = 1; m < n; m++) {
			int start = r.forkTakes.get(taken.indexOf(r.members.get(m)));
			r.forkTake[m] = start;
			Impure impure = walkWorker(r, m, start);
			if (impure != null && (first == null || impure.index < first.index)) {
				first = impure;
			}
		}
		if (first != null) {
			TraceEvent e = s.events.get(first.index);
			throw new TraceException(s.file, e.line(), s.region(r) + " has " + what(e) + " " + first.where + " ("
					+ e.thread() + ": " + e.kind().keyword() + (e.target() == null ? "" : " " + e.target())
					+ (e.object() == null ? "" : " " + e.object()) + (e.at() == null ? "" : " at " + e.at()) + "): "
					+ "only regions of static loops and other pure computation can be predicted for another team "
					+ "size; record with OMP_NUM_THREADS=" + s.threads + " instead");
		}
	}

	/** An event that is not the team's synchronisation, and where it is. */
	private record Impure(int index, String where) {
	}

	static String phase(int k) {
		return k == 0 ? "between its fork and its barrier 0" : "between its barriers " + (k - 1) + " and " + k;
	}

	/** The primary: n − 1 fork posts, then per barrier n − 1 takes and n − 1 release posts. */
	@Nullable
	Impure walkPrimary(OmpRegion r) throws TraceException {
		int n = r.team();
		int anchor = r.forkPosts.get(0);
		List<Integer> own = s.byThread.get(s.main);
		int p = s.position[anchor];
		s.fate[anchor] = Fate.ANCHOR;
		s.foldRegion[anchor] = r;
		for (int c = 1; c < n - 1; c++) {
			int i = s.next(own, ++p, r);
			if (!s.is(i, EventKind.POST, "omp.fork." + r.number)) {
				return new Impure(i, "at its fork");
			}
			s.fold(i, r, 0, 0);
		}
		for (int k = 0; k <= r.last; k++) {
			String barrier = r.number + "." + k;
			for (int c = 0; c < n - 1; c++) {
				int i = s.next(own, ++p, r);
				if (!s.is(i, EventKind.TAKE, "omp.barrier." + barrier)) {
					return new Impure(i, c == 0 ? phase(k) : "at its barrier " + k);
				}
				if (c == 0) {
					r.representative[k][0] = i;
				}
				s.fold(i, r, 0, k);
			}
			for (int c = 0; c < n - 1; c++) {
				int i = s.next(own, ++p, r);
				if (!s.is(i, EventKind.POST, "omp.release." + barrier)) {
					return new Impure(i, "at its barrier " + k);
				}
				if (c == 0) {
					r.release[k] = i;
				}
				s.fold(i, r, 0, Math.min(k + 1, r.last));
			}
		}
		return null;
	}

	/** A worker: its fork take, then per barrier its post and the release take (the last one may be missing). */
	@Nullable
	Impure walkWorker(OmpRegion r, int member, int start) throws TraceException {
		List<Integer> own = s.byThread.get(s.events.get(start).thread());
		int p = s.position[start];
		s.fold(start, r, member, 0);
		for (int k = 0; k <= r.last; k++) {
			String barrier = r.number + "." + k;
			int i = s.next(own, ++p, r);
			if (!s.is(i, EventKind.POST, "omp.barrier." + barrier)) {
				return new Impure(i, phase(k));
			}
			r.representative[k][member] = i;
			s.fold(i, r, member, k);
			if (p + 1 < own.size() && s.is(own.get(p + 1), EventKind.TAKE, "omp.release." + barrier)) {
				s.fold(own.get(++p), r, member, Math.min(k + 1, r.last));
			}
		}
		return null;
	}

	/** What a non-synchronisation event inside a region is, e.g. "a critical section". */
	static String what(TraceEvent e) {
		String object = e.object();
		String target = e.target();
		object = object == null ? "" : object;
		target = target == null ? "" : target;
		return switch (e.kind()) {
		case LOCK, RLOCK, UNLOCK -> object.startsWith("omp.critical.") ? "a critical section"
				: object.startsWith("omp.lock.") ? "an OpenMP lock" : "a lock";
		case POST, TAKE -> object.startsWith("omp.ordered.") ? "an ordered section"
				: object.startsWith("omp.fork.") ? "a nested parallel region"
						: TeamResize.OMP.matcher(object).matches() ? "a synchronisation out of the team's order" : "a signal";
		case CREATE, JOIN -> target.startsWith("task") ? "an explicit task" : "a thread "
				+ (e.kind() == EventKind.CREATE ? "created" : "joined");
		case IO -> "I/O";
		case SLEEP -> "a sleep";
		case WAIT, ACTIVATE -> "an event sent between threads";
		case EXIT -> "a thread's exit";
		};
	}
}
