package org.perfcast.trace.tests;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.trace.Simulation;
import org.perfcast.trace.WaitingPoints;
import org.perfcast.trace.WaitingPoints.WaitingPoint;

/**
 * The waiting points of a simulation computed after it, from its whole timelines, holds and critical path: the
 * oracle for the ones the simulator sums up as it goes. A point's line is that of its earliest wait (the lowest
 * among waits that began at once).
 */
final class ReferenceWaitingPoints {

	private ReferenceWaitingPoints() {
	}

	static WaitingPoints of(Simulation simulation) {
		double threadTime = 0;
		double end = 0;
		for (Simulation.ThreadTimeline t : simulation.threads()) {
			if (!t.intervals().isEmpty()) {
				double last = t.intervals().get(t.intervals().size() - 1).end();
				threadTime += last - t.intervals().get(0).start();
				end = Math.max(end, last);
			}
		}
		end = simulation.completion() != null ? simulation.completion() : Math.max(end, simulation.deadlock().time());
		Map<String, Set<Double>> resumed = new HashMap<>();
		for (Simulation.PathSegment s : simulation.criticalPath()) {
			if (!s.how().isEmpty()) {
				resumed.computeIfAbsent(s.thread(), k -> new HashSet<>()).add(s.start());
			}
		}
		record Wait(int thread, String name, Simulation.Interval interval) {
		}
		List<Wait> waits = new ArrayList<>();
		for (int thread = 0; thread < simulation.threads().size(); thread++) {
			Simulation.ThreadTimeline t = simulation.threads().get(thread);
			for (Simulation.Interval i : t.intervals()) {
				if (i.state() == Simulation.State.BLOCKED) {
					waits.add(new Wait(thread, t.name(), i));
				}
			}
		}
		waits.sort(Comparator.comparingDouble((Wait w) -> w.interval().end()).thenComparingDouble(w -> w.interval()
				.start()));
		Map<String, Point> points = new LinkedHashMap<>();
		for (Wait w : waits) {
			Simulation.Interval i = w.interval();
			String[] kindAndObject = WaitingPoints.kindAndObject(i.detail());
			String object = kindAndObject[0] + " " + kindAndObject[1];
			String key = i.at() != null ? "@" + i.at() : object;
			Point point = points.computeIfAbsent(key, k -> new Point(i.at(), i.line(), i.start()));
			if (i.start() < point.start || i.start() == point.start && i.line() < point.line) {
				point.start = i.start();
				point.line = i.line();
			}
			double length = i.end() - i.start();
			point.waits++;
			point.blocked += length;
			point.longest = Math.max(point.longest, length);
			point.byObject.merge(object, length, Double::sum);
			point.byThread.merge(w.thread(), length, Double::sum);
			point.kinds.putIfAbsent(object, kindAndObject);
			Set<Double> starts = resumed.get(w.name());
			point.critical |= starts != null && starts.contains(i.end());
			if (kindAndObject[0].equals("lock")) {
				for (Simulation.Hold h : simulation.holds()) {
					double overlap = Math.min(i.end(), h.end()) - Math.max(i.start(), h.start());
					if (h.mutex().equals(kindAndObject[1]) && h.thread() != w.thread() && overlap > 0) {
						point.heldAt.merge(h.at() == null ? "" : h.at(), overlap, Double::sum);
					}
				}
			}
		}
		List<WaitingPoint> result = new ArrayList<>();
		for (Point p : points.values()) {
			String main = max(p.byObject);
			String held = max(p.heldAt);
			String[] kindAndObject = p.kinds.get(main);
			result.add(new WaitingPoint(p.at, p.line, kindAndObject[0], kindAndObject[1], p.byObject.size(), p.waits,
					p.blocked, threadTime > 0 ? p.blocked / threadTime : 0, p.longest, p.critical,
					held == null || held.isEmpty() ? null : held, held == null ? 0 : p.heldAt.get(held),
					p.byThread.entrySet().stream().max(Map.Entry.<Integer, Double>comparingByValue().thenComparing(
							Map.Entry.comparingByKey(Comparator.reverseOrder()))).map(e -> simulation.threads().get(
									e.getKey()).name()).orElse("")));
		}
		result.sort(Comparator.comparingDouble(WaitingPoint::blocked).reversed()
				.thenComparing(w -> w.at() == null ? "" : w.at()).thenComparing(WaitingPoint::what));
		return new WaitingPoints(threadTime, end, result);
	}

	/** The key with the largest value, the first in reverse order among equals; null for none. */
	private static String max(Map<String, Double> values) {
		return values.entrySet().stream().max(Map.Entry.<String, Double>comparingByValue().thenComparing(Map.Entry
				.comparingByKey(Comparator.reverseOrder()))).map(Map.Entry::getKey).orElse(null);
	}

	private static final class Point {
		final String at;
		long line;
		double start;
		int waits;
		double blocked;
		double longest;
		boolean critical;
		final Map<String, Double> byObject = new HashMap<>();
		final Map<String, String[]> kinds = new HashMap<>();
		final Map<String, Double> heldAt = new HashMap<>();
		final Map<Integer, Double> byThread = new HashMap<>();

		Point(String at, long line, double start) {
			this.at = at;
			this.line = line;
			this.start = start;
		}
	}
}
