package org.perfcast.results.tests;

import java.util.Date;
import java.util.List;

import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.IntervalKind;
import org.perfcast.model.results.MessageArrow;
import org.perfcast.model.results.ResultsFactory;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.model.results.Timeline;

/** Runs with schedules, built by hand, for the tests of the trace-file exports. */
final class TraceRuns {

	private static final ResultsFactory F = ResultsFactory.eINSTANCE;

	private TraceRuns() {
	}

	/**
	 * A predicted run ("trace on prog.trace", started 2026-03-04 05:06 UTC) of one point P=2 with a schedule in µs:
	 * rank 0 computes 0..2 (label "step A", source prog.c:10) and sends 2..3; rank 1 waits 0..2.5 (taking an
	 * OpenMP release) and receives 2.5..4; a message from rank 0 at 2.5 to rank 1 at 3.5, one from rank 1 at 4 to
	 * rank 0 at 5 (no interval of rank 0 holds 5). And a recorded run ("record on prog") of one point with one
	 * timeline "main" in ns: compute 100..400, io 400..900.
	 */
	static List<Run> predictedAndRecorded() {
		Run predicted = run("trace", "dir/prog.trace", new Date(1772600760000L));
		RunPoint point = point(predicted, 0);
		Binding p = F.createBinding();
		p.setName("P");
		p.setValue(2);
		point.getBindings().add(p);
		Schedule schedule = schedule(point, "timeline", "us");
		Timeline rank0 = timeline(schedule, "rank 0");
		Interval compute = interval(rank0, IntervalKind.COMPUTE, 0, 2, "step A");
		SourceLocation source = F.createSourceLocation();
		source.setFile("prog.c");
		source.setLine(10);
		compute.setSource(source);
		interval(rank0, IntervalKind.SEND, 2, 3, null);
		Timeline rank1 = timeline(schedule, "rank 1");
		interval(rank1, IntervalKind.WAIT, 0, 2.5, "taking omp.release.1.0 posted by main");
		interval(rank1, IntervalKind.RECEIVE, 2.5, 4, null);
		message(schedule, 0, 2.5, 1, 3.5, "tag 7");
		message(schedule, 1, 4, 0, 5, null);
		Run recorded = run("record", "prog", null);
		Schedule main = schedule(point(recorded, 0), "threads", "ns");
		Timeline thread = timeline(main, "main");
		interval(thread, IntervalKind.COMPUTE, 100, 400, null);
		interval(thread, IntervalKind.IO, 400, 900, "read");
		return List.of(predicted, recorded);
	}

	/** One run "x on a", one point without bindings, one timeline "t" in ns with one interval: compute 0..5. */
	static Run tiny() {
		Run run = run("x", "a", null);
		Timeline t = timeline(schedule(point(run, 0), "s", "ns"), "t");
		interval(t, IntervalKind.COMPUTE, 0, 5, null);
		return run;
	}

	static Run run(String engine, String input, Date start) {
		Run run = F.createRun();
		run.setEngineId(engine);
		run.setEngineName(engine);
		run.getInputFiles().add(input);
		run.setStartTime(start);
		return run;
	}

	static RunPoint point(Run run, int index) {
		RunPoint point = F.createRunPoint();
		point.setIndex(index);
		run.getPoints().add(point);
		return point;
	}

	static Schedule schedule(RunPoint point, String name, String unit) {
		Schedule schedule = F.createSchedule();
		schedule.setName(name);
		schedule.setTimeUnit(unit);
		point.getSchedules().add(schedule);
		return schedule;
	}

	static Timeline timeline(Schedule schedule, String label) {
		Timeline timeline = F.createTimeline();
		timeline.setLabel(label);
		schedule.getTimelines().add(timeline);
		return timeline;
	}

	static Interval interval(Timeline timeline, IntervalKind kind, double start, double end, String label) {
		Interval interval = F.createInterval();
		interval.setKind(kind);
		interval.setStart(start);
		interval.setEnd(end);
		interval.setLabel(label);
		timeline.getIntervals().add(interval);
		return interval;
	}

	static MessageArrow message(Schedule schedule, int from, double send, int to, double receive, String label) {
		MessageArrow m = F.createMessageArrow();
		m.setFrom(from);
		m.setSendTime(send);
		m.setTo(to);
		m.setReceiveTime(receive);
		m.setLabel(label);
		schedule.getMessages().add(m);
		return m;
	}
}
