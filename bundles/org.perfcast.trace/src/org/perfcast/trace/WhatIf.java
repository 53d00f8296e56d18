package org.perfcast.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EditLists;
import org.perfcast.engine.EngineMonitor;

/**
 * What-if analysis of a recording: the recorded threads and synchronisation with some of the work made faster, a
 * lock removed or split, simulated again. It answers "what should I change, and what does it gain" from one
 * recording, for any processor count: the virtual speed-ups of causal profiling (Curtsinger and Berger, Coz, SOSP
 * 2015) made exactly in the simulation instead of by slowing the other threads of a running program.
 * <p>
 * A recording's work is the processor time of each thread between two of its events; a {@link Location} selects
 * some of it: the work between two call sites, the work leading up to a call, a lock's critical sections, a
 * thread. The edits are made on copies of the lists; the recording itself is never changed.
 */
public final class WhatIf {

	/** The most parts a lock may be split into. */
	public static final int MAX_PARTS = 1 << 16;

	private WhatIf() {
	}

	/** Where a program spends its time, as a what-if names it. */
	public sealed interface Location permits Interval, Call, Lock, Region, ThreadWork {
		/** How the location is written on the command line ({@link WhatIf#location(String)} reads it back). */
		String key();

		/** A phrase for messages: "the critical sections of lock m". */
		String label();
	}

	/** The work of a thread between an event at {@code from} and its next event, at {@code to}. */
	public record Interval(String from, String to) implements Location {
		@Override
		public String key() {
			return from + ".." + to;
		}

		@Override
		public String label() {
			return "the code between " + from + " and " + to;
		}
	}

	/** The work leading up to the events at {@code at} (a file and line, or a function), from each previous event. */
	public record Call(String at) implements Location {
		@Override
		public String key() {
			return at;
		}

		@Override
		public String label() {
			return "the code before " + at;
		}
	}

	/**
	 * The critical sections of mutex {@code mutex} (its name, or the call site that locks it): the work done while
	 * holding it.
	 */
	public record Lock(String mutex) implements Location {
		@Override
		public String key() {
			return "lock " + mutex;
		}

		@Override
		public String label() {
			return "the critical sections of lock " + mutex;
		}
	}

	/**
	 * The computation of OpenMP parallel regions: each thread's work up to each barrier of region {@code region} (its
	 * number in the trace's {@code omp.fork.N}), or of every region forked at the call site {@code region}.
	 */
	public record Region(String region) implements Location {
		@Override
		public String key() {
			return "region " + region;
		}

		@Override
		public String label() {
			return region.chars().allMatch(Character::isDigit) ? "OpenMP region " + region
					: "the OpenMP regions at " + region;
		}
	}

	/** All the work of thread {@code thread}. */
	public record ThreadWork(String thread) implements Location {
		@Override
		public String key() {
			return "thread " + thread;
		}

		@Override
		public String label() {
			return "thread " + thread;
		}
	}

	/** A change to the recorded program. */
	public sealed interface Edit permits SpeedUp, RemoveLock, SplitLock {
	}

	/**
	 * The work at {@code where} made faster: {@code speedup} of its time removed (Coz's virtual speed-up: 0 changes
	 * nothing, 0.5 halves it, 1 removes it).
	 */
	public record SpeedUp(Location where, double speedup) implements Edit {
		public SpeedUp {
			if (!(speedup >= 0 && speedup <= 1)) {
				throw new IllegalArgumentException("a speed-up is a fraction of the time removed, from 0 to 1, not "
						+ speedup);
			}
		}
	}

	/** Lock {@code mutex} removed: its critical sections no longer exclude each other. */
	public record RemoveLock(String mutex) implements Edit {
	}

	/**
	 * Lock {@code mutex} split into {@code parts} locks. Each thread's critical sections take the parts in turn (as
	 * accesses spread evenly over the stripes of a striped lock), or, {@code hashed}, each section a part drawn as a
	 * hash of its thread and number would (as a program that picks the stripe by a key's hash: two threads collide
	 * with probability 1 / parts, which taking turns avoids); the draw is fixed, so the result is deterministic.
	 */
	public record SplitLock(String mutex, int parts, boolean hashed) implements Edit {
		public SplitLock {
			if (parts < 1 || parts > MAX_PARTS) {
				throw new IllegalArgumentException("a lock is split into 1 to " + MAX_PARTS + " parts, not " + parts);
			}
		}

		/** The parts taken in turn. */
		public SplitLock(String mutex, int parts) {
			this(mutex, parts, false);
		}

		/**
		 * {@code K} (in turn) or {@code K:hash}, as the command line and the trace engine write the parts.
		 *
		 * @throws IllegalArgumentException if it is neither
		 */
		public static SplitLock of(String mutex, String parts) {
			String p = parts.strip();
			boolean hashed = p.endsWith(":hash");
			return new SplitLock(mutex, Integer.parseInt(hashed ? p.substring(0, p.length() - 5) : p), hashed);
		}

		/** The part (0 to parts - 1) of thread t's n-th critical section. */
		int part(int t, long n) {
			if (!hashed) {
				return (int) ((n + t) % parts);
			}
			long z = n * 0x9E3779B97F4A7C15L + (t + 1) * 0xBF58476D1CE4E5B9L; // SplitMix64's finaliser
			z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
			z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
			z ^= z >>> 31;
			return (int) Long.remainderUnsigned(z, parts);
		}
	}

	/**
	 * Reads a location as the command line writes it: {@code lock M}, {@code thread T}, {@code FROM..TO} (two call
	 * sites), else a call site ({@code FILE:LINE} or a function).
	 *
	 * @throws IllegalArgumentException if it is empty
	 */
	public static Location location(String text) {
		String t = text.strip();
		if (t.startsWith("lock ") && t.length() > 5) {
			return new Lock(t.substring(5).strip());
		}
		if (t.startsWith("region ") && t.length() > 7) {
			return new Region(t.substring(7).strip());
		}
		if (t.startsWith("thread ") && t.length() > 7) {
			return new ThreadWork(t.substring(7).strip());
		}
		int dots = t.indexOf("..");
		if (dots > 0 && dots + 2 < t.length()) {
			return new Interval(t.substring(0, dots), t.substring(dots + 2));
		}
		if (t.isEmpty() || t.equals("lock") || t.equals("thread")) {
			throw new IllegalArgumentException("a location is FILE:LINE, FUNCTION, FROM..TO, 'lock M', 'region R' or "
					+ "'thread T', not '" + text + "'");
		}
		return new Call(t);
	}

	/**
	 * Reads edits as the trace engine's option {@code whatIf} writes them, separated by {@code ;}: {@code remove-lock
	 * M}, {@code split-lock M=K}, {@code faster LOCATION=S}.
	 *
	 * @throws IllegalArgumentException at the first that is none of these
	 */
	public static List<Edit> edits(String text) {
		return EditLists.parse(text, "what-if edit: remove-lock M, split-lock M=K or M=K:hash (K from 1 to " + MAX_PARTS
				+ ") or faster LOCATION=S (S from 0 to 1), separated by ';'", (verb, rest) -> {
					int eq = rest.lastIndexOf('=');
					return switch (verb) {
					case "remove-lock" -> new RemoveLock(nonEmpty(rest));
					case "split-lock" -> SplitLock.of(nonEmpty(rest.substring(0, eq)), rest.substring(eq + 1));
					case "faster" -> new SpeedUp(location(rest.substring(0, eq)), Double.parseDouble(rest.substring(eq + 1)
							.strip()));
					default -> throw new IllegalArgumentException();
					};
				});
	}

	private static String nonEmpty(String s) {
		if (s.isBlank()) {
			throw new IllegalArgumentException();
		}
		return s.strip();
	}

	/**
	 * Simulates {@code recording} with {@code edits} made, in order.
	 *
	 * @throws IllegalArgumentException if an edit names a lock, thread or place the recording does not have
	 */
	public static Simulation simulate(Recording recording, List<Edit> edits, TargetMachine machine,
			SimulationModel model, TraceSimulator.Options options, EngineMonitor monitor) {
		return TraceSimulator.simulate(apply(recording, edits), machine, model, options, monitor);
	}

	/** The work {@code where} selects in {@code recording} with {@code edits} made: a location's weight. */
	public static double work(Recording recording, List<Edit> edits, Location where) {
		return apply(recording, edits).work(where);
	}

	/** The lists of {@code recording} with {@code edits} made. */
	static Edited apply(Recording recording, List<Edit> edits) {
		Edited e = new Edited(recording);
		for (Edit edit : edits) {
			switch (edit) {
			case SpeedUp s -> e.speedUp(s.where(), s.speedup());
			case RemoveLock r -> e.relock(r.mutex(), 0, null);
			case SplitLock s -> e.relock(s.mutex(), s.parts(), s);
			}
		}
		return e;
	}

	/** N of a signal {@code prefix}N or {@code prefix}N.K ({@code omp.fork.3}, {@code omp.barrier.3.0}), else -1. */
	static int regionOf(String signal, String prefix) {
		if (!signal.startsWith(prefix)) {
			return -1;
		}
		int end = signal.indexOf('.', prefix.length());
		String n = signal.substring(prefix.length(), end < 0 ? signal.length() : end);
		return !n.isEmpty() && n.length() < 10 && n.chars().allMatch(Character::isDigit) ? Integer.parseInt(n) : -1;
	}

	/** A recording's lists with some of them changed: copies of the changed ones, the others shared. */
	static final class Edited implements ThreadLists {
		private final Recording recording;
		private final ThreadProgram[] programs;
		private final boolean[] own;
		private final boolean[] ownMutexes;
		/** The mutexes the edits added: the recorded mutex each stands for, and its name. */
		private final List<Integer> origin = new ArrayList<>();
		private final List<String> addedNames = new ArrayList<>();
		/** A lock removed: the first of its added mutexes, one per critical section, and how many. */
		private final Map<Integer, int[]> removed = new HashMap<>();
		private final Map<String, Integer> mutexIndex = new LinkedHashMap<>();
		/** Mutexes named by the call site that locks them, as found. */
		private final Map<String, Integer> bySite = new HashMap<>();

		Edited(Recording recording) {
			this.recording = recording;
			int n = recording.threadCount();
			this.programs = new ThreadProgram[n];
			this.own = new boolean[n];
			this.ownMutexes = new boolean[n];
			for (int t = 0; t < n; t++) {
				programs[t] = recording.program(t);
			}
			for (int m = 0; m < recording.mutexCount(); m++) {
				mutexIndex.putIfAbsent(recording.mutexName(m), m);
			}
		}

		private ThreadProgram writable(int t, boolean mutexes) {
			if (!own[t] || (mutexes && !ownMutexes[t])) {
				programs[t] = programs[t].copy(mutexes || ownMutexes[t]);
				own[t] = true;
				ownMutexes[t] |= mutexes;
			}
			return programs[t];
		}

		/** The recorded mutex that {@code m} (recorded or added) stands for. */
		int recorded(int m) {
			int base = recording.mutexCount();
			return m < base ? m : origin.get(m - base);
		}

		/** Mutex {@code name}, or the one mutex locked at the call site {@code name} (a file and line). */
		private int mutex(String name) {
			Integer m = mutexIndex.containsKey(name) ? mutexIndex.get(name) : bySite.get(name);
			if (m == null && SourceLine.of(name) != null) {
				java.util.Set<Integer> at = new java.util.TreeSet<>();
				for (ThreadProgram p : programs) {
					for (int i = 0; i < p.size(); i++) {
						EventKind k = p.kind(i);
						if ((k == EventKind.LOCK || k == EventKind.RLOCK) && name.equals(p.at(i))) {
							at.add(recorded(p.arg(i)));
						}
					}
				}
				if (at.size() > 1) {
					throw new IllegalArgumentException("the call at " + name + " locks " + at.size() + " mutexes ("
							+ String.join(", ", at.stream().limit(10).map(recording::mutexName).toList())
							+ "): name one of them");
				}
				m = at.isEmpty() ? null : at.iterator().next();
				if (m != null) {
					bySite.put(name, m); // found once, not by a scan per thread
				}
			}
			if (m == null) {
				throw new IllegalArgumentException("the recording has no lock " + name + (mutexIndex.isEmpty() ? ""
						: " (its locks: " + String.join(", ", mutexIndex.keySet().stream().limit(20).toList())
								+ (mutexIndex.size() > 20 ? ", ..." : "") + ")"));
			}
			return m;
		}

		/** The work {@code where} selects in these lists. */
		double work(Location where) {
			double sum = 0;
			for (int t = 0; t < programs.length; t++) {
				ThreadProgram p = programs[t];
				boolean[] in = selects(where, t);
				for (int i = 0; i < p.size(); i++) {
					if (in[i]) {
						sum += p.work(i);
					}
				}
			}
			return sum;
		}

		/** Which operations of thread {@code t} the work before which {@code where} selects. */
		boolean[] selects(Location where, int t) {
			ThreadProgram p = programs[t];
			boolean[] in = new boolean[p.size()];
			switch (where) {
			case Call c -> {
				for (int i = 0; i < p.size(); i++) {
					in[i] = c.at().equals(p.at(i));
				}
			}
			case Interval v -> {
				for (int i = 1; i < p.size(); i++) {
					in[i] = v.to().equals(p.at(i)) && v.from().equals(p.at(i - 1));
				}
			}
			case Lock l -> {
				int m = mutex(l.mutex());
				int depth = 0;
				for (int i = 0; i < p.size(); i++) {
					in[i] = depth > 0;
					EventKind k = p.kind(i);
					if ((k == EventKind.LOCK || k == EventKind.RLOCK) && recorded(p.arg(i)) == m) {
						depth++;
					} else if (k == EventKind.UNLOCK && recorded(p.arg(i)) == m && depth > 0) {
						depth--;
					}
				}
			}
			case Region r -> {
				java.util.Set<Integer> numbers = regions(r.region());
				for (int i = 0; i < p.size(); i++) {
					EventKind k = p.kind(i);
					if (k == EventKind.POST || k == EventKind.TAKE) {
						int n = regionOf(recording.eventName(p.event(i)), "omp.barrier.");
						in[i] = n >= 0 && numbers.contains(n);
					}
				}
			}
			case ThreadWork w -> {
				int u = recording.thread(w.thread());
				if (u < 0) {
					throw new IllegalArgumentException("the recording has no thread " + w.thread() + " (its threads: "
							+ String.join(", ", recording.threads().stream().limit(20).toList())
							+ (recording.threadCount() > 20 ? ", ..." : "") + ")");
				}
				java.util.Arrays.fill(in, u == t);
			}
			}
			return in;
		}

		/** The numbers of the OpenMP regions {@code region} names: a number, or the call site of their forks. */
		java.util.Set<Integer> regions(String region) {
			if (!region.isEmpty() && region.chars().allMatch(Character::isDigit) && region.length() < 10) {
				return java.util.Set.of(Integer.parseInt(region));
			}
			java.util.Set<Integer> numbers = new java.util.TreeSet<>();
			for (ThreadProgram p : programs) {
				for (int i = 0; i < p.size(); i++) {
					if (p.kind(i) == EventKind.POST && region.equals(p.at(i))) {
						int n = regionOf(recording.eventName(p.event(i)), "omp.fork.");
						if (n >= 0) {
							numbers.add(n);
						}
					}
				}
			}
			return numbers;
		}

		void speedUp(Location where, double speedup) {
			boolean any = false;
			for (int t = 0; t < programs.length; t++) {
				boolean[] in = selects(where, t);
				ThreadProgram p = null;
				for (int i = 0; i < in.length; i++) {
					if (in[i]) {
						any = true;
						if (p == null) {
							p = writable(t, false);
						}
						p.setWork(i, p.work(i) * (1 - speedup));
					}
				}
			}
			if (!any && !(where instanceof Lock) && !(where instanceof ThreadWork)) {
				throw new IllegalArgumentException("the recording has no work at " + where.key() + ": a location is a "
						+ "recorded call site (at=), two of them (FROM..TO), 'lock M', 'region R' (an OpenMP region's "
						+ "number or call site) or 'thread T'");
			}
		}

		/**
		 * Gives each critical section of {@code name} one of {@code parts} new mutexes, the one {@code split} says;
		 * parts 0: one of its own.
		 */
		void relock(String name, int parts, @Nullable SplitLock split) {
			int m = mutex(name);
			int base = recording.mutexCount();
			int first = base + origin.size();
			if (parts > 0) {
				for (int k = 1; k <= parts; k++) {
					origin.add(m);
					addedNames.add(name + " (part " + k + " of " + parts + ")");
				}
			}
			int sections = 0;
			for (int t = 0; t < programs.length; t++) {
				ThreadProgram p = programs[t];
				List<Integer> open = new ArrayList<>();
				int n = 0;
				for (int i = 0; i < p.size(); i++) {
					EventKind k = p.kind(i);
					int a = k == EventKind.LOCK || k == EventKind.RLOCK || k == EventKind.UNLOCK ? p.arg(i) : -1;
					if (a < 0 || recorded(a) != m) {
						continue;
					}
					if (k == EventKind.UNLOCK) {
						if (!open.isEmpty()) {
							writable(t, true).setMutex(i, open.remove(open.size() - 1));
						}
						continue;
					}
					int to;
					if (parts > 0) {
						to = first + (split != null ? split.part(t, n++) : (int) ((n++ + (long) t) % parts));
					} else {
						to = first + sections++;
						origin.add(m);
						addedNames.add(null);
					}
					open.add(to);
					writable(t, true).setMutex(i, to);
				}
			}
			if (parts == 0) {
				removed.put(first, new int[] { m, sections });
			}
		}

		@Override
		public int threadCount() {
			return programs.length;
		}

		@Override
		public String threadName(int t) {
			return recording.threadName(t);
		}

		@Override
		public ThreadNames names() {
			return recording.names();
		}

		@Override
		public int rank(int t) {
			return recording.rank(t);
		}

		@Override
		public ThreadProgram program(int t) {
			return programs[t];
		}

		@Override
		public String eventName(int e) {
			return recording.eventName(e);
		}

		@Override
		public String mutexName(int m) {
			int base = recording.mutexCount();
			if (m < base) {
				return recording.mutexName(m);
			}
			@Nullable
			String name = addedNames.get(m - base);
			return name != null ? name : recording.mutexName(origin.get(m - base)) + " (removed: section "
					+ sectionOf(m) + ")";
		}

		private int sectionOf(int m) {
			for (Map.Entry<Integer, int[]> r : removed.entrySet()) {
				if (m >= r.getKey() && m < r.getKey() + r.getValue()[1]) {
					return m - r.getKey() + 1;
				}
			}
			return 0;
		}

		@Override
		public boolean has(int t, int i) {
			return i < programs[t].size();
		}

		@Override
		public int available(int t, int i, int release) {
			return programs[t].size();
		}

		@Override
		public void finished(int t) {
			// the lists are kept
		}

		@Override
		public void readToEnd() {
			// nothing to read
		}
	}
}
