package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.eclipse.core.commands.ParameterizedCommand;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.cheatsheets.ICheatSheetAction;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.perfcast.ide.ExampleProjects;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.internal.tour.Tour;
import org.perfcast.ui.results.ResultsView;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The five-minute tour as a newcomer takes it: the cheat sheet opens, and each of its steps, run as the cheat sheet
 * runs it (the action class or command of {@code cheatsheets/tour.xml} with its parameters), does what the step
 * says: the example opens, saving it predicts, the marker holds the prediction, the launch writes a run, the Results
 * view shows it. A screenshot per step ({@code tour-N-....png}). The example is imported from a copy, so that the run
 * does not write into the repository.
 */
class TourUITest {

	private static final String CHEAT_SHEET_VIEW = "org.eclipse.ui.cheatsheets.views.CheatSheetView";

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

		assertTrue(Tour.available(), "the cheat sheets are installed");
		Tour.open();
		UiTests.flush();
		assertNotNull(UiTests.page().findView(CHEAT_SHEET_VIEW), "the tour opens in the Cheat Sheets view");
		screenshot(shell, 0, "intro");

		List<Element> items = items();
		assertEquals(5, items.size(), "five steps");
		IFile model = projects.get(0).getFile("matvec.pamela");
		for (int i = 0; i < items.size(); i++) {
			Element item = items.get(i);
			long before = System.currentTimeMillis();
			perform(item);
			UiTests.flush();
			switch (i) {
			case 0 -> assertEquals(model, ((IFileEditorInput) UiTests.page().getActiveEditor().getEditorInput()).getFile(),
					"step 1 opens the example");
			case 1 -> {
				Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
				assertTrue(model.getLocalTimeStamp() >= before - 1000, "step 2 saves the file");
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
				UiTests.flush();
			}
			default -> throw new AssertionError("a step the test does not know: " + item.getAttribute("title"));
			}
			screenshot(shell, i + 1, item.getAttribute("title"));
		}
	}

	/** The prediction's marker on {@code model}, the first Perfcast marker. */
	private static String prediction(IFile model) throws Exception {
		IMarker[] markers = model.findMarkers(PerfcastMarkers.PROBLEM, true, IResource.DEPTH_ZERO);
		return Arrays.stream(markers).map(m -> m.getAttribute(IMarker.MESSAGE, "")).filter(m -> m.startsWith("T = "))
				.findFirst().orElse("no prediction among " + Arrays.stream(markers).map(m -> m.getAttribute(
						IMarker.MESSAGE, "")).toList());
	}

	/** The tour's steps, as org.perfcast.ui ships them. */
	private static List<Element> items() throws Exception {
		Bundle ui = Platform.getBundle("org.perfcast.ui");
		try (InputStream in = ui.getEntry("cheatsheets/tour.xml").openStream()) {
			NodeList nodes = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in).getElementsByTagName(
					"item");
			List<Element> items = new ArrayList<>();
			for (int i = 0; i < nodes.getLength(); i++) {
				items.add((Element) nodes.item(i));
			}
			return items;
		}
	}

	/** Runs a step as the cheat sheet does: its action with its parameters, or its command. */
	private static void perform(Element item) throws Exception {
		NodeList actions = item.getElementsByTagName("action");
		if (actions.getLength() > 0) {
			Element action = (Element) actions.item(0);
			Bundle bundle = Platform.getBundle(action.getAttribute("pluginId"));
			Object instance = bundle.loadClass(action.getAttribute("class")).getConstructor().newInstance();
			List<String> params = new ArrayList<>();
			for (int p = 1; action.hasAttribute("param" + p); p++) {
				params.add(action.getAttribute("param" + p));
			}
			boolean[] ok = { false };
			ICheatSheetAction step = (ICheatSheetAction) instance;
			((org.eclipse.jface.action.IAction) step).addPropertyChangeListener(e -> {
				if (org.eclipse.jface.action.IAction.RESULT.equals(e.getProperty())) {
					ok[0] = Boolean.TRUE.equals(e.getNewValue());
				}
			});
			step.run(params.toArray(String[]::new), null);
			assertTrue(ok[0], item.getAttribute("title") + ": the step says it succeeded");
			return;
		}
		Element command = (Element) item.getElementsByTagName("command").item(0);
		ICommandService commands = PlatformUI.getWorkbench().getService(ICommandService.class);
		ParameterizedCommand parameterized = commands.deserialize(command.getAttribute("serialization"));
		PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(parameterized, null);
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
