package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Sweep;
import org.perfcast.ide.Engines;
import org.perfcast.ide.SimulationJob;
import org.perfcast.mapping.MappingEngine;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunStatus;
import org.perfcast.pamela.PamelaEngine;
import org.perfcast.results.io.ResultsFiles;

/** The PAMELA and mapping engines are contributed to org.perfcast.ide.engines and run as simulation jobs. */
class BuiltinEnginesTest {

	@AfterEach
	void tearDown() throws CoreException {
		Workspaces.clear();
	}

	@Test
	void testContributions() throws CoreException {
		assertInstanceOf(PamelaEngine.class, Engines.find("pamela").orElseThrow().engine());
		assertInstanceOf(MappingEngine.class, Engines.find("mapping").orElseThrow().engine());
		assertEquals(List.of("pamela", "mapping", "glamis", "loggp"), Engines.forExtension("program").stream().map(Engines.Descriptor::id)
				.toList());
		assertEquals(List.of("pamela"), Engines.forExtension("pamela").stream().map(Engines.Descriptor::id).toList());
	}

	@Test
	void testPamelaSweepAsAJob() throws Exception {
		IProject project = Workspaces.root().getProject("engines");
		project.create(null);
		project.open(null);
		IFile model = project.getFile("loop.pamela");
		Workspaces.save(model, "param N = 4\nmain = seq(i = 1 .. N) delay(2)\n");
		Engine pamela = Engines.find("pamela").orElseThrow().engine();
		SimulationJob job = new SimulationJob(pamela, model, ParameterBindings.EMPTY, List.of(Sweep.parse("N=1,5")),
				OptionValues.of(pamela.options(), Map.of()));
		job.schedule();
		job.join();
		assertEquals(IStatus.OK, job.getResult().getSeverity(), job.getResult().toString());
		Run run = ResultsFiles.load(job.resultsFile().getLocation().toPath());
		assertEquals(RunStatus.COMPLETED, run.getStatus());
		assertEquals(List.of(2.0, 10.0), run.getPoints().stream().map(p -> p.getValues().get(0).getValue()).toList());
	}
}
