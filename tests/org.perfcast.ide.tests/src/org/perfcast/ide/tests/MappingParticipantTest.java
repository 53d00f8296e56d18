package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/** The mapping advisor on save: the example loop program declares block partitioning, 28 % slower than pipelining. */
class MappingParticipantTest {

	private static final String PARTICIPANT = "org.perfcast.ide.mapping";

	@AfterEach
	void tearDown() throws CoreException {
		Workspaces.clear();
	}

	private static String example(String relative) throws Exception {
		return Files.readString(Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative));
	}

	private static List<IMarker> mappingMarkers(IFile file) throws CoreException {
		return Arrays.stream(file.findMarkers(PerfcastMarkers.PROBLEM, false, IResource.DEPTH_ZERO))
				.filter(m -> PARTICIPANT.equals(m.getAttribute(PerfcastMarkers.PARTICIPANT, ""))).toList();
	}

	private static IMarker withCode(List<IMarker> markers, String code) {
		return markers.stream().filter(m -> code.equals(m.getAttribute(PerfcastMarkers.CODE, ""))).findFirst()
				.orElseThrow(() -> new AssertionError("no marker " + code + " among " + markers.stream()
						.map(m -> m.getAttribute(IMarker.MESSAGE, "")).toList()));
	}

	@Test
	void testDeclaredTechniqueSlowerThanTheBestIsAWarning() throws Exception {
		IProject project = PerfcastProjects.create("mapping", null, null);
		Workspaces.save(project.getFile("array.machine"), example("linear-array/array.machine"));
		IFile program = project.getFile("loop.program");
		String text = example("linear-array/loop.program");
		Workspaces.save(program, text);
		Workspaces.waitForAutoBuild();

		List<IMarker> markers = mappingMarkers(program);
		IMarker declared = withCode(markers, "mapping.declared");
		assertEquals(IMarker.SEVERITY_INFO, declared.getAttribute(IMarker.SEVERITY, -1));
		assertTrue(declared.getAttribute(IMarker.MESSAGE, "").endsWith(
				"block data partitioning (declared): T = 12900; best: loop body pipelining, T = 10090"),
				declared.getAttribute(IMarker.MESSAGE, ""));
		assertEquals(3, declared.getAttribute(IMarker.LINE_NUMBER, -1));
		IMarker slower = withCode(markers, "mapping.slowerThanBest");
		assertEquals(IMarker.SEVERITY_WARNING, slower.getAttribute(IMarker.SEVERITY, -1));
		assertTrue(slower.getAttribute(IMarker.MESSAGE, "").contains("is predicted 28 % slower than loop body pipelining"));

		// a dearer item on the machine's links changes the prediction of the program that uses the machine
		String before = withCode(markers, "mapping.declared").getAttribute(IMarker.MESSAGE, "");
		Workspaces.save(project.getFile("array.machine"),
				example("linear-array/array.machine").replace("perItemCost=\"1\"", "perItemCost=\"50\""));
		Workspaces.waitForAutoBuild();
		String after = withCode(mappingMarkers(program), "mapping.declared").getAttribute(IMarker.MESSAGE, "");
		assertTrue(!after.equals(before), after);
		Workspaces.save(project.getFile("array.machine"), example("linear-array/array.machine"));

		// declaring the best technique leaves the prediction and drops the warning
		Workspaces.save(program, text.replace("mapping=\"block\"", "mapping=\"pipeline\""));
		Workspaces.waitForAutoBuild();
		markers = mappingMarkers(program);
		assertTrue(withCode(markers, "mapping.declared").getAttribute(IMarker.MESSAGE, "")
				.endsWith("loop body pipelining (declared): T = 10090, the best technique"));
		assertTrue(markers.stream().noneMatch(m -> m.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_WARNING));
	}

	@Test
	void testProgramWithErrorsGetsNoPrediction() throws Exception {
		IProject project = PerfcastProjects.create("broken", null, null);
		Workspaces.save(project.getFile("array.machine"), example("linear-array/array.machine"));
		IFile program = project.getFile("loop.program");
		Workspaces.save(program, example("linear-array/loop.program").replace("defaultValue=\"1000\"", "defaultValue=\"N +\""));
		Workspaces.waitForAutoBuild();
		assertEquals(List.of(), mappingMarkers(program));
		assertTrue(Arrays.stream(program.findMarkers(PerfcastMarkers.PROBLEM, false, IResource.DEPTH_ZERO))
				.anyMatch(m -> m.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR));
	}
}
