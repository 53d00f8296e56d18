package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.jdt.core.IClasspathEntry;
import org.eclipse.jdt.core.IJavaProject;
import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.launching.IJavaLaunchConfigurationConstants;
import org.eclipse.jdt.launching.IVMInstall;
import org.eclipse.jdt.launching.IVMInstall2;
import org.eclipse.jdt.launching.IVMInstallType;
import org.eclipse.jdt.launching.JavaRuntime;
import org.eclipse.jdt.launching.VMStandin;
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

	/** A Java project {@code name} with the program {@code Handshake} on the classpath entry {@code jre}, built. */
	private static IProject handshake(String name, IClasspathEntry jre, Map<String, String> options) throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
		project.create(null);
		project.open(null);
		IProjectDescription description = project.getDescription();
		description.setNatureIds(new String[] { JavaCore.NATURE_ID });
		project.setDescription(description, null);
		IJavaProject java = JavaCore.create(project);
		if (!options.isEmpty()) {
			Map<String, String> all = new HashMap<>(java.getOptions(true));
			all.putAll(options);
			java.setOptions(all);
		}
		IFolder src = project.getFolder("src");
		src.create(true, true, null);
		java.setRawClasspath(new IClasspathEntry[] { JavaCore.newSourceEntry(src.getFullPath()), jre },
				project.getFolder("bin").getFullPath(), null);
		IFile source = src.getFile("Handshake.java");
		source.create(new ByteArrayInputStream(SOURCE.getBytes(StandardCharsets.UTF_8)), true, null);
		project.build(IncrementalProjectBuilder.FULL_BUILD, null);
		assertTrue(project.getFile("bin/Handshake.class").exists(), "JDT compiled the program");
		return project;
	}

	/** A Java 17 JDK: -Dperfcast.java17=HOME, else one under /usr/lib/jvm by its release file. */
	private static File java17() throws Exception {
		String named = System.getProperty("perfcast.java17");
		if (named != null) {
			return new File(named);
		}
		Path root = Path.of(System.getProperty("perfcast.jvms", "/usr/lib/jvm"));
		if (Files.isDirectory(root)) {
			try (java.util.stream.Stream<Path> homes = Files.list(root)) {
				for (Path home : homes.sorted().toList()) {
					Path release = home.resolve("release");
					if (!Files.isSymbolicLink(home) && Files.isRegularFile(release)
							&& Files.readString(release).contains("JAVA_VERSION=\"17.")) {
						return home.toFile();
					}
				}
			}
		}
		return fail("no Java 17 JDK under " + root + ": install it (on Debian 12: apt-get install "
				+ "openjdk-17-jdk-headless) or name its home with -Dperfcast.java17=HOME");
	}

	@Test
	void testRecordOnAProjectWhoseJreIsJava17() throws Exception {
		// the IDE runs on Java 21 or later; the project's JRE is Debian's Java 17, the program compiled for Java 11
		File home = java17();
		IVMInstallType standard = JavaRuntime.getVMInstallType("org.eclipse.jdt.internal.debug.ui.launcher.StandardVMType");
		VMStandin standin = new VMStandin(standard, "perfcast-java17");
		standin.setName("Java 17 (Perfcast test)");
		standin.setInstallLocation(home);
		IVMInstall vm = standin.convertToRealVM();
		try {
			Map<String, String> java11 = new HashMap<>();
			JavaCore.setComplianceOptions("11", java11);
			IProject project = handshake("handshake17", JavaCore.newContainerEntry(JavaRuntime.newJREContainerPath(vm)),
					java11);
			RecordingFinished.preferences().put(RecordingFinished.SIMULATE_AFTER_RECORDING, RecordingFinished.NEVER);
			ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
			ILaunchConfigurationWorkingCopy copy = manager.getLaunchConfigurationType(RecordedJavaLaunchDelegate.TYPE_ID)
					.newInstance(null, "Handshake on Java 17");
			copy.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROJECT_NAME, "handshake17");
			copy.setAttribute(IJavaLaunchConfigurationConstants.ATTR_MAIN_TYPE_NAME, "Handshake");
			copy.setAttribute(RecordingFinished.ATTR_VISIBLE_PROCESSORS, 3);
			ILaunch launch = copy.launch(ILaunchManager.RUN_MODE, null);
			UiTests.waitUntil(launch::isTerminated, 60_000, "the recorded program to end");
			IProcess process = launch.getProcesses()[0];
			assertEquals(0, process.getExitValue());
			// the command line JDT built: the project's Java 17 with the agent writing into the project, pinned
			String commandLine = process.getAttribute(IProcess.ATTR_CMDLINE);
			assertTrue(commandLine.startsWith(new File(home, "bin/java").getPath()), commandLine);
			IFile trace = project.getFile("Handshake.vtrace");
			assertTrue(commandLine.contains("/perfcast-recorder.jar=out=" + trace.getLocation().toOSString() + ",pin=0"),
					commandLine);
			assertTrue(commandLine.contains(" -XX:ActiveProcessorCount=3 "), "the program sees 3 processors: "
					+ commandLine);
			UiTests.waitUntil(() -> {
				try {
					project.refreshLocal(IResource.DEPTH_ONE, null);
				} catch (org.eclipse.core.runtime.CoreException e) {
					throw new IllegalStateException(e);
				}
				return trace.exists();
			}, 10_000, "the trace in the project");
			String text = Files.readString(Path.of(trace.getLocationURI()));
			assertTrue(text.startsWith("@recorded java-agent\n@unit s\n@visible-processors 3\n") && text.matches(
					"(?s).*\\n@end( [^\\n]*)?\\n"), text);
			assertTrue(text.contains(" T1 post C1 ") && text.contains(" at=Handshake.java:18"), text);
			// what follows the recording (the prediction saved, not run as the preference says) is over
			UiTests.waitUntil(() -> {
				try {
					return List.of(manager.getLaunchConfigurations()).stream()
							.anyMatch(c -> c.getName().equals("Handshake on Java 17 prediction"));
				} catch (org.eclipse.core.runtime.CoreException e) {
					throw new IllegalStateException(e);
				}
			}, 10_000, "the prediction saved");
			UiTests.waitUntil(() -> List.of(Job.getJobManager().find(null)).stream()
					.noneMatch(j -> j.getName().startsWith("Reading the Perfcast recording")), 10_000,
					"the recording read");
			project.delete(true, true, null);
		} finally {
			JavaRuntime.getVMInstallType(vm.getVMInstallType().getId()).disposeVMInstall(vm.getId());
		}
	}

	@Test
	void testAJreOlderThanJava11IsRefusedBeforeItStarts() {
		File home = new File("/opt/jdk1.8.0_392");
		IVMInstall java8 = (IVMInstall) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { IVMInstall.class, IVMInstall2.class }, (proxy, method, args) -> switch (method.getName()) {
				case "getJavaVersion" -> "1.8.0_392";
				case "getName" -> "jdk8";
				case "getInstallLocation" -> home;
				default -> null;
				});
		org.eclipse.core.runtime.CoreException e = assertThrows(org.eclipse.core.runtime.CoreException.class,
				() -> RecordedJavaLaunchDelegate.checkVersion(java8));
		assertEquals("Perfcast cannot record on this JRE: the Java recorder needs Java 11 or newer; jdk8 (" + home
				+ ") is Java 1.8.0_392. Choose a newer JRE on the JRE tab or in the project's build path.",
				e.getStatus().getMessage());
	}

	@Test
	void testRecordPredictAndFollowTheSourceLine() throws Exception {
		IProject project = handshake("handshake", JavaRuntime.getDefaultJREContainerEntry(), Map.of());
		IFile source = project.getFile("src/Handshake.java");

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
		assertTrue(text.startsWith("@recorded java-agent\n@unit s\n@visible-processors " + Runtime.getRuntime()
				.availableProcessors() + "\n") && text.matches("(?s).*\\n@end( [^\\n]*)?\\n"), "by default the program sees this machine's "
						+ "processors: " + text);
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
			return view.getSummaryTab().getViewer().getTable().getItemCount() == 4;
		}, 10_000, "four points");
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		org.eclipse.swt.graphics.Rectangle bounds = shell.getBounds();
		shell.setBounds(0, 0, 1400, 900);
		IWorkbenchPage page = UiTests.page();
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_MAXIMIZED);
		view.getScheduleTab().select();
		UiTests.flush();
		TimelineChart timeline = view.getScheduleTab().getChart();
		// rows by the Java threads' names (the agent's @name lines), the unnamed worker as Java names it
		assertEquals(List.of("main", "Thread-0 (T1)"), timeline.getData().rows().stream().map(TimelineData.Row::label)
				.toList());
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
