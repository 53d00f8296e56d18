package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Schedule;
import org.perfcast.trace.OpenMpWords;
import org.perfcast.trace.TraceEngine;

/**
 * A recorded OpenMP program's waits in words (what the timeline shows), and its tasks' intervals located at their task
 * constructs.
 */
class OpenMpWordsTest {

	@Test
	void testOpenMpObjectsInWords() {
		assertEquals("waiting for parallel region 3 to start", OpenMpWords.detail("taking omp.fork.3"));
		assertEquals("waiting for parallel region 3 to start, started by main", OpenMpWords.detail(
				"taking omp.fork.3 posted by main"));
		assertEquals("at barrier 0 of parallel region 1", OpenMpWords.detail("taking omp.release.1.0"));
		assertEquals("at barrier 2 of parallel region 12, released by main", OpenMpWords.detail(
				"taking omp.release.12.2 posted by main"));
		assertEquals("at barrier 0 of parallel region 1", OpenMpWords.detail("taking omp.barrier.1.0"));
		assertEquals("at barrier 0 of parallel region 1, waiting for T3", OpenMpWords.detail(
				"taking omp.barrier.1.0 posted by T3"));
		assertEquals("waiting for critical section, held by T2", OpenMpWords.detail(
				"locking omp.critical.55d6c3a0e040, held by T2"));
		assertEquals("waiting for critical section", OpenMpWords.detail("locking omp.critical.55d6c3a0e040"));
		assertEquals("waiting for OpenMP lock, held by task4", OpenMpWords.detail("locking omp.lock.7ffd10, held by task4"));
		assertEquals("waiting for atomic update, held by T1", OpenMpWords.detail("locking omp.atomic.4010, held by T1"));
		assertEquals("waiting for its turn in ordered", OpenMpWords.detail("taking omp.ordered.5a.3"));
		assertEquals("waiting for task7 to finish", OpenMpWords.detail("joining task7"));
	}

	@Test
	void testOtherDetailsAreLeftAsTheyAre() {
		for (String detail : List.of("on CPU 0", "taking s posted by T1", "locking m55c3b1e0f040, held by T2",
				"joining T3", "waiting for X from T2", "activating T2 with X", "between lists, waiting for X from P1",
				"taking omp.fork", "locking omp.criticality, held by T1", "joining tasks", "")) {
			assertEquals(detail, OpenMpWords.detail(detail));
		}
		assertEquals("", OpenMpWords.detail(null));
	}

	/**
	 * main forks region 1 at prog.c:5 and creates task1 at prog.c:9, which T1 joins at the barrier; task1's events
	 * come from the runtime, without a line: its intervals are located at its task construct.
	 */
	@Test
	void testTasksAreLocatedWhereTheyWereCreated(@TempDir Path dir) throws Exception {
		Path trace = Files.writeString(dir.resolve("omp.vtrace"), """
				@recorded pthreads
				@unit s
				0.001 main create T1 cpu=0.001
				0.002 main post omp.fork.1 cpu=0.002 at=/src/prog.c:5
				0.003 T1 take omp.fork.1 cpu=0.0 at=/src/prog.c:5
				0.004 T1 create task1 cpu=0.001 at=/src/prog.c:9
				0.005 T1 post omp.barrier.1.0 cpu=0.002 at=/src/prog.c:12
				0.105 task1 exit cpu=0.1
				0.106 main take omp.barrier.1.0 cpu=0.003 at=/src/prog.c:12
				0.106 main join task1 cpu=0.003
				0.107 main post omp.release.1.0 cpu=0.003 at=/src/prog.c:12
				0.108 T1 take omp.release.1.0 cpu=0.002 at=/src/prog.c:12
				0.109 T1 exit cpu=0.003
				0.110 main exit cpu=0.004
				@end
				""");
		TraceEngine engine = new TraceEngine();
		Schedule schedule = engine.run(new EngineInput(trace, "omp.vtrace", ParameterBindings.EMPTY, OptionValues.of(
				engine.options(), Map.of("processors", "2", "model", "direct"))), EngineMonitor.NULL).schedules().get(0);
		Map<String, Schedule.Timeline> rows = schedule.timelines().stream().collect(Collectors.toMap(
				Schedule.Timeline::label, t -> t));
		assertEquals(List.of("main", "T1", "task1"), schedule.timelines().stream().map(Schedule.Timeline::label)
				.toList());
		assertEquals(List.of("/src/prog.c:9"), rows.get("task1").intervals().stream().map(i -> where(i)).distinct()
				.toList(), "task1 at its task construct");
		assertEquals("/src/prog.c:12", where(rows.get("T1").intervals().stream().filter(i -> i.label().equals(
				"taking omp.release.1.0")).findFirst().orElseThrow()), "the threads' own lines are kept");
		// main's join of task1 has no line of its own; main is located by its other events, the join by the trace line
		assertEquals("omp.vtrace:10", where(rows.get("main").intervals().stream().filter(i -> i.label().equals(
				"joining task1")).findFirst().orElseThrow()));
	}

	private static String where(Schedule.Interval interval) {
		return interval.source().map(l -> l instanceof Location.TextLocation t ? t.file() + ":" + t.line() : l.format())
				.orElse("-");
	}
}
