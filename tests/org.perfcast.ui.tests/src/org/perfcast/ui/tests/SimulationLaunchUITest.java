package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.ui.launch.ModelTab;
import org.perfcast.ui.launch.ParametersTab;
import org.perfcast.ui.launch.SimulationLaunchShortcut;

/**
 * Launch configurations of simulations: attributes to settings and back to the job they run, every kind of
 * wrong setting named in words, and the tabs checking what is typed.
 */
class SimulationLaunchUITest {

	private IFile model;
	private Shell shell;

	@BeforeEach
	void setUp() throws CoreException {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("launches");
		project.create(null);
		project.open(null);
		model = project.getFile("m.pipe");
		model.create(new ByteArrayInputStream("compute\nsend\n".getBytes(StandardCharsets.UTF_8)), true, null);
		shell = new Shell();
	}

	@AfterEach
	void tearDown() throws CoreException {
		shell.dispose();
		for (ILaunchConfiguration c : DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations()) {
			c.delete();
		}
		UiTests.removeProjects();
	}

	private SimulationLaunch settings() {
		return new SimulationLaunch("pipeline", "/launches/m.pipe", List.of("N=2000", "K=3"),
				List.of("P=1,2,4", "Q=0..1:0.5"), Map.of("delayMs", "7"));
	}

	@Test
	void testAttributesRoundTripToTheJob() throws CoreException {
		ILaunchConfigurationWorkingCopy copy = SimulationLaunchShortcut.create(model, "pipeline").getWorkingCopy();
		settings().write(copy);
		ILaunchConfiguration saved = copy.doSave();
		SimulationLaunch read = SimulationLaunch.read(saved);
		assertEquals(settings(), read);
		assertEquals(List.of(model), List.of(saved.getMappedResources()), "Run As finds the configuration by file");
		SimulationJob job = read.job();
		assertEquals(model, read.modelFile());
		assertEquals(ParameterBindings.parse(List.of("N=2000", "K=3")), read.parameterBindings());
		assertEquals(List.of("P=1,2,4", "Q=0..1:0.5"), read.parsedSweeps().stream().map(s -> s.text()).toList());
		assertEquals(Map.of("delayMs", "7"), read.optionValues(read.engine()).texts());
		assertFalse(job.isSystem());
	}

	@Test
	void testWrongSettingsSayWhatIsWrong() {
		SimulationLaunch good = settings();
		assertTrue(message(new SimulationLaunch("", good.model(), List.of(), List.of(), Map.of()))
				.contains("no engine is chosen"));
		assertTrue(message(new SimulationLaunch("nosuch", good.model(), List.of(), List.of(), Map.of()))
				.startsWith("no engine 'nosuch' is installed; installed: "));
		assertTrue(message(new SimulationLaunch("pamela", good.model(), List.of(), List.of(), Map.of()))
				.contains("does not run *.pipe files"));
		assertEquals("the model file /launches/missing.pipe does not exist", message(new SimulationLaunch(
				"pipeline", "/launches/missing.pipe", List.of(), List.of(), Map.of())));
		assertTrue(message(new SimulationLaunch("pipeline", "m.pipe", List.of(), List.of(), Map.of()))
				.contains("is not the workspace path of a file"));
		assertTrue(message(new SimulationLaunch("pipeline", good.model(), List.of("N"), List.of(), Map.of()))
				.startsWith("parameter "));
		assertTrue(message(new SimulationLaunch("pipeline", good.model(), List.of(), List.of("P=4..1"), Map.of()))
				.contains("P=4..1"));
		assertTrue(message(new SimulationLaunch("pipeline", good.model(), List.of(), List.of("P=1,2", "P=3"), Map.of()))
				.contains("P"));
		assertTrue(message(new SimulationLaunch("pipeline", good.model(), List.of(), List.of(), Map.of("delayMs",
				"soon"))).contains("delayMs"));
	}

	private static String message(SimulationLaunch settings) {
		return assertThrows(CoreException.class, settings::job).getMessage();
	}

	@Test
	void testTabsCheckWhatIsTyped() throws CoreException {
		ILaunchConfigurationWorkingCopy copy = SimulationLaunchShortcut.create(model, "pipeline").getWorkingCopy();
		settings().write(copy);
		ParametersTab parameters = new ParametersTab();
		parameters.createControl(shell);
		parameters.initializeFrom(copy);
		assertTrue(parameters.isValid(copy), parameters.getErrorMessage());
		Text sweeps = UiTests.find((org.eclipse.swt.widgets.Control) parameters.getControl(), Text.class,
				t -> (t.getStyle() & SWT.MULTI) != 0);
		sweeps.setText("P=4..1");
		assertFalse(parameters.isValid(copy));
		assertTrue(parameters.getErrorMessage().contains("P=4..1"), parameters.getErrorMessage());
		sweeps.setText("P=1..4\nN=10,20");
		assertTrue(parameters.isValid(copy));
		assertNull(parameters.getErrorMessage());
		parameters.performApply(copy);
		assertEquals(List.of("P=1..4", "N=10,20"), SimulationLaunch.read(copy).sweeps());
		assertEquals(8, SimulationLaunch.read(copy).job().request().points().size(), "4 x 2 points");

		ModelTab modelTab = new ModelTab();
		modelTab.createControl(shell);
		modelTab.initializeFrom(copy);
		assertTrue(modelTab.isValid(copy), modelTab.getErrorMessage());
		Text path = UiTests.find((org.eclipse.swt.widgets.Control) modelTab.getControl(), Text.class, t -> true);
		path.setText("/launches/missing.pipe");
		assertFalse(modelTab.isValid(copy));
		assertEquals("the model file /launches/missing.pipe does not exist", modelTab.getErrorMessage());
	}
}
