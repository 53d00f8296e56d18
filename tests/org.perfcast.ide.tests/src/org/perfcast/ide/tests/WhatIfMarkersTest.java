package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.RemovedRecordings;
import org.perfcast.ide.WhatIfJob;
import org.perfcast.ide.WhatIfMarkers;
import org.perfcast.trace.CausalProfile;
import org.perfcast.trace.WhatIf;

/**
 * A recording's causal profile on its source lines: T1 and T2 each hold lock m for 1 s (taken at work.c:5, a nested
 * lock n at work.c:6 halfway, m released at work.c:8); on 2 processors halving m's sections gains 2x, halving the code
 * between two call sites 1.33x. The profile marks the second call site's line of each interval; the next profile
 * replaces the markers, and deleting the recording removes them.
 */
class WhatIfMarkersTest {

	static final String CONTENDED = """
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

	@AfterEach
	void tearDown() throws Exception {
		Job.getJobManager().cancel(WhatIfJob.FAMILY);
		Job.getJobManager().join(WhatIfJob.FAMILY, null);
		Workspaces.clear();
	}

	private static String lines(int n) {
		StringBuilder text = new StringBuilder();
		for (int i = 1; i <= n; i++) {
			text.append("/* line ").append(i).append(" */\n");
		}
		return text.toString();
	}

	private static WhatIfJob profile(IFile trace, int processors, List<WhatIf.Location> locations) throws Exception {
		WhatIfJob job = new WhatIfJob(new WhatIfJob.Request(trace, processors, "auto", List.of(), locations));
		job.schedule();
		job.join();
		assertTrue(job.getResult().isOK(), job.getResult().toString());
		return job;
	}

	private static List<String> describe(List<IMarker> markers) {
		return markers.stream().sorted(Comparator.comparingInt((IMarker m) -> m.getAttribute(IMarker.LINE_NUMBER, 0)))
				.map(m -> m.getResource().getFullPath() + ":" + m.getAttribute(IMarker.LINE_NUMBER, 0) + ": " + m
						.getAttribute(IMarker.MESSAGE, "")).toList();
	}

	@Test
	void testProfileMarksTheLinesAndTheNextReplacesThem() throws Exception {
		IProject project = Workspaces.root().getProject("whatif");
		project.create(null);
		project.open(null);
		IFile work = project.getFile("work.c");
		Workspaces.save(work, lines(10));
		Workspaces.save(project.getFile("main.c"), lines(10));
		IFile trace = project.getFile("contended.vtrace");
		Workspaces.save(trace, CONTENDED);

		WhatIfJob job = profile(trace, 2, List.of());
		CausalProfile.Profile profile = job.profile();
		assertEquals("s", job.unit());
		assertEquals(2, profile.baseline(), 1e-9);
		CausalProfile.Curve first = profile.curves().get(0);
		assertEquals(new WhatIf.Lock("m"), first.location());
		assertEquals(2.0, first.gain(), 1e-9);
		List<IMarker> markers = WhatIfMarkers.markers(trace);
		assertEquals(List.of("/whatif/work.c:6: making this 2x faster: 1.33x on 2 processors (the code between work.c:5 "
				+ "and work.c:6, 1 s of work)", "/whatif/work.c:8: making this 2x faster: 1.33x on 2 processors (the code "
						+ "between work.c:7 and work.c:8, 1 s of work)"), describe(markers));
		for (IMarker m : markers) {
			assertTrue(m.isSubtypeOf(IMarker.PROBLEM), "listed in the Problems view");
			assertEquals(IMarker.SEVERITY_INFO, m.getAttribute(IMarker.SEVERITY, -1));
			assertEquals("/whatif/contended.vtrace", m.getAttribute(WhatIfMarkers.TRACE, ""));
			assertEquals(2, m.getAttribute(WhatIfMarkers.PROCESSORS, 0));
			assertEquals("1.333333", m.getAttribute(WhatIfMarkers.GAIN, "").substring(0, 8));
		}
		assertEquals("work.c:5..work.c:6", markers.stream().filter(m -> m.getAttribute(IMarker.LINE_NUMBER, 0) == 6)
				.findFirst().orElseThrow().getAttribute(WhatIfMarkers.LOCATION, ""));

		// on 1 processor, for one location: the old markers go, the new one says 1 processor
		profile(trace, 1, List.of(WhatIf.location("work.c:5..work.c:6"), WhatIf.location("lock m")));
		markers.forEach(m -> assertFalse(m.exists(), "replaced"));
		assertEquals(List.of("/whatif/work.c:6: making this 2x faster: 1.33x on 1 processor (the code between work.c:5 "
				+ "and work.c:6, 1 s of work)"), describe(WhatIfMarkers.markers(trace)));

		trace.delete(true, null);
		Job.getJobManager().join(RemovedRecordings.FAMILY, null);
		Workspaces.waitUntil(() -> work.findMarkers(WhatIfMarkers.TYPE, false, 0).length == 0, 10_000,
				"the markers gone with the recording");
	}

	@Test
	void testCallSitesWithoutWorkAreLeftOutAndNoneIsAnError() throws Exception {
		IProject project = Workspaces.root().getProject("nowork");
		project.create(null);
		project.open(null);
		IFile trace = project.getFile("contended.vtrace");
		Workspaces.save(trace, CONTENDED);
		WhatIfJob job = profile(trace, 2, List.of(WhatIf.location("main.c:3"), WhatIf.location("thread T1")));
		assertEquals(List.of(new WhatIf.ThreadWork("T1")), job.profile().curves().stream().map(c -> c.location())
				.toList(), "main.c:3 has no work before it");

		WhatIfJob none = new WhatIfJob(new WhatIfJob.Request(trace, 2, "auto", List.of(), List.of(WhatIf.location(
				"main.c:3"))));
		none.schedule();
		none.join();
		assertEquals(IStatus.ERROR, none.getResult().getSeverity());
		assertTrue(none.getResult().getMessage().contains("no work at main.c:3"), none.getResult().getMessage());
	}
}
