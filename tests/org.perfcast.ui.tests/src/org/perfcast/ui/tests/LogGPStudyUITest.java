package org.perfcast.ui.tests;

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
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.charts.ChartSeries;
import org.perfcast.ui.charts.TimelineChart;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.results.ResultsView;

/**
 * The block-size study of Rugina and Schauser's section 5 from a launch configuration: the LogGP simulation of
 * examples/gauss-elim swept over the block size under both layouts and both algorithms, charted as time against
 * block size with a curve per layout and algorithm (figures 7 to 9), and a point's sends and receives as a
 * timeline per processor.
 */
class LogGPStudyUITest {

	private static final double[] B = { 48, 60, 80, 96, 120, 160 };

	@AfterEach
	void tearDown() throws Exception {
		UiTests.endSimulations();
	}

	@Test
	void testTheStudyChartsTimeAgainstBlockSizePerLayoutAndAlgorithm() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("gauss");
		project.create(null);
		project.open(null);
		IFile model = null;
		for (String name : List.of("gauss-elim.program", "meiko.machine", "row-striped.layout", "diagonal.layout")) {
			IFile file = project.getFile(name);
			file.create(new ByteArrayInputStream(Files.readAllBytes(Path.of(System.getProperty("perfcast.examples"),
					"gauss-elim", name))), true, null);
			model = name.endsWith(".program") ? file : model;
		}
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);

		UiTests.simulate(view, model, new SimulationLaunch("loggp", model
				.getFullPath().toString(), List.of(), List.of("b=48,60,80,96,120,160"), Map.of("algorithm", "both",
						"layouts", "row-striped.layout,diagonal.layout")), B.length);

		List<ChartSeries> curves = view.getChartsTab().getSweepChart().getSeries();
		// the engine's µs in seconds: T is 10 to 28 s
		assertEquals(List.of("T row-striped standard (s)", "computation row-striped (s)",
				"communication row-striped standard (s)", "T row-striped overestimate (s)",
				"communication row-striped overestimate (s)", "T diagonal standard (s)", "computation diagonal (s)",
				"communication diagonal standard (s)", "T diagonal overestimate (s)",
				"communication diagonal overestimate (s)"), curves.stream().map(ChartSeries::name).toList());
		ChartSeries striped = curves.get(0);
		ChartSeries diagonal = curves.get(5);
		for (int i = 0; i < B.length; i++) {
			assertEquals(B[i], striped.x()[i]);
			assertTrue(diagonal.y(i) < striped.y(i), "the diagonal layout is faster at b = " + B[i]);
			assertTrue(curves.get(3).y(i) >= striped.y(i), "the overestimate is not below the standard result");
			assertEquals(striped.y(i), curves.get(1).y(i) + curves.get(2).y(i), 1e-6 * striped.y(i),
					"T = computation + communication");
		}

		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		org.eclipse.swt.graphics.Rectangle bounds = shell.getBounds();
		shell.setBounds(0, 0, 1400, 900);
		IWorkbenchPage page = UiTests.page();
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_MAXIMIZED);
		view.getChartsTab().select();
		UiTests.flush();
		assertEquals(List.of("communication per step row-striped standard", "computation per step row-striped",
				"communication per step row-striped overestimate", "communication per step diagonal standard",
				"computation per step diagonal", "communication per step diagonal overestimate"),
				view.getChartsTab().getPointChart().getSeries().stream().map(ChartSeries::name).toList(),
				"b = 48, step by step");
		Path png = UiTests.screenshots().resolve("results-view-loggp-study.png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000);

		view.getScheduleTab().select();
		UiTests.flush();
		TimelineChart timeline = view.getScheduleTab().getChart();
		assertEquals(List.of("P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7"),
				timeline.getData().rows().stream().map(r -> r.label()).toList());
		assertTrue(timeline.getData().rows().get(0).bars().stream().anyMatch(b -> b.label().startsWith("to P")),
				"P0 sends");
		Path timelinePng = UiTests.screenshots().resolve("results-view-loggp-timeline.png");
		Screenshots.save(shell, timelinePng);
		assertTrue(Files.size(timelinePng) > 1000);
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_RESTORED);
		shell.setBounds(bounds);
	}
}
