package org.perfcast.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineMonitor;

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

	static final Pattern OMP = Pattern.compile("omp\\.(fork|barrier|release)\\.([0-9]{1,9})(?:\\.([0-9]{1,9}))?");
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

	/** One resizing: the regions found, the work repartitioned, the new trace written. */
	private static final class Resizer {
		final ResizeState s;

		final RegionAnalysis analysis;
		final WorkRepartition repartition;

		Resizer(Trace trace, int threads) throws TraceException {
			s = new ResizeState(trace, threads);
			analysis = new RegionAnalysis(s);
			repartition = new WorkRepartition(s);
		}

		Result run() throws TraceException {
			analysis.findRegions();
			List<OmpRegion> outer = new ArrayList<>();
			Set<String> workerSet = new LinkedHashSet<>();
			for (OmpRegion r : s.regions.values()) {
				if (r.primary.equals(s.main)) {
					outer.add(r);
					r.forkTakes.forEach(i -> workerSet.add(s.events.get(i).thread()));
				}
			}
			s.workers = order(workerSet);
			List<OmpRegion> resize = new ArrayList<>();
			for (OmpRegion r : s.regions.values()) {
				if (r.team() == s.threads) {
					continue;
				}
				if (!r.primary.equals(s.main)) {
					throw new TraceException(s.file, s.events.get(r.forkPosts.get(0)).line(), s.region(r) + " is nested in "
							+ "another parallel region (its primary thread is " + r.primary + "): nested teams cannot be "
							+ "predicted for another team size; record with OMP_NUM_THREADS=" + s.threads + " instead");
				}
				resize.add(r);
			}
			List<Region> described = new ArrayList<>();
			if (resize.isEmpty()) {
				outer.forEach(r -> described.add(describe(r)));
				return new Result(s.trace, described, List.of("the recording's team" + (outer.size() == 1 ? " is" : "s are")
						+ " already of " + s.threads + " thread" + (s.threads == 1 ? "" : "s") + " (" + regionList(outer)
						+ "): predicted as recorded"));
			}
			s.team = new ArrayList<>();
			s.team.add(s.main);
			Set<String> used = new HashSet<>(s.byThread.keySet());
			for (int j = 1, k = 1; j < s.threads; j++) {
				if (j <= s.workers.size()) {
					s.team.add(s.workers.get(j - 1));
				} else {
					while (used.contains("T" + k)) {
						k++;
					}
					s.team.add("T" + k);
					used.add("T" + k);
				}
			}
			s.inTeam = new HashSet<>(s.team);
			for (OmpRegion r : outer) {
				if (r.team() == s.threads) {
					for (int i : r.forkTakes) {
						if (!s.inTeam.contains(s.events.get(i).thread())) {
							throw new TraceException(s.file, s.events.get(i).line(), s.region(r) + " has a team of " + s.threads
									+ " with " + s.events.get(i).thread() + ", which is not among the program's first "
									+ (s.threads - 1) + " workers (" + String.join(", ", s.team.subList(1, s.team.size()))
									+ "): its teams cannot be resized");
						}
					}
				}
			}
			for (OmpRegion r : resize) {
				analysis.analyse(r);
			}
			repartition.dropWorkersBeyondTheTeam(resize);
			repartition.carryDroppedWork();
			for (OmpRegion r : resize) {
				r.work = new double[r.last + 1][r.members.size()];
			}
			for (int i = 0; i < s.events.size(); i++) {
				if (s.fate[i] == Fate.FOLD) {
					s.foldRegion[i].work[s.foldPhase[i]][s.foldMember[i]] += s.delta[i];
				}
			}
			for (OmpRegion r : resize) {
				r.shares = new double[r.last + 1][];
				for (int k = 0; k <= r.last; k++) {
					r.shares[k] = WorkRepartition.repartition(r.work[k], s.threads);
				}
			}
			Trace resized = new Trace(s.file, s.trace.header(), new ResizedTraceWriter(s).emit(resize));
			outer.forEach(r -> described.add(describe(r)));
			return new Result(resized, described, notes(outer));
		}

		/** The workers, by their number when all are named Tk, else in order of appearance. */
		List<String> order(Set<String> names) {
			List<String> list = new ArrayList<>(names);
			if (list.stream().allMatch(w -> WORKER_NAME.matcher(w).matches())) {
				list.sort(java.util.Comparator.comparingLong(w -> Long.parseLong(w.substring(1))));
			}
			return list;
		}

		Region describe(OmpRegion r) {
			TraceEvent fork = s.events.get(r.forkPosts.get(0));
			if (r.shares.length == 0) { // kept as recorded
				return new Region(r.number, fork.at(), fork.line(), r.team(), r.team(), List.of(), List.of());
			}
			return new Region(r.number, fork.at(), fork.line(), r.team(), s.threads, java.util.Arrays.stream(r.work)
					.map(double[]::clone).toList(), java.util.Arrays.stream(r.shares).map(double[]::clone).toList());
		}

		/** What the prediction rests on, a note per recorded team size. */
		List<String> notes(List<OmpRegion> outer) {
			Map<Integer, List<OmpRegion>> byTeam = new TreeMap<>();
			outer.forEach(r -> byTeam.computeIfAbsent(r.team(), t -> new ArrayList<>()).add(r));
			List<String> notes = new ArrayList<>();
			byTeam.forEach((n, list) -> {
				String from = "team of " + s.threads + " from a recording of " + n + " (" + regionList(list) + ")";
				if (n == s.threads) {
					notes.add(regionList(list) + " recorded with a team of " + n + ": predicted as recorded");
				} else if (s.threads > n) {
					notes.add("extrapolation: " + from + ": each thread's block is assumed to cost the same per "
							+ "iteration" + (s.threads % n == 0 ? "" : "; a new block that spans two recorded ones is "
									+ "computed from both (interpolation)"));
				} else {
					notes.add("interpolation: " + from + ": each new block's cost is computed from the recorded "
							+ "blocks it covers" + (n % s.threads == 0 ? " (the sum of " + n / s.threads + " whole ones)"
									: "; a recorded block split between two new ones is shared by its iterations, at an "
											+ "even cost"));
				}
			});
			return notes;
		}

		/** "regions 1 to 3, 5" or "region 2". */
		static String regionList(List<OmpRegion> list) {
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
}
