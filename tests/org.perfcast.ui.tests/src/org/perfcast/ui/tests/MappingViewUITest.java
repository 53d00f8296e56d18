package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.navigator.CommonNavigator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.ide.PerfcastProjects;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.editors.ModelEditor;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.mapping.MappingView;

/**
 * The example loop program declares block data partitioning, predicted 28 % slower than loop body pipelining:
 * the Mapping view ranks the techniques with their components and chart, and the quick fix on the warning
 * switches the program to pipelining (undoably), after which the view and the markers follow the save.
 */
class MappingViewUITest {

	@AfterEach
	void tearDown() throws CoreException {
		UiTests.page().closeAllEditors(false);
		UiTests.removeProjects();
	}

	private static void copyExample(IProject project, String name) throws Exception {
		byte[] bytes = Files.readAllBytes(Path.of(System.getProperty("perfcast.examples"), "linear-array", name));
		project.getFile(name).create(new ByteArrayInputStream(bytes), true, null);
	}

	private static void waitForBuild() throws InterruptedException {
		Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		UiTests.flush();
	}

	private static List<String> row(Table table, int index) {
		TableItem item = table.getItem(index);
		return java.util.stream.IntStream.range(0, table.getColumnCount()).mapToObj(item::getText).toList();
	}

	private static IMarker marker(IFile file, String code) throws CoreException {
		return Arrays.stream(file.findMarkers(PerfcastMarkers.PROBLEM, false, IResource.DEPTH_ZERO))
				.filter(m -> code.equals(m.getAttribute(PerfcastMarkers.CODE, ""))).findFirst().orElse(null);
	}

	@Test
	void testRankingChartAndQuickFix() throws Exception {
		IProject project = PerfcastProjects.create("mapping-advice", null, null);
		copyExample(project, "array.machine");
		copyExample(project, "loop.program");
		IFile program = project.getFile("loop.program");
		waitForBuild();

		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		CommonNavigator explorer = (CommonNavigator) UiTests.page().showView(PerfcastPerspective.PROJECT_EXPLORER);
		MappingView view = (MappingView) UiTests.page().showView(MappingView.ID);
		UiTests.page().activate(explorer);
		explorer.selectReveal(new StructuredSelection(program));
		Table ranking = view.getRankingViewer().getTable();
		UiTests.waitUntil(() -> program.equals(view.getFile()) && ranking.getItemCount() == 3, 10_000, "the ranking");

		assertEquals("loop.program: best: loop body pipelining, T = 10090", view.getHeader());
		assertEquals(List.of("loop body pipelining", "10090", "10090", "10090", "best"), row(ranking, 0));
		assertEquals(List.of("block data partitioning", "12900", "12900", "12900", "declared"), row(ranking, 1));
		assertTrue(row(ranking, 2).get(4).startsWith("not applicable: interleaved data partitioning needs a loop body"
				+ " without neighbourhood"), row(ranking, 2).toString());
		Table components = view.getComponentsViewer().getTable();
		assertEquals(10, components.getItemCount());
		assertEquals(List.of("SEQ", "CL", "SD", "OL", "T"), Arrays.stream(components.getColumns()).skip(1)
				.map(c -> c.getText()).toList());
		assertEquals(List.of("pipeline", "block"), view.getChartSeries());
		view.getRankingViewer().setSelection(new StructuredSelection(view.getRankingViewer().getElementAt(1)));
		double slowest = java.util.stream.IntStream.range(0, components.getItemCount())
				.mapToDouble(i -> Double.parseDouble(row(components, i).get(5))).max().orElseThrow();
		assertEquals(12900, slowest);
		view.showChartAgainst("N");
		assertEquals(List.of("pipeline", "block"), view.getChartSeries());
		assertEquals(List.of("pipeline 1.000", "block " + String.format(java.util.Locale.ROOT, "%.3f", 12900 / 10090.0)),
				view.getChartMarks().stream().map(m -> m.series() + " " + String.format(java.util.Locale.ROOT, "%.3f",
						m.y())).toList(), "the program's own N marked on each line, relative to the fastest");
		assertEquals(List.of("iterations N", "T / T of the fastest"), view.getChartAxisTitles());
		view.showChartAgainst("BB");
		assertEquals("loop body cost BB (cycles)", view.getChartAxisTitles().get(0));
		view.showChartRelative(false);
		assertEquals(List.of("loop body cost BB (cycles)", "predicted T (cycles)"), view.getChartAxisTitles());
		view.showChartRelative(true);
		org.eclipse.swt.widgets.Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		org.eclipse.swt.graphics.Rectangle bounds = shell.getBounds();
		shell.setBounds(0, 0, 1280, 900);
		UiTests.page().setPartState(UiTests.page().findViewReference(MappingView.ID), IWorkbenchPage.STATE_MAXIMIZED);
		UiTests.flush();
		Path png = UiTests.screenshots().resolve("mapping-view.png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000);
		UiTests.page().setPartState(UiTests.page().findViewReference(MappingView.ID), IWorkbenchPage.STATE_RESTORED);
		shell.setBounds(bounds);

		// the warning's quick fix: switch to the best technique in the model editor, saved, undoable
		IMarker warning = marker(program, "mapping.slowerThanBest");
		assertNotNull(warning);
		assertTrue(IDE.getMarkerHelpRegistry().hasResolutions(warning));
		IMarkerResolution[] fixes = IDE.getMarkerHelpRegistry().getResolutions(warning);
		assertEquals(1, fixes.length);
		assertEquals("Switch the mapping to loop body pipelining", fixes[0].getLabel());
		long start = System.nanoTime();
		fixes[0].run(warning);
		long onUiThread = (System.nanoTime() - start) / 1_000_000;
		assertTrue(onUiThread < 200, "the quick fix analyses in a job, not on the UI thread: " + onUiThread + " ms");
		UiTests.waitUntil(() -> org.eclipse.core.runtime.jobs.Job.getJobManager().find(
				org.perfcast.ui.mapping.MappingResolutions.FAMILY).length == 0, 10_000, "the quick fix's prediction");
		UiTests.waitUntil(() -> {
			try {
				return new String(program.getContents().readAllBytes(), StandardCharsets.UTF_8).contains("mapping=\"pipeline\"");
			} catch (Exception e) {
				return false;
			}
		}, 10_000, "the switch, saved");
		waitForBuild();
		assertEquals(null, marker(program, "mapping.slowerThanBest"));
		UiTests.waitUntil(() -> ranking.getItemCount() == 3 && "best, declared".equals(row(ranking, 0).get(4)), 10_000,
				"the view to follow the save");

		ModelEditor editor = (ModelEditor) UiTests.page().getActiveEditor();
		assertEquals(program, editor.getFile());
		editor.getEditingDomain().getCommandStack().undo();
		assertTrue(editor.isDirty());
		assertEquals("block", ((org.perfcast.model.program.Program) editor.getRoot()).getMapping().getLiteral());
	}
}
