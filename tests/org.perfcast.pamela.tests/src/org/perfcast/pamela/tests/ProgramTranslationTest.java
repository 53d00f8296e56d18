package org.perfcast.pamela.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.pamela.CriticalPath;
import org.perfcast.pamela.Pamela;
import org.perfcast.pamela.Prediction;

class ProgramTranslationTest {

	private static Path example(String project, String file) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples"), project, file);
	}

	private static Prediction predict(Path program, String... bindings) {
		Pamela.Result result = Pamela.analyseProgram(program, program.getFileName().toString(),
				ParameterBindings.parse(List.of(bindings)), EngineMonitor.NULL);
		assertTrue(result.prediction() != null, result.diagnostics().toString());
		return result.prediction();
	}

	/** Each message of b^2 elements uses every link of its route for b^2 t_l, as the paper's sends do. */
	@Test
	void testMatvecProgramMatchesThePaper() {
		for (int P : new int[] { 1, 2, 3, 4, 5, 6, 10, 12, 15 }) {
			double N = 60;
			double b = N / P;
			Prediction p = predict(example("matvec-ring", "matvec.program"), "P=" + P, "t_f=1", "t_l=0.2");
			double sigma = b * b * P * (P - 1) / 2 * 0.2;
			// the translation's sends of one process are sequential, as in the paper's model
			assertEquals(sigma + 2 * b * N, p.Tcplx(), 1e-9 * p.Tcplx(), "P = " + P);
			assertEquals(N * N * ((P - 1.0) / (2 * P) * 0.2 + 2.0 / P), p.T(), 1e-9 * p.T());
			assertEquals(P == 1 ? 0 : P, p.resources().size());
			p.resources().values().forEach(w -> assertEquals(sigma, w, 1e-9));
			assertNull(p.closedForm());
		}
	}

	/**
	 * The critical path runs through each step's longest process: its length is T_cplx for every program and
	 * binding, and in the matvec exchange process 0 (the lowest of equals) sends P - 1 messages.
	 */
	@Test
	void testCriticalPathLengthIsTcplx() {
		for (String[] program : new String[][] { { "matvec-ring", "matvec.program" }, { "linear-array", "loop.program" },
				{ "gauss-elim", "gauss-elim.program" } }) {
			for (String binding : program[0].equals("matvec-ring") ? new String[] { "P=1", "P=2", "P=5", "P=12" }
					: program[0].equals("gauss-elim") ? new String[] { "b=120", "b=240" } : new String[] { "N=1000" }) {
				Pamela.Result result = Pamela.analyseProgram(example(program[0], program[1]), program[1],
						ParameterBindings.parse(List.of(binding)), EngineMonitor.NULL);
				assertTrue(result.prediction() != null, result.diagnostics().toString());
				CriticalPath path = result.criticalPath();
				assertEquals(result.prediction().Tcplx(), path.length(), 1e-9 * result.prediction().Tcplx(),
						program[1] + " " + binding);
				for (CriticalPath.StepOnPath step : path.steps()) {
					double sends = step.sends().stream().mapToDouble(CriticalPath.Send::time).sum();
					assertTrue(sends <= step.time() * (1 + 1e-12), step.toString());
					step.sends().forEach(send -> assertEquals(step.process(), send.from()));
				}
				if (program[0].equals("matvec-ring")) {
					int p = Integer.parseInt(binding.substring(2));
					assertEquals(p - 1, path.steps().get(0).sends().size(), binding);
				}
			}
		}
	}

	@Test
	void testTranslationText() {
		String text = Pamela.translate(example("matvec-ring", "matvec.program"), "matvec.program",
				ParameterBindings.parse(List.of("P=3")));
		assertTrue(text.startsWith("# PAMELA translation of matrix-vector update (generated)\nmachine \"ring.machine\"\n"
				+ "param N = 60\nparam P = 3\nparam b = 20\nparam t_f = 1/5\nmain = seq {\n  # send partial products\n  par {\n"
				+ "    seq(p = 0 .. 0) seq { use(l[0], 10); use(l[0], 10); use(l[1], 10) };\n"), text);
		assertTrue(text.endsWith("  # update own rows\n  par(p = 0 .. 2) delay(2 * b * N * t_f)\n}\n"), text);
	}

	@Test
	void testLinearArrayLoop() {
		// exchange: the middle processes send one item each way (1 + 1); then ceil(N / P) BB = 100 * 100
		Prediction p = predict(example("linear-array", "loop.program"));
		assertEquals(10002, p.T());
		assertEquals(18, p.resources().size());
		assertEquals(List.of("l[0->1]", "l[1->0]"), p.resources().keySet().stream().limit(2).toList());
		assertEquals(1, p.resources().get("l[3->4]"));
		assertEquals(100 * 50 + 2, predict(example("linear-array", "loop.program"), "P=20").T());
	}

	@Test
	void testBrokenPrograms(@TempDir Path dir) throws Exception {
		Files.copy(example("matvec-ring", "ring.machine"), dir.resolve("ring.machine"));
		Path program = dir.resolve("bad.program");
		Files.writeString(program, Files.readString(example("matvec-ring", "matvec.program")).replace("<to>q</to>",
				"<to>q + 1</to>"));
		Pamela.Result result = Pamela.analyseProgram(program, "bad.program", ParameterBindings.EMPTY, EngineMonitor.NULL);
		assertNull(result.prediction());
		assertEquals(Severity.ERROR, result.diagnostics().get(0).severity());
		assertEquals("bad.program:10: error: Message 'A[i, j] to the owner of row i': a message from 0 to 6 "
				+ "leaves the processes 0 .. 5", result.diagnostics().get(0).toString());
		Files.writeString(program, "not xml");
		result = Pamela.analyseProgram(program, "bad.program", ParameterBindings.EMPTY, EngineMonitor.NULL);
		assertNull(result.prediction());
		assertTrue(result.diagnostics().get(0).message().startsWith("bad.program:1:"), result.diagnostics().toString());
	}

	/**
	 * Operation counts become a delay per process: count per block × blocks the layout gives the process × the
	 * machine's cost of the operation at the block size (4 processes, 8 × 8 in 2 × 2 blocks by block rows).
	 */
	@Test
	void testOperationCountsBecomeDelays(@TempDir Path dir) throws Exception {
		org.eclipse.emf.ecore.resource.ResourceSet set = org.perfcast.model.resource.ModelFiles.newResourceSet();
		org.perfcast.model.machine.Machine machine = org.perfcast.model.machine.MachineFactory.eINSTANCE.createMachine();
		machine.setProcessorCount("P");
		machine.setTopology(org.perfcast.model.machine.MachineFactory.eINSTANCE.createFullyConnected());
		org.perfcast.model.machine.Computation computation = org.perfcast.model.machine.MachineFactory.eINSTANCE
				.createComputation();
		org.perfcast.model.machine.BasicOperation update = org.perfcast.model.machine.MachineFactory.eINSTANCE
				.createBasicOperation();
		update.setName("Op1");
		update.setCost("5 * size");
		computation.getOperations().add(update);
		machine.setComputation(computation);
		org.perfcast.model.layout.Layout layout = org.perfcast.model.layout.LayoutFactory.eINSTANCE.createLayout();
		layout.setDistribution(org.perfcast.model.layout.Distribution.ROW_STRIPED_CYCLIC);
		layout.setRows("N");
		layout.setColumns("N");
		layout.setBlockSize("b");
		layout.setProcessors("P");
		org.perfcast.model.program.Program program = org.perfcast.model.program.ProgramFactory.eINSTANCE.createProgram();
		for (String[] nameValue : new String[][] { { "P", "4" }, { "N", "8" }, { "b", "2" } }) {
			org.perfcast.model.core.Parameter parameter = org.perfcast.model.core.CoreFactory.eINSTANCE.createParameter();
			parameter.setName(nameValue[0]);
			parameter.setDefaultValue(nameValue[1]);
			program.getParameters().add(parameter);
		}
		program.setProcessCount("P");
		program.setMachine(machine);
		program.setLayout(layout);
		org.perfcast.model.program.Step step = org.perfcast.model.program.ProgramFactory.eINSTANCE.createStep();
		step.setName("update");
		step.setCost("1");
		org.perfcast.model.program.OperationCount count = org.perfcast.model.program.ProgramFactory.eINSTANCE
				.createOperationCount();
		count.setOperation(update);
		count.setCountPerBlock("3 + p");
		count.setSize("b");
		step.getOperations().add(count);
		program.getSteps().add(step);
		for (var root : List.of(machine, layout, program)) {
			String extension = root == machine ? "machine" : root == layout ? "layout" : "program";
			var resource = set.createResource(org.eclipse.emf.common.util.URI.createFileURI(dir.resolve("ops." + extension)
					.toString()));
			resource.getContents().add(root);
		}
		for (var resource : set.getResources()) {
			resource.save(null);
		}

		Path file = dir.resolve("ops.program");
		String text = Pamela.translate(file, "ops.program", ParameterBindings.EMPTY);
		// process p owns 4 blocks and does (3 + p) Op1 per block at 5 × 2 each: 120 + 40 p, after the step's 1
		for (int p = 0; p < 4; p++) {
			assertTrue(text.contains("seq(p = " + p + " .. " + p + ") seq { delay(1); delay(" + (120 + 40 * p) + ") }"),
					text);
		}
		Prediction prediction = predict(file);
		assertEquals(1 + 120 + 40 * 3, prediction.T(), "the slowest process, p = 3, sets T");
		assertEquals(1 + (3 + 3) * 16 * 10, predict(file, "N=16").T(), "16 blocks each at N = 16");
	}
}
