package org.perfcast.engine.run;

import java.time.Duration;
import java.util.Objects;

import org.perfcast.engine.ParameterBindings;

/**
 * One point of a run as it ended.
 *
 * @param index    the point's position in the run's grid, from 0
 * @param bindings the parameters bound at the point
 * @param status   completed with a result, failed with diagnostics, or cancelled
 * @param wallTime how long the engine ran on it
 */
public record PointOutcome(int index, ParameterBindings bindings, PointStatus status, Duration wallTime) {

	public PointOutcome {
		Objects.requireNonNull(bindings, "bindings");
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(wallTime, "wallTime");
	}
}
