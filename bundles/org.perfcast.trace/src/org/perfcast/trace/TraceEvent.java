package org.perfcast.trace;

import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;

/**
 * One recorded synchronisation event.
 *
 * @param line   the line (text form) or record number (binary form) it was read from, from 1
 * @param time   the wall-clock time of the event on the recording processor
 * @param thread the thread that performed it
 * @param kind   what it did
 * @param target the other thread of {@code create}, {@code activate} and {@code join}; else null
 * @param object the event of {@code wait} and {@code activate}, the mutex of {@code lock}, {@code rlock} and
 *               {@code unlock}, the signal of {@code post} and {@code take}; else null
 * @param cpu    the thread's own CPU clock at the event, in the trace's unit; NaN when not recorded
 * @param at       the source location, e.g. "Matrix.java:42"; null when not recorded
 * @param duration how long the thread was off its processor before an {@code io} or {@code sleep}; else NaN
 * @param runQueue the thread's time so far runnable but not running ({@code rq=}, the kernel's run delay), in the
 *                 trace's unit; NaN when not recorded at this event
 */
public record TraceEvent(long line, double time, String thread, EventKind kind, @Nullable String target,
		@Nullable String object, double cpu, @Nullable String at, double duration, double runQueue) {

	public TraceEvent {
		Objects.requireNonNull(thread, "thread");
		Objects.requireNonNull(kind, "kind");
	}

	/** An event without a run-queue delay. */
	public TraceEvent(long line, double time, String thread, EventKind kind, @Nullable String target,
			@Nullable String object, double cpu, @Nullable String at, double duration) {
		this(line, time, thread, kind, target, object, cpu, at, duration, Double.NaN);
	}

	/** An event without a duration. */
	public TraceEvent(long line, double time, String thread, EventKind kind, @Nullable String target,
			@Nullable String object, double cpu, @Nullable String at) {
		this(line, time, thread, kind, target, object, cpu, at, Double.NaN, Double.NaN);
	}

	/** The event as a line of the text form, without its line number. */
	public String toText() {
		StringBuilder text = new StringBuilder().append(org.perfcast.engine.Numbers.format(time)).append(' ')
				.append(thread).append(' ').append(kind.keyword());
		if (target != null) {
			text.append(' ').append(target);
		}
		if (object != null) {
			text.append(' ').append(object);
		}
		if (kind.timed()) {
			text.append(' ').append(org.perfcast.engine.Numbers.format(duration));
		}
		if (!Double.isNaN(cpu)) {
			text.append(" cpu=").append(org.perfcast.engine.Numbers.format(cpu));
		}
		if (!Double.isNaN(runQueue)) {
			text.append(" rq=").append(org.perfcast.engine.Numbers.format(runQueue));
		}
		if (at != null) {
			text.append(" at=").append(at);
		}
		return text.toString();
	}
}
