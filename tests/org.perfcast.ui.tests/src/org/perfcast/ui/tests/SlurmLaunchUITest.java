package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfcast.cluster.tests.LocalSlurm;
import org.perfcast.ide.ClusterPreferences;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.launch.SimulationLaunchShortcut;
import org.perfcast.ui.results.ResultsView;
import org.perfcast.ui.results.RunEntry;

/**
 * A simulation launch with "Run on: SLURM cluster" against the real one-node SLURM of the cluster tests: the
 * Results view shows the run running while its points arrive, then completed with every point; cancelling the
 * launch's job cancels the SLURM job.
 */
class SlurmLaunchUITest {

	private static final Pattern RUNNING = Pattern.compile("(pending|running) \\(SLURM job (\\d+)\\)");

	private IFile model;

	@BeforeEach
	void setUp() throws Exception {
		LocalSlurm.start();
		ClusterPreferences.node().put(ClusterPreferences.SUBMIT, ClusterPreferences.SUBMIT_LOCAL);
		ClusterPreferences.node().put(ClusterPreferences.DISTRIBUTION, LocalSlurm.distribution().toString());
		ClusterPreferences.node().putInt(ClusterPreferences.POINTS_PER_TASK, 2);
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("cluster");
		project.create(null);
		project.open(null);
		model = project.getFile("figure3.pattern");
		model.create(new ByteArrayInputStream(Files.readAllBytes(Path.of(System.getProperty("perfcast.examples"),
				"loggp-step", "figure3.pattern"))), true, null);
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
	}

	@AfterEach
	void tearDown() throws Exception {
		ClusterPreferences.node().clear();
		UiTests.endSimulations();
	}

	@Test
	void testTheResultsViewShowsPointsArrivingFromSlurm() throws Exception {
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);
		view.getSummaryTab().select(); // the Summary: the points as they arrive
		SimulationJob job = launch("g=10..48:2");
		try (AutoCloseable big = UiTests.maximised(ResultsView.ID)) {
			RunEntry[] arriving = new RunEntry[1];
			UiTests.waitUntil(() -> {
				arriving[0] = entry(view, job);
				if (arriving[0] == null || !arriving[0].status().startsWith("running")) {
					return false;
				}
				view.select(List.of(arriving[0]));
				int rows = view.getSummaryTab().getViewer().getTable().getItemCount();
				return rows >= 4 && rows < 20;
			}, 300_000, "the run running on SLURM with some of its points in the Results view");
			Matcher matcher = RUNNING.matcher(arriving[0].status());
			assertTrue(matcher.matches(), arriving[0].status());
			Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
			Screenshots.save(shell, UiTests.screenshots().resolve("results-view-slurm-arriving.png"));

			job.join();
			assertEquals(IStatus.OK, job.getResult().getSeverity(), job.getResult().toString());
			UiTests.waitUntil(() -> {
				RunEntry done = entry(view, job);
				if (done == null || !done.status().equals("completed")) {
					return false;
				}
				view.select(List.of(done));
				return view.getSummaryTab().getViewer().getTable().getItemCount() == 20;
			}, 30_000, "the completed run with its 20 points");
			assertFalse(LocalSlurm.queued(matcher.group(2)));
			Screenshots.save(shell, UiTests.screenshots().resolve("results-view-slurm-completed.png"));
		}
	}

	@Test
	void testCancellingTheLaunchCancelsTheSlurmJob() throws Exception {
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);
		SimulationJob job = launch("g=10..48:2");
		String[] slurmJob = new String[1];
		UiTests.waitUntil(() -> {
			RunEntry entry = entry(view, job);
			Matcher matcher = RUNNING.matcher(entry == null ? "" : entry.status());
			slurmJob[0] = matcher.matches() ? matcher.group(2) : null;
			return slurmJob[0] != null;
		}, 120_000, "the run pending or running on SLURM");
		job.cancel();
		job.join();
		assertEquals(IStatus.CANCEL, job.getResult().getSeverity(), job.getResult().toString());
		assertTrue(LocalSlurm.awaitGone(slurmJob[0]), "SLURM job " + slurmJob[0] + " is still queued");
		UiTests.waitUntil(() -> {
			RunEntry entry = entry(view, job);
			return entry != null && entry.status().equals("cancelled");
		}, 30_000, "the run shown as cancelled");
	}

	private SimulationJob launch(String sweep) throws Exception {
		ILaunchConfigurationWorkingCopy copy = SimulationLaunchShortcut.create(model, "loggp-step").getWorkingCopy();
		new SimulationLaunch("loggp-step", model.getFullPath().toString(), List.of(), List.of(sweep), Map.of()).write(copy);
		copy.setAttribute(SimulationLaunch.ATTR_RUN_ON, SimulationLaunch.RUN_ON_SLURM);
		SimulationJob job = UiTests.launch(copy.doSave());
		assertTrue(job.cluster().isPresent(), "the job submits to SLURM");
		return job;
	}

	private static RunEntry entry(ResultsView view, SimulationJob job) {
		IFile file = job.resultsFile();
		return file == null ? null : view.getRuns().stream().filter(r -> r.file().equals(file)).findFirst().orElse(null);
	}
}
