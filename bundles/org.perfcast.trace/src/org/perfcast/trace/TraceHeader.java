package org.perfcast.trace;

import java.util.List;

/**
 * What a trace says before its events.
 *
 * @param priorities the threads from the highest priority down ({@code @priority P1 > P2 > P3}); threads not
 *                   named come after them, equal among themselves
 * @param unit       the unit of times and CPU clocks ({@code @unit s}); "" when not given
 * @param recorder   the recorder that wrote the trace ({@code @recorded java-agent}), which ends a finished
 *                   recording with {@code @end}; "" for a trace written otherwise
 */
public record TraceHeader(List<String> priorities, String unit, String recorder) {

	/** No priorities, no unit. */
	public static final TraceHeader NONE = new TraceHeader(List.of(), "");

	public TraceHeader {
		priorities = List.copyOf(priorities);
		unit = unit == null ? "" : unit;
		recorder = recorder == null ? "" : recorder;
	}

	/** A header of a trace not written by a recorder. */
	public TraceHeader(List<String> priorities, String unit) {
		this(priorities, unit, "");
	}
}
