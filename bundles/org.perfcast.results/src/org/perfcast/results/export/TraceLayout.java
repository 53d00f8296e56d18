package org.perfcast.results.export;

import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Numbers;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.IntervalKind;
import org.perfcast.model.results.MessageArrow;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.model.results.Timeline;

/**
 * How the schedules of runs become the processes, threads, slices and flows of a trace file, shared by the
 * Perfetto, Chrome and Paraver exports: a process per point of a run that has schedules (runs in the order given,
 * so a predicted and a recorded run of one program are two processes of one file), a thread per timeline of each of
 * its schedules, a slice per interval named by its kind as the Results view names states ("compute", "wait", …)
 * with its label (in the words {@code words} gives) and source as details, and a flow per message arrow from the
 * interval of the sender that holds its send time to the interval of the receiver that holds its receive time.
 * Times become nanoseconds: a schedule in s, ms, µs or ns is converted; any other unit (cycles) is taken as one
 * nanosecond per unit, which the process's name says ("(cycles as ns)").
 */
final class TraceLayout {

	/** A point's schedules as a process: {@code pid} from 1 in the order of the runs and points. */
	record Process(int pid, String name, Run run, RunPoint point, List<Thread> threads) {
	}

	/** A timeline as a thread: {@code tid} unique in the file, from 1. */
	record Thread(int tid, String name, Schedule schedule, int timeline, double nanosPerUnit) {

		Timeline timelineOf() {
			return schedule.getTimelines().get(timeline);
		}
	}

	/** Where a message arrow starts and ends: the intervals holding its times, or null if none does. */
	record Flow(long id, Schedule schedule, MessageArrow message, @Nullable Interval from, @Nullable Interval to) {
	}

	private final List<Process> processes;
	private final UnaryOperator<@Nullable String> words;

	private TraceLayout(List<Process> processes, UnaryOperator<@Nullable String> words) {
		this.processes = processes;
		this.words = words;
	}

	/**
	 * The layout of {@code runs}' schedules.
	 *
	 * @param words an interval's label as the Results view shows it (e.g. OpenMP's words); null is passed for none
	 */
	static TraceLayout of(List<Run> runs, UnaryOperator<@Nullable String> words) {
		List<Process> processes = new ArrayList<>();
		int tid = 1;
		for (Run run : runs) {
			for (RunPoint point : run.getPoints()) {
				if (point.getSchedules().isEmpty()) {
					continue;
				}
				List<Thread> threads = new ArrayList<>();
				boolean several = point.getSchedules().size() > 1;
				boolean scaled = true;
				for (Schedule schedule : point.getSchedules()) {
					double factor = nanosPerUnit(schedule.getTimeUnit());
					scaled &= factor > 0;
					for (int t = 0; t < schedule.getTimelines().size(); t++) {
						String label = schedule.getTimelines().get(t).getLabel();
						String name = (several ? schedule.getName() + ": " : "") + (label == null ? "timeline " + t : label);
						threads.add(new Thread(tid++, name, schedule, t, factor > 0 ? factor : 1));
					}
				}
				String unit = point.getSchedules().get(0).getTimeUnit();
				String name = runName(run) + " " + pointName(point) + (scaled ? ""
						: " (" + (unit == null || unit.isBlank() ? "time units" : unit) + " as ns)");
				processes.add(new Process(processes.size() + 1, name, run, point, List.copyOf(threads)));
			}
		}
		return new TraceLayout(List.copyOf(processes), words);
	}

	/** The processes, in order. */
	List<Process> processes() {
		return processes;
	}

	/** E.g. "trace on prog.trace": the engine and the names of the input files. */
	static String runName(Run run) {
		return run.getEngineId() + " on " + run.getInputFiles().stream().map(f -> f.substring(f.lastIndexOf('/') + 1))
				.collect(Collectors.joining(", "));
	}

	/** E.g. "[P=4]", or "[point 1]" without bindings. */
	static String pointName(RunPoint point) {
		String bindings = point.getBindings().stream().map(b -> b.getName() + "=" + Numbers.format(b.getValue()))
				.collect(Collectors.joining(", "));
		return "[" + (bindings.isEmpty() ? "point " + (point.getIndex() + 1) : bindings) + "]";
	}

	/** Nanoseconds per unit of {@code unit}, or 0 if it is no unit of time. */
	static double nanosPerUnit(@Nullable String unit) {
		String u = unit == null ? "" : unit.strip();
		return switch (u) {
		case "ns" -> 1;
		case "us", "µs" -> 1e3;
		case "ms" -> 1e6;
		case "s", "sec" -> 1e9;
		default -> 0;
		};
	}

	/** {@code time} of {@code thread}'s schedule in whole nanoseconds. */
	static long nanos(Thread thread, double time) {
		return Math.round(time * thread.nanosPerUnit());
	}

	/** The slice's name: the interval's kind, as the Results view names it. */
	static String state(Interval interval) {
		return interval.getKind().getLiteral();
	}

	/** The interval's label in the Results view's words; empty without one. */
	String detail(Interval interval) {
		String detail = words.apply(interval.getLabel());
		return detail == null ? "" : detail;
	}

	/** Where an interval comes from, e.g. "m.program:3: Step compute"; empty when unknown. */
	static String source(Interval interval) {
		SourceLocation s = interval.getSource();
		if (s == null || s.getFile() == null) {
			return "";
		}
		return s.getFile() + (s.getLine() > 0 ? ":" + s.getLine() : "")
				+ (s.getLabel() == null || s.getLabel().isEmpty() ? "" : ": " + s.getLabel());
	}

	/** The intervals of a timeline in order of start (the model's order when it is already so). */
	static List<Interval> ordered(Timeline timeline) {
		List<Interval> intervals = timeline.getIntervals();
		for (int i = 1; i < intervals.size(); i++) {
			if (intervals.get(i).getStart() < intervals.get(i - 1).getStart()) {
				List<Interval> sorted = new ArrayList<>(intervals);
				sorted.sort((a, b) -> Double.compare(a.getStart(), b.getStart()));
				return sorted;
			}
		}
		return intervals;
	}

	/**
	 * The flows of {@code process}'s message arrows, numbered from {@code firstId}; arrows between timelines the
	 * schedule does not have are left out.
	 */
	static List<Flow> flows(Process process, long firstId) {
		List<Flow> flows = new ArrayList<>();
		long id = firstId;
		for (Schedule schedule : process.point().getSchedules()) {
			int count = schedule.getTimelines().size();
			Map<Integer, List<Interval>> ordered = new java.util.HashMap<>();
			for (MessageArrow m : schedule.getMessages()) {
				if (m.getFrom() < 0 || m.getFrom() >= count || m.getTo() < 0 || m.getTo() >= count) {
					continue;
				}
				List<Interval> from = ordered.computeIfAbsent(m.getFrom(), t -> ordered(schedule.getTimelines().get(t)));
				List<Interval> to = ordered.computeIfAbsent(m.getTo(), t -> ordered(schedule.getTimelines().get(t)));
				flows.add(new Flow(id++, schedule, m, holding(from, m.getSendTime(), true),
						holding(to, m.getReceiveTime(), false)));
			}
		}
		return flows;
	}

	/** The thread of {@code process} showing timeline {@code timeline} of {@code schedule}, or null. */
	static @Nullable Thread thread(Process process, Schedule schedule, int timeline) {
		for (Thread t : process.threads()) {
			if (t.schedule() == schedule && t.timeline() == timeline) {
				return t;
			}
		}
		return null;
	}

	/** The flows grouped by the interval they leave ({@code outgoing}) or reach. */
	static Map<Interval, long[]> byInterval(List<Flow> flows, boolean outgoing) {
		Map<Interval, long[]> map = new IdentityHashMap<>();
		for (Flow f : flows) {
			Interval i = outgoing ? f.from() : f.to();
			if (i != null) {
				long[] ids = map.get(i);
				long[] more = ids == null ? new long[1] : Arrays.copyOf(ids, ids.length + 1);
				more[more.length - 1] = f.id();
				map.put(i, more);
			}
		}
		return map;
	}

	/**
	 * The last interval of {@code ordered} starting at or before {@code time} and ending at or after it, or null;
	 * for a message's {@code sending}, one that ends at that time (the interval that sent it) before one that only
	 * starts then, unless that one is a send.
	 */
	private static @Nullable Interval holding(List<Interval> ordered, double time, boolean sending) {
		int lo = 0;
		int hi = ordered.size() - 1;
		int found = -1;
		while (lo <= hi) {
			int mid = (lo + hi) >>> 1;
			if (ordered.get(mid).getStart() <= time) {
				found = mid;
				lo = mid + 1;
			} else {
				hi = mid - 1;
			}
		}
		Interval starting = null;
		for (int i = found; i >= 0 && i >= found - 8; i--) {
			Interval candidate = ordered.get(i);
			if (candidate.getEnd() >= time) {
				if (!sending || candidate.getStart() < time || candidate.getKind() == IntervalKind.SEND) {
					return candidate;
				}
				if (starting == null) {
					starting = candidate;
				}
			}
		}
		return starting;
	}

	/** The run's start in UTC as {@code pattern} gives it, or the epoch's if it has none: never the clock. */
	static String date(List<Run> runs, String pattern) {
		Date start = runs.stream().map(Run::getStartTime).filter(d -> d != null).findFirst().orElse(new Date(0));
		SimpleDateFormat format = new SimpleDateFormat(pattern, Locale.ROOT);
		format.setTimeZone(TimeZone.getTimeZone("UTC"));
		return format.format(start);
	}
}
