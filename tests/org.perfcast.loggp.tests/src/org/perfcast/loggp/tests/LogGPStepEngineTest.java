package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.perfcast.loggp.LogGPStepEngine;

class LogGPStepEngineTest {

	private final LogGPStepEngine engine = new LogGPStepEngine();

	private EngineResult run(Path model, ParameterBindings bindings, Map<String, String> options) throws EngineException {
		return engine.run(new EngineInput(model, model.getFileName().toString(), bindings,
				OptionValues.of(engine.options(), options)), EngineMonitor.NULL);
	}

	private static double summary(EngineResult result, String name) {
		return result.summary().stream().filter(s -> s.name().equals(name)).mapToDouble(SummaryValue::value).findFirst()
				.orElseThrow(() -> new AssertionError("no summary " + name + " in " + result.summary()));
	}

	@Test
	void testFigure3WithTheDefaultsIsThePapersStep() throws EngineException {
		EngineResult result = run(Patterns.example("loggp-step/figure3.pattern"), ParameterBindings.EMPTY, Map.of());
		assertEquals(67, summary(result, "T"), 1e-9);
		Schedule schedule = result.schedules().get(0);
		assertEquals("µs", schedule.timeUnit());
		assertEquals(List.of("P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"),
				schedule.timelines().stream().map(Schedule.Timeline::label).toList());
		assertEquals(9, schedule.messages().size());
		Schedule.Message first = schedule.messages().get(0);
		assertEquals(List.of(0, 3, 0.0, 19.0), List.of(first.from(), first.to(), first.sendTime(), first.receiveTime()));
		Schedule.Interval send = schedule.timelines().get(0).intervals().get(0);
		assertEquals(Schedule.Kind.SEND, send.kind());
		assertEquals("to 4 (101 B)", send.label());
		assertEquals("figure3.pattern:11:1", send.source().orElseThrow().format());
		assertEquals(76, summary(run(Patterns.example("loggp-step/figure3.pattern"), ParameterBindings.EMPTY,
				Map.of("algorithm", "overestimate")), "T"), 1e-9);
	}

	@Test
	void testBoundParametersOverrideTheOptions(@TempDir Path dir) throws Exception {
		Path one = Files.writeString(dir.resolve("one.pattern"), "0 1 101\n");
		assertEquals(16, summary(run(one, ParameterBindings.EMPTY, Map.of()), "T"), 1e-9);
		assertEquals(13, summary(run(one, ParameterBindings.EMPTY, Map.of("G", "0")), "T"), 1e-9);
		assertEquals(23, summary(run(one, ParameterBindings.parse(List.of("G=0.1")), Map.of("G", "0")), "T"), 1e-9);
	}

	@Test
	void testCycleReportsForcedTransmissions(@TempDir Path dir) throws Exception {
		Path cycle = Files.writeString(dir.resolve("cycle.pattern"), "0 1 8\n1 0 8\n");
		EngineResult result = run(cycle, ParameterBindings.EMPTY, Map.of("algorithm", "overestimate"));
		assertEquals(1, summary(result, "forced transmissions"), 0);
		assertTrue(result.diagnostics().get(0).message().contains("forced"), result.diagnostics().toString());
	}

	@Test
	void testRandomTiesReportTheSpread(@TempDir Path dir) throws Exception {
		Path fanIn = Files.writeString(dir.resolve("in.pattern"), "0 3 8\n1 3 800\n2 3 8\n");
		EngineResult result = run(fanIn, ParameterBindings.EMPTY, Map.of("ties", "random", "seed", "3"));
		double least = summary(result, "T least over 20 seeds");
		double greatest = summary(result, "T greatest over 20 seeds");
		double T = summary(result, "T");
		assertTrue(least <= T && T <= greatest, least + " <= " + T + " <= " + greatest);
	}

	@Test
	void testMalformedPatternFailsWithItsLine(@TempDir Path dir) throws Exception {
		Path bad = Files.writeString(dir.resolve("bad.pattern"), "0 1 8\n0 1 -8\n");
		EngineException e = assertThrows(EngineException.class, () -> run(bad, ParameterBindings.EMPTY, Map.of()));
		assertEquals("bad.pattern:2:5: error: the size must not be negative, was -8 bytes", e.getMessage());
		EngineException negative = assertThrows(EngineException.class,
				() -> run(dir.resolve("bad.pattern"), ParameterBindings.parse(List.of("L=-1")), Map.of()));
		assertTrue(negative.getMessage().contains("must not be negative") || negative.getMessage().contains("L"),
				negative.getMessage());
	}
}
