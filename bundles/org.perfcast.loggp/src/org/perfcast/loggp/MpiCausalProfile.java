package org.perfcast.loggp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.perfcast.engine.CancelledException;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.VirtualSpeedUps;

/**
 * A causal profile of a recorded MPI run (Coz's virtual speed-ups, computed exactly): for each location
 * ({@link MpiWhatIf.Location}), the program's speed-up against the location's own, each point a replay of the
 * trace under LogGP with the location's computation made faster and the profile's edits made. Locations are ranked
 * by the program's speed-up when theirs is {@value #RANKED_AT}. The replays are independent and run on several
 * threads; the result does not depend on how many.
 */
public final class MpiCausalProfile {

	/** The location speed-up the ranking compares locations at: their time halved. */
	public static final double RANKED_AT = 0.5;

	/** The most replays one profile may ask for. */
	public static final int MAX_REPLAYS = 100_000;

	private MpiCausalProfile() {
	}

	/**
	 * One point of a curve.
	 *
	 * @param speedup    the location's virtual speed-up, the fraction of its time removed
	 * @param completion the replay's T, µs
	 */
	public record Point(double speedup, double completion) {
	}

	/**
	 * A location's curve.
	 *
	 * @param location where
	 * @param work     the computation the location selects, µs (with the profile's edits made)
	 * @param points   by increasing speed-up
	 * @param gain     the program's speed-up when the location's is {@link #RANKED_AT}
	 */
	public record Curve(MpiWhatIf.Location location, double work, List<Point> points, double gain) {
	}

	/**
	 * A profile.
	 *
	 * @param recorded the replay's T of the trace as it is, with the options the edits start from, µs
	 * @param baseline the replay's T with the edits made and no location faster, µs
	 * @param options  the replay's options with the machine edits made
	 * @param edits    the edits made to every replay
	 * @param curves   ranked by gain, highest first (then by work, then by location)
	 */
	public record Profile(double recorded, double baseline, TraceReplay.Options options, List<MpiWhatIf.Edit> edits,
			List<Curve> curves) {
		/** The program's speed-up at {@code p}: the baseline over its T. */
		public double programSpeedup(Point p) {
			return p.completion() > 0 ? baseline / p.completion() : baseline > 0 ? Double.POSITIVE_INFINITY : 1;
		}
	}

	/**
	 * Computes the curves of {@code locations} at {@code speedups} (and at {@link #RANKED_AT}), each point a replay
	 * of {@code trace} under {@code options} with {@code edits} made, on {@code threads} threads.
	 *
	 * @throws IllegalArgumentException if an edit or location names what the trace does not have, or the profile
	 *                                  would take more than {@link #MAX_REPLAYS} replays
	 * @throws EngineException          as {@link TraceReplay#replay}
	 * @throws CancelledException       if {@code monitor} is cancelled
	 */
	public static Profile compute(MpiTrace trace, MpiWhatIf.Segments segments, TraceReplay.Options options,
			List<MpiWhatIf.Edit> edits, List<MpiWhatIf.Location> locations, double[] speedups, int threads,
			EngineMonitor monitor) throws EngineException {
		double[] s = VirtualSpeedUps.of(speedups, RANKED_AT);
		long replays = 2 + (long) locations.size() * Arrays.stream(s).filter(x -> x > 0).count();
		if (replays > MAX_REPLAYS) {
			throw new IllegalArgumentException("the profile would take " + replays + " replays, more than "
					+ MAX_REPLAYS + ": name fewer locations or speed-ups");
		}
		double[][] factors = segments.factors(edits);
		double[] work = new double[locations.size()];
		for (int l = 0; l < work.length; l++) {
			work[l] = segments.work(locations.get(l), factors); // fails here, at once, on an unknown name
		}
		TraceReplay.Options edited = MpiWhatIf.options(options, edits);
		monitor.begin("Causal profile: " + replays + " replays of " + segments.P() + " ranks", replays);
		EngineMonitor shared = EngineMonitor.synchronised(monitor);
		ExecutorService pool = VirtualSpeedUps.pool(threads, "perfcast-mpi-causal-profile");
		try {
			Future<Double> recorded = pool.submit(() -> T(trace, options, segments.scale(segments.factors(List.of())),
					shared));
			Future<Double> baseline = pool.submit(() -> T(trace, edited, segments.scale(factors), shared));
			List<List<Future<Double>>> points = new ArrayList<>();
			for (MpiWhatIf.Location where : locations) {
				List<Future<Double>> curve = new ArrayList<>();
				for (double x : s) {
					if (x == 0) {
						curve.add(baseline);
						continue;
					}
					List<MpiWhatIf.Edit> more = new ArrayList<>(edits);
					more.add(new MpiWhatIf.SpeedUp(where, x));
					curve.add(pool.submit(() -> T(trace, edited, segments.scale(segments.factors(more)), shared)));
				}
				points.add(curve);
			}
			double base = baseline.get();
			List<Curve> curves = new ArrayList<>();
			for (int l = 0; l < locations.size(); l++) {
				List<Point> curve = new ArrayList<>();
				double gain = Double.NaN;
				for (int k = 0; k < s.length; k++) {
					double c = points.get(l).get(k).get();
					curve.add(new Point(s[k], c));
					if (s[k] == RANKED_AT) {
						gain = c > 0 ? base / c : Double.POSITIVE_INFINITY;
					}
				}
				curves.add(new Curve(locations.get(l), work[l], List.copyOf(curve), gain));
			}
			curves.sort(Comparator.comparingDouble((Curve c) -> -c.gain()).thenComparingDouble(c -> -c.work())
					.thenComparing(c -> c.location().key()));
			return new Profile(recorded.get(), base, edited, List.copyOf(edits), List.copyOf(curves));
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new CancelledException();
		} catch (ExecutionException e) {
			if (e.getCause() instanceof EngineException x) {
				throw x;
			}
			if (e.getCause() instanceof RuntimeException r) {
				throw r;
			}
			throw new IllegalStateException(e.getCause());
		} finally {
			pool.shutdownNow();
		}
	}

	private static double T(MpiTrace trace, TraceReplay.Options options, TraceReplay.ComputeScale scale,
			EngineMonitor monitor) throws EngineException {
		monitor.checkCancelled();
		double T = TraceReplay.replay(trace, options, scale, EngineMonitor.cancelledWith(monitor)).T();
		monitor.worked(1);
		return T;
	}
}
