package org.perfcast.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.VirtualSpeedUps;

/**
 * A causal profile from one recording (Curtsinger and Berger, "Coz: Finding Code that Counts with Causal
 * Profiling", SOSP 2015): for each location, the program's speed-up against the location's own virtual speed-up,
 * each point a simulation of the recording with that location's work made faster ({@link WhatIf.SpeedUp}).
 * Locations are ranked by the program's speed-up when theirs is {@value #RANKED_AT}: which code to make faster
 * first, and what it gains. The simulations are independent and run on several threads; the result does not
 * depend on how many.
 */
public final class CausalProfile {

	/** The location speed-up the ranking compares locations at: their time halved. */
	public static final double RANKED_AT = 0.5;

	/** The most simulations one profile may ask for. */
	public static final int MAX_SIMULATIONS = 100_000;

	private CausalProfile() {
	}

	/** The speed-ups 0, 0.1, ..., 1. */
	public static double[] defaultSpeedups() {
		double[] s = new double[11];
		for (int i = 0; i < s.length; i++) {
			s[i] = i / 10.0;
		}
		return s;
	}

	/**
	 * One point of a curve.
	 *
	 * @param speedup    the location's virtual speed-up, the fraction of its time removed
	 * @param completion the program's simulated time; null when the simulation deadlocked
	 */
	public record Point(double speedup, @Nullable Double completion) {
	}

	/**
	 * A location's curve.
	 *
	 * @param location where
	 * @param work     the processor time the location selects in the recording (with the profile's edits made)
	 * @param points   by increasing speed-up
	 * @param gain     the program's speed-up when the location's is {@link #RANKED_AT}; NaN if that deadlocked
	 */
	public record Curve(WhatIf.Location location, double work, List<Point> points, double gain) {
	}

	/**
	 * A profile.
	 *
	 * @param baseline   the simulated time with the edits made and no location faster
	 * @param processors the processors simulated
	 * @param edits      the edits made to every simulation
	 * @param curves     ranked by gain, highest first (then by work, then by location)
	 */
	public record Profile(double baseline, int processors, List<WhatIf.Edit> edits, List<Curve> curves) {
		/** The program's speed-up at {@code p}: the baseline over its time; NaN if it deadlocked. */
		public double programSpeedup(Point p) {
			Double c = p.completion();
			return c == null ? Double.NaN : c > 0 ? baseline / c : baseline > 0 ? Double.POSITIVE_INFINITY : 1;
		}
	}

	/**
	 * The locations with the most work in {@code recording} (with {@code edits} made): the {@code top} intervals
	 * between two call sites, the {@code top} locks whose critical sections hold the most work, the {@code top}
	 * OpenMP regions (by the call site of their forks) and the {@code top} threads with the most; by work, highest
	 * first.
	 */
	public static List<WhatIf.Location> topLocations(Recording recording, List<WhatIf.Edit> edits, int top) {
		WhatIf.Edited e = WhatIf.apply(recording, edits);
		Map<WhatIf.Location, double[]> intervals = new HashMap<>();
		Map<WhatIf.Location, double[]> locks = new HashMap<>();
		for (int t = 0; t < e.threadCount(); t++) {
			ThreadProgram p = e.program(t);
			Map<Integer, Integer> held = new HashMap<>();
			for (int i = 0; i < p.size(); i++) {
				double w = p.work(i);
				String to = p.at(i);
				String from = i > 0 ? p.at(i - 1) : null;
				if (w > 0 && to != null && from != null) {
					intervals.computeIfAbsent(new WhatIf.Interval(from, to), k -> new double[1])[0] += w;
				}
				if (w > 0) {
					for (int m : held.keySet()) {
						locks.computeIfAbsent(new WhatIf.Lock(recording.mutexName(m)), k -> new double[1])[0] += w;
					}
				}
				EventKind k = p.kind(i);
				if (k == EventKind.LOCK || k == EventKind.RLOCK) {
					held.merge(e.recorded(p.arg(i)), 1, Integer::sum);
				} else if (k == EventKind.UNLOCK) {
					held.computeIfPresent(e.recorded(p.arg(i)), (m, n) -> n > 1 ? n - 1 : null);
				}
			}
		}
		Map<WhatIf.Location, double[]> regions = new HashMap<>();
		Map<Integer, String> forkedAt = new HashMap<>();
		for (int t = 0; t < e.threadCount(); t++) {
			ThreadProgram p = e.program(t);
			for (int i = 0; i < p.size(); i++) {
				String at = p.at(i);
				if (p.kind(i) == EventKind.POST && at != null) {
					int n = WhatIf.regionOf(recording.eventName(p.event(i)), "omp.fork.");
					if (n >= 0) {
						forkedAt.putIfAbsent(n, at);
					}
				}
			}
		}
		for (int t = 0; t < e.threadCount(); t++) {
			ThreadProgram p = e.program(t);
			for (int i = 0; i < p.size(); i++) {
				EventKind k = p.kind(i);
				if ((k == EventKind.POST || k == EventKind.TAKE) && p.work(i) > 0) {
					int n = WhatIf.regionOf(recording.eventName(p.event(i)), "omp.barrier.");
					if (n >= 0) {
						String at = forkedAt.get(n);
						regions.computeIfAbsent(new WhatIf.Region(at != null ? at : Integer.toString(n)),
								x -> new double[1])[0] += p.work(i);
					}
				}
			}
		}
		Map<WhatIf.Location, double[]> threads = new HashMap<>();
		for (int t = 0; t < e.threadCount(); t++) {
			double w = e.program(t).totalWork();
			if (w > 0) {
				threads.put(new WhatIf.ThreadWork(recording.threadName(t)), new double[] { w });
			}
		}
		List<WhatIf.Location> out = new ArrayList<>(best(intervals, top));
		out.addAll(best(locks, top));
		out.addAll(best(regions, top));
		out.addAll(best(threads, top));
		Map<WhatIf.Location, Double> work = new HashMap<>();
		intervals.forEach((l, w) -> work.put(l, w[0]));
		locks.forEach((l, w) -> work.put(l, w[0]));
		regions.forEach((l, w) -> work.put(l, w[0]));
		threads.forEach((l, w) -> work.put(l, w[0]));
		out.sort(Comparator.comparingDouble((WhatIf.Location l) -> -work.get(l)).thenComparing(WhatIf.Location::key));
		return out;
	}

	private static List<WhatIf.Location> best(Map<WhatIf.Location, double[]> work, int top) {
		return work.entrySet().stream().sorted(Comparator.comparingDouble((Map.Entry<WhatIf.Location, double[]> x)
				-> -x.getValue()[0]).thenComparing(x -> x.getKey().key())).limit(Math.max(0, top)).map(
						Map.Entry::getKey).toList();
	}

	/**
	 * Computes the curves of {@code locations} at {@code speedups} (and at {@link #RANKED_AT}), each point a
	 * simulation on {@code machine} of {@code recording} with {@code edits} made, on {@code threads} threads.
	 *
	 * @throws IllegalArgumentException if an edit or location names what the recording does not have, or the
	 *                                  profile would take more than {@link #MAX_SIMULATIONS} simulations
	 * @throws CancelledException       if {@code monitor} is cancelled
	 */
	public static Profile compute(Recording recording, List<WhatIf.Edit> edits, List<WhatIf.Location> locations,
			double[] speedups, TargetMachine machine, SimulationModel model, int threads, EngineMonitor monitor) {
		double[] s = VirtualSpeedUps.of(speedups, RANKED_AT);
		long simulations = 1 + (long) locations.size() * Arrays.stream(s).filter(x -> x > 0).count();
		if (simulations > MAX_SIMULATIONS) {
			throw new IllegalArgumentException("the profile would take " + simulations + " simulations, more than "
					+ MAX_SIMULATIONS + ": name fewer locations or speed-ups");
		}
		double[] work = new double[locations.size()];
		WhatIf.Edited edited = WhatIf.apply(recording, edits);
		for (int l = 0; l < work.length; l++) {
			work[l] = edited.work(locations.get(l)); // fails here, at once, on an unknown name
		}
		TraceSimulator.Options options = new TraceSimulator.Options(0, false);
		monitor.begin("Causal profile: " + simulations + " simulations on " + machine.processors() + " processors",
				simulations);
		EngineMonitor shared = EngineMonitor.synchronised(monitor);
		ExecutorService pool = VirtualSpeedUps.pool(threads, "perfcast-causal-profile");
		try {
			Future<@Nullable Double> baseline = pool.submit(() -> completion(recording, edits, machine, model, options,
					shared));
			List<List<Future<@Nullable Double>>> points = new ArrayList<>();
			for (WhatIf.Location where : locations) {
				List<Future<@Nullable Double>> curve = new ArrayList<>();
				for (double x : s) {
					if (x == 0) {
						curve.add(baseline);
						continue;
					}
					List<WhatIf.Edit> more = new ArrayList<>(edits);
					more.add(new WhatIf.SpeedUp(where, x));
					curve.add(pool.submit(() -> completion(recording, more, machine, model, options, shared)));
				}
				points.add(curve);
			}
			Double base = baseline.get();
			if (base == null) {
				throw new IllegalArgumentException("the recording deadlocks on " + machine.processors() + " processors "
						+ "with these edits: there is no time to compare with");
			}
			List<Curve> curves = new ArrayList<>();
			for (int l = 0; l < locations.size(); l++) {
				List<Point> curve = new ArrayList<>();
				double gain = Double.NaN;
				for (int k = 0; k < s.length; k++) {
					Double c = points.get(l).get(k).get();
					curve.add(new Point(s[k], c));
					if (s[k] == RANKED_AT && c != null) {
						gain = c > 0 ? base / c : Double.POSITIVE_INFINITY;
					}
				}
				curves.add(new Curve(locations.get(l), work[l], List.copyOf(curve), gain));
			}
			curves.sort(Comparator.comparingDouble((Curve c) -> Double.isNaN(c.gain()) ? Double.NEGATIVE_INFINITY
					: -c.gain()).thenComparingDouble(c -> -c.work()).thenComparing(c -> c.location().key()));
			return new Profile(base, machine.processors(), List.copyOf(edits), List.copyOf(curves));
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new CancelledException();
		} catch (ExecutionException e) {
			if (e.getCause() instanceof RuntimeException r) {
				throw r;
			}
			throw new IllegalStateException(e.getCause());
		} finally {
			pool.shutdownNow();
		}
	}

	private static @Nullable Double completion(Recording recording, List<WhatIf.Edit> edits, TargetMachine machine,
			SimulationModel model, TraceSimulator.Options options, EngineMonitor monitor) {
		monitor.checkCancelled();
		// the profile counts whole simulations
		Simulation s = WhatIf.simulate(recording, edits, machine, model, options, EngineMonitor.cancelledWith(monitor));
		monitor.worked(1);
		return s.deadlocked() ? null : s.completion();
	}
}
