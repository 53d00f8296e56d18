package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Sweep;
import org.perfcast.ide.Engines;
import org.perfcast.ide.SimulationJob;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunStatus;
import org.perfcast.results.io.ResultsFiles;

class SimulationJobTest {

	private IProject project;
	private IFile model;
	private Engine square;

	@BeforeEach
	void setUp() throws CoreException {
		project = Workspaces.root().getProject("sim");
		project.create(null);
		project.open(null);
		model = project.getFile("m.square");
		Workspaces.save(model, "square\n");
		square = Engines.find("square").orElseThrow().engine();
	}

	@AfterEach
	void tearDown() throws CoreException {
		Workspaces.clear();
	}

	private SimulationJob job(String sweep, String... options) {
		return new SimulationJob(square, model, ParameterBindings.parse(List.of("N=60")), List.of(Sweep.parse(sweep)),
				OptionValues.parse(square.options(), List.of(options)));
	}

	private static Run load(IFile file) throws Exception {
		return ResultsFiles.load(file.getLocation().toPath());
	}

	@Test
	void testEngineIsContributed() {
		Engines.Descriptor descriptor = Engines.find("square").orElseThrow();
		assertEquals("Square test engine", descriptor.name());
		assertTrue(descriptor.handles("SQUARE"));
		assertEquals(List.of(descriptor), Engines.forExtension("square"));
	}

	@Test
	void testRunWritesAResultsFileIntoTheResultsFolder() throws Exception {
		SimulationJob job = job("P=1..4");
		assertTrue(job.isUser());
		assertTrue(job.belongsTo(SimulationJob.FAMILY));
		job.schedule();
		job.join();
		assertEquals(IStatus.OK, job.getResult().getSeverity(), job.getResult().toString());
		IFolder results = SimulationJob.resultsFolder(project);
		List<IResource> files = Arrays.asList(results.members());
		assertEquals(List.of(job.resultsFile()), files);
		assertTrue(job.resultsFile().getName().matches("\\d{8}-\\d{6}-\\d{3}-square\\.results"));
		Run run = load(job.resultsFile());
		assertEquals(RunStatus.COMPLETED, run.getStatus());
		assertEquals(List.of("/sim/m.square"), run.getInputFiles());
		assertEquals(4, run.getPoints().size());
		assertEquals(900.0, run.getPoints().get(3).getValues().get(0).getValue());

		SimulationJob again = job("P=1..4");
		again.schedule();
		again.join();
		assertEquals(2, results.members().length, "a rerun adds a file");
	}

	@Test
	void testCancelRecordsACancelledRun() throws Exception {
		SimulationJob job = job("P=1..200", "delayMs=20");
		job.schedule();
		long deadline = System.currentTimeMillis() + 10_000;
		while (job.getState() != Job.RUNNING && System.currentTimeMillis() < deadline) {
			Thread.sleep(10);
		}
		Thread.sleep(200);
		long cancelled = System.nanoTime();
		SimulationJob.cancelAll();
		job.join();
		long millis = (System.nanoTime() - cancelled) / 1_000_000;
		System.out.println("SimulationJobTest: job ended " + millis + " ms after the cancel");
		assertTrue(millis < 2000, millis + " ms");
		assertEquals(IStatus.CANCEL, job.getResult().getSeverity());
		Run run = load(job.resultsFile());
		assertEquals(RunStatus.CANCELLED, run.getStatus());
		assertEquals(200, run.getPointCount());
		assertTrue(run.getPoints().size() < 200, run.getPoints().size() + " points");
	}

	@Test
	void testARunningSimulationHoldsNoRule() throws Exception {
		// a first run: no results folder yet, which used to lock the whole project for the run
		assertTrue(!SimulationJob.resultsFolder(project).exists());
		SimulationJob job = job("P=1..200", "delayMs=25");
		assertEquals(null, job.getRule());
		job.schedule();
		long deadline = System.currentTimeMillis() + 10_000;
		while (job.getState() != Job.RUNNING && System.currentTimeMillis() < deadline) {
			Thread.sleep(10);
		}
		Thread.sleep(200);
		// what a save and a build do: take the project's rule and change a file in it
		long start = System.nanoTime();
		org.eclipse.core.resources.ResourcesPlugin.getWorkspace().run(m -> Workspaces.save(model, "square\n# edited\n"),
				project, IResource.NONE, null);
		project.build(org.eclipse.core.resources.IncrementalProjectBuilder.INCREMENTAL_BUILD, null);
		long millis = (System.nanoTime() - start) / 1_000_000;
		System.out.println("SimulationJobTest: a save and a build took " + millis + " ms while a simulation ran");
		assertEquals(Job.RUNNING, job.getState(), "the simulation still runs");
		assertTrue(millis < 1000, millis + " ms: the save waited for the simulation");
		job.join();
		assertEquals(IStatus.OK, job.getResult().getSeverity(), job.getResult().toString());
		assertTrue(job.resultsFile().exists());
	}

	@Test
	void testFailuresNameTheModelLocation() throws Exception {
		SimulationJob job = job("P=1..3", "failAt=2");
		job.schedule();
		job.join();
		IStatus result = job.getResult();
		assertEquals(IStatus.ERROR, result.getSeverity());
		assertTrue(result.getMessage().startsWith("1 of 3 points of Square test engine on /sim/m.square failed; results in "
				+ "/sim/results/"), result.getMessage());
		assertEquals("N=60, P=2: /sim/m.square:3: error: Step compute: P = 2.0 is refused on purpose",
				result.getChildren()[0].getMessage());
		assertEquals(RunStatus.FAILED, load(job.resultsFile()).getStatus());
	}
}
