package org.perfcast.glamis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.glamis.GlamisAnalysis;
import org.perfcast.glamis.GlamisModel;
import org.perfcast.glamis.GlamisParser;
import org.perfcast.glamis.ProgramDerivation;
import org.perfcast.glamis.Solver;
import org.perfcast.model.program.Program;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.routing.Network;
import org.perfcast.model.routing.NetworkLink;
import org.perfcast.model.validation.ParameterEnvironment;
import org.perfcast.pamela.MachineLinks;
import org.perfcast.pamela.Pamela;
import org.perfcast.pamela.Prediction;

/** Glamis models derived from program models: the paper's split model, and asymmetric machines. */
class ProgramDerivationTest {

	private static Path example(String relative) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative);
	}

	private static GlamisModel derive(String relative, Map<String, ? extends Number> bindings) throws EngineException {
		return GlamisParser.parse(ProgramDerivation.derive(example(relative), relative, ParameterBindings.of(bindings),
				EngineMonitor.NULL));
	}

	@Test
	void testMatvecOnTheRingIsThePapersSplitModel() throws EngineException {
		for (int p : new int[] { 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60 }) {
			GlamisModel model = derive("matvec-ring/matvec.program", Map.of("P", p, "t_f", 1, "t_l", 0.2));
			// the ring's links are used alike: one block of P (a ring of one processor has no links)
			assertEquals(p == 1 ? 1 : 2, model.machine().size(), "P = " + p);
			double t = GlamisAnalysis.analyse(model, ParameterBindings.EMPTY, Solver.EXACT, EngineMonitor.NULL).T();
			double expected = 360.0 * (2 * p * p + 17 * p + 1) / ((double) p * p);
			assertEquals(expected, t, 1e-9 * expected, "P = " + p);
		}
	}

	@Test
	void testLinearArrayLinksAreUsedUnequally() throws EngineException {
		GlamisModel model = derive("linear-array/loop.program", Map.of());
		// the links to and from the host carry nothing, the array's links one item each way: at least two blocks
		assertTrue(model.machine().size() >= 2, model.machine().toString());
		GlamisAnalysis.Result result = GlamisAnalysis.analyse(model, ParameterBindings.EMPTY, Solver.SCHWEITZER,
				EngineMonitor.NULL);
		// at least the loop body of ceil(1000 / 10) iterations of 100 cycles
		assertTrue(result.T() >= 10_000, Double.toString(result.T()));
	}

	@Test
	void testProgramErrorsNameTheElement(@TempDir Path dir) throws Exception {
		Path program = dir.resolve("bad.program");
		Files.writeString(program, Files.readString(example("linear-array/loop.program")).replace("<to>p + 1</to>",
				"<to>p + 5</to>"));
		Files.copy(example("linear-array/array.machine"), dir.resolve("array.machine"));
		EngineException e = assertThrows(EngineException.class,
				() -> ProgramDerivation.derive(program, "bad.program", ParameterBindings.EMPTY, EngineMonitor.NULL));
		String text = e.diagnostics().get(0).toString();
		assertTrue(text.startsWith("bad.program:13: error: Message 'to the right neighbour': "), text);
		assertTrue(text.endsWith("a message from 5 to 10 leaves the processes 0 .. 9"), text);
	}

	/**
	 * The utilisation law across engines: a link's Glamis utilisation U over the whole program times the program's
	 * Glamis time is the time the link is busy, which is its PAMELA workload σ.
	 */
	@Test
	void testLinkUtilisationTimesTimeIsThePamelaWorkload() throws Exception {
		for (String relative : new String[] { "matvec-ring/matvec.program", "linear-array/loop.program" }) {
			for (Solver solver : Solver.values()) {
				Path file = example(relative);
				ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
						URI.createFileURI(file.toAbsolutePath().toString()), relative);
				Program program = (Program) loaded.root();
				Map<Integer, Double> u = ProgramDerivation.linkUtilisation(program, relative, ParameterBindings.EMPTY,
						solver, EngineMonitor.NULL);
				double t = GlamisAnalysis.analyse(derive(relative, Map.of()), ParameterBindings.EMPTY, solver,
						EngineMonitor.NULL).T();
				Prediction pamela = Pamela.analyseProgram(file, relative, ParameterBindings.EMPTY, EngineMonitor.NULL)
						.prediction();
				Network network = new MachineLinks(program.getMachine(), "machine")
						.network(ParameterEnvironment.of(program, ParameterBindings.EMPTY).scope());
				assertEquals(network.links().size(), u.size(), relative);
				for (NetworkLink link : network.links()) {
					double busy = u.get(link.id()) * t;
					double sigma = pamela.resources().getOrDefault(link.name(), 0.0);
					assertTrue(u.get(link.id()) >= 0 && u.get(link.id()) <= 1, link.name() + ": U = " + u.get(link.id()));
					assertEquals(sigma, busy, 1e-9 * Math.max(1, sigma), relative + " " + solver + " " + link.name());
				}
			}
		}
	}
}
