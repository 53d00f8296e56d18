package org.perfcast.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;

/**
 * An OpenMP recording turned into the trace of the same program with another team size, for worksharing loops
 * with a static schedule.
 * <p>
 * A parallel region R of a team of n is recorded as {@code post omp.fork.R} (n − 1 times, by the primary thread),
 * {@code take omp.fork.R} (each worker), and per barrier K the workers' {@code post omp.barrier.R.K}, the primary's
 * takes of it and its {@code post omp.release.R.K}, which the workers take. A <em>phase</em> is the computation of
 * every member between two team synchronisations (the fork and barrier 0, barrier K and K + 1). When every phase of
 * a region is pure computation, member i of the recorded n is taken to cover the iterations [i/n, (i+1)/n) at an
 * even cost, and new member j of the team of T gets the cost of [j/T, (j+1)/T). A member's CPU time at the team's
 * synchronisations (posting, taking, starting between regions) counts towards the phase it precedes, so that the
 * total work is kept. Regions recorded with a team of T, and serialised ones, stay as recorded; so does everything
 * the primary thread does outside regions.
 * <p>
 * The new trace is ordered as a one-processor run of it would be (a region's posts before their takes), its times
 * are those of that run, and its workers are the recording's, then new ones named {@code T}k.
 */
public final class TeamResize {

	/** The largest team. */
	public static final int MAX_THREADS = 4096;

	private static final Pattern OMP = Pattern.compile("omp\\.(fork|barrier|release)\\.([0-9]{1,9})(?:\\.([0-9]{1,9}))?");
	private static final Pattern WORKER_NAME = Pattern.compile("T([0-9]{1,9})");

	/**
	 * A parallel region of the recording's outermost teams.
	 *
	 * @param number       R of its events' names
	 * @param at           the source location of its fork, or null
	 * @param line         the trace line of its fork
	 * @param recorded     the team it was recorded with
	 * @param threads      the team it has in the new trace
	 * @param recordedWork per phase, each recorded member's work (the primary first); empty when kept as recorded
	 * @param work         per phase, each new member's work; empty when kept as recorded
	 */
	public record Region(int number, @Nullable String at, long line, int recorded, int threads,
			List<double[]> recordedWork, List<double[]> work) {

		/** Whether its team was changed. */
		public boolean resized() {
			return recorded != threads;
		}
	}

	/**
	 * What resizing gives.
	 *
	 * @param trace   the trace with the new team
	 * @param regions the regions of outermost teams, in order
	 * @param notes   what the prediction rests on: extrapolation, interpolation, regions kept
	 */
	public record Result(Trace trace, List<Region> regions, List<String> notes) {
	}

	private TeamResize() {
	}

	/**
	 * Reads {@code file} (named {@code name} in messages), resizes its teams to {@code threads}, hands each note to
	 * {@code notes} and replays the result.
	 *
	 * @throws TraceException when the trace does not read, is not an OpenMP recording or has a region that cannot
	 *                        be resized
	 */
	public static Recording record(Path file, String name, int threads, EngineMonitor monitor, Consumer<String> notes)
			throws TraceException, IOException {
		Trace trace;
		boolean truncated;
		try (TraceSource source = TraceFiles.open(file, name)) {
			trace = Trace.of(source);
			truncated = source.truncated();
		}
		monitor.checkCancelled();
		Result result = of(trace, threads);
		result.notes().forEach(notes);
		TraceSource resized = result.trace().source();
		return Recording.of(new TraceSource() {
			@Override
			public TraceHeader header() {
				return resized.header();
			}

			@Override
			public @Nullable TraceEvent next() throws TraceException, IOException {
				return resized.next();
			}

			@Override
			public boolean truncated() {
				return truncated;
			}

			@Override
			public ThreadNames names() {
				return trace.names(); // the recorded threads keep their names; new workers have none
			}

			@Override
			public String file() {
				return resized.file();
			}

			@Override
			public void close() {
				// in memory
			}
		}, monitor);
	}

	/**
	 * The trace of the program of {@code trace} run with a team of {@code threads}.
	 *
	 * @throws IllegalArgumentException unless 1 ≤ threads ≤ {@link #MAX_THREADS}
	 * @throws TraceException           when {@code trace} is not an OpenMP recording with CPU clocks, or a region to
	 *                                  resize is not pure computation between its synchronisations
	 */
	public static Result of(Trace trace, int threads) throws TraceException {
		if (threads < 1 || threads > MAX_THREADS) {
			throw new IllegalArgumentException("the team size must be 1 to " + MAX_THREADS + ", was " + threads);
		}
		return new Resizer(trace, threads).run();
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

	/** The events of one region, by role. */
	private static final class RegionEvents {
		private static final double[][] NO_PHASES = new double[0][];
		private static final int[][] NO_REPRESENTATIVES = new int[0][];
		private static final int[] NO_EVENTS = new int[0];

		final int number;
		final String primary;
		final List<Integer> forkPosts = new ArrayList<>();
		final List<Integer> forkTakes = new ArrayList<>();
		final TreeMap<Integer, Boolean> barriers = new TreeMap<>();
		// filled for regions to resize; empty before
		int last; // the last barrier
		List<String> members = List.of(); // recorded members, the primary first
		double[][] work = NO_PHASES; // [phase][member]
		int[][] representative = NO_REPRESENTATIVES; // [phase][member]: the event that ends the member's phase
		int[] forkTake = NO_EVENTS; // [member]: a worker's take of the fork
		int[] release = NO_EVENTS; // [barrier]: the primary's first release post
		double[][] shares = NO_PHASES; // [phase][new member]

		RegionEvents(int number, String primary) {
			this.number = number;
			this.primary = primary;
		}

		int team() {
			return forkPosts.size() + 1;
		}
	}

	/** One resizing. */
	private static final class Resizer {
		private static final int COPY = 0;
		private static final int FOLD = 1;
		private static final int DROP = 2;
		private static final int ANCHOR = 3;

		final Trace trace;
		final String file;
		final List<TraceEvent> events;
		final int threads;
		final String main;
		final Map<String, List<Integer>> byThread = new LinkedHashMap<>();
		final int[] position; // an event's place in its thread's list
		final double[] delta; // the thread's CPU time before the event
		final int[] fate;
		final RegionEvents[] foldRegion;
		final int[] foldMember;
		final int[] foldPhase;
		final Map<Integer, RegionEvents> regions = new LinkedHashMap<>();
		List<String> workers = List.of(); // the outermost teams' workers, in team order
		List<String> team = List.of(); // the new team, the primary first
		Set<String> inTeam = Set.of();

		Resizer(Trace trace, int threads) throws TraceException {
			this.trace = trace;
			this.file = trace.file();
			this.events = trace.events();
			this.threads = threads;
			int size = events.size();
			this.position = new int[size];
			this.delta = new double[size];
			this.fate = new int[size];
			this.foldRegion = new RegionEvents[size];
			this.foldMember = new int[size];
			this.foldPhase = new int[size];
			this.main = events.isEmpty() ? "" : events.get(0).thread(); // "": no thread, and no region
			Map<String, Double> clock = new HashMap<>();
			for (int i = 0; i < size; i++) {
				TraceEvent e = events.get(i);
				if (Double.isNaN(e.cpu())) {
					throw new TraceException(file, e.line(), "predicting another team size needs the threads' CPU "
							+ "clocks (cpu=), which this event lacks: record the program with perfcast record");
				}
				List<Integer> list = byThread.computeIfAbsent(e.thread(), t -> new ArrayList<>());
				position[i] = list.size();
				list.add(i);
				double before = clock.getOrDefault(e.thread(), 0.0);
				if (e.cpu() < before) {
					throw new TraceException(file, e.line(), "the CPU clock of " + e.thread() + " goes back from "
							+ Numbers.format(before) + " to " + Numbers.format(e.cpu()));
				}
				delta[i] = e.cpu() - before;
				clock.put(e.thread(), e.cpu());
			}
		}

		Result run() throws TraceException {
			findRegions();
			List<RegionEvents> outer = new ArrayList<>();
			Set<String> workerSet = new LinkedHashSet<>();
			for (RegionEvents r : regions.values()) {
				if (r.primary.equals(main)) {
					outer.add(r);
					r.forkTakes.forEach(i -> workerSet.add(events.get(i).thread()));
				}
			}
			workers = order(workerSet);
			List<RegionEvents> resize = new ArrayList<>();
			for (RegionEvents r : regions.values()) {
				if (r.team() == threads) {
					continue;
				}
				if (!r.primary.equals(main)) {
					throw new TraceException(file, events.get(r.forkPosts.get(0)).line(), region(r) + " is nested in "
							+ "another parallel region (its primary thread is " + r.primary + "): nested teams cannot be "
							+ "predicted for another team size; record with OMP_NUM_THREADS=" + threads + " instead");
				}
				resize.add(r);
			}
			List<Region> described = new ArrayList<>();
			if (resize.isEmpty()) {
				outer.forEach(r -> described.add(describe(r)));
				return new Result(trace, described, List.of("the recording's team" + (outer.size() == 1 ? " is" : "s are")
						+ " already of " + threads + " thread" + (threads == 1 ? "" : "s") + " (" + regionList(outer)
						+ "): predicted as recorded"));
			}
			team = new ArrayList<>();
			team.add(main);
			Set<String> used = new HashSet<>(byThread.keySet());
			for (int j = 1, k = 1; j < threads; j++) {
				if (j <= workers.size()) {
					team.add(workers.get(j - 1));
				} else {
					while (used.contains("T" + k)) {
						k++;
					}
					team.add("T" + k);
					used.add("T" + k);
				}
			}
			inTeam = new HashSet<>(team);
			for (RegionEvents r : outer) {
				if (r.team() == threads) {
					for (int i : r.forkTakes) {
						if (!inTeam.contains(events.get(i).thread())) {
							throw new TraceException(file, events.get(i).line(), region(r) + " has a team of " + threads
									+ " with " + events.get(i).thread() + ", which is not among the program's first "
									+ (threads - 1) + " workers (" + String.join(", ", team.subList(1, team.size()))
									+ "): its teams cannot be resized");
						}
					}
				}
			}
			for (RegionEvents r : resize) {
				analyse(r);
			}
			dropWorkersBeyondTheTeam(resize);
			carryDroppedWork();
			for (RegionEvents r : resize) {
				r.work = new double[r.last + 1][r.members.size()];
			}
			for (int i = 0; i < events.size(); i++) {
				if (fate[i] == FOLD) {
					foldRegion[i].work[foldPhase[i]][foldMember[i]] += delta[i];
				}
			}
			for (RegionEvents r : resize) {
				r.shares = new double[r.last + 1][];
				for (int k = 0; k <= r.last; k++) {
					r.shares[k] = repartition(r.work[k], threads);
				}
			}
			Trace resized = new Trace(file, trace.header(), emit(resize));
			outer.forEach(r -> described.add(describe(r)));
			return new Result(resized, described, notes(outer));
		}

		/** Collects the fork, barrier and release events of each region. */
		void findRegions() throws TraceException {
			for (int i = 0; i < events.size(); i++) {
				TraceEvent e = events.get(i);
				if (e.kind() != EventKind.POST && e.kind() != EventKind.TAKE) {
					continue;
				}
				Matcher m = OMP.matcher(e.object());
				if (!m.matches()) {
					continue;
				}
				int number = Integer.parseInt(m.group(2));
				boolean fork = m.group(1).equals("fork");
				if (fork != (m.group(3) == null)) {
					continue;
				}
				RegionEvents r = regions.get(number);
				if (fork && e.kind() == EventKind.POST) {
					if (r == null) {
						r = new RegionEvents(number, e.thread());
						regions.put(number, r);
					} else if (!r.primary.equals(e.thread())) {
						throw new TraceException(file, e.line(), "region " + number + " is forked by " + r.primary
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
			if (regions.isEmpty()) {
				throw new TraceException(file, 0, "not a recording of an OpenMP program: it has no parallel region "
						+ "('post omp.fork.R'), so there is no team to resize; --threads needs a program recorded "
						+ "with perfcast record on LLVM's OpenMP runtime");
			}
		}

		/** The workers, by their number when all are named Tk, else in order of appearance. */
		List<String> order(Set<String> names) {
			List<String> list = new ArrayList<>(names);
			if (list.stream().allMatch(w -> WORKER_NAME.matcher(w).matches())) {
				list.sort(java.util.Comparator.comparingLong(w -> Long.parseLong(w.substring(1))));
			}
			return list;
		}

		/** "region 3 (kernel.c:41)". */
		String region(RegionEvents r) {
			String at = events.get(r.forkPosts.get(0)).at();
			return "region " + r.number + (at == null ? "" : " (" + at + ")");
		}

		/**
		 * Finds each member's phases, marking the events to fold into them; fails at the first event that is not
		 * the team's synchronisation.
		 */
		void analyse(RegionEvents r) throws TraceException {
			int n = r.team();
			if (r.barriers.isEmpty()) {
				throw new TraceException(file, events.get(r.forkPosts.get(0)).line(), region(r) + " has no barrier "
						+ "(no 'omp.barrier." + r.number + ".K' events): the recording ends inside it");
			}
			r.last = r.barriers.lastKey();
			if (r.barriers.size() != r.last + 1) {
				throw new TraceException(file, events.get(r.forkPosts.get(0)).line(), region(r) + " has barriers up to "
						+ r.last + " but not all of 0 to " + r.last);
			}
			List<String> taken = new ArrayList<>();
			for (int i : r.forkTakes) {
				if (taken.contains(events.get(i).thread())) {
					throw new TraceException(file, events.get(i).line(), events.get(i).thread() + " takes omp.fork."
							+ r.number + " twice");
				}
				taken.add(events.get(i).thread());
			}
			if (taken.size() != n - 1) {
				throw new TraceException(file, events.get(r.forkPosts.get(0)).line(), region(r) + ": its primary posts "
						+ "omp.fork." + r.number + " " + (n - 1) + " times, but " + taken.size() + " thread"
						+ (taken.size() == 1 ? " takes" : "s take") + " it");
			}
			r.members = new ArrayList<>();
			r.members.add(main);
			workers.stream().filter(taken::contains).forEach(r.members::add);
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
				TraceEvent e = events.get(first.index);
				throw new TraceException(file, e.line(), region(r) + " has " + what(e) + " " + first.where + " ("
						+ e.thread() + ": " + e.kind().keyword() + (e.target() == null ? "" : " " + e.target())
						+ (e.object() == null ? "" : " " + e.object()) + (e.at() == null ? "" : " at " + e.at()) + "): "
						+ "only regions of static loops and other pure computation can be predicted for another team "
						+ "size; record with OMP_NUM_THREADS=" + threads + " instead");
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
		Impure walkPrimary(RegionEvents r) throws TraceException {
			int n = r.team();
			int anchor = r.forkPosts.get(0);
			List<Integer> own = byThread.get(main);
			int p = position[anchor];
			fate[anchor] = ANCHOR;
			foldRegion[anchor] = r;
			for (int c = 1; c < n - 1; c++) {
				int i = next(own, ++p, r);
				if (!is(i, EventKind.POST, "omp.fork." + r.number)) {
					return new Impure(i, "at its fork");
				}
				fold(i, r, 0, 0);
			}
			for (int k = 0; k <= r.last; k++) {
				String barrier = r.number + "." + k;
				for (int c = 0; c < n - 1; c++) {
					int i = next(own, ++p, r);
					if (!is(i, EventKind.TAKE, "omp.barrier." + barrier)) {
						return new Impure(i, c == 0 ? phase(k) : "at its barrier " + k);
					}
					if (c == 0) {
						r.representative[k][0] = i;
					}
					fold(i, r, 0, k);
				}
				for (int c = 0; c < n - 1; c++) {
					int i = next(own, ++p, r);
					if (!is(i, EventKind.POST, "omp.release." + barrier)) {
						return new Impure(i, "at its barrier " + k);
					}
					if (c == 0) {
						r.release[k] = i;
					}
					fold(i, r, 0, Math.min(k + 1, r.last));
				}
			}
			return null;
		}

		/** A worker: its fork take, then per barrier its post and the release take (the last one may be missing). */
		@Nullable
		Impure walkWorker(RegionEvents r, int member, int start) throws TraceException {
			List<Integer> own = byThread.get(events.get(start).thread());
			int p = position[start];
			fold(start, r, member, 0);
			for (int k = 0; k <= r.last; k++) {
				String barrier = r.number + "." + k;
				int i = next(own, ++p, r);
				if (!is(i, EventKind.POST, "omp.barrier." + barrier)) {
					return new Impure(i, phase(k));
				}
				r.representative[k][member] = i;
				fold(i, r, member, k);
				if (p + 1 < own.size() && is(own.get(p + 1), EventKind.TAKE, "omp.release." + barrier)) {
					fold(own.get(++p), r, member, Math.min(k + 1, r.last));
				}
			}
			return null;
		}

		int next(List<Integer> own, int p, RegionEvents r) throws TraceException {
			if (p >= own.size()) {
				throw new TraceException(file, events.get(own.get(own.size() - 1)).line(), region(r) + " is not "
						+ "complete: " + events.get(own.get(0)).thread() + "'s events end inside it");
			}
			return own.get(p);
		}

		boolean is(int i, EventKind kind, String object) {
			TraceEvent e = events.get(i);
			return e.kind() == kind && object.equals(e.object());
		}

		void fold(int i, RegionEvents r, int member, int phase) {
			if (fate[i] != ANCHOR) {
				fate[i] = FOLD;
			}
			foldRegion[i] = r;
			foldMember[i] = member;
			foldPhase[i] = phase;
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
							: OMP.matcher(object).matches() ? "a synchronisation out of the team's order" : "a signal";
			case CREATE, JOIN -> target.startsWith("task") ? "an explicit task" : "a thread "
					+ (e.kind() == EventKind.CREATE ? "created" : "joined");
			case IO -> "I/O";
			case SLEEP -> "a sleep";
			case WAIT, ACTIVATE -> "an event sent between threads";
			case EXIT -> "a thread's exit";
			};
		}

		/**
		 * Workers beyond the new team disappear: their creation and joins are dropped (the work before them carried
		 * to the next event), their exit's work goes to their last region. Workers the team needs are created before
		 * the first resized region, and must exit after the last.
		 */
		void dropWorkersBeyondTheTeam(List<RegionEvents> resize) throws TraceException {
			int firstAnchor = resize.get(0).forkPosts.get(0);
			int lastAnchor = resize.get(resize.size() - 1).forkPosts.get(0);
			Set<String> dropped = new HashSet<>(workers.subList(Math.min(workers.size(), threads - 1), workers.size()));
			for (int i = 0; i < events.size(); i++) {
				TraceEvent e = events.get(i);
				if (e.target() != null && (e.kind() == EventKind.CREATE || e.kind() == EventKind.JOIN)
						&& (dropped.contains(e.target())
								|| e.kind() == EventKind.CREATE && inTeam.contains(e.target()) && i > firstAnchor)) {
					if (fate[i] != COPY) {
						throw new TraceException(file, e.line(), "cannot resize: " + e.thread() + " "
								+ e.kind().keyword() + "s " + e.target() + " inside a parallel region");
					}
					fate[i] = DROP;
				}
			}
			for (String w : workers) {
				List<Integer> own = byThread.get(w);
				if (dropped.contains(w)) {
					RegionEvents last = null;
					for (int i : own) {
						if (fate[i] == FOLD) {
							last = foldRegion[i];
						} else if (events.get(i).kind() == EventKind.EXIT && last != null) {
							fold(i, last, last.members.indexOf(w), last.last);
						} else {
							TraceEvent e = events.get(i);
							throw new TraceException(file, e.line(), w + " has an event outside the parallel regions ("
									+ e.kind().keyword() + (e.object() == null ? "" : " " + e.object()) + "): a team of "
									+ threads + " has no " + w + ", and only regions of pure computation can be "
									+ "predicted for another team size");
						}
					}
				} else {
					int exit = own.get(own.size() - 1);
					if (events.get(exit).kind() == EventKind.EXIT && exit < lastAnchor) {
						throw new TraceException(file, events.get(exit).line(), w + " exits before region "
								+ foldRegion[lastAnchor].number + ", which a team of " + threads + " runs it in");
					}
				}
			}
		}

		/** Adds the work before each dropped event to its thread's next event. */
		void carryDroppedWork() {
			for (List<Integer> own : byThread.values()) {
				double carry = 0;
				int kept = -1;
				for (int i : own) {
					if (fate[i] == DROP) {
						carry += delta[i];
						delta[i] = 0;
					} else {
						delta[i] += carry;
						carry = 0;
						kept = i;
					}
				}
				if (kept >= 0) {
					delta[kept] += carry;
				}
			}
		}

		/** The new trace's events, in the order of a one-processor run. */
		List<TraceEvent> emit(List<RegionEvents> resize) {
			Emitter out = new Emitter();
			Set<Integer> emitted = new HashSet<>();
			Set<String> created = new HashSet<>();
			for (int i = 0; i < events.size(); i++) {
				TraceEvent e = events.get(i);
				if (e.kind() == EventKind.CREATE && fate[i] == COPY) {
					created.add(e.target());
				}
				if (emitted.contains(i)) {
					continue;
				}
				if (fate[i] == ANCHOR) {
					RegionEvents r = foldRegion[i];
					out.carry(main, delta[i]);
					if (r == resize.get(0)) {
						for (String w : team.subList(1, team.size())) {
							if (!created.contains(w)) {
								out.event(e.line(), main, EventKind.CREATE, w, null, 0, e.at(), Double.NaN);
								created.add(w);
							}
						}
					}
					pullForward(r, i, out, emitted);
					block(r, out);
				} else if (fate[i] == COPY) {
					if (e.kind() == EventKind.EXIT && e.thread().equals(main)) {
						exitNewWorkers(out, e.line());
					}
					out.event(e.line(), e.thread(), e.kind(), e.target(), e.object(), delta[i], e.at(), e.duration());
				}
			}
			exitNewWorkers(out, events.get(events.size() - 1).line());
			return out.events;
		}

		/**
		 * Emits, before region {@code r}'s block, the team workers' events still to come that precede their part
		 * in it: the takes of an earlier region's release that a worker records when it meets the next region.
		 */
		void pullForward(RegionEvents r, int anchor, Emitter out, Set<Integer> emitted) {
			for (String w : team.subList(1, team.size())) {
				List<Integer> own = byThread.get(w);
				if (own == null) {
					continue;
				}
				int from = -java.util.Collections.binarySearch(own, anchor) - 1;
				for (int i : own.subList(from, own.size())) {
					TraceEvent e = events.get(i);
					if (emitted.contains(i)) {
						continue;
					}
					String object = e.object();
					if (fate[i] != COPY || e.kind() != EventKind.TAKE || object == null
							|| !object.startsWith("omp.release.")) {
						break;
					}
					out.event(e.line(), w, e.kind(), e.target(), e.object(), delta[i], e.at(), e.duration());
					emitted.add(i);
				}
			}
		}

		/** Region {@code r} with the new team: fork, then per barrier the workers' phases and the primary's. */
		void block(RegionEvents r, Emitter out) {
			if (threads == 1) {
				for (double[] phase : r.shares) {
					out.carry(main, phase[0]);
				}
				return;
			}
			TraceEvent fork = events.get(r.forkPosts.get(0));
			String forkName = "omp.fork." + r.number;
			for (int c = 1; c < threads; c++) {
				out.event(fork.line(), main, EventKind.POST, null, forkName, 0, fork.at(), Double.NaN);
			}
			for (int k = 0; k <= r.last; k++) {
				String barrier = r.number + "." + k;
				for (int j = 1; j < threads; j++) {
					int m = recordedWorker(r, j);
					if (k == 0) {
						TraceEvent take = events.get(r.forkTake[m]);
						out.event(take.line(), team.get(j), EventKind.TAKE, null, forkName, 0, take.at(), Double.NaN);
					} else {
						out.event(events.get(r.representative[k - 1][m]).line(), team.get(j), EventKind.TAKE, null,
								"omp.release." + r.number + "." + (k - 1), 0, null, Double.NaN);
					}
					TraceEvent post = events.get(r.representative[k][m]);
					out.event(post.line(), team.get(j), EventKind.POST, null, "omp.barrier." + barrier, r.shares[k][j],
							post.at(), Double.NaN);
				}
				TraceEvent take = events.get(r.representative[k][0]);
				for (int c = 1; c < threads; c++) {
					out.event(take.line(), main, EventKind.TAKE, null, "omp.barrier." + barrier, c == 1 ? r.shares[k][0]
							: 0, take.at(), Double.NaN);
				}
				TraceEvent release = events.get(r.release[k]);
				for (int c = 1; c < threads; c++) {
					out.event(release.line(), main, EventKind.POST, null, "omp.release." + barrier, 0, release.at(),
							Double.NaN);
				}
			}
			for (int j = 1; j < threads; j++) {
				out.event(events.get(r.representative[r.last][recordedWorker(r, j)]).line(), team.get(j), EventKind.TAKE,
						null, "omp.release." + r.number + "." + r.last, 0, null, Double.NaN);
			}
		}

		/** The recorded worker whose block holds the start of new member {@code j}'s: its events lend lines and sources. */
		int recordedWorker(RegionEvents r, int j) {
			return Math.max(1, (int) ((long) j * r.team() / threads));
		}

	/** Exits the workers the recording does not have, once. */
		private boolean newWorkersExited;

		void exitNewWorkers(Emitter out, long line) {
			if (newWorkersExited || team.isEmpty()) { // no new team yet
				return;
			}
			newWorkersExited = true;
			for (String w : team.subList(1, team.size())) {
				if (!byThread.containsKey(w)) {
					out.event(line, w, EventKind.EXIT, null, null, 0, null, Double.NaN);
				}
			}
		}

		Region describe(RegionEvents r) {
			TraceEvent fork = events.get(r.forkPosts.get(0));
			if (r.shares.length == 0) { // kept as recorded
				return new Region(r.number, fork.at(), fork.line(), r.team(), r.team(), List.of(), List.of());
			}
			return new Region(r.number, fork.at(), fork.line(), r.team(), threads, java.util.Arrays.stream(r.work)
					.map(double[]::clone).toList(), java.util.Arrays.stream(r.shares).map(double[]::clone).toList());
		}

		/** What the prediction rests on, a note per recorded team size. */
		List<String> notes(List<RegionEvents> outer) {
			Map<Integer, List<RegionEvents>> byTeam = new TreeMap<>();
			outer.forEach(r -> byTeam.computeIfAbsent(r.team(), t -> new ArrayList<>()).add(r));
			List<String> notes = new ArrayList<>();
			byTeam.forEach((n, list) -> {
				String from = "team of " + threads + " from a recording of " + n + " (" + regionList(list) + ")";
				if (n == threads) {
					notes.add(regionList(list) + " recorded with a team of " + n + ": predicted as recorded");
				} else if (threads > n) {
					notes.add("extrapolation: " + from + ": each thread's block is assumed to cost the same per "
							+ "iteration" + (threads % n == 0 ? "" : "; a new block that spans two recorded ones is "
									+ "computed from both (interpolation)"));
				} else {
					notes.add("interpolation: " + from + ": each new block's cost is computed from the recorded "
							+ "blocks it covers" + (n % threads == 0 ? " (the sum of " + n / threads + " whole ones)"
									: "; a recorded block split between two new ones is shared by its iterations, at an "
											+ "even cost"));
				}
			});
			return notes;
		}

		/** "regions 1 to 3, 5" or "region 2". */
		static String regionList(List<RegionEvents> list) {
			List<String> parts = new ArrayList<>();
			int i = 0;
			while (i < list.size()) {
				int j = i;
				while (j + 1 < list.size() && list.get(j + 1).number == list.get(j).number + 1) {
					j++;
				}
				int a = list.get(i).number;
				int b = list.get(j).number;
				parts.add(a == b ? Integer.toString(a) : b == a + 1 ? a + ", " + b : a + " to " + b);
				i = j + 1;
			}
			return (list.size() == 1 ? "region " : "regions ") + String.join(", ", parts);
		}
	}

	/** Writes events as a one-processor run: each thread's clock advances by its work, the time by all of it. */
	private static final class Emitter {
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
