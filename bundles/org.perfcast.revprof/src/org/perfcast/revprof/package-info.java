/**
 * Reverse profiling (Howell, "Reverse Profiling", 1996): an MPI performance model made
 * of one fitted equation per MPI function. {@link org.perfcast.revprof.Measurements} reads the timings of a
 * characterisation run; {@link org.perfcast.revprof.Characterisation} fits each function's
 * t(p, d) = c + s·startup(p) + k·data(p, d) over the paper's 12 forms, with separate small- and large-message
 * fits when the data say so; {@link org.perfcast.revprof.Datasheet} writes the equations for people (HTML) and
 * for tools (the summary file).
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.revprof;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
