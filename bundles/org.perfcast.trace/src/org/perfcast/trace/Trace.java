package org.perfcast.trace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.MemoryLimit;

/**
 * A whole trace in memory, for small traces and tests; large ones are simulated straight from a
 * {@link TraceSource}.
 *
 * @param file   the file name used in messages
 * @param header its header
 * @param events its events in time order
 * @param names  the names it gives its threads ({@code @name}), each after as many events as it says
 */
public record Trace(String file, TraceHeader header, List<TraceEvent> events, ThreadNames names) {

	public Trace {
		events = List.copyOf(events);
	}

	/** A trace without thread names. */
	public Trace(String file, TraceHeader header, List<TraceEvent> events) {
		this(file, header, events, ThreadNames.NONE);
	}

	/** Bytes an event held in memory takes at most, its strings included. */
	static final int EVENT_BYTES = 256;

	/**
	 * Reads every event of {@code source}: at most as many as half the Java heap holds (four times the
	 * {@link MemoryLimit}).
	 *
	 * @throws TraceException at a malformed event, or at the first event beyond that many
	 */
	public static Trace of(TraceSource source) throws TraceException, IOException {
		List<TraceEvent> events = new ArrayList<>();
		long most = 4 * MemoryLimit.bytes() / EVENT_BYTES;
		for (TraceEvent e = source.next(); e != null; e = source.next()) {
			if (events.size() >= most) {
				throw new TraceException(source.file(), e.line(), "more than " + most + " events, the most a trace read "
						+ "whole holds in memory: four times the memory limit of " + MemoryLimit.describe());
			}
			events.add(e);
		}
		return new Trace(source.file(), source.header(), events, source.names());
	}

	/** A source over these events. */
	public TraceSource source() {
		return new TraceSource() {
			private int next;

			@Override
			public TraceHeader header() {
				return header;
			}

			@Override
			public @Nullable TraceEvent next() {
				return next < events.size() ? events.get(next++) : null;
			}

			@Override
			public String file() {
				return file;
			}

			@Override
			public ThreadNames names() {
				return names;
			}

			@Override
			public void close() {
				// nothing to release
			}
		};
	}

	/** The trace in its text form. */
	public String toText() {
		StringBuilder text = new StringBuilder();
		if (!header.priorities().isEmpty()) {
			text.append("@priority ").append(String.join(" > ", header.priorities())).append('\n');
		}
		if (!header.unit().isEmpty()) {
			text.append("@unit ").append(header.unit()).append('\n');
		}
		List<java.util.Map.Entry<String, ThreadNames.Named>> named = names.all();
		int n = 0;
		for (int i = 0; i <= events.size(); i++) {
			for (; n < named.size() && named.get(n).getValue().before() <= i; n++) {
				text.append("@name ").append(named.get(n).getKey()).append(' ')
						.append(ThreadNames.escape(named.get(n).getValue().name())).append('\n');
			}
			if (i < events.size()) {
				text.append(events.get(i).toText()).append('\n');
			}
		}
		return text.toString();
	}
}
