package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.charts.ChartSeries;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.launch.SimulationLaunchShortcut;
import org.perfcast.ui.results.CompareAction;
import org.perfcast.ui.results.ResultsView;

/**
 * The Glamis paper's figure 7 in the Results view: the matrix-vector example swept over P by Glamis
 * (Bard-Schweitzer) and by PAMELA, launched from launch configurations, then compared: one chart with the
 * speedup of each engine, Glamis's curve equal to 7200 / T_orig(P).
 */
class SpeedupComparisonUITest {

	private static final double[] P = { 1, 2, 3, 4, 5, 6 };

	@AfterEach
	void tearDown() throws Exception {
		UiTests.endSimulations();
	}

	private static IFile copy(IProject project, String example) throws Exception {
		IFile file = project.getFile(example);
		file.create(new ByteArrayInputStream(Files.readAllBytes(Path.of(System.getProperty("perfcast.examples"), "matvec-ring", example))),
				true, null);
		return file;
	}

	private static void runSweep(IFile model, String engine, List<String> bindings, Map<String, String> options)
			throws Exception {
		ILaunchConfigurationWorkingCopy copy = SimulationLaunchShortcut.create(model, engine).getWorkingCopy();
		new SimulationLaunch(engine, model.getFullPath().toString(), bindings, List.of("P=1,2,3,4,5,6"), options)
				.write(copy);
		copy.doSave().launch(ILaunchManager.RUN_MODE, null);
		Job.getJobManager().join(SimulationJob.FAMILY, null);
	}

	/** The paper's T_orig(P) for N = 60, t_f = 1, t_l = 0.2. */
	private static double glamisT(double p) {
		return 180 * (2 * p * p + 17 * p + 1 + Math.sqrt(4 * Math.pow(p, 4) - 12 * Math.pow(p, 3) + 453 * p * p
				- 46 * p + 1)) / (p * p);
	}

	/** PAMELA's T = N^2 ((P-1)/(2P) t_l + 2/P t_f) for N = 60, t_f = 1, t_l = 0.2. */
	private static double pamelaT(double p) {
		return 3600 * ((p - 1) / (2 * p) * 0.2 + 2 / p);
	}

	@Test
	void testGlamisAndPamelaSpeedupOnOneChart() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("speedup");
		project.create(null);
		project.open(null);
		IFile glamis = copy(project, "matvec.glamis");
		IFile pamela = copy(project, "matvec.pamela");
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);

		runSweep(glamis, "glamis", List.of(), Map.of("solver", "schweitzer"));
		runSweep(pamela, "pamela", List.of("t_f=1", "t_l=0.2"), Map.of());
		UiTests.waitUntil(() -> view.getRuns().size() == 2, 10_000, "both runs in the Results view");

		view.select(view.getRuns());
		CompareAction compare = UiTests.action(view, CompareAction.ID, CompareAction.class);
		assertTrue(compare.isEnabled(), "two runs selected");
		compare.run();
		UiTests.flush();
		assertTrue(view.getCompareTab().isSelected(), "the Compare tab");
		assertEquals(0, view.getCompareTab().getViewer().getTable().getItemCount(),
				"different bindings: no value matched");
		assertTrue(view.getCompareTab().getOverlayChoices().stream().anyMatch(c -> c.startsWith("speedup over P of ")
				&& c.endsWith("matvec, run by run")), view.getCompareTab().getOverlayChoices().toString());
		assertTrue(view.getCompareTab().getOverlayChoices().stream().anyMatch(c -> c.startsWith("T over P of ")
				&& c.endsWith("matvec, run by run")), view.getCompareTab().getOverlayChoices().toString());
		List<ChartSeries> curves = view.getCompareTab().getOverlayChart().getSeries();
		assertEquals(List.of("glamis on matvec.glamis", "pamela on matvec.pamela"), curves.stream()
				.map(ChartSeries::name).toList(), "the speedup is charted first, older run first");
		assertEquals(List.of("P", "speedup"), view.getCompareTab().getOverlayChart().getAxisTitles());
		assertArrayEquals(P, curves.get(0).x());
		for (int i = 0; i < P.length; i++) {
			assertEquals(7200 / glamisT(P[i]), curves.get(0).y(i), 1e-6 * curves.get(0).y(i), "Glamis at P=" + P[i]);
			assertEquals(7200 / pamelaT(P[i]), curves.get(1).y(i), 1e-9 * curves.get(1).y(i), "PAMELA at P=" + P[i]);
			assertTrue(curves.get(0).y(i) <= curves.get(1).y(i) + 1e-9, "contention only slows Glamis down");
		}

		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		org.eclipse.swt.graphics.Rectangle bounds = shell.getBounds();
		shell.setBounds(0, 0, 1400, 900);
		IWorkbenchPage page = UiTests.page();
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_MAXIMIZED);
		UiTests.flush();
		Path png = UiTests.screenshots().resolve("results-view-speedup.png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000);
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_RESTORED);
		shell.setBounds(bounds);
	}
}
