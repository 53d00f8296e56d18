package org.perfcast.pamela;

import java.util.Map;

/**
 * The serialization analysis of a PAMELA model: T = max(T_cplx, sigma_max).
 *
 * @param T          the predicted completion time
 * @param Tcplx      the completion time by complexity analysis (uses count as delays)
 * @param sigmaMax   the largest workload of a resource, 0 without resources
 * @param bottleneck the resource with the largest workload, or null without resources
 * @param bound      "critical-path-bound", or "contention-bound on NAME" when a workload exceeds T_cplx
 * @param resources  the workload sigma_r of every used resource, in declaration and index order
 */
public record Prediction(double T, double Tcplx, double sigmaMax, String bottleneck, String bound,
		Map<String, Double> resources) {

	/** Whether contention, not the critical path, determines T. */
	public boolean contentionBound() {
		return bound.startsWith("contention");
	}
}
