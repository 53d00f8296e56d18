package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
