package org.perfcast.trace;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What a trace says before its events.
 *
 * @param priorities the threads from the highest priority down ({@code @priority P1 > P2 > P3}); threads not
 *                   named come after them, equal among themselves
 * @param unit       the unit of times and CPU clocks ({@code @unit s}); "" when not given
 * @param recorder   the recorder that wrote the trace ({@code @recorded java-agent}), which ends a finished
 *                   recording with {@code @end}; "" for a trace written otherwise
 * @param visibleProcessors the processors the recorded program saw ({@code @visible-processors N}: the count its
 *                   processor-count calls answered while it ran on one), so the size of any pool it sized from
 *                   them; 0 when the trace does not say
 */
public record TraceHeader(List<String> priorities, String unit, String recorder, int visibleProcessors) {

	/** The most threads a priority order names. */
	public static final int MAX_PRIORITIES = 1 << 16;

	/** No priorities, no unit. */
	public static final TraceHeader NONE = new TraceHeader(List.of(), "");

	public TraceHeader {
		priorities = List.copyOf(priorities);
		if (priorities.size() > MAX_PRIORITIES) {
			throw new IllegalArgumentException(priorities.size() + " threads in priority order, more than "
					+ MAX_PRIORITIES);
		}
		unit = unit == null ? "" : unit;
		recorder = recorder == null ? "" : recorder;
		if (visibleProcessors < 0) {
			throw new IllegalArgumentException("visible processors " + visibleProcessors + " < 0");
		}
	}

	/** A header that does not say what processors the program saw. */
	public TraceHeader(List<String> priorities, String unit, String recorder) {
		this(priorities, unit, recorder, 0);
	}

	/** A header of a trace not written by a recorder. */
	public TraceHeader(List<String> priorities, String unit) {
		this(priorities, unit, "");
	}

	/**
	 * What a prediction for {@code processors} must say when the program saw another count: a program that sizes its
	 * pools from the processor count would make other pools there; null when the counts agree or the trace does not
	 * say.
	 */
	public @Nullable String visibleProcessorsWarning(int processors) {
		if (visibleProcessors == 0 || processors == visibleProcessors) {
			return null;
		}
		return "recorded seeing " + visibleProcessors + " processor" + (visibleProcessors == 1 ? "" : "s")
				+ "; a program that sizes its pools from the processor count would run differently on " + processors
				+ ": record with --visible-processors " + processors;
	}
}
