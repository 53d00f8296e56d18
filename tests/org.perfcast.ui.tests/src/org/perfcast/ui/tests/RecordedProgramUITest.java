package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.AbstractTreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.RecordedProgramLaunch;
import org.perfcast.ide.RecordingFinished;
import org.perfcast.ide.RecordingJob;
import org.perfcast.ide.WaitingPointMarkers;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.launch.RecordedProgramShortcut;

/**
 * Perfcast Recorded Program in the workbench: the tabs check what is typed; a C program with a hot lock is built,
 * recorded, the prediction offered is accepted in the dialog, and the lock's line carries the bottleneck marker,
 * listed in the Problems view.
 */
class RecordedProgramUITest {

	/** Four workers take a lock in turn and do ten times more work inside it than outside. */
	private static final String HOT_C = """
			#include <pthread.h>
			#include <stdio.h>

			static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
			static volatile double sink;

			static void spin(long n) { double x = 1; for (long i = 0; i < n; i++) x = x * 1.0000001 + 1e-9; sink += x; }

			static void *worker(void *arg) {
				(void) arg;
				for (int i = 0; i < 40; i++) {
					spin(20000);
					pthread_mutex_lock(&m);
					spin(200000);
					pthread_mutex_unlock(&m);
				}
				return NULL;
			}

			int main(void) {
				pthread_t t[4];
				for (int i = 0; i < 4; i++) pthread_create(&t[i], NULL, worker, NULL);
				for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
				printf("done\\n");
				return 0;
			}
			""";
	private static final int LOCK_LINE = 13;

	private Shell shell;

	@AfterEach
	void tearDown() throws Exception {
		if (shell != null) {
			shell.dispose();
		}
		Job.getJobManager().cancel(RecordingJob.FAMILY);
		Job.getJobManager().join(RecordingJob.FAMILY, null);
		Job.getJobManager().join(WaitingPointMarkers.FAMILY, null);
		RecordingFinished.preferences().remove(RecordingFinished.SIMULATE_AFTER_RECORDING);
		UiTests.endSimulations();
		for (ILaunchConfiguration c : DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations()) {
			c.delete();
		}
	}

	private static IProject project(String name) throws CoreException {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
		project.create(null);
		project.open(null);
		return project;
	}

	@Test
	void testTabsCheckWhatIsTyped() throws Exception {
		IProject project = project("typed");
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy copy = manager.getLaunchConfigurationType(RecordedProgramLaunch.TYPE_ID)
				.newInstance(null, "typed");
		new RecordedProgramLaunch("typed", "/bin/true", "", "", "", 4).write(copy);
		shell = new Shell();
		org.perfcast.ui.launch.RecordedProgramTabGroup group = new org.perfcast.ui.launch.RecordedProgramTabGroup();
		group.createTabs(null, ILaunchManager.RUN_MODE);
		assertEquals(List.of("Program", "Prediction", "Environment", "Common"), java.util.Arrays.stream(group.getTabs())
				.map(t -> t.getName()).toList());
		var tab = group.getTabs()[0];
		tab.createControl(shell);
		tab.initializeFrom(copy);
		assertTrue(tab.isValid(copy), tab.getErrorMessage());
		List<Text> fields = UiTests.findAll(tab.getControl(), Text.class);
		assertEquals(5, fields.size(), "project, program, arguments, working directory, build command");
		fields.get(1).setText("hot");
		assertFalse(tab.isValid(copy));
		assertEquals("The program " + project.getLocation().append("hot").toOSString() + " does not exist; build it "
				+ "first, or give a build command", tab.getErrorMessage());
		fields.get(4).setText("make hot");
		assertTrue(tab.isValid(copy), tab.getErrorMessage());
		assertEquals("The build command makes " + project.getLocation().append("hot").toOSString()
				+ " before recording", tab.getMessage());
		fields.get(3).setText("nowhere");
		assertFalse(tab.isValid(copy));
		assertEquals("The working directory " + project.getLocation().append("nowhere").toOSString()
				+ " does not exist", tab.getErrorMessage());
		fields.get(3).setText("");
		fields.get(0).setText("other");
		assertFalse(tab.isValid(copy));
		assertEquals("Project other does not exist", tab.getErrorMessage());
		fields.get(0).setText("typed");
		fields.get(2).setText("-n \"two words\"");
		assertTrue(tab.isValid(copy));
		tab.performApply(copy);
		RecordedProgramLaunch applied = RecordedProgramLaunch.read(copy);
		assertEquals(new RecordedProgramLaunch("typed", "hot", "-n \"two words\"", "", "make hot", 4), applied);
		assertEquals(List.of("-n", "two words"), applied.argumentList());

		var prediction = group.getTabs()[1];
		prediction.createControl(shell);
		prediction.initializeFrom(copy);
		Spinner processors = UiTests.find(prediction.getControl(), Spinner.class, s -> true);
		assertEquals(4, processors.getSelection());
		processors.setSelection(6);
		prediction.performApply(copy);
		assertEquals(6, RecordedProgramLaunch.read(copy).processors());
		assertNull(prediction.getErrorMessage());
		group.dispose();
	}

	@Test
	void testRecordPredictAndSeeTheBottleneck() throws Exception {
		IProject project = project("hotlock");
		IFile source = project.getFile("hot.c");
		source.create(new ByteArrayInputStream(HOT_C.getBytes(StandardCharsets.UTF_8)), true, null);
		Path built = project.getLocation().append("hot").toPath();
		assertEquals(0, new ProcessBuilder("cc", "-O2", "-g", "-pthread", "-o", built.toString(),
				source.getLocation().toOSString()).inheritIO().start().waitFor(), "cc built the program");
		project.refreshLocal(1, null);
		IFile program = project.getFile("hot");
		assertTrue(org.perfcast.ui.launch.ExecutablePropertyTester.isExecutable(program));
		assertFalse(org.perfcast.ui.launch.ExecutablePropertyTester.isExecutable(source));

		// Run As > Perfcast Recorded Program on the executable makes the configuration
		ILaunchConfiguration config = RecordedProgramShortcut.create(program);
		assertEquals(new RecordedProgramLaunch("hotlock", "hot", "", "", "", 4), RecordedProgramLaunch.read(config));

		// the recording ends with the question; the test answers Yes in the dialog, as a user would
		Display display = Display.getCurrent();
		String[] asked = { null };
		Runnable answer = new Runnable() {
			@Override
			public void run() {
				for (Shell s : display.getShells()) {
					if ("Perfcast recording".equals(s.getText()) && s.isVisible()) {
						Label text = UiTests.find(s, Label.class, l -> l.getText().startsWith("The recording of"));
						asked[0] = text == null ? "?" : text.getText();
						Button yes = UiTests.find(s, Button.class, b -> b.getText().replace("&", "").equals("Yes"));
						yes.notifyListeners(SWT.Selection, new Event());
						return;
					}
				}
				if (asked[0] == null) {
					display.timerExec(100, this);
				}
			}
		};
		display.timerExec(100, answer);
		ILaunch launch = config.launch(ILaunchManager.RUN_MODE, null);
		IFile trace = project.getFile("hot.vtrace");
		UiTests.waitUntil(() -> asked[0] != null, 120_000, "the question after the recording");
		assertEquals("The recording of hot is in /hotlock/hot.vtrace.\n\nPredict its run on 1, 2, 4 and 8 processors "
				+ "now, and mark its bottlenecks on 4? (Run configuration 'hot prediction'.)", asked[0]);
		assertTrue(launch.isTerminated() || launch.getProcesses().length == 1);
		UiTests.waitUntil(() -> markers(trace).stream().anyMatch(m -> m.getAttribute(IMarker.LINE_NUMBER, 0)
				== LOCK_LINE), 120_000, "the marker on the lock");
		IMarker lock = markers(trace).stream().filter(m -> m.getAttribute(IMarker.LINE_NUMBER, 0) == LOCK_LINE)
				.findFirst().orElseThrow();
		String message = lock.getAttribute(IMarker.MESSAGE, "");
		assertTrue(message.startsWith("on 4 processors, threads wait here ") && message.contains("of their time (lock m")
				&& message.contains("hot.c:" + LOCK_LINE + "; T") && message.endsWith(" waits longest); on the critical path"),
				message);

		// the Problems view lists it; opening it shows the line in the editor
		Shell window = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		org.eclipse.swt.graphics.Rectangle bounds = window.getBounds();
		window.setBounds(0, 0, 1400, 900);
		IViewPart problems = UiTests.page().showView(IPageLayout.ID_PROBLEM_VIEW);
		try {
			UiTests.waitUntil(() -> problemsItem(problems, message) != null, 30_000, "the bottleneck in the Problems view");
		} catch (AssertionError e) {
			Screenshots.save(window, UiTests.screenshots().resolve("recorded-program-problems-missing.png"));
			throw new AssertionError(e.getMessage() + ": " + problemsTexts(problems), e);
		}
		Tree problemsTree = (Tree) ((AbstractTreeViewer) problems.getSite().getSelectionProvider()).getControl();
		problemsTree.getColumn(0).setWidth(720);
		ITextEditor editor = (ITextEditor) IDE.openEditor(UiTests.page(), lock);
		UiTests.flush();
		assertEquals(LOCK_LINE - 1, ((ITextSelection) editor.getSelectionProvider().getSelection()).getStartLine());
		Path png = UiTests.screenshots().resolve("recorded-program-markers.png");
		Screenshots.save(window, png);
		assertTrue(Files.size(png) > 1000);
		window.setBounds(bounds);
	}

	private static List<IMarker> markers(IFile trace) {
		try {
			return WaitingPointMarkers.markers(trace);
		} catch (CoreException e) {
			throw new AssertionError(e);
		}
	}

	private static List<String> problemsTexts(IViewPart problems) {
		List<String> texts = new java.util.ArrayList<>();
		if (problems.getSite().getSelectionProvider() instanceof AbstractTreeViewer viewer) {
			for (TreeItem group : ((Tree) viewer.getControl()).getItems()) {
				texts.add(group.getText(0));
				for (TreeItem item : group.getItems()) {
					texts.add("  " + item.getText(0));
				}
			}
		} else {
			texts.add(String.valueOf(problems.getSite().getSelectionProvider()));
		}
		return texts;
	}

	/** The Problems view's item whose text is {@code message}, every group expanded; null if none. */
	private static TreeItem problemsItem(IViewPart problems, String message) {
		if (!(problems.getSite().getSelectionProvider() instanceof AbstractTreeViewer viewer)) {
			throw new AssertionError("the Problems view shows no tree: " + problems.getSite().getSelectionProvider());
		}
		Tree tree = (Tree) viewer.getControl();
		for (TreeItem group : tree.getItems()) {
			if (group.isDisposed()) {
				return null;
			}
			if (!group.getExpanded()) { // as a click on the group's arrow does (the view's tree is virtual)
				Event expand = new Event();
				expand.item = group;
				tree.notifyListeners(SWT.Expand, expand);
				group.setExpanded(true);
				UiTests.flush();
			}
			if (group.isDisposed()) {
				return null; // the view rebuilt its tree meanwhile: looked for again
			}
			for (TreeItem item : group.getItems()) {
				if (!item.isDisposed() && message.equals(item.getText(0))) {
					return item;
				}
			}
		}
		return null;
	}
}
