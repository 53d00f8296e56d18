package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.model.results.RunStatus;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.charts.ChartSeries;
import org.perfcast.ui.charts.TimelineChart;
import org.perfcast.ui.charts.TimelineGeometry;
import org.perfcast.ui.charts.TimelineHit;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.launch.SimulationLaunchShortcut;
import org.perfcast.ui.results.CompareAction;
import org.perfcast.ui.results.DeleteAction;
import org.perfcast.ui.results.ExportCsvAction;
import org.perfcast.ui.results.ExportHtmlAction;
import org.perfcast.ui.results.ExportJsonAction;
import org.perfcast.ui.results.ExportTraceAction;
import org.perfcast.ui.results.ResultsView;
import org.perfcast.ui.results.RunEntry;
import org.perfcast.ui.tests.fixtures.PipelineEngine;

/**
 * Two sweeps launched from a launch configuration on the slow pipeline engine: the first is cancelled while
 * its large point runs and is recorded as cancelled with its small point; the second, after the model changed,
 * finishes. The Results view lists both, shows the second's summary, charts and timeline (whose intervals
 * open their source line), compares the two, exports and deletes.
 */
class ResultsViewUITest {

	@AfterEach
	void tearDown() throws Exception {
		UiTests.endSimulations();
	}

	private static ILaunchConfiguration configuration(IFile model, String sweep, int delayMs) throws Exception {
		ILaunchConfigurationWorkingCopy copy = SimulationLaunchShortcut.create(model, "pipeline").getWorkingCopy();
		new SimulationLaunch("pipeline", model.getFullPath().toString(), List.of("N=1000"), List.of(sweep),
				Map.of("delayMs", Integer.toString(delayMs))).write(copy);
		return copy.doSave();
	}

	private static SimulationJob runningJob() {
		Job[] jobs = Job.getJobManager().find(SimulationJob.FAMILY);
		return jobs.length == 1 ? (SimulationJob) jobs[0] : null;
	}

	@Test
	void testCancelledAndFinishedSweepsInTheResultsView(@TempDir Path exports) throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("pipelines");
		project.create(null);
		project.open(null);
		IFile model = project.getFile("stages.pipe");
		model.create(new ByteArrayInputStream("# a pipeline\ncompute\nsend\nfactor = 1\n".getBytes(StandardCharsets.UTF_8)),
				true, null);
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);

		// run 1: P=1 takes 20 ms, P=2000 would take 40 s; cancel once P=1 is done
		int finishedBefore = PipelineEngine.FINISHED.get();
		configuration(model, "P=1,2000", 20).launch(ILaunchManager.RUN_MODE, null);
		SimulationJob first = runningJob();
		assertTrue(first != null && first.isUser(), "a user job runs the launch, with progress in the Progress view");
		UiTests.waitUntil(() -> first.getState() == Job.RUNNING, 10_000, "the job to run");
		UiTests.waitUntil(() -> PipelineEngine.FINISHED.get() > finishedBefore, 10_000, "point P=1");
		assertEquals(Job.RUNNING, first.getState(), "P=2000 is still running");
		first.cancel();
		first.join();
		assertEquals(org.eclipse.core.runtime.IStatus.CANCEL, first.getResult().getSeverity());

		// run 2 on the changed model finishes
		model.setContents(new ByteArrayInputStream("# a pipeline\ncompute\nsend\nfactor = 2\n".getBytes(
				StandardCharsets.UTF_8)), IResource.NONE, null);
		configuration(model, "P=1,2,4", 1).launch(ILaunchManager.RUN_MODE, null);
		SimulationJob second = runningJob();
		second.join();
		assertTrue(second.getResult().isOK(), second.getResult().toString());

		UiTests.waitUntil(() -> view.getRuns().size() == 2, 10_000, "both runs in the Results view");
		RunEntry finished = view.getRuns().get(0);
		RunEntry cancelled = view.getRuns().get(1);
		assertEquals(second.resultsFile(), finished.file(), "newest first");
		assertEquals(RunStatus.CANCELLED, cancelled.run().getStatus());
		assertEquals(List.of(RunStatus.COMPLETED, RunStatus.CANCELLED), cancelled.run().getPoints().stream()
				.map(p -> p.getStatus()).toList(), "P=1 finished, P=2000 cancelled");
		assertEquals(RunStatus.COMPLETED, finished.run().getStatus());

		view.select(List.of(finished));
		UiTests.flush();
		assertEquals("Pipeline test engine on /pipelines/stages.pipe: completed, 3 points, "
				+ org.perfcast.engine.Quantities.seconds(finished.run().getWallTime()), view.getHeader());
		assertEquals(3, view.getSummaryTab().getViewer().getTable().getItemCount());
		// cycles in thousands: the largest value is over 1000
		assertEquals(List.of("Point", "N", "P", "Status", "T (kcycles)", "stage (kcycles)"), java.util.Arrays.stream(
				view.getSummaryTab().getViewer().getTable().getColumns()).map(c -> c.getText()).toList());
		assertEquals(List.of("2", "1000", "2", "completed", "2.005", "1"), row(view, 1));
		assertEquals(List.of("T (kcycles)", "stage (kcycles)"), view.getChartsTab().getSweepChart().getSeries()
				.stream().map(ChartSeries::name).toList());
		assertEquals(List.of("P", "value"), view.getChartsTab().getSweepChart().getAxisTitles());
		assertEquals(List.of("finish time per stage"), view.getChartsTab().getPointChart().getSeries().stream()
				.map(ChartSeries::name).toList());

		TimelineChart timeline = view.getScheduleTab().getChart();
		view.getScheduleTab().select();
		UiTests.flush();
		assertEquals(1, timeline.getData().rows().size(), "the first point, P=1, has one stage");

		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		Rectangle bounds = shell.getBounds();
		shell.setBounds(0, 0, 1400, 900);
		IWorkbenchPage page = UiTests.page();
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_MAXIMIZED);
		selectTimelinePoint(view, 2);
		assertEquals(4, timeline.getData().rows().size());
		assertEquals(3, timeline.getData().arrows().size());
		UiTests.flush();
		Path timelinePng = UiTests.screenshots().resolve("results-view-timeline.png");
		Screenshots.save(shell, timelinePng);
		view.getChartsTab().select();
		UiTests.flush();
		Path chartsPng = UiTests.screenshots().resolve("results-view-charts.png");
		Screenshots.save(shell, chartsPng);
		assertTrue(Files.size(timelinePng) > 1000 && Files.size(chartsPng) > 1000);
		view.getScheduleTab().select();
		UiTests.flush();

		// clicking the compute interval of stage 1 (from 505 to 1005 at P=4) opens the model at line 2
		TimelineGeometry g = timeline.geometry();
		TimelineHit hit = timeline.hitAt(g.x(750), g.rowMiddle(1)).orElseThrow();
		assertEquals("stage 1", ((TimelineHit.OnBar) hit).bar().label());
		timeline.click(hit);
		UiTests.flush();
		IEditorPart editor = page.getActiveEditor();
		ITextEditor text = assertInstanceOf(ITextEditor.class, editor.getAdapter(ITextEditor.class));
		assertEquals(1, ((ITextSelection) text.getSelectionProvider().getSelection()).getStartLine(), "line 2");
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_RESTORED);
		shell.setBounds(bounds);

		// the cancelled run, and what changed between the two
		view.select(List.of(cancelled));
		UiTests.flush();
		assertTrue(view.getHeader().contains(": cancelled, 2 points"), view.getHeader());
		assertEquals(cancelled.run().getPoints().size(), view.getSummaryTab().getViewer().getTable().getItemCount());
		CompareAction compare = UiTests.action(view, CompareAction.ID, CompareAction.class);
		assertFalse(compare.isEnabled(), "one run selected");
		view.select(List.of(finished, cancelled));
		assertTrue(compare.isEnabled(), "two runs selected");
		compare.run();
		assertTrue(view.getCompareTab().isSelected());
		assertEquals(2, view.getCompareTab().getViewer().getTable().getItemCount(), "T and stage at P=1 doubled");
		assertEquals(List.of("N=1000, P=1", "T", "1 kcycles", "2 kcycles", "+100.0%"), java.util.stream.IntStream
				.range(0, 5).mapToObj(view.getCompareTab().getViewer().getTable().getItem(0)::getText).toList());

		ExportCsvAction csv = UiTests.action(view, ExportCsvAction.ID, ExportCsvAction.class);
		assertFalse(csv.isEnabled(), "CSV holds one run");
		view.select(List.of(finished));
		assertTrue(csv.isEnabled());
		csv.exportTo(exports.resolve("run.csv"));
		UiTests.action(view, ExportJsonAction.ID, ExportJsonAction.class).exportTo(exports.resolve("run.json"));
		UiTests.action(view, ExportHtmlAction.ID, ExportHtmlAction.class).exportTo(exports.resolve("run.html"));
		assertTrue(Files.readString(exports.resolve("run.csv")).contains("2000"));
		assertTrue(Files.exists(exports.resolve("run-series.csv")));
		assertTrue(Files.readString(exports.resolve("run.json")).contains("\"pipeline\""));
		assertTrue(Files.readString(exports.resolve("run.html")).contains("<svg"));
		for (ExportTraceAction.Format format : ExportTraceAction.Format.values()) {
			ExportTraceAction export = new ExportTraceAction(view.getSite(), format);
			assertTrue(export.isEnabled(), format + " of the selected run");
			export.exportTo(exports.resolve("run-" + format));
		}
		assertEquals(0x0a, Files.readAllBytes(exports.resolve("run-PERFETTO"))[0], "a Trace's first packet");
		assertTrue(Files.readString(exports.resolve("run-CHROME")).contains("\"ph\": \"X\""));
		assertTrue(Files.readString(exports.resolve("run-PARAVER.prv")).startsWith("#Paraver ("));
		assertTrue(Files.exists(exports.resolve("run-PARAVER.pcf")) && Files.exists(exports.resolve("run-PARAVER.row")));

		UiTests.action(view, DeleteAction.ID, DeleteAction.class).deleteSelected(false);
		UiTests.waitUntil(() -> view.getRuns().size() == 1, 10_000, "the deleted run to leave the list");
		assertFalse(finished.file().exists());
	}

	private static List<String> row(ResultsView view, int index) {
		org.eclipse.swt.widgets.Table table = view.getSummaryTab().getViewer().getTable();
		return java.util.stream.IntStream.range(0, table.getColumnCount()).mapToObj(table.getItem(index)::getText).toList();
	}

	private static void selectTimelinePoint(ResultsView view, int index) {
		org.eclipse.swt.widgets.Combo combo = view.getScheduleTab().getPointChoice();
		assertEquals(3, combo.getItemCount(), "P=1, 2 and 4");
		combo.select(index);
		combo.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
		Display.getCurrent().readAndDispatch();
	}
}
