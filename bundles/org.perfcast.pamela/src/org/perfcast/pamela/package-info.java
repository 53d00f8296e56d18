/**
 * PAMELA process models (Jonkers, van Gemund and Reijns, "Efficient performance evaluation of parallel
 * systems", section 3): the language of {@code *.pamela} files and the serialization analysis that
 * predicts their completion time, T = max(T_cplx, max over resources of the workload sigma_r).
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.pamela;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
