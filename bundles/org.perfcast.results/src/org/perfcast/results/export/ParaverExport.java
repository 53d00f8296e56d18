package org.perfcast.results.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.StringJoiner;
import java.util.function.UnaryOperator;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.IntervalKind;
import org.perfcast.model.results.MessageArrow;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.Schedule;

/**
 * Runs' schedules as a Paraver trace (BSC's {@code .prv} with its {@code .pcf} configuration and {@code .row}
 * names): an application per process of {@link TraceLayout} (a point of a run), a task of one thread per timeline,
 * all on one node with a CPU per thread. The {@code .prv} has the header
 * {@code #Paraver (dd/mm/yy at hh:mm):END_ns:1(CPUS):APPLS:TASKS(1:1,…):…}, dated by the first run's start (the
 * epoch without one, never the clock), then in order of time a state record
 * {@code 1:cpu:appl:task:thread:begin:end:state} per interval and a communication record
 * {@code 3:cpu:appl:task:thread:send:send:cpu:appl:task:thread:receive:receive:0:1} per message arrow (sizes
 * unknown, so 0), times in nanoseconds. The states are Paraver's usual values named by Perfcast's kinds in the
 * {@code .pcf}, coloured as in the Gantt charts. Records are merged from the timelines one by one, never held all.
 */
public final class ParaverExport {

	/** The Paraver state of each kind of interval. */
	static final Map<IntervalKind, Integer> STATES = Map.of(IntervalKind.COMPUTE, 1, IntervalKind.RECEIVE, 3,
			IntervalKind.SEND, 4, IntervalKind.WAIT, 5, IntervalKind.SLEEP, 9, IntervalKind.IO, 12, IntervalKind.OTHER,
			15);

	private ParaverExport() {
	}

	/**
	 * Writes {@code runs}' schedules as {@code NAME.prv}, {@code NAME.pcf} and {@code NAME.row} in {@code dir}
	 * (created if missing), NAME the first input file's name without its extension; returns the {@code .prv}.
	 */
	public static Path write(List<Run> runs, UnaryOperator<@Nullable String> words, Path dir) throws IOException {
		return write(runs, words, dir, baseName(runs));
	}

	/** Writes {@code runs}' schedules as {@code name.prv}, {@code .pcf} and {@code .row} in {@code dir}. */
	public static Path write(List<Run> runs, UnaryOperator<@Nullable String> words, Path dir, String name)
			throws IOException {
		Files.createDirectories(dir);
		Path prv = dir.resolve(name + ".prv");
		TraceLayout layout = TraceLayout.of(runs, words);
		try (Writer out = new BufferedWriter(Files.newBufferedWriter(prv, StandardCharsets.UTF_8), 1 << 16)) {
			prv(runs, layout, out);
		}
		try (Writer out = Files.newBufferedWriter(dir.resolve(name + ".pcf"), StandardCharsets.UTF_8)) {
			pcf(out);
		}
		try (Writer out = Files.newBufferedWriter(dir.resolve(name + ".row"), StandardCharsets.UTF_8)) {
			row(layout, out);
		}
		return prv;
	}

	/** The files' name: the first run's first input file without folder and extension, or "perfcast". */
	static String baseName(List<Run> runs) {
		for (Run run : runs) {
			for (String file : run.getInputFiles()) {
				String base = file.substring(file.lastIndexOf('/') + 1);
				base = base.contains(".") ? base.substring(0, base.lastIndexOf('.')) : base;
				base = base.replaceAll("[^A-Za-z0-9._-]", "_");
				if (!base.isEmpty()) {
					return base;
				}
			}
		}
		return "perfcast";
	}

	/** A timeline or an application's messages being merged: the next record's time and how to write it. */
	private abstract static class Cursor {
		long time;
		int order;

		abstract void write(Writer out) throws IOException;

		/** Moves to the next record; false at the end. */
		abstract boolean advance();
	}

	/** Writes the {@code .prv} of {@code layout} to {@code out}. */
	static void prv(List<Run> runs, TraceLayout layout, Writer out) throws IOException {
		long endTime = 0;
		int cpus = 0;
		for (TraceLayout.Process process : layout.processes()) {
			cpus += process.threads().size();
			for (TraceLayout.Thread thread : process.threads()) {
				for (Interval i : thread.timelineOf().getIntervals()) {
					endTime = Math.max(endTime, TraceLayout.nanos(thread, i.getEnd()));
				}
			}
			for (Schedule schedule : process.point().getSchedules()) {
				for (MessageArrow m : schedule.getMessages()) {
					TraceLayout.Thread to = TraceLayout.thread(process, schedule, m.getTo());
					if (to != null) {
						endTime = Math.max(endTime, TraceLayout.nanos(to, m.getReceiveTime()));
					}
				}
			}
		}
		StringBuilder header = new StringBuilder("#Paraver (").append(TraceLayout.date(runs, "dd/MM/yy 'at' HH:mm"))
				.append("):").append(endTime).append("_ns:1(").append(cpus).append("):")
				.append(layout.processes().size());
		for (TraceLayout.Process process : layout.processes()) {
			StringJoiner threads = new StringJoiner(",", "(", ")");
			process.threads().forEach(t -> threads.add("1:1"));
			header.append(':').append(process.threads().size()).append(threads);
		}
		out.write(header.append('\n').toString());
		PriorityQueue<Cursor> queue = new PriorityQueue<>(
				Comparator.comparingLong((Cursor c) -> c.time).thenComparingInt(c -> c.order));
		int order = 0;
		long nextFlow = 1;
		for (TraceLayout.Process process : layout.processes()) {
			for (int task = 1; task <= process.threads().size(); task++) {
				Cursor states = states(process, task);
				if (states != null) {
					states.order = order++;
					queue.add(states);
				}
			}
			List<TraceLayout.Flow> flows = TraceLayout.flows(process, nextFlow);
			nextFlow += flows.size();
			Cursor messages = messages(process, flows);
			if (messages != null) {
				messages.order = order++;
				queue.add(messages);
			}
		}
		while (!queue.isEmpty()) {
			Cursor cursor = queue.poll();
			cursor.write(out);
			if (cursor.advance()) {
				queue.add(cursor);
			}
		}
	}

	/** The state records of task {@code task} of {@code process}, or null if it has no interval. */
	private static @Nullable Cursor states(TraceLayout.Process process, int task) {
		TraceLayout.Thread thread = process.threads().get(task - 1);
		List<Interval> intervals = TraceLayout.ordered(thread.timelineOf());
		if (intervals.isEmpty()) {
			return null;
		}
		String prefix = "1:" + thread.tid() + ":" + process.pid() + ":" + task + ":1:";
		Cursor cursor = new Cursor() {
			int next;

			@Override
			void write(Writer out) throws IOException {
				Interval i = intervals.get(next);
				long end = Math.max(time, TraceLayout.nanos(thread, i.getEnd()));
				out.write(prefix + time + ":" + end + ":" + STATES.get(i.getKind()) + "\n");
			}

			@Override
			boolean advance() {
				next++;
				if (next < intervals.size()) {
					time = Math.max(0, TraceLayout.nanos(thread, intervals.get(next).getStart()));
					return true;
				}
				return false;
			}
		};
		cursor.time = Math.max(0, TraceLayout.nanos(thread, intervals.get(0).getStart()));
		return cursor;
	}

	/** The communication records of {@code process}'s flows in order of sending, or null if it has none. */
	private static @Nullable Cursor messages(TraceLayout.Process process, List<TraceLayout.Flow> flows) {
		List<String> records = new ArrayList<>();
		List<Long> times = new ArrayList<>();
		List<TraceLayout.Flow> sorted = new ArrayList<>(flows);
		sorted.sort(Comparator.comparingDouble(f -> f.message().getSendTime()));
		for (TraceLayout.Flow flow : sorted) {
			TraceLayout.Thread from = TraceLayout.thread(process, flow.schedule(), flow.message().getFrom());
			TraceLayout.Thread to = TraceLayout.thread(process, flow.schedule(), flow.message().getTo());
			if (from == null || to == null) {
				continue;
			}
			long send = Math.max(0, TraceLayout.nanos(from, flow.message().getSendTime()));
			long receive = Math.max(send, TraceLayout.nanos(to, flow.message().getReceiveTime()));
			int firstTid = process.threads().get(0).tid();
			int fromTask = from.tid() - firstTid + 1;
			int toTask = to.tid() - firstTid + 1;
			records.add("3:" + from.tid() + ":" + process.pid() + ":" + fromTask + ":1:" + send + ":" + send + ":" + to.tid()
					+ ":" + process.pid() + ":" + toTask + ":1:" + receive + ":" + receive + ":0:1\n");
			times.add(send);
		}
		if (records.isEmpty()) {
			return null;
		}
		Cursor cursor = new Cursor() {
			int next;

			@Override
			void write(Writer out) throws IOException {
				out.write(records.get(next));
			}

			@Override
			boolean advance() {
				next++;
				if (next < records.size()) {
					time = times.get(next);
					return true;
				}
				return false;
			}
		};
		cursor.time = times.get(0);
		return cursor;
	}

	/** Writes the {@code .pcf}: nanoseconds, the states by kind and their colours. */
	static void pcf(Writer out) throws IOException {
		out.write("DEFAULT_OPTIONS\n\nLEVEL               THREAD\nUNITS               NANOSEC\nLOOK_BACK           100\n"
				+ "SPEED               1\nFLAG_ICONS          ENABLED\nNUM_OF_STATE_COLORS 1000\nYMAX_SCALE          37\n\n\n"
				+ "DEFAULT_SEMANTIC\n\nTHREAD_FUNC          State As Is\n\n\nSTATES\n0    idle\n");
		for (IntervalKind kind : sortedKinds()) {
			out.write(STATES.get(kind) + "    " + kind.getLiteral() + "\n");
		}
		out.write("\n\nSTATES_COLOR\n0    {117,195,255}\n");
		for (IntervalKind kind : sortedKinds()) {
			String hex = SvgGantt.COLOURS.get(kind);
			int rgb = Integer.parseInt(hex.substring(1), 16);
			out.write(STATES.get(kind) + "    {" + (rgb >> 16) + "," + ((rgb >> 8) & 0xFF) + "," + (rgb & 0xFF) + "}\n");
		}
		out.write("\n");
	}

	private static List<IntervalKind> sortedKinds() {
		List<IntervalKind> kinds = new ArrayList<>(IntervalKind.VALUES);
		kinds.sort(Comparator.comparingInt(STATES::get));
		return kinds;
	}

	/** Writes the {@code .row}: the names of the CPUs, the node, the applications, the tasks and the threads. */
	static void row(TraceLayout layout, Writer out) throws IOException {
		List<String> threads = new ArrayList<>();
		for (TraceLayout.Process process : layout.processes()) {
			for (TraceLayout.Thread thread : process.threads()) {
				threads.add(oneLine(thread.name()));
			}
		}
		level(out, "CPU", threads);
		level(out, "NODE", List.of("perfcast"));
		level(out, "APPL", layout.processes().stream().map(p -> oneLine(p.name())).toList());
		level(out, "TASK", threads);
		level(out, "THREAD", threads);
	}

	private static void level(Writer out, String level, List<String> names) throws IOException {
		out.write("LEVEL " + level + " SIZE " + names.size() + "\n");
		for (String name : names) {
			out.write(name + "\n");
		}
		out.write("\n");
	}

	private static String oneLine(String name) {
		return name.replaceAll("[\\r\\n]+", " ");
	}
}
