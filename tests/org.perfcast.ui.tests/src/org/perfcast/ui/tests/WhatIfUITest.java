package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.ide.WaitingPointMarkers;
import org.perfcast.ide.WhatIfJob;
import org.perfcast.ide.WhatIfMarkers;
import org.perfcast.trace.TraceEngine;
import org.perfcast.trace.WhatIf;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.charts.ChartSeries;
import org.perfcast.ui.charts.TimelineData;
import org.perfcast.ui.charts.TimelineHit;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.results.ResultsView;
import org.perfcast.ui.results.WhatIfAction;
import org.perfcast.ui.results.WhatIfTab;

/**
 * The What-if tab of a recorded run: T1 and T2 each hold lock m for 1 s (taken at work.c:5, a nested lock n at
 * work.c:6 halfway, released at work.c:8). Compute ranks lock m first, 2.00x on 2 processors, marks the intervals'
 * lines, and a double-click opens one; "What if this were faster?" on a lock wait of the timeline, and on the lock's
 * bottleneck marker, profiles lock m alone.
 */
class WhatIfUITest {

	private static final String CONTENDED = """
			@recorded pthreads
			@unit s
			0 main create T1 cpu=0 at=main.c:3
			0 main create T2 cpu=0 at=main.c:4
			0 T1 lock m cpu=0 at=work.c:5
			0.5 T1 lock n cpu=0.5 at=work.c:6
			0.5 T1 unlock n cpu=0.5 at=work.c:7
			1 T1 unlock m cpu=1 at=work.c:8
			1 T1 exit cpu=1
			1 T2 lock m cpu=0 at=work.c:5
			1.5 T2 lock n cpu=0.5 at=work.c:6
			1.5 T2 unlock n cpu=0.5 at=work.c:7
			2 T2 unlock m cpu=1 at=work.c:8
			2 T2 exit cpu=1
			2 main join T1 cpu=0 at=main.c:5
			2 main join T2 cpu=0 at=main.c:6
			2 main exit cpu=0
			@end
			""";
	private static final List<String> LOCK_M = List.of("1", "lock m", "2.00x", "2 s",
			"make the critical sections of lock m 50 % faster: 2.00x on 2 processors");

	@AfterEach
	void tearDown() throws Exception {
		Job.getJobManager().cancel(WhatIfJob.FAMILY);
		Job.getJobManager().join(WhatIfJob.FAMILY, null);
		Job.getJobManager().join(WaitingPointMarkers.FAMILY, null);
		UiTests.endSimulations();
	}

	private static void create(IFile file, String text) throws Exception {
		file.create(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, null);
	}

	/** Waits for the tab's profile and returns its ranking. */
	private static List<List<String>> computed(WhatIfTab tab) {
		UiTests.waitUntil(() -> tab.getJob() == null && tab.getProfile() != null, 60_000, "the profile");
		UiTests.flush();
		return tab.rows();
	}

	@Test
	void testComputeRanksTheContendedLockFirstAndActionsProfileIt() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("whatif");
		project.create(null);
		project.open(null);
		StringBuilder lines = new StringBuilder();
		for (int i = 1; i <= 10; i++) {
			lines.append("/* line ").append(i).append(" */\n");
		}
		IFile work = project.getFile("work.c");
		create(work, lines.toString());
		create(project.getFile("main.c"), lines.toString());
		IFile trace = project.getFile("contended.vtrace");
		create(trace, CONTENDED);
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);
		UiTests.simulate(view, trace, new SimulationLaunch("trace", trace.getFullPath().toString(), List.of(), List.of(),
				Map.of("processors", "2", "model", "direct")), 1);

		// Compute in the tab: the top locations on the run's 2 processors
		WhatIfTab tab = view.getWhatIfTab();
		assertEquals(trace, tab.getTrace());
		assertEquals(2, tab.getProcessors().getSelection());
		tab.select();
		assertNotNull(tab.compute());
		List<List<String>> rows = computed(tab);
		assertEquals(List.of("#", "Location", "Gain at 50 %", "Work", "What it gains"), tab.columns());
		assertEquals(LOCK_M, rows.get(0));
		assertEquals(List.of("lock m", "thread T1", "thread T2", "work.c:5..work.c:6", "work.c:7..work.c:8"), rows
				.stream().map(r -> r.get(1)).sorted().toList());
		rows.subList(1, rows.size()).forEach(r -> assertEquals("1.33x", r.get(2), r.toString()));
		ChartSeries lock = tab.getChart().getSeries().get(0);
		assertEquals("lock m", lock.name());
		int half = Arrays.binarySearch(lock.x(), 50.0);
		assertEquals(2.0, lock.y(half), 1e-9, "the program twice as fast when m's sections are halved");
		// at 100 % the program has no work left: an unbounded speed-up, not charted
		assertArrayEquals(new double[] { 0, 10, 20, 30, 40, 50, 60, 70, 80, 90 }, lock.x(), 1e-9);
		assertTrue(tab.getStatus().getText().contains("on 2 processors runs 2 s"), tab.getStatus().getText());

		// the gains on the source lines
		IMarker[] marked = work.findMarkers(WhatIfMarkers.TYPE, false, 0);
		assertEquals(2, marked.length);
		assertTrue(Arrays.stream(marked).anyMatch(m -> m.getAttribute(IMarker.LINE_NUMBER, 0) == 6 && m.getAttribute(
				IMarker.MESSAGE, "").startsWith("making this 2x faster: 1.33x on 2 processors")), Arrays.toString(
						marked));

		AutoCloseable maximised = UiTests.maximised(ResultsView.ID);
		UiTests.flush();
		Path png = UiTests.screenshots().resolve("results-view-whatif.png");
		Screenshots.save(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), png);
		assertTrue(Files.size(png) > 1000);
		maximised.close();

		// a double-click on an interval opens its line
		int interval = rows.stream().map(r -> r.get(1)).toList().indexOf("work.c:5..work.c:6");
		tab.open(interval);
		UiTests.flush();
		IEditorPart editor = UiTests.page().getActiveEditor();
		assertEquals("work.c", editor.getEditorInput().getName());
		ITextEditor text = assertInstanceOf(ITextEditor.class, editor.getAdapter(ITextEditor.class));
		assertEquals(5, ((ITextSelection) text.getSelectionProvider().getSelection()).getStartLine(), "line 6");
		UiTests.page().closeAllEditors(false);
		UiTests.page().showView(ResultsView.ID);

		// an edit: without lock m the program takes 1 s
		tab.getRemoveLocks().setText("m");
		tab.compute();
		computed(tab);
		assertEquals(1, tab.getProfile().baseline(), 1e-9);
		assertEquals(List.of(new WhatIf.RemoveLock("m")), tab.getProfile().edits());
		tab.getRemoveLocks().setText("x");
		assertNotNull(tab.compute());
		UiTests.waitUntil(() -> tab.getJob() == null, 60_000, "the failed profile's end");
		assertTrue(tab.getStatus().getText().contains("the recording has no lock x"), tab.getStatus().getText());
		tab.getRemoveLocks().setText("");

		// What if this were faster? on the timeline's lock wait
		view.getScheduleTab().select();
		UiTests.flush();
		TimelineData data = view.getScheduleTab().getChart().getData();
		TimelineHit wait = null;
		for (int r = 0; r < data.rows().size() && wait == null; r++) {
			List<TimelineData.Bar> bars = data.rows().get(r).bars();
			for (int b = 0; b < bars.size(); b++) {
				if (bars.get(b).kind().equals("wait") && bars.get(b).label().startsWith("locking m")) {
					wait = new TimelineHit.OnBar(r, b, bars.get(b));
					break;
				}
			}
		}
		assertNotNull(wait, "a thread waits for m: " + data.rows());
		WhatIfAction action = view.getWhatIfAction();
		action.setHit(wait);
		assertTrue(action.isEnabled());
		assertEquals(List.of(new WhatIf.Lock("m")), action.locations());
		action.run();
		assertTrue(tab.isSelected(), "the action shows the What-if tab");
		assertEquals("lock m", tab.getLocations().getText());
		assertEquals(List.of(LOCK_M), computed(tab));

		// ... and on the lock's bottleneck marker
		tab.getLocations().setText("");
		view.getScheduleTab().select();
		List<IMarker> bottlenecks = WaitingPointMarkers.update(trace, 2, OptionValues.of(new TraceEngine().options(),
				Map.of("model", "direct")), null);
		IMarker lockWait = bottlenecks.stream().filter(m -> m.getAttribute(WaitingPointMarkers.WHAT_IF, "").equals(
				"lock m")).findFirst().orElseThrow(() -> new AssertionError("no bottleneck marker for lock m"));
		IMarkerResolution[] fixes = IDE.getMarkerHelpRegistry().getResolutions(lockWait);
		IMarkerResolution whatIf = Arrays.stream(fixes).filter(f -> f.getLabel().equals("What if this were faster?"))
				.findFirst().orElseThrow(() -> new AssertionError(Arrays.toString(fixes)));
		whatIf.run(lockWait);
		assertTrue(tab.isSelected());
		assertEquals(List.of(LOCK_M), computed(tab));
		assertEquals(List.of(), WhatIfMarkers.markers(trace), "a profile of the lock alone marks no line");
	}

	/** Compute turns into Cancel while the profile runs; pressing it stops the job and says so. */
	@Test
	void testCancelStopsTheProfile() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("cancel");
		project.create(null);
		project.open(null);
		java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
		org.perfcast.trace.SyntheticTrace.writeBinary(bytes, org.perfcast.trace.SyntheticTrace.Shape.WORKERS, 200_000,
				1);
		IFile trace = project.getFile("workers.vtraceb");
		trace.create(new ByteArrayInputStream(bytes.toByteArray()), true, null);
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);
		UiTests.simulate(view, trace, new SimulationLaunch("trace", trace.getFullPath().toString(), List.of(), List.of(),
				Map.of("processors", "4")), 1);
		WhatIfTab tab = view.getWhatIfTab();
		tab.select();
		WhatIfJob job = tab.compute();
		assertNotNull(job);
		assertEquals("Cancel", tab.getCompute().getText());
		tab.getCompute().notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
		UiTests.waitUntil(() -> tab.getJob() == null, 60_000, "the cancelled job's end");
		assertEquals("Cancelled.", tab.getStatus().getText());
		assertEquals("Compute", tab.getCompute().getText());
		assertEquals(null, tab.getProfile());
	}
}
