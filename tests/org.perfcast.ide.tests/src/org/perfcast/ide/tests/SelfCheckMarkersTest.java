package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.ide.SelfCheckMarkers;
import org.perfcast.ide.WaitingPointMarkers;
import org.perfcast.trace.TraceEngine;

/**
 * A recorded program's prediction marks where its recording does not account for its run: T1 is off the processor
 * 0.3 s between q.c:88 and q.c:97 in no recorded wait, and the run on one processor replays 30 % faster than recorded.
 */
class SelfCheckMarkersTest {

	static final String HIDDEN_WAIT = """
			@recorded pthreads
			@unit s
			0.1 main create T1 cpu=0.1 rq=0
			0.3 main join T1 cpu=0.3 rq=0 at=main.c:20
			0.5 T1 post s cpu=0.2 rq=0.2 at=/build/src/q.c:88
			0.9 T1 post s cpu=0.3 rq=0.2 at=/build/src/q.c:97
			1.0 T1 exit cpu=0.4 rq=0.2
			1.0 main exit cpu=0.3 rq=0
			@end cpu=0.7
			""";

	@AfterEach
	void tearDown() throws Exception {
		Workspaces.clear();
	}

	private static String describe(IMarker m) {
		return m.getResource().getFullPath() + ":" + m.getAttribute(IMarker.LINE_NUMBER, 0) + ": "
				+ m.getAttribute(IMarker.MESSAGE, "");
	}

	@Test
	void testUnexplainedTimeIsMarkedWhereItEndsAndTheNextPredictionReplacesIt() throws Exception {
		IProject project = Workspaces.root().getProject("hidden");
		project.create(null);
		project.open(null);
		project.getFolder("src").create(true, true, null);
		StringBuilder source = new StringBuilder();
		for (int i = 1; i <= 100; i++) {
			source.append("// line ").append(i).append('\n');
		}
		Workspaces.save(project.getFile("src/q.c"), source.toString());
		IFile trace = project.getFile("q.vtrace");
		Workspaces.save(trace, HIDDEN_WAIT);
		OptionValues options = OptionValues.of(new TraceEngine().options(), Map.of());
		WaitingPointMarkers.update(trace, 2, options, null);
		List<IMarker> markers = SelfCheckMarkers.markers(trace).stream().sorted(Comparator.comparing(
				SelfCheckMarkersTest::describe)).toList();
		assertEquals(List.of("/hidden/q.vtrace:1: unreliable: the program ran 1 s when recorded but its recording "
				+ "replays in 700 ms on one processor (-30 %): 30 % of the recorded time is in no thread of the trace "
				+ "(waits Perfcast does not see, or another program on the processor)",
				"/hidden/src/q.c:97: unreliable: T1 spends 300 ms (33 % of its life) unexplained since "
						+ "/build/src/q.c:88: a wait Perfcast does not see (spinning, a raw futex, polling?)"),
				markers.stream().map(SelfCheckMarkersTest::describe).toList());
		for (IMarker marker : markers) {
			assertEquals(IMarker.SEVERITY_WARNING, marker.getAttribute(IMarker.SEVERITY, -1));
			assertTrue(marker.isSubtypeOf(IMarker.PROBLEM), "listed in the Problems view");
			assertEquals("/hidden/q.vtrace", marker.getAttribute(WaitingPointMarkers.TRACE, ""));
		}

		// recorded again without the hidden wait: the check holds and the markers go
		Workspaces.save(trace, HIDDEN_WAIT.replace("0.9 T1 post s cpu=0.3", "0.6 T1 post s cpu=0.3").replace(
				"1.0 ", "0.7 "));
		WaitingPointMarkers.update(trace, 2, options, null);
		assertEquals(List.of(), SelfCheckMarkers.markers(trace));
		markers.forEach(m -> assertFalse(m.exists(), "replaced: " + describe(m)));
	}
}
