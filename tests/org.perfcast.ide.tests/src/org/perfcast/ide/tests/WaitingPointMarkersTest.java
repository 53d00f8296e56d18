package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.ide.RecordingFinished;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.ide.WaitingPointMarkers;
import org.perfcast.trace.TraceEngine;

/**
 * A prediction of a recorded trace marks the program's bottlenecks on its source lines, and the next prediction
 * replaces the markers. The trace is the hot lock of the trace tests' WaitingPointsTest: M starts A, B and C, which
 * each work 1 and lock m (A at line 20 for 6, B and C at line 10 for 4); M joins them at Main.java line 7.
 */
class WaitingPointMarkersTest {

	static final String HOT_LOCK = """
			0 M create A cpu=0 at=Main.java:5
			0 M create B cpu=0 at=Main.java:5
			0 M create C cpu=0 at=Main.java:5
			1 A lock m cpu=1 at=Worker.java:20
			7 A unlock m cpu=7 at=Worker.java:22
			7 A exit cpu=7
			8 B lock m cpu=1 at=Worker.java:10
			12 B unlock m cpu=5 at=Worker.java:12
			12 B exit cpu=5
			13 C lock m cpu=1 at=Worker.java:10
			17 C unlock m cpu=5 at=Worker.java:12
			17 C exit cpu=5
			17 M join A cpu=0 at=Main.java:7
			17 M join B cpu=0 at=Main.java:7
			17 M join C cpu=0 at=Main.java:7
			17 M exit cpu=0
			""";

	@AfterEach
	void tearDown() throws Exception {
		SimulationJob.cancelAll();
		Job.getJobManager().join(SimulationJob.FAMILY, null);
		Job.getJobManager().join(WaitingPointMarkers.FAMILY, null);
		for (ILaunchConfiguration c : DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations()) {
			c.delete();
		}
		Workspaces.clear();
	}

	private static String lines(int n) {
		StringBuilder text = new StringBuilder();
		for (int i = 1; i <= n; i++) {
			text.append("// line ").append(i).append('\n');
		}
		return text.toString();
	}

	private static IProject project(String name) throws CoreException {
		IProject project = Workspaces.root().getProject(name);
		project.create(null);
		project.open(null);
		return project;
	}

	private static List<IMarker> sorted(List<IMarker> markers) {
		return markers.stream().sorted(Comparator.comparing((IMarker m) -> m.getResource().getFullPath().toString())
				.thenComparingInt(m -> m.getAttribute(IMarker.LINE_NUMBER, 0))).toList();
	}

	private static String describe(IMarker m) {
		return m.getResource().getFullPath() + ":" + m.getAttribute(IMarker.LINE_NUMBER, 0) + ": "
				+ m.getAttribute(IMarker.MESSAGE, "");
	}

	@Test
	void testPredictionMarksTheHotLockAndTheNextReplacesIt() throws Exception {
		IProject project = project("hot");
		project.getFolder("src").create(true, true, null);
		IFile worker = project.getFile("src/Worker.java");
		IFile main = project.getFile("src/Main.java");
		Workspaces.save(worker, lines(30));
		Workspaces.save(main, lines(10));
		IFile trace = project.getFile("hot.vtrace");
		Workspaces.save(trace, HOT_LOCK);

		ILaunchConfiguration prediction = RecordingFinished.prediction(trace, "hot", 4);
		assertEquals("hot prediction", prediction.getName());
		SimulationLaunch settings = SimulationLaunch.read(prediction);
		assertEquals("trace", settings.engineId());
		assertEquals("/hot/hot.vtrace", settings.model());
		assertEquals(List.of("processors=1,2,4,8"), settings.sweeps());
		assertEquals(Map.of("model", "auto"), settings.options());
		assertEquals(4, prediction.getAttribute(WaitingPointMarkers.ATTR_PROCESSORS, 0));

		prediction.launch(ILaunchManager.RUN_MODE, null);
		Workspaces.waitUntil(() -> WaitingPointMarkers.markers(trace).size() == 2, 60_000, "the markers");
		List<IMarker> first = sorted(WaitingPointMarkers.markers(trace));
		assertEquals(List.of("/hot/src/Main.java:7: on 4 processors, threads wait here 31 % of their time (join A and 2 "
				+ "others; M waits longest); on the critical path", "/hot/src/Worker.java:10: on 4 processors, threads wait here 33 % of "
				+ "their time (lock m, held longest at Worker.java:20; C waits longest); on the critical path"),
				first.stream().map(WaitingPointMarkersTest::describe).toList());
		for (IMarker marker : first) {
			assertEquals(IMarker.SEVERITY_WARNING, marker.getAttribute(IMarker.SEVERITY, -1));
			assertEquals("/hot/hot.vtrace", marker.getAttribute(WaitingPointMarkers.TRACE, ""));
			assertEquals(4, marker.getAttribute(WaitingPointMarkers.PROCESSORS, 0));
			assertTrue(marker.isSubtypeOf(IMarker.PROBLEM), "listed in the Problems view");
		}
		assertEquals(33, first.get(1).getAttribute(WaitingPointMarkers.SHARE, 0));
		assertEquals(1, project.getFolder("results").members().length, "the prediction's results file");

		// B and C now lock at line 14: the next prediction moves the marker there and keeps no old one
		Workspaces.save(trace, HOT_LOCK.replace("at=Worker.java:10", "at=Worker.java:14"));
		prediction.launch(ILaunchManager.RUN_MODE, null);
		Workspaces.waitUntil(() -> worker.findMarkers(WaitingPointMarkers.TYPE, false, 0).length == 1
				&& worker.findMarkers(WaitingPointMarkers.TYPE, false, 0)[0].getAttribute(IMarker.LINE_NUMBER, 0) == 14,
				60_000, "the marker on line 14");
		first.forEach(m -> assertFalse(m.exists(), "replaced: " + describe(m)));
		assertEquals(List.of("/hot/src/Main.java:7: on 4 processors, threads wait here 31 % of their time (join A and 2 "
				+ "others; M waits longest); on the critical path", "/hot/src/Worker.java:14: on 4 processors, threads wait here 33 % of "
				+ "their time (lock m, held longest at Worker.java:20; C waits longest); on the critical path"),
				sorted(WaitingPointMarkers.markers(trace)).stream().map(WaitingPointMarkersTest::describe).toList());
	}

	@Test
	void testNativeLocationsFindTheProjectsFiles() throws Exception {
		IProject project = project("native");
		project.getFolder("c").create(true, true, null);
		project.getFolder("lib").create(true, true, null);
		Workspaces.save(project.getFile("c/hot.c"), lines(20));
		Workspaces.save(project.getFile("lib/hot.c"), lines(20));
		String lib = project.getFile("lib/hot.c").getLocation().toOSString();
		IFile trace = project.getFile("hot.vtrace");
		// A locks in the project's lib/hot.c (its absolute path), B and C in a copy of c/hot.c compiled elsewhere;
		// M joins in main, recorded without debug information (a function name)
		Workspaces.save(trace, HOT_LOCK.replace("at=Worker.java:20", "at=" + lib + ":5")
				.replace("at=Worker.java:10", "at=/elsewhere/build/src/c/hot.c:12").replace("at=Main.java:7", "at=main"));
		List<IMarker> markers = sorted(WaitingPointMarkers.update(trace, 4, OptionValues.of(new TraceEngine()
				.options(), Map.of()), null));
		assertEquals(List.of("/native/c/hot.c:12: on 4 processors, threads wait here 33 % of their time (lock m, held "
				+ "longest at " + lib + ":5; C waits longest); on the critical path", "/native/hot.vtrace:13: at main: on 4 processors, "
				+ "threads wait here 31 % of their time (join A and 2 others; M waits longest); on the critical path"),
				markers.stream().map(WaitingPointMarkersTest::describe).toList());
		assertEquals(markers, sorted(WaitingPointMarkers.markers(trace)));

		// on two processors the lock still holds them back; the new markers replace those of four
		List<IMarker> two = WaitingPointMarkers.update(trace, 2, OptionValues.of(new TraceEngine().options(),
				Map.of()), null);
		assertFalse(two.isEmpty());
		assertTrue(two.stream().allMatch(m -> m.getAttribute(IMarker.MESSAGE, "").contains("on 2 processors")),
				two.stream().map(WaitingPointMarkersTest::describe).toList().toString());
		markers.forEach(m -> assertFalse(m.exists()));
		assertTrue(Files.exists(trace.getLocation().toPath()));
	}

	@Test
	void testThePredictionCoversTheMarkedProcessors() throws Exception {
		IProject project = project("six");
		IFile trace = project.getFile("t.vtrace");
		Workspaces.save(trace, HOT_LOCK);
		ILaunchConfiguration six = RecordingFinished.prediction(trace, "t", 6);
		assertEquals(List.of("processors=1,2,4,6,8"), SimulationLaunch.read(six).sweeps());
		assertEquals(6, six.getAttribute(WaitingPointMarkers.ATTR_PROCESSORS, 0));
		ILaunchConfiguration again = RecordingFinished.prediction(trace, "t", 2);
		assertEquals(six.getName(), again.getName(), "the same configuration, updated");
		assertEquals(List.of("processors=1,2,4,8"), SimulationLaunch.read(again).sweeps());
		assertEquals(1, DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations(DebugPlugin.getDefault()
				.getLaunchManager().getLaunchConfigurationType(SimulationLaunch.TYPE_ID)).length);
	}
}
