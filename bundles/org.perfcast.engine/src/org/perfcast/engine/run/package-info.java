/**
 * Runs of simulation engines: the {@link org.perfcast.engine.run.Engine} interface that LogGP, Glamis,
 * trace-driven simulation and later engines implement, its typed {@link org.perfcast.engine.run.OptionSpec
 * options}, the immutable {@link org.perfcast.engine.run.EngineResult} (summary values, series, tables,
 * schedules), parameter {@link org.perfcast.engine.run.Sweep sweeps} and the
 * {@link org.perfcast.engine.run.SweepRunner} that runs the points of a sweep in parallel with progress and
 * cancellation.
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.engine.run;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
