package org.perfcast.results.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.Run;

/**
 * Runs' schedules in Chrome's Trace Event Format (JSON object form), for chrome://tracing and other tools that read
 * only that: {@code process_name} and {@code thread_name} metadata events ({@code ph "M"}) for the processes and
 * threads of {@link TraceLayout}, a complete event ({@code ph "X"}, times in microseconds with nanosecond digits)
 * per interval named by its kind, with its label and source in {@code args}, and a flow per message arrow: a
 * {@code ph "s"} event in the sender's interval and a {@code ph "f"} event ({@code bp "e"}) in the receiver's, at
 * the middle of each so that the viewer binds them to those slices (at the message's own times where no interval
 * holds them). Events are written one by one as the timelines are read.
 */
public final class ChromeTraceExport {

	private ChromeTraceExport() {
	}

	/** Writes {@code runs}' schedules to {@code file} (replaced). */
	public static void write(List<Run> runs, UnaryOperator<@Nullable String> words, Path file) throws IOException {
		try (Writer out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
			write(runs, words, out);
		}
	}

	/** Writes {@code runs}' schedules to {@code out} (not closed). */
	public static void write(List<Run> runs, UnaryOperator<@Nullable String> words, Writer out) throws IOException {
		TraceLayout layout = TraceLayout.of(runs, words);
		out.write("{\"displayTimeUnit\": \"ns\", \"traceEvents\": [");
		boolean first = true;
		long nextFlow = 1;
		for (TraceLayout.Process process : layout.processes()) {
			first = event(out, first, "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": " + process.pid()
					+ ", \"tid\": 0, \"args\": {\"name\": " + JsonExport.string(process.name()) + "}}");
			for (TraceLayout.Thread thread : process.threads()) {
				first = event(out, first, "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": " + process.pid()
						+ ", \"tid\": " + thread.tid() + ", \"args\": {\"name\": " + JsonExport.string(thread.name()) + "}}");
				first = event(out, first, "{\"name\": \"thread_sort_index\", \"ph\": \"M\", \"pid\": " + process.pid()
						+ ", \"tid\": " + thread.tid() + ", \"args\": {\"sort_index\": " + thread.tid() + "}}");
			}
			for (TraceLayout.Thread thread : process.threads()) {
				for (Interval interval : TraceLayout.ordered(thread.timelineOf())) {
					long begin = TraceLayout.nanos(thread, interval.getStart());
					long end = Math.max(begin, TraceLayout.nanos(thread, interval.getEnd()));
					StringBuilder e = new StringBuilder(160).append("{\"name\": ")
							.append(JsonExport.string(TraceLayout.state(interval))).append(", \"cat\": ")
							.append(JsonExport.string(TraceLayout.state(interval))).append(", \"ph\": \"X\", \"ts\": ")
							.append(micros(begin)).append(", \"dur\": ").append(micros(end - begin)).append(", \"pid\": ")
							.append(process.pid()).append(", \"tid\": ").append(thread.tid()).append(", \"args\": {");
					String label = layout.detail(interval);
					String source = TraceLayout.source(interval);
					e.append("\"label\": ").append(JsonExport.string(label));
					if (!source.isEmpty()) {
						e.append(", \"source\": ").append(JsonExport.string(source));
					}
					first = event(out, first, e.append("}}").toString());
				}
			}
			List<TraceLayout.Flow> flows = TraceLayout.flows(process, nextFlow);
			nextFlow += flows.size();
			for (TraceLayout.Flow flow : flows) {
				String name = flow.message().getLabel() == null || flow.message().getLabel().isEmpty() ? "message"
						: flow.message().getLabel();
				first = flowEvent(out, first, process, flow, name, true);
				first = flowEvent(out, first, process, flow, name, false);
			}
		}
		out.write("\n]}\n");
		out.flush();
	}

	private static boolean flowEvent(Writer out, boolean first, TraceLayout.Process process, TraceLayout.Flow flow,
			String name, boolean start) throws IOException {
		int timeline = start ? flow.message().getFrom() : flow.message().getTo();
		TraceLayout.Thread thread = TraceLayout.thread(process, flow.schedule(), timeline);
		if (thread == null) {
			return first;
		}
		Interval holder = start ? flow.from() : flow.to();
		double time = holder != null ? (holder.getStart() + holder.getEnd()) / 2
				: start ? flow.message().getSendTime() : flow.message().getReceiveTime();
		return event(out, first, "{\"name\": " + JsonExport.string(name) + ", \"cat\": \"message\", \"ph\": \""
				+ (start ? "s" : "f") + "\"" + (start ? "" : ", \"bp\": \"e\"") + ", \"id\": " + flow.id() + ", \"ts\": "
				+ micros(TraceLayout.nanos(thread, time)) + ", \"pid\": " + process.pid() + ", \"tid\": " + thread.tid()
				+ "}");
	}

	private static boolean event(Writer out, boolean first, String event) throws IOException {
		out.write(first ? "\n" : ",\n");
		out.write(event);
		return false;
	}

	/** Nanoseconds as microseconds, exactly: "12.345". */
	static String micros(long nanos) {
		String sign = nanos < 0 ? "-" : "";
		long abs = Math.abs(nanos);
		long fraction = abs % 1000;
		return sign + abs / 1000 + (fraction == 0 ? "" : "." + String.format("%03d", fraction).replaceAll("0+$", ""));
	}
}
