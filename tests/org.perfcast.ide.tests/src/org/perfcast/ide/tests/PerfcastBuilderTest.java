package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.ide.PerfcastProjects;

class PerfcastBuilderTest {

	private IProject project;

	@BeforeEach
	void setUp() throws CoreException {
		RecordingParticipant.ANALYSED.clear();
		project = PerfcastProjects.create("builder", null, null);
	}

	@AfterEach
	void tearDown() throws CoreException {
		Workspaces.clear();
	}

	private static List<IMarker> markers(IResource resource) throws CoreException {
		return Arrays.stream(resource.findMarkers(PerfcastMarkers.PROBLEM, false, IResource.DEPTH_INFINITE))
				.sorted(Comparator.comparingInt((IMarker m) -> m.getAttribute(IMarker.LINE_NUMBER, 0))).toList();
	}

	@Test
	void testBuilderRunsOnSaveAndPlacesMarkers() throws Exception {
		IFile file = project.getFile("model.pctest");
		Workspaces.save(file, "first line\n  an error here\nlast");
		Workspaces.waitForAutoBuild();

		assertEquals(List.of("/builder/model.pctest"), RecordingParticipant.ANALYSED);
		List<IMarker> markers = markers(file);
		assertEquals(2, markers.size());
		IMarker info = markers.get(0);
		assertEquals("analysed 3 lines", info.getAttribute(IMarker.MESSAGE));
		assertEquals(IMarker.SEVERITY_INFO, info.getAttribute(IMarker.SEVERITY));
		IMarker error = markers.get(1);
		assertEquals("found error", error.getAttribute(IMarker.MESSAGE));
		assertEquals(IMarker.SEVERITY_ERROR, error.getAttribute(IMarker.SEVERITY));
		assertEquals(2, error.getAttribute(IMarker.LINE_NUMBER));
		assertEquals(16, error.getAttribute(IMarker.CHAR_START)); // 11 chars of "first line\n", then "  an "
		assertEquals(21, error.getAttribute(IMarker.CHAR_END));
		assertEquals("test.error", error.getAttribute(PerfcastMarkers.CODE));
		assertEquals("org.perfcast.ide.tests.recording", error.getAttribute(PerfcastMarkers.PARTICIPANT));
	}

	@Test
	void testMarkersAreReplacedNotAccumulated() throws Exception {
		IFile file = project.getFile("model.pctest");
		Workspaces.save(file, "error\nerror\n");
		Workspaces.waitForAutoBuild();
		assertEquals(3, markers(file).size());

		Workspaces.save(file, "clean now");
		Workspaces.waitForAutoBuild();
		List<IMarker> markers = markers(file);
		assertEquals(1, markers.size());
		assertEquals("analysed 1 lines", markers.get(0).getAttribute(IMarker.MESSAGE));
		assertEquals(2, RecordingParticipant.ANALYSED.size());
	}

	@Test
	void testOnlyChangedFilesAreAnalysed() throws Exception {
		IFile a = project.getFile("a.pctest");
		IFile b = project.getFile("b.pctest");
		Workspaces.save(a, "a");
		Workspaces.save(b, "b");
		Workspaces.waitForAutoBuild();
		RecordingParticipant.ANALYSED.clear();

		Workspaces.save(b, "b changed");
		project.getFile("notes.txt").create(new java.io.ByteArrayInputStream(new byte[0]), true, null);
		Workspaces.waitForAutoBuild();
		assertEquals(List.of("/builder/b.pctest"), RecordingParticipant.ANALYSED);
	}

	@Test
	void testFilesThatReadAChangedFileAreAnalysedAgain() throws Exception {
		IFile machine = project.getFile("m.pctest");
		IFile program = project.getFile("p.pctest");
		IFile other = project.getFile("o.pctest");
		Workspaces.save(machine, "machine");
		Workspaces.save(program, "reads m.pctest");
		Workspaces.save(other, "reads nothing.pctest");
		Workspaces.waitForAutoBuild();
		RecordingParticipant.ANALYSED.clear();

		Workspaces.save(machine, "machine, changed");
		Workspaces.waitForAutoBuild();
		assertEquals(List.of("/builder/m.pctest", "/builder/p.pctest"), RecordingParticipant.ANALYSED);

		RecordingParticipant.ANALYSED.clear();
		machine.delete(true, null);
		Workspaces.waitForAutoBuild();
		assertEquals(List.of("/builder/p.pctest"), RecordingParticipant.ANALYSED);
	}

	@Test
	void testFailingParticipantBecomesAnErrorMarkerAndDoesNotStopOthers() throws Exception {
		IFile file = project.getFile("upper.PCCRASH");
		Workspaces.save(file, "error");
		Workspaces.waitForAutoBuild();
		List<IMarker> markers = markers(file);
		// the recording participant ran (info + error) and the crashing one left its own error
		assertEquals(3, markers.size());
		assertTrue(markers.stream().anyMatch(m -> m.getAttribute(IMarker.MESSAGE, "")
				.startsWith("Crashing test analysis could not analyse this file: java.lang.IllegalStateException: simulated engine bug")),
				markers.toString());
	}

	@Test
	void testAParticipantsStackOverflowIsAnErrorMarkerAndTheBuildGoesOn() throws Exception {
		IFile deep = project.getFile("deep.PCCRASH");
		Workspaces.save(deep, "error");
		IFile other = project.getFile("other.pctest");
		Workspaces.save(other, "error");
		Workspaces.waitForAutoBuild();
		assertTrue(markers(deep).stream().anyMatch(m -> m.getAttribute(IMarker.MESSAGE, "").startsWith(
				"Crashing test analysis could not analyse this file: java.lang.StackOverflowError")), markers(deep)
						.toString());
		assertEquals(2, markers(other).size(), "the next file was built");
	}

	@Test
	void testCleanRemovesMarkersAndFullBuildRestoresThem() throws Exception {
		IFile file = project.getFile("model.pctest");
		Workspaces.save(file, "error");
		Workspaces.waitForAutoBuild();
		assertEquals(2, markers(project).size());

		project.build(IncrementalProjectBuilder.CLEAN_BUILD, null);
		assertEquals(0, markers(project).size());
		project.build(IncrementalProjectBuilder.FULL_BUILD, null);
		assertEquals(2, markers(project).size());
	}

	@Test
	void testProjectsWithoutTheNatureAreNotAnalysed() throws Exception {
		IProject plain = Workspaces.root().getProject("plain");
		plain.create(null);
		plain.open(null);
		Workspaces.save(plain.getFile("model.pctest"), "error");
		Workspaces.waitForAutoBuild();
		assertEquals(0, markers(plain).size());
		assertEquals(List.of(), RecordingParticipant.ANALYSED);
	}
}
