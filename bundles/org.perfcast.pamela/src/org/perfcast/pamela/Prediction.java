package org.perfcast.pamela;

import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The serialization analysis of a PAMELA model: T = max(T_cplx, sigma_max).
 *
 * @param T          the predicted completion time
 * @param Tcplx      the completion time by complexity analysis (uses count as delays)
 * @param sigmaMax   the largest workload of a resource, 0 without resources
 * @param bottleneck the resource with the largest workload, or null without resources
 * @param bound      "critical-path-bound", or "contention-bound on NAME" when a workload exceeds T_cplx
 * @param resources  the workload sigma_r of every used resource, in declaration and index order
 * @param processes  for every process definition that main uses, in definition order: how often it runs
 *                   and the complexity time of all its runs together
 * @param timeUnit   the unit of the times: the time unit of the machine whose links are resources (e.g.
 *                   "cycles" or "µs"), or "" when the model declares no machine
 * @param closedForm the symbolic analysis in the parameters left free, or null when not asked for
 */
public record Prediction(double T, double Tcplx, double sigmaMax, @Nullable String bottleneck, String bound,
		Map<String, Double> resources, Map<String, Calls> processes, String timeUnit, @Nullable ClosedForm closedForm) {

	/** How often a process runs within main, and the complexity time of all those runs. */
	public record Calls(double count, double totalTime) {
	}

	/** The process whose runs take the most complexity time together, or null if main calls none. */
	public @Nullable String mostContributing() {
		return processes.entrySet().stream().max((a, b) -> Double.compare(a.getValue().totalTime(), b.getValue().totalTime()))
				.map(Map.Entry::getKey).orElse(null);
	}

	/** This prediction with {@code form} as its closed form. */
	public Prediction withClosedForm(@Nullable ClosedForm form) {
		return new Prediction(T, Tcplx, sigmaMax, bottleneck, bound, resources, processes, timeUnit, form);
	}

	/** Whether contention, not the critical path, determines T. */
	public boolean contentionBound() {
		return bound.startsWith("contention");
	}
}
