package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.BuildResults;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.ide.PerfcastProjects;

class PamelaParticipantTest {

	@AfterEach
	void tearDown() throws CoreException {
		Workspaces.clear();
	}

	private static List<IMarker> markers(IFile file) throws CoreException {
		return Arrays.stream(file.findMarkers(PerfcastMarkers.PROBLEM, false, IResource.DEPTH_ZERO))
				.sorted(Comparator.comparingInt((IMarker m) -> -m.getAttribute(IMarker.SEVERITY, 0))).toList();
	}

	@Test
	void testPredictionOnSaveAndErrorsOnTheirLine() throws Exception {
		IProject project = PerfcastProjects.create("pamela", null, null);
		IFile file = project.getFile("bus.pamela");
		Workspaces.save(file, "resource bus\n\nmain = par(i = 1 .. 4) use(bus, 3)\n");
		Workspaces.waitForAutoBuild();
		List<IMarker> markers = markers(file);
		assertEquals(2, markers.size());
		assertEquals("contention dominates: bus is busy for 12, longer than the critical path 3",
				markers.get(0).getAttribute(IMarker.MESSAGE));
		assertEquals(IMarker.SEVERITY_WARNING, markers.get(0).getAttribute(IMarker.SEVERITY));
		assertEquals("T = 12 (contention-bound on bus; T_cplx = 3, sigma_max = 12)", markers.get(1).getAttribute(IMarker.MESSAGE));
		assertEquals(3, markers.get(1).getAttribute(IMarker.LINE_NUMBER));

		Workspaces.save(file, "resource bus\n\nmain = par(i = 1 .. 4) use(bus, t)\n");
		Workspaces.waitForAutoBuild();
		markers = markers(file);
		assertEquals(1, markers.size());
		assertEquals(IMarker.SEVERITY_ERROR, markers.get(0).getAttribute(IMarker.SEVERITY));
		assertEquals(3, markers.get(0).getAttribute(IMarker.LINE_NUMBER));
	}

	/**
	 * The builder's results live in the bundle's {@link BuildResults} service: a saved file's are there, and go with
	 * the file, and with its project.
	 */
	@Test
	void testBuildResultsFollowTheFilesLife() throws Exception {
		BuildResults results = BuildResults.get();
		org.osgi.framework.BundleContext context = org.osgi.framework.FrameworkUtil.getBundle(BuildResults.class)
				.getBundleContext();
		assertSame(results, context.getService(context.getServiceReference(BuildResults.class)), "the OSGi service");
		IProject project = PerfcastProjects.create("results", null, null);
		IFile one = project.getFile("one.pamela");
		IFile two = project.getFile("two.pamela");
		Workspaces.save(one, "main = delay(3)\n");
		Workspaces.save(two, "main = delay(4)\n");
		Workspaces.waitForAutoBuild();
		assertNotNull(results.latest(one.getFullPath()));
		assertNotNull(results.latest(two.getFullPath()));
		one.delete(true, null);
		Workspaces.waitForAutoBuild();
		assertNull(results.latest(one.getFullPath()), "a removed file's results go");
		assertNotNull(results.latest(two.getFullPath()));
		project.delete(true, null);
		assertNull(results.latest(two.getFullPath()), "a removed project's results go");
	}

	/** An importer is analysed again when the file it imports changes, though it did not change itself. */
	@Test
	void testImportsResolveInTheProjectAndImportersFollowTheirChanges() throws Exception {
		IProject project = PerfcastProjects.create("imports", null, null);
		IFile machine = project.getFile("machine.pamela");
		IFile app = project.getFile("app.pamela");
		Workspaces.save(machine, "param t_f = 2\nflop = delay(t_f)\nmain = flop\n");
		Workspaces.save(app, "import \"machine.pamela\"\n\nmain = seq(i = 1 .. 3) flop\n");
		Workspaces.waitForAutoBuild();
		assertEquals("T = 6 (critical-path-bound; T_cplx = 6, sigma_max = 0; most time in flop)", markers(app).get(0).getAttribute(IMarker.MESSAGE));

		Workspaces.save(machine, "param t_f = 5\nflop = delay(t_f)\nmain = flop\n");
		Workspaces.waitForAutoBuild();
		assertEquals("T = 15 (critical-path-bound; T_cplx = 15, sigma_max = 0; most time in flop)",
				markers(app).get(0).getAttribute(IMarker.MESSAGE));

		machine.delete(true, null);
		Workspaces.waitForAutoBuild();
		List<IMarker> broken = markers(app);
		assertEquals(IMarker.SEVERITY_ERROR, broken.get(0).getAttribute(IMarker.SEVERITY));
		assertEquals("cannot read \"machine.pamela\"", broken.get(0).getAttribute(IMarker.MESSAGE));
	}

	/** Program models are predicted through their PAMELA translation too, marked as such. */
	@Test
	void testProgramThroughItsTranslation() throws Exception {
		IProject project = PerfcastProjects.create("program", null, null);
		java.nio.file.Path examples = java.nio.file.Path.of(System.getProperty("perfcast.examples", "../../examples"));
		Workspaces.save(project.getFile("array.machine"),
				java.nio.file.Files.readString(examples.resolve("linear-array/array.machine")));
		IFile program = project.getFile("loop.program");
		Workspaces.save(program, java.nio.file.Files.readString(examples.resolve("linear-array/loop.program")));
		Workspaces.waitForAutoBuild();
		List<IMarker> pamela = Arrays.stream(program.findMarkers(PerfcastMarkers.PROBLEM, false, IResource.DEPTH_ZERO))
				.filter(m -> "org.perfcast.ide.pamela".equals(m.getAttribute(PerfcastMarkers.PARTICIPANT, ""))).toList();
		assertEquals(1, pamela.size(), pamela.toString());
		String message = pamela.get(0).getAttribute(IMarker.MESSAGE, "");
		assertTrue(message.startsWith("PAMELA: T = "), message);
	}
}
