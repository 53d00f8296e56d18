package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.navigator.CommonNavigator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.diagram.ui.DiagramEditor;
import org.perfcast.ide.BuildResults;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.ide.PerfcastProjects;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.internal.Screenshots;

/**
 * The README's picture (docs/images/perfcast-ide-prediction.png): the example matvec-ring after a build, its program
 * diagram decorated with the PAMELA prediction and the predictions listed in the Problems view. Saves
 * {@code readme-ide-prediction.png}; docs/images/README.md says how it becomes the README's picture.
 */
class ReadmeScreenshotUITest {

	@AfterEach
	void cleanUp() throws Exception {
		UiTests.page().closeAllEditors(false);
		UiTests.removeProjects();
	}

	@Test
	void testTheReadmePictureShowsAPrediction() throws Exception {
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		shell.setBounds(0, 0, 1400, 900);
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		// the example as ./perfcast ide imports it (in place), or a copy of its models when an earlier test removed it
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("matvec-ring");
		if (!project.exists()) {
			project = PerfcastProjects.create("matvec-ring", null, null);
			for (String name : new String[] { "matvec.program", "ring.machine", "matvec.pamela" }) {
				project.getFile(name).create(new ByteArrayInputStream(Files.readAllBytes(Path.of(System.getProperty(
						"perfcast.examples"), "matvec-ring", name))), true, null);
			}
		} else if (!project.isOpen()) {
			project.open(null);
		}
		project.build(org.eclipse.core.resources.IncrementalProjectBuilder.FULL_BUILD, null);
		Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		IFile program = project.getFile("matvec.program");
		UiTests.waitUntil(() -> BuildResults.get().latest(program.getFullPath()) != null, 60_000, "the build of matvec.program");

		// the predictions the picture shows are the builder's markers
		List<String> predictions = new ArrayList<>();
		for (IMarker marker : project.findMarkers(PerfcastMarkers.PROBLEM, true, IResource.DEPTH_INFINITE)) {
			predictions.add(marker.getResource().getName() + ": " + marker.getAttribute(IMarker.MESSAGE, ""));
		}
		assertTrue(predictions.stream().anyMatch(p -> p.startsWith("matvec.pamela: T = 277.5")), predictions.toString());
		assertTrue(predictions.stream().anyMatch(p -> p.startsWith("matvec.program: PAMELA: T = 277.5")),
				predictions.toString());

		CommonNavigator explorer = (CommonNavigator) UiTests.page().showView(PerfcastPerspective.PROJECT_EXPLORER);
		explorer.selectReveal(new StructuredSelection(program));
		IViewPart problems = UiTests.page().showView(IPageLayout.ID_PROBLEM_VIEW);
		UiTests.waitUntil(() -> shown(problems).stream().anyMatch(text -> text.contains("PAMELA: T = 277.5")), 30_000,
				"the predictions in the Problems view");
		// the examples declare their encoding: Eclipse's warnings of projects without one would hide the predictions
		assertTrue(shown(problems).stream().noneMatch(text -> text.contains("no explicit project encoding")),
				shown(problems).toString());
		for (Tree tree : UiTests.findAll(problems.getSite().getShell(), Tree.class)) { // the predictions first
			for (TreeItem item : tree.getItems()) {
				if (item.getText().startsWith("Warnings")) {
					item.setExpanded(false);
				}
			}
		}

		DiagramEditor editor = (DiagramEditor) IDE.openEditor(UiTests.page(), program, DiagramEditor.ID);
		Browser browser = editor.getBrowser();
		UiTests.waitUntil(() -> Boolean.TRUE.equals(browser.evaluate("return !!(window.perfcast && window.perfcast.ready())")),
				60_000, "the diagram rendered");
		UiTests.waitUntil(() -> String.valueOf(browser.evaluate("return window.perfcast.banner()")).contains("T = 277.5"),
				30_000, "the prediction in the diagram's banner");
		UiTests.page().activate(editor);
		DiagramPages.restMouse(browser);
		UiTests.flush();
		Path png = UiTests.screenshots().resolve("readme-ide-prediction.png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000);
	}

	/** The texts of the rows of the visible trees (the Problems view's among them), every category expanded. */
	private static List<String> shown(IViewPart problems) {
		List<String> texts = new ArrayList<>();
		for (Tree tree : UiTests.findAll(problems.getSite().getShell(), Tree.class)) {
			if (!tree.isVisible()) {
				continue;
			}
			for (TreeItem item : tree.getItems()) {
				texts.add(item.getText());
				if (item.getItemCount() > 0 && !item.getExpanded()) { // as a click on the twistie: the viewer fills it
					Event expand = new Event();
					expand.item = item;
					tree.notifyListeners(SWT.Expand, expand);
					item.setExpanded(true);
				}
				for (TreeItem child : item.getItems()) {
					texts.add(child.getText());
				}
			}
		}
		return texts.stream().filter(t -> t != null && !t.isEmpty()).distinct().toList();
	}
}
