package org.perfcast.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Where the threads of a simulated run wait: its synchronisation points, with how long threads are blocked at each,
 * whether the critical path goes through it, and for locks who held the lock while they waited. This is what holds a
 * program back on the simulated processors; the IDE shows the {@link #bottlenecks()} as warnings on the source lines.
 * <p>
 * Definitions, for a {@link Simulation} of a recording:
 * <ul>
 * <li>A <b>waiting point</b> is the source location ({@code at=}) of a blocking operation: every
 * {@link Simulation.State#BLOCKED BLOCKED} interval of every thread whose operation is recorded there belongs to it.
 * Blocked intervals without a source location are grouped by their kind and object instead ({@code lock m}), the
 * trace line of the earliest of them standing for the place. Intervals in other states (running, ready, and any state
 * added later) are not waits for other threads and are left out.</li>
 * <li>{@link WaitingPoint#blocked() blocked}: the thread-time spent there, the sum of the lengths of its blocked
 * intervals over all threads.</li>
 * <li>{@link WaitingPoint#share() share} = blocked / {@link #threadTime() thread time}, the thread time being the sum
 * over the threads of their lives in the simulation (from their creation to their exit, or to the end of the
 * simulation for a thread that never exits): the fraction of all the threads' time spent waiting there. Eight threads
 * that live through the whole run and each wait half of it at one lock give that lock a share of 50 %.</li>
 * <li>{@link WaitingPoint#critical() critical}: some wait there ends where the critical path goes on in the waiting
 * thread (a segment of {@link Simulation#criticalPath()} of that thread starts when the wait ends): the completion
 * time waited for whatever ended that wait.</li>
 * <li>{@link WaitingPoint#heldAt() heldAt}, for locks: the source location of the lock operation whose holds of the
 * mutex ({@link Simulation#holds()}, by other threads) overlap the waits at this point the longest, and
 * {@link WaitingPoint#heldFor() heldFor} that overlap: the critical section that made the threads wait.</li>
 * </ul>
 * Kinds, from the blocked intervals' details: {@code lock} (a mutex, or a read-write lock to write or read), {@code wait} (waiting for an event's
 * activation), {@code activate} (an activator waiting for its target to accept), {@code join} (a thread),
 * {@code take} (a signal: a semaphore, condition, queue, barrier or latch), {@code idle} (a Client-Server thread
 * between its lists), or the detail's first word for anything else.
 *
 * @param threadTime the threads' total lifetime in the simulation, the denominator of the shares
 * @param end        the end of the simulation: the completion, or the deadlock time
 * @param points     every waiting point, by blocked time, the longest first
 * @param names      the names the trace gives its threads ({@link Simulation#names()}), for the texts
 */
public record WaitingPoints(double threadTime, double end, List<WaitingPoint> points, Map<String, String> names) {

	/** The share from which a waiting point off the critical path is a bottleneck: 1 %. */
	public static final double MIN_SHARE = 0.01;

	public WaitingPoints {
		points = List.copyOf(points);
		names = Map.copyOf(names);
	}

	/** Waiting points of threads without names. */
	public WaitingPoints(double threadTime, double end, List<WaitingPoint> points) {
		this(threadTime, end, points, Map.of());
	}

	/** These points with {@code names} for the threads. */
	public WaitingPoints named(Map<String, String> names) {
		return new WaitingPoints(threadTime, end, points, names);
	}

	/**
	 * What is waited for at {@code w}, threads shown by their names: e.g. "join ping (T3)", "activate X to pong (T2)",
	 * "lock m, held longest at Worker.java:52".
	 */
	public String what(WaitingPoint w) {
		if (names.isEmpty()) {
			return w.what();
		}
		String object = switch (w.kind()) {
		case "join" -> label(w.object());
		case "activate" -> {
			int to = w.object().lastIndexOf(" to ");
			yield to < 0 ? label(w.object()) : w.object().substring(0, to + 4) + label(w.object().substring(to + 4));
		}
		default -> w.object();
		};
		return new WaitingPoint(w.at(), w.line(), w.kind(), object, w.objects(), w.waits(), w.blocked(), w.share(),
				w.longest(), w.critical(), w.heldAt(), w.heldFor()).what();
	}

	/** How thread {@code thread} is shown: "ping (T2)" or "T2". */
	public String label(String thread) {
		return ThreadNames.label(thread, names.get(thread));
	}

	/**
	 * The sentence the IDE's markers and the command line show for {@code w}, threads by their names: e.g. "on 4
	 * processors, threads wait here 38 % of their time (lock m, held longest at Worker.java:52; ping (T2) waits
	 * longest); on the critical path".
	 */
	public String message(WaitingPoint w, int processors) {
		return "on " + processors + (processors == 1 ? " processor" : " processors") + ", threads wait here "
				+ percent(w.share()) + " of their time (" + what(w) + (w.waiter().isEmpty() ? "" : "; "
						+ label(w.waiter()) + " waits longest") + ")" + (w.critical() ? "; on the critical path" : "");
	}

	/**
	 * One synchronisation point of the program.
	 *
	 * @param at       the source location of its operations ({@code Worker.java:52}, {@code /src/counter.c:21} or a
	 *                 function name), or null for operations recorded without one
	 * @param line     the trace line of the earliest wait there (the lowest line among waits that began at once), 0
 *                 if none
	 * @param kind     lock, wait, activate, join, take, idle, ... (see {@link WaitingPoints})
	 * @param object   what is waited for there the longest: the mutex, event, thread or signal ("" if none)
	 * @param objects  how many different objects are waited for there
	 * @param waits    how many times a thread blocked there
	 * @param blocked  the thread-time spent blocked there
	 * @param share    {@code blocked} over the thread time of the run
	 * @param longest  the longest single wait there
	 * @param critical whether the critical path goes through a wait there
	 * @param heldAt   for locks, the location of the lock operation whose holds overlapped the waits the longest, or
	 *                 null (not a lock, or the holds have no location)
	 * @param heldFor  that overlap, 0 if none
	 * @param waiter   the thread blocked there the longest in all (its ID), "" if not known
	 */
	public record WaitingPoint(@Nullable String at, long line, String kind, String object, int objects, int waits,
			double blocked, double share, double longest, boolean critical, @Nullable String heldAt, double heldFor,
			String waiter) {

		/** A waiting point whose waiter is not known. */
		public WaitingPoint(@Nullable String at, long line, String kind, String object, int objects, int waits,
				double blocked, double share, double longest, boolean critical, @Nullable String heldAt,
				double heldFor) {
			this(at, line, kind, object, objects, waits, blocked, share, longest, critical, heldAt, heldFor, "");
		}

		/** The source file {@link #at()} names, or null when it names no line (no location, or a function). */
		public @Nullable String file() {
			SourceLine source = SourceLine.of(at);
			return source == null ? null : source.file();
		}

		/** The source line {@link #at()} names, or 0. */
		public int sourceLine() {
			SourceLine source = SourceLine.of(at);
			return source == null ? 0 : source.line();
		}

		/** What is waited for, e.g. "lock m, held longest at Worker.java:52" or "join T3". */
		public String what() {
			String what = object.isEmpty() ? kind : kind + " " + object;
			if (objects > 1) {
				what += " and " + (objects - 1) + (objects == 2 ? " other" : " others");
			}
			return heldAt == null ? what : what + ", held longest at " + heldAt;
		}

		/**
		 * The sentence the IDE and the command line show, e.g. "on 4 processors, threads wait here 38 % of their time
		 * (lock m, held longest at Worker.java:52); on the critical path".
		 */
		public String message(int processors) {
			return "on " + processors + (processors == 1 ? " processor" : " processors") + ", threads wait here "
					+ percent(share) + " of their time (" + what() + ")" + (critical ? "; on the critical path" : "");
		}
	}

	/**
	 * The waiting points of {@code simulation}, summed up as it ran (so also for a run whose timelines are kept only
	 * as a {@link Simulation.Summary}); none when it kept no timelines.
	 */
	public static WaitingPoints of(Simulation simulation) {
		WaitingPoints points = simulation.waitingPoints();
		Double completion = simulation.completion();
		return points != null ? points : new WaitingPoints(0, completion != null ? completion : 0, List.of());
	}

	/**
	 * Sums up waiting points as a simulation goes, in memory bounded by what is live: each blocked interval when it
	 * ends ({@link #blocked}), each hold of a mutex when it is released ({@link #hold}, before the waits it ends),
	 * and at the end the points the critical path goes through ({@link #critical}). Holds are kept only while a wait
	 * that they may overlap is open ({@link #forget}).
	 */
	static final class Accumulator {
		private final Map<String, Point> points = new LinkedHashMap<>();
		/** The holds kept, by mutex and then by the location of their lock operation ("" for none). */
		private final Map<String, Map<String, HeldAt>> holds = new HashMap<>();
		private int held;

		/** {@code h} was released; holds are given in the order of their ends. */
		void hold(Simulation.Hold h) {
			holds.computeIfAbsent(h.mutex(), k -> new HashMap<>()).computeIfAbsent(h.at() == null ? "" : h.at(),
					k -> new HeldAt()).add(h);
			held++;
		}

		/** How many holds are kept. */
		int held() {
			return held;
		}

		/** Drops the holds that ended at or before {@code before}, which no wait still to end can overlap. */
		void forget(double before) {
			for (var mutex = holds.values().iterator(); mutex.hasNext();) {
				Map<String, HeldAt> byAt = mutex.next();
				for (var at = byAt.values().iterator(); at.hasNext();) {
					HeldAt list = at.next();
					held -= list.forget(before);
					if (list.isEmpty()) {
						at.remove();
					}
				}
				if (byAt.isEmpty()) {
					mutex.remove();
				}
			}
		}

		/**
		 * Thread {@code thread} was blocked from {@code start} to {@code end} in an operation at {@code at} (trace
		 * line {@code line}) as {@code detail} says; returns the key of its waiting point.
		 */
		String blocked(int thread, @Nullable String at, long line, String detail, double start, double end) {
			String[] kindAndObject = kindAndObject(detail);
			String object = kindAndObject[0] + " " + kindAndObject[1];
			String key = at != null ? "@" + at : object;
			Point point = points.computeIfAbsent(key, k -> new Point(at, line, start));
			if (start < point.start || start == point.start && line < point.line) {
				point.start = start;
				point.line = line;
			}
			double length = end - start;
			point.waits++;
			point.blocked += length;
			point.longest = Math.max(point.longest, length);
			point.byObject.merge(object, length, Double::sum);
			point.byThread.merge(thread, length, Double::sum);
			point.kinds.putIfAbsent(object, kindAndObject);
			if (kindAndObject[0].equals("lock")) {
				Map<String, HeldAt> byAt = holds.get(kindAndObject[1]);
				if (byAt != null) {
					byAt.forEach((heldAt, list) -> {
						double overlap = list.overlap(thread, start, end);
						if (overlap > 0) {
							point.heldAt.merge(heldAt, overlap, Double::sum);
						}
					});
				}
			}
			return key;
		}

		/** The critical path goes on where a wait at point {@code key} ended. */
		void critical(String key) {
			Point point = points.get(key);
			if (point != null) {
				point.critical = true;
			}
		}

		/**
		 * The waiting points, with shares of {@code threadTime}, of a run that ended at {@code end}; thread {@code t}
		 * is {@code threads.apply(t)}.
		 */
		WaitingPoints finish(double threadTime, double end, java.util.function.IntFunction<String> threads) {
			List<WaitingPoint> result = new ArrayList<>(points.size());
			for (Point p : points.values()) {
				String main = p.byObject.entrySet().stream().max(Map.Entry.<String, Double>comparingByValue()
						.thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder()))).orElseThrow().getKey();
				String[] kindAndObject = p.kinds.get(main);
				Map.Entry<String, Double> heldLongest = p.heldAt.entrySet().stream().max(Map.Entry
						.<String, Double>comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator
								.reverseOrder()))).orElse(null);
				result.add(new WaitingPoint(p.at, p.line, kindAndObject[0], kindAndObject[1], p.byObject.size(),
						p.waits, p.blocked, threadTime > 0 ? p.blocked / threadTime : 0, p.longest, p.critical,
						heldLongest == null || heldLongest.getKey().isEmpty() ? null : heldLongest.getKey(),
						heldLongest == null ? 0 : heldLongest.getValue(), p.byThread.entrySet().stream()
								.max(Map.Entry.<Integer, Double>comparingByValue().thenComparing(Map.Entry
										.comparingByKey(Comparator.reverseOrder())))
								.map(e -> threads.apply(e.getKey())).orElse("")));
			}
			result.sort(Comparator.comparingDouble(WaitingPoint::blocked).reversed()
					.thenComparing(w -> w.at() == null ? "" : w.at()).thenComparing(WaitingPoint::what));
			return new WaitingPoints(threadTime, end, result);
		}
	}

	/**
	 * The waiting points that hold the program back: those on the critical path and those with a share of at least
	 * {@link #MIN_SHARE}, longest first.
	 */
	public List<WaitingPoint> bottlenecks() {
		return points.stream().filter(p -> p.critical() || p.share() >= MIN_SHARE).toList();
	}

	/** A share as a percentage: "38 %", "4.5 %", "< 0.1 %". */
	public static String percent(double share) {
		double value = share * 100;
		if (value >= 9.95) {
			return String.format(Locale.ROOT, "%.0f %%", value);
		}
		return value >= 0.05 ? String.format(Locale.ROOT, "%.1f %%", value) : "< 0.1 %";
	}

	/**
	 * The kind of a blocked interval and what it waits for, from its detail (as {@link TraceSimulator} writes it:
	 * "locking m, held by T2", "joining T3", "waiting for X from T2", "activating T2 with X", "taking s posted by T1",
	 * "between lists, ...").
	 */
	public static String[] kindAndObject(@Nullable String detail) {
		String[] words = firstWords(detail == null ? "" : detail.strip(), 4);
		if (words.length == 0) {
			return new String[] { "wait", "" };
		}
		return switch (words[0]) {
		case "locking" -> new String[] { "lock", words.length > 1 ? strip(words[1]) : "" };
		case "joining" -> new String[] { "join", words.length > 1 ? words[1] : "" };
		case "waiting" -> new String[] { "wait", words.length > 2 && words[1].equals("for") ? words[2] : "" };
		case "activating" -> new String[] { "activate", words.length > 3 ? words[3] + " to " + words[1]
				: words.length > 1 ? words[1] : "" };
		case "taking" -> new String[] { "take", words.length > 1 ? words[1] : "" };
		case "between" -> new String[] { "idle", "" };
		default -> new String[] { strip(words[0]), words.length > 1 ? strip(words[1]) : "" };
		};
	}

	/**
	 * The first {@code most} words of {@code text}, split as by {@code \\s+} (this runs once per wait: no regular
	 * expression).
	 */
	private static String[] firstWords(String text, int most) {
		String[] words = new String[most];
		int count = 0;
		int i = 0;
		int n = text.length();
		while (count < most) {
			while (i < n && isSpace(text.charAt(i))) {
				i++;
			}
			if (i == n) {
				break;
			}
			int start = i;
			while (i < n && !isSpace(text.charAt(i))) {
				i++;
			}
			words[count++] = text.substring(start, i);
		}
		return count == most ? words : Arrays.copyOf(words, count);
	}

	private static boolean isSpace(char c) {
		return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
	}

	private static String strip(String word) {
		return word.endsWith(",") ? word.substring(0, word.length() - 1) : word;
	}

	/**
	 * The holds of one mutex by the lock operations at one location, in the order of their ends, with the running
	 * sum of their lengths, so that what they overlap of a wait costs a binary search and the holds at its two ends,
	 * not one step per hold during it (thousands of threads queued on one mutex each wait through thousands of holds).
	 */
	private static final class HeldAt {
		private double[] starts = new double[8];
		private double[] ends = new double[8];
		private int[] threads = new int[8];
		/** {@code sums[i]}: the lengths of the holds from {@code first} to {@code i - 1}. */
		private double[] sums = new double[9];
		private int first;
		private int size;
		/** Whether the starts are in order too, as they are when the holds do not overlap (not readers'). */
		private boolean startsInOrder = true;

		void add(Simulation.Hold h) {
			if (size == starts.length) {
				int live = size - first;
				int capacity = Math.max(8, 2 * live);
				starts = Arrays.copyOfRange(starts, first, first + capacity);
				ends = Arrays.copyOfRange(ends, first, first + capacity);
				threads = Arrays.copyOfRange(threads, first, first + capacity);
				double base = sums[first];
				double[] rebased = new double[capacity + 1];
				for (int i = 0; i <= live; i++) {
					rebased[i] = sums[first + i] - base;
				}
				sums = rebased;
				size = live;
				first = 0;
			}
			startsInOrder &= size == first || h.start() >= starts[size - 1];
			starts[size] = h.start();
			ends[size] = h.end();
			threads[size] = h.thread();
			sums[size + 1] = sums[size] + (h.end() - h.start());
			size++;
		}

		/** Drops the holds that ended at or before {@code before}; returns how many. */
		int forget(double before) {
			int was = first;
			while (first < size && ends[first] <= before) {
				first++;
			}
			int dropped = first - was;
			if (first == size) {
				first = size = 0;
				sums[0] = 0;
				startsInOrder = true;
			}
			return dropped;
		}

		boolean isEmpty() {
			return size == first;
		}

		/** The time these holds, other than {@code thread}'s, overlap [{@code start}, {@code end}]. */
		double overlap(int thread, double start, double end) {
			int low = first;
			int high = size;
			while (low < high) { // the first hold that ends after the wait began
				int middle = (low + high) >>> 1;
				if (ends[middle] > start) {
					high = middle;
				} else {
					low = middle + 1;
				}
			}
			if (!startsInOrder) {
				return overlap(thread, start, end, low, size);
			}
			int inside = low; // from here on, holds that began in the wait ...
			while (inside < size && starts[inside] < start) {
				inside++;
			}
			int after = size; // ... and, up to here, ended in it
			while (after > inside && ends[after - 1] > end) {
				after--;
			}
			// whole holds within the wait: none is the waiting thread's, which cannot lock the mutex it waits for
			return overlap(thread, start, end, low, inside) + (sums[after] - sums[inside])
					+ overlap(thread, start, end, after, size);
		}

		/** The time holds {@code from} to {@code to - 1}, other than {@code thread}'s, overlap the wait, one by one. */
		private double overlap(int thread, double start, double end, int from, int to) {
			double sum = 0;
			for (int i = from; i < to; i++) {
				double overlap = Math.min(end, ends[i]) - Math.max(start, starts[i]);
				if (threads[i] != thread && overlap > 0) {
					sum += overlap;
				}
			}
			return sum;
		}
	}

	/** A waiting point being summed up. */
	private static final class Point {
		final @Nullable String at;
		/** The trace line and start of its earliest wait. */
		long line;
		double start;
		int waits;
		double blocked;
		double longest;
		boolean critical;
		final Map<String, Double> byObject = new HashMap<>();
		final Map<String, String[]> kinds = new HashMap<>();
		final Map<String, Double> heldAt = new HashMap<>();
		/** The time blocked there by thread. */
		final Map<Integer, Double> byThread = new HashMap<>();

		Point(@Nullable String at, long line, double start) {
			this.at = at;
			this.line = line;
			this.start = start;
		}
	}
}
