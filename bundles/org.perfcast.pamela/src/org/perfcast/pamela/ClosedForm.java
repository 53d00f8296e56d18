package org.perfcast.pamela;

import java.util.List;
import java.util.Map;

/**
 * The symbolic serialization analysis of a PAMELA model: its times as closed forms in the parameters left
 * free, in the expression language (re-parseable, e.g. {@code (N^2*P*t_l - N^2*t_l + 4*N^2*t_f)/(2*P)}).
 * A part that cannot be reduced is null, and {@code notes} says why in plain words.
 *
 * @param free      the parameters the forms are in, in declaration order
 * @param T         T = max(T_cplx, sigma_max), or null when it cannot be reduced
 * @param Tcplx     the complexity time, or null when it cannot be reduced
 * @param sigmaMax  the largest workload, or null when it cannot be reduced
 * @param bound     "critical-path-bound" or "contention-bound on r" when that holds for every value of the
 *                  free parameters, else null
 * @param workloads the workload of every resource; for an array whose uses' indices vary with the loop
 *                  indices, the array's name with the total over its elements
 * @param notes     the assumptions made and the parts that were not reduced
 */
public record ClosedForm(List<String> free, String T, String Tcplx, String sigmaMax, String bound,
		Map<String, String> workloads, List<String> notes) {

	public ClosedForm {
		free = List.copyOf(free);
		workloads = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(workloads));
		notes = List.copyOf(notes);
	}
}
