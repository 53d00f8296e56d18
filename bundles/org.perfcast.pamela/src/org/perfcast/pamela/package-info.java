/**
 * PAMELA process models (Jonkers, van Gemund and Reijns, "Efficient performance evaluation of parallel
 * systems", section 3): the language of {@code *.pamela} files and the serialization analysis that
 * predicts their completion time, T = max(T_cplx, max over resources of the workload sigma_r).
 */
package org.perfcast.pamela;
