package org.perfcast.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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
 * trace line of the first of them standing for the place. Intervals in other states (running, ready, and any state
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
 */
public record WaitingPoints(double threadTime, double end, List<WaitingPoint> points) {

	/** The share from which a waiting point off the critical path is a bottleneck: 1 %. */
	public static final double MIN_SHARE = 0.01;

	public WaitingPoints {
		points = List.copyOf(points);
	}

	/**
	 * One synchronisation point of the program.
	 *
	 * @param at       the source location of its operations ({@code Worker.java:52}, {@code /src/counter.c:21} or a
	 *                 function name), or null for operations recorded without one
	 * @param line     the trace line of the first wait there, 0 if none
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
	 */
	public record WaitingPoint(String at, long line, String kind, String object, int objects, int waits,
			double blocked, double share, double longest, boolean critical, String heldAt, double heldFor) {

		/** The source file {@link #at()} names, or null when it names no line (no location, or a function). */
		public String file() {
			int colon = at == null ? -1 : at.lastIndexOf(':');
			return colon > 0 && sourceLine() > 0 ? at.substring(0, colon) : null;
		}

		/** The source line {@link #at()} names, or 0. */
		public int sourceLine() {
			int colon = at == null ? -1 : at.lastIndexOf(':');
			if (colon <= 0 || !at.substring(colon + 1).matches("[0-9]{1,9}")) {
				return 0;
			}
			return Integer.parseInt(at.substring(colon + 1));
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

	/** The waiting points of {@code simulation} (none when it kept no timelines). */
	public static WaitingPoints of(Simulation simulation) {
		double threadTime = 0;
		double end = 0;
		for (Simulation.ThreadTimeline t : simulation.threads()) {
			if (!t.intervals().isEmpty()) {
				double last = t.intervals().get(t.intervals().size() - 1).end();
				threadTime += last - t.intervals().get(0).start();
				end = Math.max(end, last);
			}
		}
		if (simulation.completion() != null) {
			end = simulation.completion();
		} else if (simulation.deadlock() != null) {
			end = Math.max(end, simulation.deadlock().time());
		}
		Map<String, Set<Double>> resumed = new HashMap<>();
		for (Simulation.PathSegment s : simulation.criticalPath()) {
			if (!s.how().isEmpty()) {
				resumed.computeIfAbsent(s.thread(), k -> new HashSet<>()).add(s.start());
			}
		}
		Holds holds = new Holds(simulation.holds());
		Map<String, Point> points = new LinkedHashMap<>();
		for (int thread = 0; thread < simulation.threads().size(); thread++) {
			Simulation.ThreadTimeline t = simulation.threads().get(thread);
			for (Simulation.Interval i : t.intervals()) {
				if (i.state() != Simulation.State.BLOCKED) {
					continue;
				}
				String[] kindAndObject = kindAndObject(i.detail());
				String key = i.at() != null ? "@" + i.at() : kindAndObject[0] + " " + kindAndObject[1];
				Point point = points.computeIfAbsent(key, k -> new Point(i.at(), i.line()));
				double length = i.end() - i.start();
				point.waits++;
				point.blocked += length;
				point.longest = Math.max(point.longest, length);
				point.byObject.merge(kindAndObject[0] + " " + kindAndObject[1], length, Double::sum);
				point.kinds.putIfAbsent(kindAndObject[0] + " " + kindAndObject[1], kindAndObject);
				Set<Double> starts = resumed.get(t.name());
				point.critical |= starts != null && starts.contains(i.end());
				if (kindAndObject[0].equals("lock")) {
					holds.overlaps(kindAndObject[1], thread, i.start(), i.end(), point.heldAt);
				}
			}
		}
		List<WaitingPoint> result = new ArrayList<>(points.size());
		for (Point p : points.values()) {
			String main = p.byObject.entrySet().stream().max(Map.Entry.<String, Double>comparingByValue()
					.thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder()))).orElseThrow().getKey();
			String[] kindAndObject = p.kinds.get(main);
			Map.Entry<String, Double> held = p.heldAt.entrySet().stream().max(Map.Entry.<String, Double>comparingByValue()
					.thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder()))).orElse(null);
			result.add(new WaitingPoint(p.at, p.line, kindAndObject[0], kindAndObject[1], p.byObject.size(), p.waits,
					p.blocked, threadTime > 0 ? p.blocked / threadTime : 0, p.longest, p.critical,
					held == null || held.getKey().isEmpty() ? null : held.getKey(), held == null ? 0 : held.getValue()));
		}
		result.sort(Comparator.comparingDouble(WaitingPoint::blocked).reversed()
				.thenComparing(w -> w.at() == null ? "" : w.at()).thenComparing(WaitingPoint::what));
		return new WaitingPoints(threadTime, end, result);
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
	static String[] kindAndObject(String detail) {
		String[] words = detail == null ? new String[0] : detail.strip().split("\\s+");
		if (words.length == 0 || words[0].isEmpty()) {
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

	private static String strip(String word) {
		return word.endsWith(",") ? word.substring(0, word.length() - 1) : word;
	}

	/** A waiting point being summed up. */
	private static final class Point {
		final String at;
		final long line;
		int waits;
		double blocked;
		double longest;
		boolean critical;
		final Map<String, Double> byObject = new HashMap<>();
		final Map<String, String[]> kinds = new HashMap<>();
		final Map<String, Double> heldAt = new HashMap<>();

		Point(String at, long line) {
			this.at = at;
			this.line = line;
		}
	}

	/** The holds of each mutex, by start, with the latest end so far (readers of a read-write lock overlap). */
	private static final class Holds {
		private final Map<String, List<Simulation.Hold>> byMutex = new HashMap<>();
		private final Map<String, double[]> latestEnd = new HashMap<>();

		Holds(List<Simulation.Hold> holds) {
			for (Simulation.Hold h : holds) {
				byMutex.computeIfAbsent(h.mutex(), k -> new ArrayList<>()).add(h);
			}
			byMutex.forEach((mutex, list) -> {
				list.sort(Comparator.comparingDouble(Simulation.Hold::start));
				double[] latest = new double[list.size()];
				for (int k = 0; k < latest.length; k++) {
					latest[k] = Math.max(k == 0 ? Double.NEGATIVE_INFINITY : latest[k - 1], list.get(k).end());
				}
				latestEnd.put(mutex, latest);
			});
		}

		/**
		 * Adds to {@code heldAt}, per lock location ("" for none), how long holds of {@code mutex} by threads other
		 * than {@code waiter} overlap [start, end].
		 */
		void overlaps(String mutex, int waiter, double start, double end, Map<String, Double> heldAt) {
			List<Simulation.Hold> list = byMutex.get(mutex);
			if (list == null) {
				return;
			}
			double[] latest = latestEnd.get(mutex);
			int lo = 0;
			int hi = list.size();
			while (lo < hi) { // the first hold that starts at or after the end
				int mid = (lo + hi) >>> 1;
				if (list.get(mid).start() < end) {
					lo = mid + 1;
				} else {
					hi = mid;
				}
			}
			for (int k = lo - 1; k >= 0 && latest[k] > start; k--) {
				Simulation.Hold h = list.get(k);
				double overlap = Math.min(end, h.end()) - Math.max(start, h.start());
				if (h.thread() != waiter && overlap > 0) {
					heldAt.merge(h.at() == null ? "" : h.at(), overlap, Double::sum);
				}
			}
		}
	}
}
