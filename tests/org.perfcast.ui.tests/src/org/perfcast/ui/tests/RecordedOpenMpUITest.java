package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.console.TextConsole;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.RecordingFinished;
import org.perfcast.ide.RecordingJob;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ide.WaitingPointMarkers;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.charts.TimelineChart;
import org.perfcast.ui.charts.TimelineData;
import org.perfcast.ui.charts.TimelineGeometry;
import org.perfcast.ui.charts.TimelineHit;
import org.perfcast.ui.editors.SourceTextEditor;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.launch.RecordedProgramShortcut;
import org.perfcast.ui.results.ResultsView;

/**
 * Perfcast Recorded Program on an OpenMP program built with GCC (so recorded on LLVM's libomp in place of libgomp),
 * with a team of four: the Console says how it is recorded, the prediction's timeline on four processors shows main,
 * T1 to T3 and the tasks, the waits read as OpenMP's (barriers, the critical section), and clicking an interval opens
 * the C file of the project at its line in the text editor, although the program was compiled from a copy outside the
 * workspace.
 */
class RecordedOpenMpUITest {

	/**
	 * A parallel region whose threads do unequal work before a barrier, then take a critical section in turn; one of
	 * them makes three tasks, the third depending on the first two.
	 */
	static final String OMP_C = """
			#include <omp.h>
			#include <stdio.h>

			static volatile double sink;

			static void work(long n) {
				double x = 1;
				for (long i = 0; i < n; i++) x = x * 1.0000001 + 1e-9;
				sink += x;
			}

			int main(void) {
				long total = 0;
				int a = 0, b = 0, c = 0;
				#pragma omp parallel
				{
					work(2000000L * (1 + omp_get_thread_num()));
					#pragma omp barrier
					#pragma omp critical
					{
						work(1000000);
						total += omp_get_thread_num();
					}
					#pragma omp single
					{
						#pragma omp task depend(out: a)
						{ work(3000000); a = 1; }
						#pragma omp task depend(out: b)
						{ work(2000000); b = 2; }
						#pragma omp task depend(in: a, b) depend(out: c)
						{ work(1000000); c = a + b; }
					}
				}
				printf("total %ld, c %d\\n", total, c);
				return 0;
			}
			""";
	private static final int BARRIER_LINE = 18;
	private static final int FIRST_TASK_LINE = 26;
	private static final String TEXT_EDITOR = SourceTextEditor.ID;

	private Path outside;

	@AfterEach
	void tearDown() throws Exception {
		Job.getJobManager().cancel(RecordingJob.FAMILY);
		Job.getJobManager().join(RecordingJob.FAMILY, null);
		Job.getJobManager().join(WaitingPointMarkers.FAMILY, null);
		RecordingFinished.preferences().remove(RecordingFinished.SIMULATE_AFTER_RECORDING);
		DebugUITools.getPreferenceStore().setToDefault(IDebugUIConstants.PREF_AUTO_REMOVE_OLD_LAUNCHES);
		UiTests.endSimulations();
		for (ILaunchConfiguration c : DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations()) {
			c.delete();
		}
		if (outside != null) {
			try (var files = Files.walk(outside)) {
				files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
			}
		}
	}

	@Test
	void testCSourcesOpenInTheTextEditor() throws Exception {
		// without CDT, C, C++ and Fortran files open in Perfcast's text editor, not in a system editor outside the IDE
		for (String name : List.of("a.c", "a.h", "a.cc", "a.cpp", "a.cxx", "a.hpp", "a.f", "a.f90", "a.F90")) {
			assertEquals(TEXT_EDITOR, PlatformUI.getWorkbench().getEditorRegistry().getDefaultEditor(name).getId(), name);
		}
	}

	@Test
	void testRecordTheOpenMpProgramAndFollowItsTimeline() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("openmp");
		project.create(null);
		project.open(null);
		IFile source = project.getFile("omp.c");
		source.create(new ByteArrayInputStream(OMP_C.getBytes(StandardCharsets.UTF_8)), true, null);
		// compiled from a copy outside the workspace, as a build elsewhere would: the trace names that copy
		outside = Files.createTempDirectory("perfcast-openmp");
		Path copy = Files.writeString(Files.createDirectories(outside.resolve("src")).resolve("omp.c"), OMP_C);
		Process gcc = new ProcessBuilder("gcc", "-O1", "-g", "-fopenmp", "-o", project.getLocation().append("omp")
				.toOSString(), copy.toString()).redirectErrorStream(true).start();
		String compiler = new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertEquals(0, gcc.waitFor(), "gcc -fopenmp built the program: " + compiler);
		project.refreshLocal(IResource.DEPTH_ONE, null);
		IFile program = project.getFile("omp");
		assertEquals(TEXT_EDITOR, IDE.getEditorDescriptor(source, true, false).getId(), "omp.c opens in the text editor");

		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);
		RecordingFinished.preferences().put(RecordingFinished.SIMULATE_AFTER_RECORDING, RecordingFinished.ALWAYS);
		IPreferenceStore debugUi = DebugUITools.getPreferenceStore();
		debugUi.setValue(IDebugUIConstants.PREF_AUTO_REMOVE_OLD_LAUNCHES, false); // keeps the recording's Console

		// Run As > Perfcast Recorded Program on the executable, with a team of four on the Environment tab
		ILaunchConfigurationWorkingCopy config = RecordedProgramShortcut.create(program).getWorkingCopy();
		config.setAttribute(ILaunchManager.ATTR_ENVIRONMENT_VARIABLES, Map.of("OMP_NUM_THREADS", "4"));
		ILaunch launch = config.doSave().launch(ILaunchManager.RUN_MODE, null);
		UiTests.waitUntil(launch::isTerminated, 120_000, "the recording to end");
		IProcess recorded = launch.getProcesses()[0];
		assertEquals(0, recorded.getExitValue());
		TextConsole console = (TextConsole) DebugUITools.getConsole(recorded);
		UiTests.waitUntil(() -> console.getDocument().get().contains("total 6, c 3"), 10_000, "the program's output");
		String shown = console.getDocument().get();
		assertTrue(shown.startsWith("Perfcast: an OpenMP program built with GCC (libgomp.so.1): recorded on LLVM's "
				+ "OpenMP runtime ") && shown.contains(", preloaded in its place\n"), shown);
		assertTrue(!shown.contains("OMP_NUM_THREADS"), "the team is set: " + shown);
		String trace = Files.readString(project.getFile("omp.vtrace").getLocation().toPath());
		assertTrue(trace.contains(" at=" + copy + ":" + BARRIER_LINE + "\n"), "the copy's lines: " + trace);

		// the prediction runs at once; its point on four processors is shown in the timeline
		UiTests.waitUntil(() -> view.getRuns().stream().anyMatch(r -> r.model().endsWith("omp.vtrace")), 60_000,
				"the prediction in the Results view");
		Job.getJobManager().join(SimulationJob.FAMILY, null);
		List<org.perfcast.ui.results.RunEntry> mine = view.getRuns().stream()
				.filter(r -> r.model().endsWith("omp.vtrace")).toList();
		assertTrue(mine.get(0).run().getPoints().stream().allMatch(p -> p.getStatus() == org.perfcast.model.results
				.RunStatus.COMPLETED), "the prediction's points: " + mine.get(0).run().getPoints().stream().map(p -> p
						.getStatus() + " " + p.getMessages().stream().map(m -> m.getText()).toList()).toList());
		UiTests.waitUntil(() -> {
			view.select(mine);
			return view.getSummaryTab().getViewer().getTable().getItemCount() == 4;
		}, 10_000, "four points");
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		IWorkbenchPage page = UiTests.page();
		page.showView(ResultsView.ID); // over the Console, which opened in its stack with the program's output
		AutoCloseable maximised = UiTests.maximised(ResultsView.ID);
		view.getScheduleTab().select();
		// the sash dragged left, as a user would, to give the timeline the room of the list of runs
		org.eclipse.swt.custom.SashForm sash = (org.eclipse.swt.custom.SashForm) view.getTabs().getParent().getParent();
		sash.setWeights(22, 78);
		Combo point = view.getScheduleTab().getPointChoice();
		assertTrue(List.of(point.getItems()).contains("processors=4"), "the timeline's points: "
				+ List.of(point.getItems()));
		point.select(List.of(point.getItems()).indexOf("processors=4"));
		point.notifyListeners(SWT.Selection, new Event());
		UiTests.flush();
		TimelineChart timeline = view.getScheduleTab().getChart();
		TimelineData data = timeline.getData();
		List<String> rows = data.rows().stream().map(TimelineData.Row::label).toList();
		assertEquals("main", rows.get(0), rows.toString());
		assertEquals(List.of("T1", "T2", "T3"), rows.subList(1, 4).stream().map(r -> r.replaceFirst(
				"^omp thread [1-3] \\((T[1-3])\\)$", "$1")).toList(), "workers named by their numbers: " + rows);
		assertEquals(3, rows.subList(4, rows.size()).stream().filter(r -> r.matches("task[0-9]+")).count(),
				"a row per task: " + rows);
		assertEquals(7, rows.size(), rows.toString());

		// the waits in OpenMP's words: main at the barrier of line 18, threads waiting for the critical section
		List<String> labels = new ArrayList<>();
		data.rows().forEach(r -> r.bars().forEach(b -> labels.add(r.label() + ": " + b.label())));
		assertTrue(labels.stream().anyMatch(l -> l.startsWith("main: at barrier 0 of parallel region 1")),
				labels.toString());
		assertTrue(labels.stream().anyMatch(l -> l.matches("omp thread [1-3] \\(T[1-3]\\): waiting for critical section, "
				+ "held by \\S+")),
				labels.toString());
		assertTrue(labels.stream().noneMatch(l -> l.contains("omp.")), "no recorded names: " + labels);
		Path png = UiTests.screenshots().resolve("recorded-openmp-timeline.png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000);

		// main's wait at the barrier names the copy's line 18: a click opens the project's omp.c there
		TimelineData.Bar barrier = data.rows().get(0).bars().stream().filter(b -> b.label().startsWith(
				"at barrier 0 of parallel region 1")).max(Comparator.comparingDouble(b -> b.end() - b.start()))
				.orElseThrow();
		assertEquals(copy + ":" + BARRIER_LINE, barrier.detail());
		String tooltip = click(timeline, 0, barrier);
		assertTrue(tooltip.startsWith("at barrier 0 of parallel region 1") && tooltip.contains(copy + ":"
				+ BARRIER_LINE), tooltip);
		IEditorPart editor = page.getActiveEditor();
		assertEquals(source, assertInstanceOf(IFileEditorInput.class, editor.getEditorInput()).getFile());
		assertEquals(TEXT_EDITOR, editor.getSite().getId());
		ITextEditor text = assertInstanceOf(SourceTextEditor.class, editor);
		assertEquals(BARRIER_LINE - 1, ((ITextSelection) text.getSelectionProvider().getSelection()).getStartLine());

		// a task's row, whose events come from the runtime, links its task construct
		int taskRow = rows.indexOf(rows.subList(4, 7).stream().sorted().findFirst().orElseThrow());
		TimelineData.Bar task = data.rows().get(taskRow).bars().stream().filter(b -> b.kind().equals("compute"))
				.max(Comparator.comparingDouble(b -> b.end() - b.start())).orElseThrow();
		assertEquals(copy + ":" + FIRST_TASK_LINE, task.detail());
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_MAXIMIZED);
		UiTests.flush();
		click(timeline, taskRow, task);
		assertEquals(FIRST_TASK_LINE - 1, ((ITextSelection) text.getSelectionProvider().getSelection())
				.getStartLine());
		page.setPartState(page.findViewReference(ResultsView.ID), IWorkbenchPage.STATE_RESTORED);
		page.activate(editor);
		page.showView(ResultsView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
		Screenshots.save(shell, UiTests.screenshots().resolve("recorded-openmp-source.png"));
		maximised.close();
	}

	/**
	 * Clicks the middle of {@code bar} in row {@code row}, as the mouse would.
	 *
	 * @return the tooltip shown there
	 */
	private static String click(TimelineChart timeline, int row, TimelineData.Bar bar) {
		TimelineGeometry g = timeline.geometry();
		TimelineHit hit = timeline.hitAt(g.x((bar.start() + bar.end()) / 2), g.rowMiddle(row)).orElseThrow();
		assertEquals(bar, ((TimelineHit.OnBar) hit).bar());
		String tooltip = timeline.tooltip(hit);
		timeline.click(hit);
		UiTests.flush();
		return tooltip;
	}
}
