package org.perfcast.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.PointStatus;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.RunStatus;
import org.perfcast.engine.run.Schedule;
import org.perfcast.engine.run.Series;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepRunner;
import org.perfcast.engine.run.Table;
import org.perfcast.mapping.MappingEngine;

/** The mapping engine of the outer loop on the example programs. */
class MappingEngineTest {

	private final MappingEngine engine = new MappingEngine();

	private static Path example(String relative) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative);
	}

	private EngineResult run(String relative, Map<String, String> options, String... bindings) throws EngineException {
		Path model = example(relative);
		return engine.run(new EngineInput(model, model.getFileName().toString(), ParameterBindings.parse(List.of(bindings)),
				OptionValues.of(engine.options(), options)), EngineMonitor.NULL);
	}

	private static Map<String, Double> values(EngineResult result) {
		Map<String, Double> values = new java.util.LinkedHashMap<>();
		result.summary().forEach(v -> values.put(v.name(), v.value()));
		return values;
	}

	private static Table table(EngineResult result, String name) {
		return result.tables().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
	}

	/** Block: (N/P + x + y + ...)·BB = 12 900; pipelining: P·(N + P − 1)·BB/P = 10 090 (Sussman's equations). */
	@Test
	void testLoopProgramRanksTheTechniques() throws EngineException {
		EngineResult result = run("linear-array/loop.program", Map.of());
		assertEquals(Map.of("T pipeline", 10_090.0, "T block", 12_900.0, "T best", 10_090.0, "T as written", 10_004.0),
				values(result));
		assertEquals(List.of("cycles"), result.summary().stream().map(v -> v.unit()).distinct().toList());
		Table ranking = result.tables().get(0);
		assertEquals("ranking (best: loop body pipelining, T = 10090)", ranking.name());
		assertEquals(List.of("1", "loop body pipelining", "10090", "10090", "10090", ""), ranking.rows().get(0));
		assertEquals(List.of("2", "block data partitioning", "12900", "12900", "12900", "yes"), ranking.rows().get(1));
		assertTrue(ranking.rows().get(2).get(5).startsWith("interleaved data partitioning needs a loop body without"));
		Table block = table(result, "components: block (cycles)");
		assertEquals(List.of("processor", "SEQ", "CL", "SD", "OL", "T"), block.columns());
		assertEquals(10, block.rows().size());
		// the sensitivity series pass through the ranking's T at the nominal BB = 100
		Series pipeline = result.series().stream().filter(s -> s.name().equals("T pipeline over BB")).findFirst().orElseThrow();
		assertEquals(8, pipeline.points().size());
		assertTrue(pipeline.points().contains(new Series.Point(100, 10_090)), pipeline.points().toString());
		// the axes name the quantity varied and T, each with the machine's time unit
		assertEquals("loop body cost BB (cycles)", pipeline.xLabel());
		assertEquals("T (cycles)", pipeline.yLabel());
		assertEquals(1, result.schedules().size());
		assertEquals(10_004, makespan(result.schedules().get(0)));
		assertTrue(result.diagnostics().stream().anyMatch(d -> d.code().equals("mapping.slowerThanBest")));
	}

	@Test
	void testOptions() throws EngineException {
		EngineResult block = run("linear-array/loop.program", Map.of("technique", "block", "sensitivity", "N",
				"schedule", "false"));
		assertEquals(Map.of("T block", 12_900.0, "T best", 12_900.0), values(block));
		assertEquals(List.of(), block.schedules());
		Series overN = block.series().get(0);
		assertEquals("T block over N", overN.name());
		assertEquals("iterations N", overN.xLabel());
		assertEquals(List.of(250.0, 500.0, 750.0, 1000.0, 1250.0, 1500.0, 1750.0, 2000.0),
				overN.points().stream().map(Series.Point::x).toList());
		assertEquals(12_900, overN.points().get(3).y());
		EngineException interleaved = assertThrows(EngineException.class, () -> run("linear-array/loop.program",
				Map.of("technique", "interleaved")));
		assertTrue(interleaved.diagnostics().get(0).message().startsWith("interleaved data partitioning needs"));
	}

	/** The general model of matvec: SEQ = 240, CL = 75 on every processor (GeneralExecutionModelTest), T = 315. */
	@Test
	void testGeneralProgramWithItsSchedule() throws EngineException {
		EngineResult result = run("matvec-ring/matvec.program", Map.of());
		assertEquals(Map.of("T", 315.0), values(result));
		assertEquals(List.of("0", "240", "75", "0", "0", "315 (T)"), table(result, "components (cycles)").rows().get(0));
		Schedule schedule = result.schedules().get(0);
		assertEquals("cycles", schedule.timeUnit());
		assertEquals(List.of("P0", "P1", "P2", "P3", "P4", "P5"), schedule.timelines().stream().map(Schedule.Timeline::label)
				.toList());
		assertEquals(315, makespan(schedule));
		assertEquals(30, schedule.messages().size());
		assertEquals("'A[i, j] to the owner of row i' (100 items)", schedule.messages().get(0).label());
		Schedule.Interval compute = schedule.timelines().get(3).intervals().getLast();
		assertEquals(Schedule.Kind.COMPUTE, compute.kind());
		assertEquals(75, compute.start());
		assertEquals(new Location.ElementLocation("matvec.program", "//@steps.1", "Step 'update own rows'", 19),
				compute.source().orElseThrow());
		assertEquals(List.of(0.0, 1.0, 2.0, 3.0, 4.0, 5.0), result.series().get(0).points().stream()
				.map(Series.Point::x).toList());
	}

	@Test
	void testSweepAndErrorsThroughTheRunner(@TempDir Path dir) throws IOException {
		RunOutcome outcome = new SweepRunner(2).run(engine, new RunRequest(example("matvec-ring/matvec.program"),
				"matvec.program", ParameterBindings.EMPTY, List.of(Sweep.parse("P=2,3,0")), OptionValues.of(engine.options(),
						Map.of())), EngineMonitor.NULL);
		assertEquals(RunStatus.FAILED, outcome.status());
		EngineResult two = assertInstanceOf(PointStatus.Completed.class, outcome.points().get(0).status()).result();
		// b = 30: one message of 900 items each way at 1/40 per item, then 2·30·60·0.2 = 720
		assertEquals(765, values(two).get("T"));
		assertInstanceOf(PointStatus.Completed.class, outcome.points().get(1).status());
		PointStatus.Failed none = assertInstanceOf(PointStatus.Failed.class, outcome.points().get(2).status());
		assertEquals("matvec.program:3: error: Program 'matrix-vector update': the program needs between 1 and 1000000 "
				+ "processes, has 0", none.diagnostics().get(0).toString());
		Path bad = Files.writeString(dir.resolve("bad.program"), "not xml");
		EngineException e = assertThrows(EngineException.class, () -> engine.run(new EngineInput(bad, "bad.program",
				ParameterBindings.EMPTY, OptionValues.of(engine.options(), Map.of())), EngineMonitor.NULL));
		assertTrue(e.diagnostics().get(0).toString().startsWith("bad.program:1:"), e.diagnostics().toString());
	}

	private static double makespan(Schedule schedule) {
		return schedule.timelines().stream().flatMap(t -> t.intervals().stream()).mapToDouble(Schedule.Interval::end)
				.max().orElse(0);
	}
}
