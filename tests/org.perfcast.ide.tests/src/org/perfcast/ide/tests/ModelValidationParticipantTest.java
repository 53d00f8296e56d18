package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.ide.PerfcastProjects;

class ModelValidationParticipantTest {

	private static final String MACHINE = """
			<?xml version="1.0" encoding="UTF-8"?>
			<machine:Machine xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
			    xmlns:machine="http://perfcast.org/model/machine/1.0" name="ring" processorCount="P">
			  <parameters name="P" defaultValue="6"/>
			  <topology xsi:type="machine:Ring" hopTime="%s"/>
			</machine:Machine>
			""";

	private IProject project;

	@BeforeEach
	void setUp() throws CoreException {
		project = PerfcastProjects.create("models", null, null);
	}

	@AfterEach
	void tearDown() throws CoreException {
		Workspaces.clear();
	}

	/** The model validation's markers (programs also get the mapping advisor's predictions). */
	private static List<IMarker> markers(IResource resource) throws CoreException {
		return Arrays.stream(resource.findMarkers(PerfcastMarkers.PROBLEM, false, IResource.DEPTH_INFINITE))
				.filter(m -> "org.perfcast.ide.modelValidation".equals(m.getAttribute(PerfcastMarkers.PARTICIPANT, "")))
				.toList();
	}

	@Test
	void testInvalidModelGetsAMarkerOnTheElementsLineUntilFixed() throws Exception {
		IFile machine = project.getFile("ring.machine");
		Workspaces.save(machine, MACHINE.formatted("t_l"));
		Workspaces.waitForAutoBuild();
		List<IMarker> markers = markers(machine);
		assertEquals(1, markers.size());
		IMarker marker = markers.get(0);
		assertEquals("hopTime: unknown parameter 't_l'", marker.getAttribute(IMarker.MESSAGE));
		assertEquals(IMarker.SEVERITY_ERROR, marker.getAttribute(IMarker.SEVERITY));
		assertEquals(5, marker.getAttribute(IMarker.LINE_NUMBER));
		assertEquals("Ring", marker.getAttribute(IMarker.LOCATION));
		assertEquals("//@topology", marker.getAttribute(PerfcastMarkers.ELEMENT));
		assertEquals("model.2", marker.getAttribute(PerfcastMarkers.CODE));

		Workspaces.save(machine, MACHINE.formatted("0.025"));
		Workspaces.waitForAutoBuild();
		assertEquals(List.of(), markers(machine));
	}

	@Test
	void testMarkerNamesItsElementByUriFragment() throws Exception {
		IFile program = project.getFile("tasks.program");
		Workspaces.save(program, """
				<?xml version="1.0" encoding="UTF-8"?>
				<program:Program xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:program="http://perfcast.org/model/program/1.0" processCount="2">
				  <tasks name="a" cost="1" process="0"/>
				  <tasks name="b" cost="2 * t_x" process="1" dependsOn="//@tasks.0"/>
				</program:Program>
				""");
		Workspaces.waitForAutoBuild();
		IMarker marker = markers(program).stream().filter(m -> m.getAttribute(IMarker.MESSAGE, "").contains("t_x")).findFirst()
				.orElseThrow(() -> new AssertionError("no marker about t_x"));
		assertEquals("cost: unknown parameter 't_x'", marker.getAttribute(IMarker.MESSAGE));
		assertEquals("Task b", marker.getAttribute(IMarker.LOCATION));
		assertEquals("//@tasks.1", marker.getAttribute(PerfcastMarkers.ELEMENT));
		assertEquals(4, marker.getAttribute(IMarker.LINE_NUMBER));
	}

	@Test
	void testProgramIsValidatedAgainWhenItsMachineChanges() throws Exception {
		IFile machine = project.getFile("ring.machine");
		IFile program = project.getFile("send.program");
		Workspaces.save(machine, MACHINE.formatted("0.025").replace("<parameters name=\"P\" defaultValue=\"6\"/>",
				"<parameters name=\"P\" defaultValue=\"6\"/>\n  <parameters name=\"t_l\" defaultValue=\"0.025\"/>"));
		Workspaces.save(program, """
				<?xml version="1.0" encoding="UTF-8"?>
				<program:Program xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:program="http://perfcast.org/model/program/1.0" processCount="P">
				  <machine href="ring.machine#/"/>
				  <steps name="wait" cost="10 * t_l"/>
				</program:Program>
				""");
		Workspaces.waitForAutoBuild();
		assertEquals(List.of(), markers(program));

		Workspaces.save(machine, MACHINE.formatted("0.025"));
		Workspaces.waitForAutoBuild();
		List<IMarker> markers = markers(program);
		assertEquals(1, markers.size());
		assertEquals("cost: unknown parameter 't_l'", markers.get(0).getAttribute(IMarker.MESSAGE));
		assertEquals(4, markers.get(0).getAttribute(IMarker.LINE_NUMBER));
	}

	@Test
	void testMalformedModelGetsALoadErrorAndIsNotRewritten() throws Exception {
		IFile program = project.getFile("broken.program");
		String text = "<?xml version=\"1.0\"?>\n<program:Program xmlns:program=\"http://perfcast.org/model/program/1.0\">\n";
		Workspaces.save(program, text);
		Workspaces.waitForAutoBuild();
		List<IMarker> markers = markers(program);
		assertEquals(1, markers.size());
		assertEquals("model.load", markers.get(0).getAttribute(PerfcastMarkers.CODE));
		assertNull(markers.get(0).getAttribute(PerfcastMarkers.ELEMENT), "a file that does not load has no elements");
		assertEquals(IMarker.SEVERITY_ERROR, markers.get(0).getAttribute(IMarker.SEVERITY));
		assertEquals(text, new String(program.getContents().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
	}
}
