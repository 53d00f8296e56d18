package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.ide.ExampleProjects;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.internal.tour.Tour;
import org.perfcast.ui.internal.tour.TourView;
import org.perfcast.ui.results.ResultsView;

/**
 * The five-minute tour as a newcomer takes it: the Perfcast Tour view opens, and a click on each step's button does
 * what the step says: the example opens, saving it predicts, the marker holds the prediction, the launch writes a run,
 * the Results view shows it. A screenshot per step ({@code tour-N-....png}). The example is imported from a copy, so
 * that the run does not write into the repository.
 */
class TourUITest {

	@AfterEach
	void tearDown() throws Exception {
		UiTests.endSimulations();
		PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage().resetPerspective();
	}

	@Test
	void testTheTourWalksFromAnExampleToTheResultsView(@TempDir Path copy) throws Exception {
		copy(Path.of(System.getProperty("perfcast.examples"), "matvec-ring"), copy.resolve("matvec-ring"));
		UiTests.removeProjects();
		List<IProject> projects = ExampleProjects.importAll(copy, null);
		assertEquals(List.of("matvec-ring"), projects.stream().map(IProject::getName).toList());
		Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		shell.setBounds(shell.getDisplay().getPrimaryMonitor().getClientArea());

		org.eclipse.jface.dialogs.ErrorDialog.AUTOMATED_MODE = true; // a failed step's dialog must not block the test
		TourView tour = Tour.open();
		UiTests.flush();
		assertNotNull(tour, "the tour opens in its view");
		assertEquals(tour, UiTests.page().findView(Tour.VIEW));
		screenshot(shell, 0, "intro");

		List<TourView.Step> steps = tour.steps();
		assertEquals(5, steps.size(), "five steps");
		IFile model = projects.get(0).getFile("matvec.pamela");
		for (int i = 0; i < steps.size(); i++) {
			TourView.Step step = steps.get(i);
			long stamp = model.getModificationStamp();
			UiTests.page().activate(tour);
			// the step's button, clicked
			tour.buttons().get(i).notifyListeners(SWT.Selection, new Event());
			UiTests.flush();
			assertTrue(tour.done(i), step.title() + ": the step is marked done");
			switch (i) {
			case 0 -> assertEquals(model, ((IFileEditorInput) UiTests.page().getActiveEditor().getEditorInput()).getFile(),
					"step 1 opens the example");
			case 1 -> {
				Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
				assertTrue(model.getModificationStamp() > stamp, "step 2 saves the file");
				assertTrue(prediction(model).startsWith("T = "), "the builder predicted: " + prediction(model));
			}
			case 2 -> {
				assertNotNull(UiTests.page().findView(IPageLayout.ID_PROBLEM_VIEW), "step 3 shows the Problems view");
				assertEquals(model, ((IFileEditorInput) UiTests.page().getActiveEditor().getEditorInput()).getFile());
			}
			case 3 -> {
				Job.getJobManager().join(SimulationJob.FAMILY, null);
				UiTests.waitUntil(() -> {
					try {
						return projects.get(0).getFolder("results").exists() && projects.get(0).getFolder("results")
								.members().length > 0;
					} catch (org.eclipse.core.runtime.CoreException e) {
						return false;
					}
				}, 60_000, "step 4's run to write its results file");
			}
			case 4 -> {
				ResultsView view = (ResultsView) UiTests.page().findView(ResultsView.ID);
				assertNotNull(view, "step 5 shows the Results view");
				UiTests.waitUntil(() -> !view.getRuns().isEmpty(), 30_000, "the run in the Results view");
				view.select(List.of(view.getRuns().get(0)));
				view.getTabs().setSelection(0); // the summary per point (another test may have left another tab)
				UiTests.flush();
				UiTests.waitUntil(() -> view.getSummaryTab().getViewer().getTable().getItemCount() == 6, 30_000,
						"the summary's six points, P = 1 to 6");
			}
			default -> throw new AssertionError("a step the test does not know: " + step.title());
			}
			screenshot(shell, i + 1, step.title());
		}
	}

	/** The prediction's marker on {@code model}, the first Perfcast marker. */
	private static String prediction(IFile model) throws Exception {
		IMarker[] markers = model.findMarkers(PerfcastMarkers.PROBLEM, true, IResource.DEPTH_ZERO);
		return Arrays.stream(markers).map(m -> m.getAttribute(IMarker.MESSAGE, "")).filter(m -> m.startsWith("T = "))
				.findFirst().orElse("no prediction among " + Arrays.stream(markers).map(m -> m.getAttribute(
						IMarker.MESSAGE, "")).toList());
	}

	private static void screenshot(Shell shell, int step, String title) throws Exception {
		UiTests.flush();
		Path png = UiTests.screenshots().resolve("tour-" + step + "-" + title.toLowerCase(java.util.Locale.ROOT)
				.replaceAll("[^a-z0-9]+", "-").replaceAll("-$", "") + ".png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000, png.toString());
	}

	private static void copy(Path from, Path to) throws Exception {
		try (Stream<Path> files = Files.walk(from)) {
			for (Path file : (Iterable<Path>) files::iterator) {
				Path relative = from.relativize(file);
				if (relative.getNameCount() > 0 && relative.getName(0).toString().equals("results")) {
					continue;
				}
				Path target = to.resolve(relative.toString());
				if (Files.isDirectory(file)) {
					Files.createDirectories(target);
				} else {
					Files.copy(file, target);
				}
			}
		}
	}
}
