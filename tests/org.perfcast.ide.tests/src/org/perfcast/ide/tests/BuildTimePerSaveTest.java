package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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

/**
 * The time from saving an example model to its markers (every participant of the builder), printed as the
 * median of 15 saves after 5 warm-up saves, for closing notes; the test itself checks that each save leaves
 * a prediction, never the time.
 */
class BuildTimePerSaveTest {

	private static final int WARM_UP = 5;
	private static final int SAVES = 15;

	@AfterEach
	void tearDown() throws CoreException {
		Workspaces.clear();
	}

	private static String example(String relative) throws Exception {
		return Files.readString(Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative));
	}

	@Test
	void testEverySaveLeavesAPredictionAndPrintsTheBuildTime() throws Exception {
		IProject project = PerfcastProjects.create("timing", null, null);
		for (String name : List.of("matvec-ring/ring.machine", "linear-array/array.machine")) {
			Workspaces.save(project.getFile(Path.of(name).getFileName().toString()), example(name));
		}
		for (String name : List.of("matvec-ring/matvec.pamela", "matvec-ring/matvec.program", "linear-array/loop.program")) {
			IFile file = project.getFile(Path.of(name).getFileName().toString());
			String text = example(name);
			double[] millis = new double[SAVES];
			for (int i = -WARM_UP; i < SAVES; i++) {
				long start = System.nanoTime();
				Workspaces.save(file, text + (i % 2 == 0 ? "" : "\n"));
				Workspaces.waitForAutoBuild();
				if (i >= 0) {
					millis[i] = (System.nanoTime() - start) / 1e6;
				}
				assertTrue(Arrays.stream(file.findMarkers(PerfcastMarkers.PROBLEM, false, IResource.DEPTH_ZERO))
						.anyMatch(m -> m.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_INFO
								&& m.getAttribute(IMarker.MESSAGE, "").contains("T = ")), name + " has a prediction");
			}
			Arrays.sort(millis);
			System.out.printf("build time per save of %-28s median %.1f ms, min %.1f ms%n", name, millis[SAVES / 2],
					millis[0]);
		}
	}
}
