package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Schedule;
import org.perfcast.engine.run.SummaryValue;
import org.perfcast.engine.run.Table;
import org.perfcast.trace.SyntheticTrace;
import org.perfcast.trace.TraceEngine;

/**
 * The trace engine on a run longer than its detail: the same numbers as with every interval kept, a schedule of
 * bucket summaries whose size does not grow with the run, the window's exact intervals on demand, clear errors.
 */
class TraceEngineDetailTest {

	private static EngineResult run(Path trace, Map<String, String> options) throws EngineException {
		TraceEngine engine = new TraceEngine();
		return engine.run(new EngineInput(trace, trace.getFileName().toString(), ParameterBindings.EMPTY, OptionValues
				.of(engine.options(), options)), EngineMonitor.NULL);
	}

	private static double value(EngineResult result, String name) {
		return result.summary().stream().filter(v -> v.name().equals(name)).mapToDouble(SummaryValue::value)
				.findFirst().orElse(Double.NaN);
	}

	private static Table table(EngineResult result, String prefix) {
		return result.tables().stream().filter(t -> t.name().startsWith(prefix)).findFirst().orElseThrow();
	}

	private static long intervals(Schedule schedule) {
		return schedule.timelines().stream().mapToLong(t -> t.intervals().size()).sum();
	}

	@Test
	void testSummarisedRunAgreesWithTheExactOne(@TempDir Path dir) throws Exception {
		Path trace = dir.resolve("workers.vtraceb");
		try (OutputStream out = Files.newOutputStream(trace)) {
			SyntheticTrace.writeBinary(out, SyntheticTrace.Shape.WORKERS, 100_000, 5);
		}
		EngineResult exact = run(trace, Map.of("processors", "4", "model", "direct", "detail", "100000000"));
		EngineResult summary = run(trace, Map.of("processors", "4", "model", "direct", "detail", "2000"));
		assertTrue(Double.isNaN(value(exact, TraceEngine.TIMELINE_BUCKET)));
		for (String name : List.of("completion", "speedup", "one processor", "operations", "threads")) {
			assertEquals(value(exact, name), value(summary, name), name);
		}
		assertEquals(table(exact, "threads").rows().size(), table(summary, "threads").rows().size());
		for (int row = 0; row < table(exact, "threads").rows().size(); row++) {
			List<String> e = table(exact, "threads").rows().get(row);
			List<String> s = table(summary, "threads").rows().get(row);
			for (int c = 2; c < e.size(); c++) {
				assertEquals(Double.parseDouble(e.get(c)), Double.parseDouble(s.get(c)), 1e-6, e + " vs " + s);
			}
		}
		assertEquals(table(exact, "waiting points"), table(summary, "waiting points"));
		double bucket = value(summary, TraceEngine.TIMELINE_BUCKET);
		long all = (long) value(summary, TraceEngine.TIMELINE_INTERVALS);
		Schedule exactSchedule = exact.schedules().get(0);
		Schedule summarySchedule = summary.schedules().get(0);
		assertEquals(intervals(exactSchedule), all, "the summary counts every interval");
		assertTrue(bucket > 0 && intervals(summarySchedule) <= 9L * 256 * 5, intervals(summarySchedule) + " segments");
		assertTrue(summarySchedule.name().contains("summary per"), summarySchedule.name());
		assertTrue(summary.diagnostics().stream().anyMatch(d -> d.code().equals("trace.detail") && d.message()
				.contains("window=FROM:TO")), summary.diagnostics().toString());
		for (int t = 0; t < exactSchedule.timelines().size(); t++) {
			// a bucket's segments add up to the time the thread was alive in it: the timeline's total is the same
			double e = exactSchedule.timelines().get(t).intervals().stream().mapToDouble(i -> i.end() - i.start()).sum();
			double s = summarySchedule.timelines().get(t).intervals().stream().mapToDouble(i -> i.end() - i.start())
					.sum();
			assertEquals(e, s, 1e-5 * e, exactSchedule.timelines().get(t).label());
		}

		double completion = value(exact, "completion");
		String window = (completion / 2) + ":" + (completion / 2 + completion / 500);
		EngineResult zoomed = run(trace, Map.of("processors", "4", "model", "direct", "detail", "2000", "window",
				window));
		Schedule zoomedSchedule = zoomed.schedules().get(0);
		assertTrue(zoomedSchedule.name().contains("exact in"), zoomedSchedule.name());
		for (int t = 0; t < exactSchedule.timelines().size(); t++) {
			List<Schedule.Interval> expected = exactSchedule.timelines().get(t).intervals().stream().filter(i -> i
					.end() >= completion / 2 && i.start() <= completion / 2 + completion / 500).toList();
			List<Schedule.Interval> got = zoomedSchedule.timelines().get(t).intervals().stream().filter(i -> !i.label()
					.startsWith("summary of")).toList();
			assertEquals(expected, got, "the window's exact intervals of " + exactSchedule.timelines().get(t).label());
		}
		assertNotNull(zoomed.schedules().get(0).messages());
	}

	@Test
	void testBadDetailAndWindow(@TempDir Path dir) throws Exception {
		Path trace = dir.resolve("workers.vtraceb");
		try (OutputStream out = Files.newOutputStream(trace)) {
			SyntheticTrace.writeBinary(out, SyntheticTrace.Shape.WORKERS, 1_000, 5);
		}
		EngineException e = assertThrows(EngineException.class, () -> run(trace, Map.of("window", "5")));
		assertTrue(e.getMessage().contains("window must be FROM:TO"), e.getMessage());
		e = assertThrows(EngineException.class, () -> run(trace, Map.of("window", "7:3")));
		assertTrue(e.getMessage().contains("a window goes from a finite time to a later or equal one"), e.getMessage());
		e = assertThrows(EngineException.class, () -> run(trace, Map.of("detail", "0")));
		assertTrue(e.getMessage().contains("at least one interval"), e.getMessage());
		assertEquals("workers.vtraceb", e.diagnostics().get(0).location().file());
	}
}
