package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.ILogListener;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Sweep;
import org.perfcast.ide.Engines;
import org.perfcast.ide.PerfcastProjects;
import org.perfcast.ide.SimulationJob;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramPackage;
import org.perfcast.ui.editors.ModelEditor;
import org.perfcast.ui.pamela.PamelaEditor;

/**
 * The UI thread stays responsive while a long simulation runs: for {@value #SECONDS} s a PAMELA sweep runs as a
 * {@link SimulationJob} while the test edits and saves a program model in the model editor and types into a PAMELA
 * file in its editor, each save building the project. A {@link UiThreadMeter} measures what the UI thread itself does
 * while the events posted to it wait (its CPU time, and the time it is sampled blocked): more than {@value #FREEZE_MS}
 * ms while one waits fails the test, however loaded the machine. {@code org.eclipse.ui.monitoring} (threshold
 * {@value #FREEZE_MS} ms) runs too and its "UI freeze" entries are printed with the wall-clock delays: those grow
 * with the machine's load, so they inform but do not decide.
 */
class UiFreezeUITest {

	static final int SECONDS = Integer.getInteger("perfcast.freeze.seconds", 60);
	static final long FREEZE_MS = 500;
	private static final String MONITORING = "org.eclipse.ui.monitoring";

	/**
	 * A loop the analysis cannot fold ((i * i) mod 7 is evaluated at every index): about 0.6 s a point, so that a
	 * sweep of t over 2000 values keeps both cores busy for far longer than the test (which cancels it).
	 */
	private static final String SLOW_PAMELA = """
			# every iteration of main's loop is analysed: nothing folds (i * i) mod 7
			param N = 2000000
			param t = 1
			resource cpu
			main = seq(i = 0 .. N - 1) delay((i * i) mod 7 * t)
			""";

	@AfterEach
	void tearDown() throws Exception {
		UiTests.endSimulations();
	}

	private static void copyExample(IProject project, String name) throws Exception {
		byte[] bytes = Files.readAllBytes(Path.of(System.getProperty("perfcast.examples"), "linear-array", name));
		project.getFile(name).create(new ByteArrayInputStream(bytes), true, null);
	}

	private static boolean monitorThreadRuns() {
		return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("Event Loop Monitor"));
	}

	@Test
	void testEditingAndSavingDuringALongSimulationNeverFreezes() throws Exception {
		// the monitoring bundle's freeze detection, its entries caught from the error log
		IEclipsePreferences monitoring = InstanceScope.INSTANCE.getNode(MONITORING);
		monitoring.putBoolean("monitoring_enabled", true);
		monitoring.putInt("long_event_warning_threshold", (int) FREEZE_MS);
		monitoring.putInt("long_event_error_threshold", (int) FREEZE_MS);
		monitoring.putBoolean("log_to_error_log", true);
		monitoring.flush();
		boolean monitorInstalled = Platform.getBundle(MONITORING) != null;
		List<String> freezes = new CopyOnWriteArrayList<>();
		ILogListener log = (status, plugin) -> {
			if (MONITORING.equals(status.getPlugin()) && status.getMessage().contains("UI freeze")) {
				freezes.add(status.getMessage());
			}
		};
		Platform.addLogListener(log);

		IProject project = PerfcastProjects.create("freeze", null, null);
		copyExample(project, "array.machine");
		copyExample(project, "loop.program");
		IFile program = project.getFile("loop.program");
		IFile slow = project.getFile("slow.pamela");
		slow.create(new ByteArrayInputStream(SLOW_PAMELA.getBytes(StandardCharsets.UTF_8)), true, null);
		Job.getJobManager().join(org.eclipse.core.resources.ResourcesPlugin.FAMILY_AUTO_BUILD, null);

		Engine pamela = Engines.find("pamela").orElseThrow().engine();
		SimulationJob simulation = new SimulationJob(pamela, slow, ParameterBindings.EMPTY,
				List.of(Sweep.parse("t=1..2000:1")), OptionValues.parse(pamela.options(), List.of()));
		ModelEditor editor = (ModelEditor) IDE.openEditor(UiTests.page(), program, ModelEditor.PROGRAM_ID);
		PamelaEditor text = (PamelaEditor) IDE.openEditor(UiTests.page(), slow);
		org.eclipse.jface.text.IDocument document = text.getDocumentProvider().getDocument(text.getEditorInput());
		UiTests.flush();

		simulation.schedule();
		UiTests.waitUntil(() -> simulation.getState() == Job.RUNNING, 10_000, "the simulation to start");
		UiThreadMeter meter = new UiThreadMeter(Display.getCurrent());
		// the monitoring bundle starts its "Event Loop Monitor" thread when the preference changes
		long monitorDeadline = System.currentTimeMillis() + 5000;
		UiTests.waitUntil(() -> monitorThreadRuns() || System.currentTimeMillis() > monitorDeadline, 10_000,
				"the event loop monitor");
		boolean monitorRuns = monitorThreadRuns();
		long end = System.currentTimeMillis() + SECONDS * 1000L;
		int saves = 0;
		String[] techniques = { "pipeline", "block" };
		while (System.currentTimeMillis() < end) {
			// an edit and a save of the program (the builder analyses it again), then a keystroke in the PAMELA editor
			Program root = (Program) editor.getRoot();
			editor.getEditingDomain().getCommandStack().execute(SetCommand.create(editor.getEditingDomain(), root,
					ProgramPackage.Literals.PROGRAM__MAPPING, org.perfcast.model.program.MappingTechnique.get(
							techniques[saves % 2])));
			editor.doSave(null);
			saves++;
			document.replace(document.getLength(), 0, "# edit " + saves + "\n");
			assertEquals(Job.RUNNING, simulation.getState(), () -> "the simulation runs during the whole test: "
					+ simulation.getResult());
			long next = System.currentTimeMillis() + 2000;
			UiTests.waitUntil(() -> System.currentTimeMillis() >= next, 5000, "the next edit");
		}
		text.doSave(null);
		UiTests.flush();
		meter.close();
		boolean ranThroughout = simulation.getState() == Job.RUNNING;
		SimulationJob.cancelAll();
		UiTests.waitUntil(() -> simulation.getState() == Job.NONE, 30_000, "the simulation to end");
		Platform.removeLogListener(log);
		monitoring.putBoolean("monitoring_enabled", false);
		monitoring.flush();

		System.out.println("UiFreezeUITest: " + saves + " edits and saves in " + SECONDS + " s of simulation; "
				+ meter + "; load average " + java.lang.management.ManagementFactory.getOperatingSystemMXBean()
						.getSystemLoadAverage() + "; monitoring installed: " + monitorInstalled + ", its monitor thread "
				+ "ran: " + monitorRuns + ", wall-clock freezes it logged: " + freezes);
		assertTrue(ranThroughout, "the simulation ran for the whole test");
		assertTrue(saves >= SECONDS / 3, saves + " saves");
		assertTrue(meter.probes() > SECONDS * 5L, meter.toString());
		assertTrue(meter.longestBusy() <= FREEZE_MS, "the UI thread froze: " + meter);
		assertTrue(monitorInstalled, "org.eclipse.ui.monitoring is in the product");
		assertEquals(IStatus.CANCEL, simulation.getResult().getSeverity());
	}
}
