package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.navigator.CommonNavigator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.ExampleProjects;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.internal.Screenshots;

/** The Perfcast IDE with the example projects, as {@code ./perfcast ide} shows it; saves a screenshot. */
class IdeScreenshotUITest {

	@AfterEach
	void tearDown() throws CoreException {
		UiTests.removeProjects();
	}

	@Test
	void testExampleProjectsShowInTheProjectExplorer() throws Exception {
		List<IProject> projects = ExampleProjects.importAll(Path.of(System.getProperty("perfcast.examples")), null);
		assertFalse(projects.isEmpty());
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		IViewPart view = UiTests.page().showView(PerfcastPerspective.PROJECT_EXPLORER);
		CommonNavigator explorer = (CommonNavigator) view;
		explorer.selectReveal(new StructuredSelection(projects.toArray()));
		UiTests.flush();

		List<String> shown = java.util.Arrays.stream(explorer.getCommonViewer().getTree().getItems())
				.map(item -> item.getText()).toList();
		for (IProject project : projects) {
			assertTrue(shown.contains(project.getName()), project.getName() + " in " + shown);
		}

		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		Path png = UiTests.screenshots().resolve("perfcast-ide.png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000);
		ImageData data = new ImageData(png.toString());
		assertEquals(shell.getBounds().width, data.width);
		assertEquals(shell.getBounds().height, data.height);
	}
}
