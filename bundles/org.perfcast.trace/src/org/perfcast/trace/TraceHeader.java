package org.perfcast.trace;

import java.util.List;

/**
 * What a trace says before its events.
 *
 * @param priorities the threads from the highest priority down ({@code @priority P1 > P2 > P3}); threads not
 *                   named come after them, equal among themselves
 * @param unit       the unit of times and CPU clocks ({@code @unit s}); "" when not given
 */
public record TraceHeader(List<String> priorities, String unit) {

	/** No priorities, no unit. */
	public static final TraceHeader NONE = new TraceHeader(List.of(), "");

	public TraceHeader {
		priorities = List.copyOf(priorities);
		unit = unit == null ? "" : unit;
	}
}
