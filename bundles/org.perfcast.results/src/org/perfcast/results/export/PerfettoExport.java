package org.perfcast.results.export;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.Run;

/**
 * Runs' schedules as a Perfetto trace ({@code perfetto_trace.proto}: a {@code Trace} of {@code TracePacket}s), which
 * ui.perfetto.dev and trace_processor open: a process track per point ({@link TraceLayout}), a thread track per
 * timeline, a slice per interval ({@code TYPE_SLICE_BEGIN} and {@code TYPE_SLICE_END} track events named by kind,
 * with the label and source as debug annotations) and a flow per message arrow (the sender's interval carries the
 * flow id, the receiver's terminates it; an instant event stands in for an interval where none holds the time).
 * Encoded with {@link ProtoWriter} against the field numbers of Perfetto's published protos; packets are written one
 * by one as the timelines are read, so a long run is never held as a file in memory. Timestamps are unsigned and
 * slices of a track must nest: a time before 0 is written as 0, and an interval that overlaps the one before it
 * begins where that one ends.
 */
public final class PerfettoExport {

	// Trace
	private static final int TRACE_PACKET = 1;
	// TracePacket
	private static final int TIMESTAMP = 8;
	private static final int TRACK_EVENT = 11;
	private static final int TRACK_DESCRIPTOR = 60;
	private static final int TRUSTED_PACKET_SEQUENCE_ID = 10;
	// TrackDescriptor
	private static final int UUID = 1;
	private static final int PARENT_UUID = 5;
	private static final int PROCESS = 3;
	private static final int THREAD = 4;
	// ProcessDescriptor
	private static final int PROCESS_PID = 1;
	private static final int PROCESS_NAME = 6;
	// ThreadDescriptor
	private static final int THREAD_PID = 1;
	private static final int THREAD_TID = 2;
	private static final int THREAD_NAME = 5;
	// TrackEvent
	private static final int TYPE = 9;
	private static final int TRACK_UUID = 11;
	private static final int NAME = 23;
	private static final int CATEGORIES = 22;
	private static final int DEBUG_ANNOTATIONS = 4;
	private static final int FLOW_IDS = 47;
	private static final int TERMINATING_FLOW_IDS = 48;
	// TrackEvent.Type
	private static final int SLICE_BEGIN = 1;
	private static final int SLICE_END = 2;
	private static final int INSTANT = 3;
	// DebugAnnotation
	private static final int ANNOTATION_NAME = 10;
	private static final int STRING_VALUE = 6;

	/** The packet sequence of every packet: one writer. */
	static final int SEQUENCE = 1;

	/** The uuid of a thread track is this plus its tid; a process track's is its pid. */
	static final long THREAD_UUID_BASE = 1L << 32;

	private PerfettoExport() {
	}

	/** Writes {@code runs}' schedules to {@code file} (replaced). */
	public static void write(List<Run> runs, UnaryOperator<@Nullable String> words, Path file) throws IOException {
		try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
			write(runs, words, out);
		}
	}

	/**
	 * Writes {@code runs}' schedules to {@code out} (not closed).
	 *
	 * @param words an interval's label as the Results view shows it, e.g. {@code UnaryOperator.identity()}
	 */
	public static void write(List<Run> runs, UnaryOperator<@Nullable String> words, OutputStream out)
			throws IOException {
		TraceLayout layout = TraceLayout.of(runs, words);
		ProtoWriter proto = new ProtoWriter();
		long nextFlow = 1;
		for (TraceLayout.Process process : layout.processes()) {
			proto.begin(TRACE_PACKET).begin(TRACK_DESCRIPTOR).varint(UUID, process.pid()).begin(PROCESS)
					.varint(PROCESS_PID, process.pid()).string(PROCESS_NAME, process.name()).end().end();
			packetEnd(proto, out);
			for (TraceLayout.Thread thread : process.threads()) {
				proto.begin(TRACE_PACKET).begin(TRACK_DESCRIPTOR).varint(UUID, THREAD_UUID_BASE + thread.tid())
						.varint(PARENT_UUID, process.pid()).begin(THREAD).varint(THREAD_PID, process.pid())
						.varint(THREAD_TID, thread.tid()).string(THREAD_NAME, thread.name()).end().end();
				packetEnd(proto, out);
			}
			List<TraceLayout.Flow> flows = TraceLayout.flows(process, nextFlow);
			nextFlow += flows.size();
			Map<Interval, long[]> outgoing = TraceLayout.byInterval(flows, true);
			Map<Interval, long[]> incoming = TraceLayout.byInterval(flows, false);
			for (TraceLayout.Thread thread : process.threads()) {
				long track = THREAD_UUID_BASE + thread.tid();
				long open = 0;
				for (Interval interval : TraceLayout.ordered(thread.timelineOf())) {
					long begin = Math.max(open, TraceLayout.nanos(thread, interval.getStart()));
					long end = Math.max(begin, TraceLayout.nanos(thread, interval.getEnd()));
					proto.begin(TRACE_PACKET).varint(TIMESTAMP, begin).begin(TRACK_EVENT).varint(TYPE, SLICE_BEGIN)
							.varint(TRACK_UUID, track).string(CATEGORIES, TraceLayout.state(interval))
							.string(NAME, TraceLayout.state(interval));
					annotation(proto, "label", layout.detail(interval));
					annotation(proto, "source", TraceLayout.source(interval));
					ids(proto, FLOW_IDS, outgoing.get(interval));
					ids(proto, TERMINATING_FLOW_IDS, incoming.get(interval));
					proto.end();
					packetEnd(proto, out);
					proto.begin(TRACE_PACKET).varint(TIMESTAMP, end).begin(TRACK_EVENT).varint(TYPE, SLICE_END)
							.varint(TRACK_UUID, track).end();
					packetEnd(proto, out);
					open = end;
				}
			}
			for (TraceLayout.Flow flow : flows) {
				if (flow.from() == null) {
					instant(proto, out, process, flow, true);
				}
				if (flow.to() == null) {
					instant(proto, out, process, flow, false);
				}
			}
		}
		out.flush();
	}

	/** An instant event where no interval holds a flow's end. */
	private static void instant(ProtoWriter proto, OutputStream out, TraceLayout.Process process, TraceLayout.Flow flow,
			boolean start) throws IOException {
		TraceLayout.Thread thread = TraceLayout.thread(process, flow.schedule(),
				start ? flow.message().getFrom() : flow.message().getTo());
		if (thread == null) {
			return;
		}
		double time = start ? flow.message().getSendTime() : flow.message().getReceiveTime();
		String name = start ? "send" : "receive";
		int field = start ? FLOW_IDS : TERMINATING_FLOW_IDS;
		proto.begin(TRACE_PACKET).varint(TIMESTAMP, Math.max(0, TraceLayout.nanos(thread, time))).begin(TRACK_EVENT)
				.varint(TYPE, INSTANT).varint(TRACK_UUID, THREAD_UUID_BASE + thread.tid()).string(NAME, name);
		proto.fixed64(field, flow.id()).end();
		packetEnd(proto, out);
	}

	private static void annotation(ProtoWriter proto, String name, String value) {
		if (!value.isEmpty()) {
			proto.begin(DEBUG_ANNOTATIONS).string(ANNOTATION_NAME, name).string(STRING_VALUE, value).end();
		}
	}

	private static void ids(ProtoWriter proto, int field, long @Nullable [] ids) {
		if (ids != null) {
			for (long id : ids) {
				proto.fixed64(field, id);
			}
		}
	}

	private static void packetEnd(ProtoWriter proto, OutputStream out) throws IOException {
		proto.varint(TRUSTED_PACKET_SEQUENCE_ID, SEQUENCE).end().flushTo(out);
	}
}
