package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.charts.TimelineChart;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.results.ResultsView;
import org.perfcast.ui.results.RunEntry;

/**
 * The results of a trace-driven simulation of 10⁹ events (a synthetic recording of 8 workers, 19 GB, simulated as it
 * was read: see "Long runs" in docs/threads.md; the file was made with {@code perfcast bench --write-trace w1e9.vtraceb
 * --events 1e9} and {@code perfcast run trace w1e9.vtraceb --option processors=4 --option model=direct}) open in the
 * Results view at once: its timelines are a summary per time bucket.
 */
class LongRunResultsUITest {

	@Test
	void testABillionEventRunOpensAsSummary() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("long-run");
		project.create(null);
		project.open(null);
		project.getFolder("results").create(true, true, null);
		IFile results = project.getFile("results/20261126-022000-000-trace.results");
		try (InputStream in = new GZIPInputStream(LongRunResultsUITest.class.getResourceAsStream(
				"trace-1e9.results.gz"))) {
			assertNotNull(in);
			results.create(in, true, null);
		}
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);
		long start = System.nanoTime();
		view.refresh();
		UiTests.waitUntil(() -> view.getRuns().stream().anyMatch(r -> r.file().equals(results)), 60_000,
				"the run listed");
		RunEntry run = view.getRuns().stream().filter(r -> r.file().equals(results)).findFirst().orElseThrow();
		view.select(List.of(run));
		AutoCloseable maximised = UiTests.maximised(ResultsView.ID);
		view.getScheduleTab().select();
		UiTests.flush();
		System.out.printf("LongRunResultsUITest: the 10^9-event run listed and its timeline shown in %.0f ms%n",
				(System.nanoTime() - start) / 1e6);
		assertTrue(view.getHeader().startsWith("Trace-driven simulation (VPPB)"), view.getHeader());
		double operations = run.run().getPoints().get(0).getValues().stream().filter(v -> v.getName().equals(
				"operations")).findFirst().orElseThrow().getValue();
		assertEquals(1_000_000_009, operations, "every event of the recording simulated");
		TimelineChart timeline = view.getScheduleTab().getChart();
		assertEquals(9, timeline.getData().rows().size(), "M and 8 workers");
		int bars = timeline.getData().rows().stream().mapToInt(r -> r.bars().size()).sum();
		assertTrue(bars > 9 && bars <= 9 * 256 * 5, bars + " bars");
		double intervals = run.run().getPoints().get(0).getValues().stream().filter(v -> v.getName().equals(
				org.perfcast.trace.TraceEngine.TIMELINE_INTERVALS)).findFirst().orElseThrow().getValue();
		assertTrue(intervals > 1e9, intervals + " intervals summed up");
		assertTrue(view.getScheduleTab().getNote().getText().startsWith("A summary of "), view.getScheduleTab()
				.getNote().getText());
		Path png = UiTests.screenshots().resolve("results-view-trace-1e9.png");
		Screenshots.save(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), png);
		assertTrue(Files.size(png) > 1000);
		maximised.close();
	}
}
