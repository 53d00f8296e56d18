package org.perfcast.engine.run;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.perfcast.engine.ParameterBindings;

/**
 * The points of a run that sweeps several parameters: the cartesian product of their values, the first
 * sweep varying slowest (as nested loops in the order given). Without sweeps it is the single point of the
 * base bindings.
 *
 * @param sweeps the sweeps, each of a different parameter
 */
public record SweepGrid(List<Sweep> sweeps) {

	/**
	 * @throws IllegalArgumentException if two sweeps bind the same parameter or the grid has more than
	 *                                  {@link Sweep#MAX_POINTS} points
	 */
	public SweepGrid {
		sweeps = List.copyOf(sweeps);
		Set<String> names = new HashSet<>();
		long size = 1;
		for (Sweep sweep : sweeps) {
			if (!names.add(sweep.parameter())) {
				throw new IllegalArgumentException("parameter " + sweep.parameter() + " is swept twice");
			}
			size *= sweep.values().size();
			if (size > Sweep.MAX_POINTS) {
				throw new IllegalArgumentException("the sweeps " + String.join(" × ", sweeps.stream().map(Sweep::text)
						.toList()) + " give more than the " + Sweep.MAX_POINTS + " points allowed");
			}
		}
	}

	/** The number of points. */
	public int size() {
		return sweeps.stream().mapToInt(s -> s.values().size()).reduce(1, Math::multiplyExact);
	}

	/** The points: {@code base} with each combination of swept values bound, in grid order. */
	public List<ParameterBindings> points(ParameterBindings base) {
		List<ParameterBindings> points = new ArrayList<>(size());
		expand(base, 0, points);
		return points;
	}

	private void expand(ParameterBindings bindings, int depth, List<ParameterBindings> points) {
		if (depth == sweeps.size()) {
			points.add(bindings);
			return;
		}
		Sweep sweep = sweeps.get(depth);
		for (double value : sweep.values()) {
			expand(bindings.with(sweep.parameter(), value), depth + 1, points);
		}
	}
}
