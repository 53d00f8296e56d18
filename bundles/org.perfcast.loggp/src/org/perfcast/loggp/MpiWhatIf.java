package org.perfcast.loggp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.perfcast.engine.EditLists;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;

/**
 * What-if edits of a recorded MPI run ({@link MpiTrace}), replayed under LogGP ({@link TraceReplay}) with the edits
 * made: a location's computation made faster, the ranks' computation balanced, the machine changed. The trace is
 * never changed; each edit is a factor on some of the ranks' {@code compute} events (or new LogGP parameters), so
 * the messages, their order and their sizes stay as recorded.
 * <p>
 * A <em>segment</em> is one {@code compute} event: a rank's computation between two MPI calls. It is named by the
 * calls around it, the event words of the rank's previous and next events ({@code start} before the first,
 * {@code end} after the last): {@code allreduce..send}. MPI traces carry no call sites, so the segments of a loop's
 * iterations share a name and together make a location.
 */
public final class MpiWhatIf {

	private MpiWhatIf() {
	}

	/** Where some of the recorded computation is. */
	public sealed interface Location permits RankWork, Segment {
		/** How it is written ({@link #location}). */
		String key();

		/** How it reads in a sentence. */
		String label();
	}

	/**
	 * All of a rank's computation.
	 *
	 * @param rank its rank
	 */
	public record RankWork(int rank) implements Location {
		@Override
		public String key() {
			return "rank " + rank;
		}

		@Override
		public String label() {
			return "the computation of rank " + rank;
		}
	}

	/**
	 * The computation between a call {@code from} and the next call, {@code to}: of one rank, or of every rank.
	 *
	 * @param rank a rank, or empty for every rank
	 * @param from the event word of the call before ({@code start} before the first)
	 * @param to   the event word of the call after ({@code end} after the last)
	 */
	public record Segment(Optional<Integer> rank, String from, String to) implements Location {
		@Override
		public String key() {
			return rank.map(r -> "rank " + r + " ").orElse("") + from + ".." + to;
		}

		@Override
		public String label() {
			return "the computation between " + from + " and " + to + rank.map(r -> " on rank " + r).orElse(
					" on every rank");
		}

		boolean selects(int r, String f, String t) {
			return from.equals(f) && to.equals(t) && (rank.isEmpty() || rank.get() == r);
		}
	}

	/**
	 * A location as written: {@code rank R} (a rank's computation), {@code FROM..TO} (every rank's computation
	 * between a call FROM and the next call, TO: event words of the trace, such as {@code allreduce..send}) or
	 * {@code rank R FROM..TO} (one rank's).
	 *
	 * @throws IllegalArgumentException if it is none of these
	 */
	public static Location location(String text) {
		String t = text.strip();
		Integer rank = null;
		if (t.startsWith("rank ")) {
			String rest = t.substring(5).strip();
			int blank = rest.indexOf(' ');
			String number = blank < 0 ? rest : rest.substring(0, blank);
			if (number.endsWith(":")) {
				number = number.substring(0, number.length() - 1);
			}
			try {
				rank = Integer.parseInt(number);
			} catch (NumberFormatException e) {
				rank = -1;
			}
			if (rank < 0) {
				throw new IllegalArgumentException("a rank is a whole number from 0, not '" + number + "'");
			}
			if (blank < 0) {
				return new RankWork(rank);
			}
			t = rest.substring(blank + 1).strip();
			if (t.startsWith(":")) {
				t = t.substring(1).strip();
			}
		}
		int dots = t.indexOf("..");
		if (dots <= 0 || dots + 2 >= t.length() || t.indexOf(' ') >= 0) {
			throw new IllegalArgumentException("an MPI location is 'rank R', 'FROM..TO' or 'rank R FROM..TO' (FROM and "
					+ "TO the calls around the computation, as the trace's events name them: allreduce..send), not '"
					+ text + "'");
		}
		return new Segment(Optional.ofNullable(rank), t.substring(0, dots), t.substring(dots + 2));
	}

	/** An edit. */
	public sealed interface Edit permits SpeedUp, Balance, Machine {
	}

	/**
	 * Reads edits as the replay engine's option {@code whatIf} writes them, separated by {@code ;}: {@code balance},
	 * {@code faster LOCATION=S}, {@code loggp L=..,o=..,g=..,G=..,speed=..}.
	 *
	 * @throws IllegalArgumentException at the first that is none of these
	 */
	public static List<Edit> edits(String text) {
		return EditLists.parse(text, "MPI what-if edit: balance, faster LOCATION=S (S from 0 to 1; LOCATION rank R, "
				+ "FROM..TO or rank R FROM..TO) or loggp L=..,o=..,g=..,G=..,speed=.., separated by ';'", (verb, rest) ->
				switch (verb) {
				case "balance" -> {
					if (!rest.isEmpty()) {
						throw new IllegalArgumentException();
					}
					yield new Balance();
				}
				case "faster" -> {
					int eq = rest.lastIndexOf('=');
					yield new SpeedUp(location(rest.substring(0, eq)), Double.parseDouble(rest.substring(eq + 1).strip()));
				}
				case "loggp" -> Machine.parse(rest);
				default -> throw new IllegalArgumentException();
				});
	}

	/**
	 * A location's computation made faster: {@code speedup} of its time removed (0 to 1).
	 *
	 * @param where   the location
	 * @param speedup the fraction removed
	 */
	public record SpeedUp(Location where, double speedup) implements Edit {
		public SpeedUp {
			if (!(speedup >= 0 && speedup <= 1)) {
				throw new IllegalArgumentException("a speed-up is a fraction of the time removed, from 0 to 1, not "
						+ speedup);
			}
		}
	}

	/**
	 * The ranks' computation balanced: each rank's segments scaled by the same factor, so that its computation
	 * (with the edits before made) is the mean of the ranks'. A rank without computation keeps none.
	 */
	public record Balance() implements Edit {
	}

	/**
	 * The machine changed: the LogGP parameters given (µs; empty: as before) and the computation's speed.
	 *
	 * @param L     the latency
	 * @param o     the overhead
	 * @param g     the gap
	 * @param G     the gap per byte
	 * @param speed computation this many times as fast (as the replay's speed), empty: as before
	 */
	public record Machine(Optional<Double> L, Optional<Double> o, Optional<Double> g, Optional<Double> G,
			Optional<Double> speed) implements Edit {
		public Machine {
			new LogGP(L.orElse(0.0), o.orElse(0.0), g.orElse(0.0), G.orElse(0.0)); // checks them
			if (speed.isPresent() && !(speed.get() > 0 && Double.isFinite(speed.get()))) {
				throw new IllegalArgumentException("the speed factor must be more than 0, was " + speed.get());
			}
		}

		/**
		 * {@code L=9,o=2,g=14,G=0.03,speed=2}: any of them, in any order.
		 *
		 * @throws IllegalArgumentException if it is not
		 */
		public static Machine parse(String text) {
			Map<String, Double> v = new HashMap<>();
			for (String part : text.split(",")) {
				int eq = part.indexOf('=');
				String name = eq < 0 ? part.strip() : part.substring(0, eq).strip();
				if (eq < 0 || !List.of("L", "o", "g", "G", "speed").contains(name) || v.containsKey(name)) {
					throw new IllegalArgumentException("the machine is NAME=VALUE,... with NAME each at most once of L, "
							+ "o, g, G (µs) and speed, not '" + text + "'");
				}
				try {
					v.put(name, Double.parseDouble(part.substring(eq + 1).strip()));
				} catch (NumberFormatException e) {
					throw new IllegalArgumentException(name + " is a number, not '" + part.substring(eq + 1).strip()
							+ "'");
				}
			}
			return new Machine(Optional.ofNullable(v.get("L")), Optional.ofNullable(v.get("o")), Optional.ofNullable(v
					.get("g")), Optional.ofNullable(v.get("G")), Optional.ofNullable(v.get("speed")));
		}

		/** {@code options} with this machine's parameters. */
		public TraceReplay.Options apply(TraceReplay.Options options) {
			LogGP m = options.logGP();
			return new TraceReplay.Options(new LogGP(L.orElse(m.L()), o.orElse(m.o()), g.orElse(m.g()), G.orElse(m
					.G())), options.rules(), options.eager(), speed.orElse(options.speed()));
		}
	}

	/**
	 * The computation of a trace, read once: each rank's {@code compute} events with their lines, times and the
	 * calls around them.
	 */
	public static final class Segments {
		private final int P;
		/** Per rank: the lines of its compute events, increasing; their µs; their names' numbers in {@link #names}. */
		private final int[][] lines;
		private final double[][] us;
		private final int[][] name;
		/** The names: from, to. */
		private final List<String[]> names;

		private Segments(int P, int[][] lines, double[][] us, int[][] name, List<String[]> names) {
			this.P = P;
			this.lines = lines;
			this.us = us;
			this.name = name;
			this.names = names;
		}

		/** The ranks. */
		public int P() {
			return P;
		}

		/** Rank {@code r}'s computation, µs. */
		public double total(int r) {
			return Arrays.stream(us[r]).sum();
		}

		/** The factor of each compute event of each rank with {@code edits} made (machine edits change none). */
		public double[][] factors(List<Edit> edits) {
			double[][] f = new double[P][];
			for (int r = 0; r < P; r++) {
				f[r] = new double[us[r].length];
				Arrays.fill(f[r], 1);
			}
			for (Edit e : edits) {
				switch (e) {
				case SpeedUp s -> {
					check(s.where());
					for (int r = 0; r < P; r++) {
						for (int i = 0; i < f[r].length; i++) {
							if (selects(s.where(), r, i)) {
								f[r][i] *= 1 - s.speedup();
							}
						}
					}
				}
				case Balance b -> {
					double[] total = new double[P];
					double sum = 0;
					for (int r = 0; r < P; r++) {
						for (int i = 0; i < f[r].length; i++) {
							total[r] += us[r][i] * f[r][i];
						}
						sum += total[r];
					}
					double mean = sum / P;
					for (int r = 0; r < P; r++) {
						if (total[r] > 0) {
							double k = mean / total[r];
							for (int i = 0; i < f[r].length; i++) {
								f[r][i] *= k;
							}
						}
					}
				}
				case Machine m -> {
					// changes the replay's options, not the computation
				}
				}
			}
			return f;
		}

		/** The computation {@code where} selects with {@code factors}, µs. */
		public double work(Location where, double[][] factors) {
			check(where);
			double w = 0;
			for (int r = 0; r < P; r++) {
				for (int i = 0; i < us[r].length; i++) {
					if (selects(where, r, i)) {
						w += us[r][i] * factors[r][i];
					}
				}
			}
			return w;
		}

		/** Fails on a rank the trace does not have, or a segment no rank has. */
		private void check(Location where) {
			switch (where) {
			case RankWork k -> {
				if (k.rank() >= P) {
					throw new IllegalArgumentException("the trace has ranks 0 to " + (P - 1) + ", not " + k.rank());
				}
			}
			case Segment s -> {
				if (s.rank().isPresent() && s.rank().get() >= P) {
					throw new IllegalArgumentException("the trace has ranks 0 to " + (P - 1) + ", not " + s.rank().get());
				}
				for (String[] n : names) {
					if (n[0].equals(s.from()) && n[1].equals(s.to())) {
						return;
					}
				}
				throw new IllegalArgumentException("no rank computes between a call " + s.from() + " and a call "
						+ s.to() + " (" + s.key() + ")");
			}
			}
		}

		private boolean selects(Location where, int r, int i) {
			return switch (where) {
			case RankWork k -> k.rank() == r;
			case Segment s -> {
				String[] n = names.get(name[r][i]);
				yield s.selects(r, n[0], n[1]);
			}
			};
		}

		/**
		 * The locations with the most computation (with {@code factors}): the {@code top} segments of one rank, the
		 * {@code top} segments of every rank and the {@code top} ranks, by computation, highest first.
		 */
		public List<Location> top(double[][] factors, int top) {
			Map<Location, double[]> one = new LinkedHashMap<>();
			Map<Location, double[]> every = new LinkedHashMap<>();
			Map<Location, double[]> ranks = new LinkedHashMap<>();
			for (int r = 0; r < P; r++) {
				for (int i = 0; i < us[r].length; i++) {
					double w = us[r][i] * factors[r][i];
					if (w <= 0) {
						continue;
					}
					String[] n = names.get(name[r][i]);
					one.computeIfAbsent(new Segment(Optional.of(r), n[0], n[1]), x -> new double[1])[0] += w;
					every.computeIfAbsent(new Segment(Optional.empty(), n[0], n[1]), x -> new double[1])[0] += w;
					ranks.computeIfAbsent(new RankWork(r), x -> new double[1])[0] += w;
				}
			}
			Map<Location, Double> work = new HashMap<>();
			List<Location> out = new ArrayList<>();
			for (Map<Location, double[]> m : List.of(one, every, ranks)) {
				m.forEach((l, w) -> work.put(l, w[0]));
				m.entrySet().stream().sorted((a, b) -> a.getValue()[0] != b.getValue()[0] ? Double.compare(b.getValue()[0],
						a.getValue()[0]) : a.getKey().key().compareTo(b.getKey().key())).limit(Math.max(0, top)).forEach(
								x -> out.add(x.getKey()));
			}
			out.sort((a, b) -> !work.get(a).equals(work.get(b)) ? Double.compare(work.get(b), work.get(a)) : a.key()
					.compareTo(b.key()));
			return out;
		}

		/** The replay's factor function for {@code factors}. */
		public TraceReplay.ComputeScale scale(double[][] factors) {
			return (r, line) -> {
				int i = Arrays.binarySearch(lines[r], line);
				return i >= 0 ? factors[r][i] : 1;
			};
		}
	}

	/**
	 * Reads each rank's compute events and the calls around them.
	 *
	 * @throws EngineException at a file and line the trace cannot be read at
	 */
	public static Segments segments(MpiTrace trace, EngineMonitor monitor) throws EngineException {
		int P = trace.P();
		int[][] lines = new int[P][];
		double[][] us = new double[P][];
		int[][] name = new int[P][];
		List<String[]> names = new ArrayList<>();
		Map<String, Integer> numbers = new HashMap<>();
		MpiTraceLines.Pool pool = new MpiTraceLines.Pool();
		try {
			for (int r = 0; r < P; r++) {
				monitor.checkCancelled();
				MpiTrace.Source s = trace.source(r);
				MpiTraceLines in = new MpiTraceLines(s.path(), s.name(), s.start(), s.end(), s.line(), s.skipLF(), pool);
				IntList l = new IntList();
				double[] d = new double[16];
				List<String> before = new ArrayList<>();
				int pending = 0; // compute events since the last call
				List<String> after = new ArrayList<>();
				String previous = "start";
				try {
					String[] f;
					while ((f = in.fields()) != null) {
						if (f.length == 0) {
							continue;
						}
						if (f[0].equals("compute")) {
							double x;
							try {
								x = f.length == 2 ? Double.parseDouble(f[1]) : Double.NaN;
							} catch (NumberFormatException e) {
								x = Double.NaN;
							}
							if (!(x >= 0) || Double.isInfinite(x)) {
								throw MpiTrace.error(s.name(), in.line, "'compute US' with a finite number of µs of at "
										+ "least 0");
							}
							if (l.n == d.length) {
								d = Arrays.copyOf(d, d.length * 2);
							}
							d[l.n] = x;
							l.add(in.line);
							before.add(previous);
							pending++;
						} else {
							for (; pending > 0; pending--) {
								after.add(f[0]);
							}
							previous = f[0];
						}
					}
				} finally {
					in.release();
				}
				for (; pending > 0; pending--) {
					after.add("end");
				}
				lines[r] = l.toArray();
				us[r] = Arrays.copyOf(d, l.n);
				name[r] = new int[us[r].length];
				for (int i = 0; i < us[r].length; i++) {
					String key = before.get(i) + ".." + after.get(i);
					Integer n = numbers.get(key);
					if (n == null) {
						n = names.size();
						numbers.put(key, n);
						names.add(new String[] { before.get(i), after.get(i) });
					}
					name[r][i] = n;
				}
			}
		} finally {
			pool.close();
		}
		return new Segments(P, lines, us, name, names);
	}

	/** The replay's options with the machine edits of {@code edits} made, in order. */
	public static TraceReplay.Options options(TraceReplay.Options options, List<Edit> edits) {
		TraceReplay.Options o = options;
		for (Edit e : edits) {
			if (e instanceof Machine m) {
				o = m.apply(o);
			}
		}
		return o;
	}

	/**
	 * Replays {@code trace} with {@code edits} made.
	 *
	 * @throws EngineException as {@link TraceReplay#replay}
	 */
	public static TraceReplay.Result replay(MpiTrace trace, Segments segments, TraceReplay.Options options,
			List<Edit> edits, EngineMonitor monitor) throws EngineException {
		return TraceReplay.replay(trace, options(options, edits), segments.scale(segments.factors(edits)), monitor);
	}

	/** A growing int array. */
	private static final class IntList {
		private int[] a = new int[16];
		private int n;

		void add(int x) {
			if (n == a.length) {
				a = Arrays.copyOf(a, n * 2);
			}
			a[n++] = x;
		}

		int[] toArray() {
			return Arrays.copyOf(a, n);
		}
	}
}
