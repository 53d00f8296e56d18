package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.charts.TimelineChart;
import org.perfcast.ui.charts.TimelineGeometry;
import org.perfcast.ui.charts.TimelineHit;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.results.ResultsView;

/**
 * The VPPB Visualizer in the Results view: the paper's program P simulated by the trace engine from a launch
 * configuration (two processors, Client-Server model), one row per thread with activation arrows; clicking the
 * interval whose activate names {@code at=notes/worker.txt:3} opens that line.
 */
class TraceTimelineUITest {

	@AfterEach
	void tearDown() throws Exception {
		UiTests.endSimulations();
	}

	@Test
	void testTraceTimelineOpensTheSourceLine() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("threads");
		project.create(null);
		project.open(null);
		String trace = Files.readString(Path.of(System.getProperty("perfcast.examples"), "vppb", "p.vtrace"))
				.replace("5  P2 activate P1 X", "5  P2 activate P1 X at=worker.txt:3");
		IFile model = project.getFile("p.vtrace");
		model.create(new ByteArrayInputStream(trace.getBytes(StandardCharsets.UTF_8)), true, null);
		project.getFolder("notes").create(true, true, null);
		project.getFile("notes/worker.txt").create(new ByteArrayInputStream("worker\n  work(2)\n  activate(P1, X)\n"
				.getBytes(StandardCharsets.UTF_8)), true, null);
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);

		UiTests.simulate(view, model, new SimulationLaunch("trace", model.getFullPath().toString(), List.of(), List.of(),
				Map.of("processors", "2", "bind", "P1=0,P2=0,P3=1,P4=1", "model", "client-server")), 1);
		assertTrue(row(view, 0).containsAll(List.of("11", "18")), "completion 11 (section 3), one processor 18: "
				+ row(view, 0));

		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		IWorkbenchPage page = UiTests.page();
		AutoCloseable maximised = UiTests.maximised(ResultsView.ID);
		view.getScheduleTab().select();
		UiTests.flush();
		TimelineChart timeline = view.getScheduleTab().getChart();
		assertEquals(List.of("P1", "P2", "P3", "P4"), timeline.getData().rows().stream().map(r -> r.label()).toList());
		assertEquals(2, timeline.getData().arrows().size(), "P3's and P2's activations of P1");
		Path png = UiTests.screenshots().resolve("results-view-trace.png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000);

		// P2 runs from 5 to 7 on CPU 0 before its activate, which names notes/worker.txt line 3
		TimelineGeometry g = timeline.geometry();
		TimelineHit hit = timeline.hitAt(g.x(6), g.rowMiddle(1)).orElseThrow();
		assertEquals("on CPU 0", ((TimelineHit.OnBar) hit).bar().label());
		timeline.click(hit);
		UiTests.flush();
		IEditorPart editor = page.getActiveEditor();
		assertEquals("worker.txt", editor.getEditorInput().getName());
		ITextEditor text = assertInstanceOf(ITextEditor.class, editor.getAdapter(ITextEditor.class));
		assertEquals(2, ((ITextSelection) text.getSelectionProvider().getSelection()).getStartLine(), "line 3");
		maximised.close();
	}

	/**
	 * A recorded trace with I/O and sleeps: on the timeline those intervals are bars of their own kinds, io and
	 * sleep, apart from running, ready and blocked.
	 */
	@Test
	void testIoAndSleepsAreShownApart() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("io");
		project.create(null);
		project.open(null);
		IFile model = project.getFile("io.vtrace");
		model.create(new ByteArrayInputStream("""
				@recorded pthreads
				@unit s
				0.001 main create T1 cpu=0.001
				0.401 main io 0.3 cpu=0.101
				0.402 T1 sleep 0.2 cpu=0.0
				0.602 T1 post s cpu=0.1
				0.603 main take s cpu=0.101
				0.703 main exit cpu=0.201
				0.704 T1 exit cpu=0.101
				@end
				""".getBytes(StandardCharsets.UTF_8)), true, null);
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);
		UiTests.simulate(view, model, new SimulationLaunch("trace", model.getFullPath().toString(), List.of(), List.of(),
				Map.of("processors", "2", "model", "direct")), 1);
		AutoCloseable maximised = UiTests.maximised(ResultsView.ID);
		view.getScheduleTab().select();
		UiTests.flush();
		TimelineChart timeline = view.getScheduleTab().getChart();
		List<org.perfcast.ui.charts.TimelineData.Bar> main = timeline.getData().rows().get(0).bars();
		List<org.perfcast.ui.charts.TimelineData.Bar> worker = timeline.getData().rows().get(1).bars();
		// main computes 0.1, is in I/O for 0.3 (from 0.101 to 0.401), takes T1's post at 0.5, computes 0.1
		assertTrue(main.stream().anyMatch(b -> b.kind().equals("io") && Math.abs(b.start() - 0.101) < 1e-9 && Math.abs(
				b.end() - 0.401) < 1e-9), "main's I/O: " + main);
		assertTrue(worker.stream().anyMatch(b -> b.kind().equals("sleep") && Math.abs(b.end() - b.start() - 0.2)
				< 1e-9), "T1's sleep: " + worker);
		assertTrue(timeline.getData().kinds().containsAll(List.of("io", "sleep", "compute")), timeline.getData()
				.kinds().toString());
		Path png = UiTests.screenshots().resolve("results-view-trace-io.png");
		Screenshots.save(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), png);
		assertTrue(Files.size(png) > 1000);
		maximised.close();
	}

	/**
	 * A trace whose program named its threads ({@code @name}, a rename among them): the timeline's rows are labelled
	 * "ping (T1)", by the last name, the ID kept for the trace's lines; a thread without a name keeps its ID.
	 */
	@Test
	void testRowsShowTheThreadsNames() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("names");
		project.create(null);
		project.open(null);
		IFile model = project.getFile("names.vtrace");
		model.create(new ByteArrayInputStream("""
				@recorded java-agent
				@unit s
				0.001 main create T1 cpu=0.001
				@name T1 Thread-0
				0.002 main create T2 cpu=0.002
				@name T2 pong
				0.003 main create T3 cpu=0.003
				0.103 T1 lock m cpu=0.1
				@name T1 ping
				0.203 T1 unlock m cpu=0.2
				0.204 T1 exit cpu=0.2
				0.304 T2 lock m cpu=0.1
				0.404 T2 unlock m cpu=0.2
				0.405 T2 exit cpu=0.2
				0.406 T3 exit cpu=0.001
				0.407 main join T1 cpu=0.004
				0.408 main join T2 cpu=0.005
				0.409 main exit cpu=0.006
				@end
				""".getBytes(StandardCharsets.UTF_8)), true, null);
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);
		UiTests.simulate(view, model, new SimulationLaunch("trace", model.getFullPath().toString(), List.of(), List.of(),
				Map.of("processors", "2", "model", "direct")), 1);
		AutoCloseable maximised = UiTests.maximised(ResultsView.ID);
		view.getScheduleTab().select();
		UiTests.flush();
		TimelineChart timeline = view.getScheduleTab().getChart();
		assertEquals(List.of("main", "ping (T1)", "pong (T2)", "T3"), timeline.getData().rows().stream()
				.map(r -> r.label()).toList());
		Path png = UiTests.screenshots().resolve("results-view-trace-names.png");
		Screenshots.save(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), png);
		assertTrue(Files.size(png) > 1000);
		maximised.close();
	}

	/**
	 * A run with more intervals than its detail keeps opens as a summary per time bucket (a note says so); Exact
	 * Intervals Here runs the point again for the visible range, whose intervals are then the exact ones.
	 */
	@Test
	void testLongRunOpensAsSummaryAndZoomsToExactIntervals() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("long");
		project.create(null);
		project.open(null);
		java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
		org.perfcast.trace.SyntheticTrace.writeBinary(bytes, org.perfcast.trace.SyntheticTrace.Shape.WORKERS, 200_000,
				1);
		IFile model = project.getFile("workers.vtraceb");
		model.create(new ByteArrayInputStream(bytes.toByteArray()), true, null);
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);
		UiTests.simulate(view, model, new SimulationLaunch("trace", model.getFullPath().toString(), List.of(), List.of(),
				Map.of("processors", "4", "model", "direct", "detail", "2000")), 1);
		AutoCloseable maximised = UiTests.maximised(ResultsView.ID);
		view.getScheduleTab().select();
		UiTests.flush();
		TimelineChart timeline = view.getScheduleTab().getChart();
		int bars = timeline.getData().rows().stream().mapToInt(r -> r.bars().size()).sum();
		assertTrue(bars > 9 && bars <= 9 * 256 * 5, bars + " bars: at most one per state per bucket and thread");
		assertTrue(timeline.getData().rows().get(1).bars().get(0).label().startsWith("summary of ["), timeline
				.getData().rows().get(1).bars().get(0).label());
		assertTrue(view.getScheduleTab().getNote().isVisible() && view.getScheduleTab().getNote().getText().startsWith(
				"A summary of "), view.getScheduleTab().getNote().getText());
		assertTrue(view.getScheduleTab().getExactHere().isEnabled());
		Path png = UiTests.screenshots().resolve("results-view-trace-summary.png");
		Screenshots.save(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), png);

		org.perfcast.ui.charts.TimeWindow all = timeline.getWindow();
		double middle = (all.start() + all.end()) / 2;
		org.perfcast.ui.charts.TimeWindow zoom = new org.perfcast.ui.charts.TimeWindow(middle, middle + (all.end()
				- all.start()) / 2000);
		timeline.setWindow(zoom);
		view.getScheduleTab().getExactHere().notifyListeners(org.eclipse.swt.SWT.Selection,
				new org.eclipse.swt.widgets.Event());
		UiTests.waitUntil(() -> view.getScheduleTab().getNote().getText().startsWith("Exact intervals from"), 120_000,
				"the exact intervals of the window");
		List<org.perfcast.ui.charts.TimelineData.Bar> exact = timeline.getData().rows().stream().flatMap(r -> r.bars()
				.stream()).filter(b -> b.end() >= zoom.start() && b.start() <= zoom.end()).toList();
		assertTrue(!exact.isEmpty() && exact.stream().noneMatch(b -> b.label().startsWith("summary of")), exact
				.toString());
		assertTrue(exact.stream().anyMatch(b -> b.label().startsWith("on CPU")), exact.toString());
		assertEquals(zoom, timeline.getWindow(), "the chart stays on the window");
		Screenshots.save(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), UiTests.screenshots()
				.resolve("results-view-trace-window.png"));
		maximised.close();
	}

	private static List<String> row(ResultsView view, int index) {
		org.eclipse.swt.widgets.Table table = view.getSummaryTab().getViewer().getTable();
		return java.util.stream.IntStream.range(0, table.getColumnCount()).mapToObj(table.getItem(index)::getText).toList();
	}
}
