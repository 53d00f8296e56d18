package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.jdt.core.IClasspathEntry;
import org.eclipse.jdt.core.IJavaProject;
import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.launching.IJavaLaunchConfigurationConstants;
import org.eclipse.jdt.launching.JavaRuntime;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.RecordingFinished;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.jdt.RecordedJavaLaunchDelegate;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.charts.TimelineChart;
import org.perfcast.ui.charts.TimelineData;
import org.perfcast.ui.charts.TimelineGeometry;
import org.perfcast.ui.charts.TimelineHit;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.results.ResultsView;

/**
 * Run As &gt; Perfcast Recorded Java Application on a Java project: the program runs under the agent, its trace
 * lands in the project, the prediction launch made for it runs, and clicking an interval of the timeline opens
 * the Java source line in the Java editor.
 */
class RecordedJavaUITest {

	private static final String SOURCE = """
			public class Handshake {
				static final Object LOCK = new Object();
				static boolean ready;

				static double work(int n) {
					double x = 0;
					for (int i = 0; i < n; i++) {
						x += Math.sqrt(i);
					}
					return x;
				}

				public static void main(String[] args) throws InterruptedException {
					Thread t = new Thread(() -> {
						work(20_000_000);
						synchronized (LOCK) {
							ready = true;
							LOCK.notifyAll();
						}
					});
					synchronized (LOCK) {
						t.start();
						while (!ready) {
							LOCK.wait();
						}
					}
					work(10_000_000);
					t.join();
				}
			}
			""";

	@AfterEach
	void tearDown() throws Exception {
		UiTests.endSimulations();
		RecordingFinished.preferences().remove(RecordingFinished.SIMULATE_AFTER_RECORDING);
	}

	@Test
	void testRecordPredictAndFollowTheSourceLine() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("handshake");
		project.create(null);
		project.open(null);
		IProjectDescription description = project.getDescription();
		description.setNatureIds(new String[] { JavaCore.NATURE_ID });
		project.setDescription(description, null);
		IJavaProject java = JavaCore.create(project);
		IFolder src = project.getFolder("src");
		src.create(true, true, null);
		java.setRawClasspath(new IClasspathEntry[] { JavaCore.newSourceEntry(src.getFullPath()),
				JavaRuntime.getDefaultJREContainerEntry() }, project.getFolder("bin").getFullPath(), null);
		IFile source = src.getFile("Handshake.java");
		source.create(new ByteArrayInputStream(SOURCE.getBytes(StandardCharsets.UTF_8)), true, null);
		project.build(IncrementalProjectBuilder.FULL_BUILD, null);
		assertTrue(project.getFile("bin/Handshake.class").exists(), "JDT compiled the program");

		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);
		RecordingFinished.preferences().put(RecordingFinished.SIMULATE_AFTER_RECORDING, RecordingFinished.ALWAYS);

		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationType type = manager.getLaunchConfigurationType(RecordedJavaLaunchDelegate.TYPE_ID);
		assertEquals("Perfcast Recorded Java Application", type.getName());
		ILaunchConfigurationWorkingCopy copy = type.newInstance(null, "Handshake");
		copy.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROJECT_NAME, "handshake");
		copy.setAttribute(IJavaLaunchConfigurationConstants.ATTR_MAIN_TYPE_NAME, "Handshake");
		ILaunch launch = copy.doSave().launch(ILaunchManager.RUN_MODE, null);
		UiTests.waitUntil(launch::isTerminated, 60_000, "the recorded program to end");
		IFile trace = project.getFile("Handshake.vtrace");
		UiTests.waitUntil(trace::exists, 10_000, "the trace in the project");
		String text = Files.readString(Path.of(trace.getLocationURI()));
		assertTrue(text.startsWith("@recorded java-agent\n") && text.endsWith("@end\n"), text);
		assertTrue(text.contains(" T1 post C1 ") && text.contains(" at=Handshake.java:18"), text);

		// the prediction offered: a saved Perfcast Simulation of the trace over 1, 2, 4 and 8 processors, run
		UiTests.waitUntil(() -> view.getRuns().stream().anyMatch(r -> r.model().endsWith("Handshake.vtrace")), 30_000,
				"the prediction in the Results view");
		Job.getJobManager().join(SimulationJob.FAMILY, null);
		ILaunchConfiguration prediction = List.of(manager.getLaunchConfigurations(manager.getLaunchConfigurationType(
				SimulationLaunch.TYPE_ID))).stream().filter(c -> c.getName().equals("Handshake prediction")).findFirst()
				.orElseThrow();
		SimulationLaunch settings = SimulationLaunch.read(prediction);
		assertEquals("trace", settings.engineId());
		assertEquals(List.of("processors=1,2,4,8"), settings.sweeps());

		// the prediction marks the bottleneck on 4 processors (the default): main waits for T1's signal at line 24
		UiTests.waitUntil(() -> markerAt(source, 24) != null, 30_000, "the marker on LOCK.wait()");
		String message = markerAt(source, 24).getAttribute(org.eclipse.core.resources.IMarker.MESSAGE, "");
		assertTrue(message.startsWith("on 4 processors, threads wait here ") && message.contains(" of their time (take ")
				&& message.endsWith("; on the critical path"), message);

		List<org.perfcast.ui.results.RunEntry> mine = view.getRuns().stream()
				.filter(r -> r.model().endsWith("Handshake.vtrace")).toList();
		UiTests.waitUntil(() -> {
			view.select(mine);
			return view.getSummaryViewer().getTable().getItemCount() == 4;
		}, 10_000, "four points");
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		org.eclipse.swt.graphics.Rectangle bounds = shell.getBounds();
		shell.setBounds(0, 0, 1400, 900);
		IWorkbenchPage page = UiTests.page();
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_MAXIMIZED);
		view.getTabs().setSelection(2);
		UiTests.flush();
		TimelineChart timeline = view.getTimeline();
		assertEquals(List.of("main", "T1"), timeline.getData().rows().stream().map(TimelineData.Row::label).toList());
		Path png = UiTests.screenshots().resolve("recorded-java-timeline.png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000);

		// T1's running interval up to its post names Handshake.java line 18: clicking it opens the Java editor there
		TimelineData.Row t1 = timeline.getData().rows().get(1);
		TimelineData.Bar bar = t1.bars().stream().filter(b -> b.detail().contains("Handshake.java:18")).findFirst()
				.orElseThrow(() -> new AssertionError("no interval of T1 at line 18: " + t1.bars()));
		TimelineGeometry g = timeline.geometry();
		TimelineHit hit = timeline.hitAt(g.x((bar.start() + bar.end()) / 2), g.rowMiddle(1)).orElseThrow();
		timeline.click(hit);
		UiTests.flush();
		IEditorPart editor = page.getActiveEditor();
		assertEquals("Handshake.java", editor.getEditorInput().getName());
		assertEquals("org.eclipse.jdt.ui.CompilationUnitEditor", editor.getSite().getId());
		ITextEditor textEditor = assertInstanceOf(ITextEditor.class, editor.getAdapter(ITextEditor.class));
		assertEquals(17, ((ITextSelection) textEditor.getSelectionProvider().getSelection()).getStartLine(), "line 18");
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_RESTORED);
		shell.setBounds(bounds);
	}

	private static org.eclipse.core.resources.IMarker markerAt(IFile file, int line) {
		try {
			for (org.eclipse.core.resources.IMarker m : file.findMarkers(org.perfcast.ide.WaitingPointMarkers.TYPE,
					false, 0)) {
				if (m.getAttribute(org.eclipse.core.resources.IMarker.LINE_NUMBER, 0) == line) {
					return m;
				}
			}
			return null;
		} catch (org.eclipse.core.runtime.CoreException e) {
			throw new AssertionError(e);
		}
	}
}
