package org.perfcast.pamela.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.PointOutcome;
import org.perfcast.engine.run.PointStatus;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.RunStatus;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepRunner;
import org.perfcast.engine.run.Table;
import org.perfcast.pamela.PamelaEngine;

/** The PAMELA engine of the outer loop on the paper's matrix-vector model and its program translation. */
class PamelaEngineTest {

	/** A monitor that is cancelled from the first subtask that starts with {@code trigger} on ("" at once). */
	private static final class CancellingMonitor implements EngineMonitor {
		private final String trigger;
		private final AtomicBoolean cancelled;

		CancellingMonitor(String trigger) {
			this.trigger = trigger;
			this.cancelled = new AtomicBoolean(trigger.isEmpty());
		}

		@Override
		public void begin(String task, long totalWork) {
			// no progress to show
		}

		@Override
		public void worked(long units) {
			// no progress to show
		}

		@Override
		public void subTask(String name) {
			if (name.startsWith(trigger)) {
				cancelled.set(true);
			}
		}

		@Override
		public boolean isCancelled() {
			return cancelled.get();
		}
	}

	private final PamelaEngine engine = new PamelaEngine();

	private static Path example(String project, String file) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples"), project, file);
	}

	private EngineResult run(Path model, String... bindings) throws EngineException {
		return run(model, Map.of(), bindings);
	}

	private EngineResult run(Path model, Map<String, String> options, String... bindings) throws EngineException {
		return engine.run(new EngineInput(model, model.getFileName().toString(), ParameterBindings.parse(List.of(bindings)),
				OptionValues.of(engine.options(), options)), EngineMonitor.NULL);
	}

	private static double value(EngineResult result, String name) {
		return result.summary().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow().value();
	}

	private static Table table(EngineResult result, String prefix) {
		return result.tables().stream().filter(t -> t.name().startsWith(prefix)).findFirst().orElseThrow();
	}

	/** T = N²((P−1)/(2P) t_l + 2/P t_f), sections 2-3 of the paper: 277.5 at N = 60, P = 6. */
	@Test
	void testMatvecModelGivesThePapersNumbers() throws EngineException {
		EngineResult result = run(example("matvec-ring", "matvec.pamela"));
		assertEquals(List.of("T", "Tcplx", "sigmaMax", "speedup"), result.summary().stream().map(v -> v.name()).toList());
		assertEquals(277.5, value(result, "T"), 1e-9);
		// T(1) = 2 N² t_f = 1440: the speedup of figure 7's complexity analysis
		assertEquals(1440 / 277.5, value(result, "speedup"), 1e-9);
		assertEquals(277.5, value(result, "Tcplx"), 1e-9);
		// every link carries b² (P−1) P / 2 / P uses of t_l: 100 · 15 · 0.025
		assertEquals(37.5, value(result, "sigmaMax"), 1e-9);
		assertEquals("", result.summary().get(0).unit());
		Table prediction = table(result, "prediction");
		assertEquals(List.of("bound", "critical-path-bound"), prediction.rows().get(3));
		assertEquals("bottleneck", prediction.rows().get(4).get(0));
		assertTrue(prediction.rows().get(5).get(1).startsWith("flop ("), prediction.rows().toString());
		Table workloads = table(result, "workloads");
		assertEquals(6, workloads.rows().size());
		assertEquals(List.of("l[0]", "37.5", "13.5 %"), workloads.rows().get(0));
		assertEquals(List.of("send", "flop"), table(result, "processes").rows().stream().map(r -> r.get(0)).sorted()
				.toList().reversed());
		assertTrue(result.diagnostics().stream().anyMatch(d -> d.code().equals("pamela.prediction")));
	}

	@Test
	void testClosedFormOnlyWhenAskedAndParametersAreFree() throws EngineException {
		Table form = table(run(example("matvec-ring", "matvec.pamela"), "P=6"), "closed form in ");
		assertEquals("closed form in N, t_f, t_l", form.name());
		assertEquals(List.of("T_cplx", "1/3*N^2*t_f + 5/12*N^2*t_l"), form.rows().get(1));
		EngineResult without = run(example("matvec-ring", "matvec.pamela"), Map.of(PamelaEngine.CLOSED_FORM, "false"), "P=6");
		assertFalse(without.tables().stream().anyMatch(t -> t.name().startsWith("closed form")));
		EngineResult bound = run(example("matvec-ring", "matvec.pamela"), "P=6", "N=60", "t_f=0.2", "t_l=0.025");
		assertFalse(bound.tables().stream().anyMatch(t -> t.name().startsWith("closed form")));
	}

	/** A program runs through its translation, in the machine's time unit. */
	@Test
	void testProgramThroughItsTranslation() throws EngineException {
		EngineResult result = run(example("matvec-ring", "matvec.program"), "t_f=1", "t_l=0.2", "P=4");
		double N = 60;
		assertEquals(N * N * (3.0 / 8 * 0.2 + 2.0 / 4), value(result, "T"), 1e-9);
		assertEquals("cycles", result.summary().get(0).unit());
		assertEquals(4, table(result, "workloads").rows().size());
		assertEquals(10002, value(run(example("linear-array", "loop.program")), "T"));
	}

	@Test
	void testErrorsPointIntoTheFile(@TempDir Path dir) throws IOException {
		Path model = Files.writeString(dir.resolve("bad.pamela"), "param N = 3\nmain = delay(M)\n");
		EngineException e = assertThrows(EngineException.class, () -> run(model));
		assertTrue(e.diagnostics().get(0).toString().startsWith("bad.pamela:2:14: error: "), e.diagnostics().toString());
		Files.copy(example("matvec-ring", "ring.machine"), dir.resolve("ring.machine"));
		Path program = Files.writeString(dir.resolve("bad.program"), Files.readString(example("matvec-ring",
				"matvec.program")).replace("<to>q</to>", "<to>q + 1</to>"));
		e = assertThrows(EngineException.class, () -> run(program));
		assertEquals("bad.program:10: error: Message 'A[i, j] to the owner of row i': a message from 0 to 6 leaves "
				+ "the processes 0 .. 5", e.diagnostics().get(0).toString());
		assertThrows(EngineException.class, () -> run(dir.resolve("missing.pamela")));
	}

	@Test
	void testSweepThroughTheRunner() {
		RunOutcome outcome = new SweepRunner(2).run(engine, new RunRequest(example("matvec-ring", "matvec.pamela"),
				"matvec.pamela", ParameterBindings.EMPTY, List.of(Sweep.parse("P=2,3,6")), OptionValues.of(engine.options(),
						Map.of())), EngineMonitor.NULL);
		assertEquals(RunStatus.COMPLETED, outcome.status());
		List<Double> T = outcome.points().stream().map(p -> value(assertInstanceOf(PointStatus.Completed.class,
				p.status()).result(), "T")).toList();
		for (int i = 0; i < 3; i++) {
			double P = List.of(2.0, 3.0, 6.0).get(i);
			assertEquals(3600 * ((P - 1) / (2 * P) * 0.025 + 2 / P * 0.2), T.get(i), 1e-9);
		}
	}

	/** Once the second point has begun, the run is cancelled: the third never starts. */
	@Test
	void testCancelStopsTheSweep() {
		EngineMonitor monitor = new CancellingMonitor("P=3");
		RunOutcome outcome = new SweepRunner(1).run(engine, new RunRequest(example("matvec-ring", "matvec.pamela"),
				"matvec.pamela", ParameterBindings.EMPTY, List.of(Sweep.parse("P=2,3,6")), OptionValues.of(engine.options(),
						Map.of())), monitor);
		assertEquals(RunStatus.CANCELLED, outcome.status());
		assertEquals(List.of(0, 1), outcome.points().stream().map(PointOutcome::index).toList());
		assertInstanceOf(PointStatus.Completed.class, outcome.points().get(0).status());
	}

	/** A loop the analysis must iterate polls the monitor. */
	@Test
	void testCancelInsideTheAnalysis(@TempDir Path dir) throws IOException {
		Path model = Files.writeString(dir.resolve("long.pamela"), "resource l[7]\nmain = seq(i = 0 .. 100000) "
				+ "use(l[i * i mod 7], 1)\n");
		EngineMonitor cancelled = new CancellingMonitor("");
		assertThrows(CancelledException.class, () -> engine.run(new EngineInput(model, "long.pamela",
				ParameterBindings.EMPTY, OptionValues.of(engine.options(), Map.of())), cancelled));
	}
}
