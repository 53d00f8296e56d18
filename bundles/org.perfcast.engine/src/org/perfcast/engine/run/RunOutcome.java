package org.perfcast.engine.run;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A run as it ended: which engine ran on what, when, for how long, and every point that started, in grid
 * order. A cancelled run lists the points that finished or were running; points that never started are
 * left out.
 *
 * @param engineId      the engine's id
 * @param engineName    the engine's name
 * @param engineVersion the engine's version
 * @param request       what was run
 * @param start         when the run started
 * @param wallTime      how long the run took
 * @param status        how it ended
 * @param points        the points, by increasing index
 */
public record RunOutcome(String engineId, String engineName, String engineVersion, RunRequest request,
		Instant start, Duration wallTime, RunStatus status, List<PointOutcome> points) {

	public RunOutcome {
		Objects.requireNonNull(engineId, "engineId");
		Objects.requireNonNull(engineName, "engineName");
		Objects.requireNonNull(engineVersion, "engineVersion");
		Objects.requireNonNull(request, "request");
		Objects.requireNonNull(start, "start");
		Objects.requireNonNull(wallTime, "wallTime");
		Objects.requireNonNull(status, "status");
		points = List.copyOf(points);
	}
}
