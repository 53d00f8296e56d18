package org.perfcast.trace;

import java.io.IOException;

import org.eclipse.jdt.annotation.Nullable;

/** A trace read one event at a time, so that traces larger than memory can be simulated. */
public interface TraceSource extends AutoCloseable {

	/** The header, read before the first event. */
	TraceHeader header();

	/**
	 * The names the trace gives its threads ({@code @name}), as far as it has been read: complete once
	 * {@link #next()} has returned null.
	 */
	default ThreadNames names() {
		return ThreadNames.NONE;
	}

	/**
	 * The next event, or null at the end.
	 *
	 * @throws TraceException at a malformed line or record
	 * @throws IOException    when reading fails
	 */
	@Nullable
	TraceEvent next() throws TraceException, IOException;

	/**
	 * Whether the trace was cut short: written by a recorder that did not finish (the program crashed or was
	 * killed). Known once {@link #next()} has returned null.
	 */
	default boolean truncated() {
		return false;
	}

	/**
	 * The CPU time of the whole recorded process ({@code @end cpu=}), threads not in the trace included; NaN when
	 * not recorded. Known once {@link #next()} has returned null.
	 */
	default double processCpu() {
		return Double.NaN;
	}

	/**
	 * The time other programs had the recording's one processor while it ran ({@code @end others=}); NaN when not
	 * recorded. Known once {@link #next()} has returned null.
	 */
	default double othersCpu() {
		return Double.NaN;
	}

	/** The file name used in messages. */
	String file();

	/** The bytes of the trace's file, or -1 when not known (the progress of a simulation is counted in them). */
	default long length() {
		return -1;
	}

	/** The bytes read so far (ahead of the events returned), or -1; may be called from another thread. */
	default long position() {
		return -1;
	}

	@Override
	void close() throws IOException;
}
