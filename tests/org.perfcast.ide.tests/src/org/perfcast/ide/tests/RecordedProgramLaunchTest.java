package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.RecordedProgramLaunch;
import org.perfcast.ide.RecordingFinished;
import org.perfcast.ide.RecordingJob;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.ide.WaitingPointMarkers;

/**
 * Perfcast Recorded Program, headless (no one is asked whether to predict): a C program with a hot lock, built by
 * the launch's build command with cc -g, recorded with the pthreads recorder, predicted, and its lock and join marked
 * on their lines of the C source; an OpenMP program, whose runtime and team head its output in the Console; a program
 * that runs for ever, ended by cancelling its recording; and every wrong setting named.
 */
class RecordedProgramLaunchTest {

	/** Four workers take a lock in turn and do ten times more work inside it than outside: the lock is hot. */
	static final String HOT_C = """
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
	static final int LOCK_LINE = 13;
	static final int JOIN_LINE = 23;

	/** Two threads that never end. */
	static final String FOREVER_C = """
			#include <pthread.h>
			static volatile double sink;
			static void *spin(void *arg) { (void) arg; for (;;) sink += 1; return NULL; }
			int main(void) {
				pthread_t t;
				pthread_create(&t, NULL, spin, NULL);
				pthread_join(t, NULL);
				return 0;
			}
			""";

	private IProject project;

	@BeforeEach
	void setUp() throws CoreException {
		project = Workspaces.root().getProject("native");
		project.create(null);
		project.open(null);
	}

	@AfterEach
	void tearDown() throws Exception {
		Job.getJobManager().cancel(RecordingJob.FAMILY);
		Job.getJobManager().join(RecordingJob.FAMILY, null);
		SimulationJob.cancelAll();
		Job.getJobManager().join(SimulationJob.FAMILY, null);
		Job.getJobManager().join(WaitingPointMarkers.FAMILY, null);
		for (ILaunchConfiguration c : DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations()) {
			c.delete();
		}
		for (ILaunch launch : DebugPlugin.getDefault().getLaunchManager().getLaunches()) {
			DebugPlugin.getDefault().getLaunchManager().removeLaunch(launch);
		}
		Workspaces.clear();
	}

	private static ILaunchConfiguration config(String name, RecordedProgramLaunch settings) throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy copy = manager.getLaunchConfigurationType(RecordedProgramLaunch.TYPE_ID)
				.newInstance(null, name);
		settings.write(copy);
		return copy.doSave();
	}

	private static String describe(IMarker m) {
		return m.getResource().getFullPath() + ":" + m.getAttribute(IMarker.LINE_NUMBER, 0) + ": "
				+ m.getAttribute(IMarker.MESSAGE, "");
	}

	@Test
	void testRecordsPredictsAndMarksTheHotLock() throws Exception {
		IFile source = project.getFile("hot.c");
		Workspaces.save(source, HOT_C);
		ILaunchConfiguration config = config("hot", new RecordedProgramLaunch("native", "hot", "", "",
				"cc -O2 -g -pthread -o hot hot.c", 4));
		assertEquals("The build command makes " + project.getLocation().append("hot").toOSString()
				+ " before recording", RecordedProgramLaunch.read(config).check());
		assertEquals(List.of(project), List.of(config.getMappedResources()));

		ILaunch launch = config.launch(ILaunchManager.RUN_MODE, null);
		Workspaces.waitUntil(launch::isTerminated, 120_000, "the recording to end");
		assertEquals(List.of("cc -O2 -g -pthread -o hot hot.c", "hot"), Arrays.stream(launch.getProcesses())
				.map(p -> p.getLabel()).toList(), "the build and the program, each in the Console");
		assertEquals(0, launch.getProcesses()[1].getExitValue());
		assertTrue(launch.getProcesses()[1].getStreamsProxy().getOutputStreamMonitor().getContents().contains("done"));
		IFile trace = project.getFile("hot.vtrace");
		assertTrue(trace.exists(), "the trace is in the project");
		String text = Files.readString(trace.getLocation().toPath());
		assertTrue(text.startsWith("@recorded pthreads\n") && text.matches("(?s).*\\n@end( [^\\n]*)?\\n"), text);
		String at = source.getLocation().toOSString() + ":" + LOCK_LINE;
		assertTrue(text.contains(" lock ") && text.contains(" at=" + at), "source lines from cc -g: " + at);

		// no one to ask: the prediction runs at once, over 1, 2, 4 and 8 processors, and marks the source
		Workspaces.waitUntil(() -> WaitingPointMarkers.markers(trace).size() >= 2, 120_000, "the markers");
		Job.getJobManager().join(WaitingPointMarkers.FAMILY, null);
		ILaunchConfiguration prediction = Arrays.stream(DebugPlugin.getDefault().getLaunchManager()
				.getLaunchConfigurations()).filter(c -> c.getName().equals("hot prediction")).findFirst().orElseThrow();
		assertEquals(List.of("processors=1,2,4,8"), SimulationLaunch.read(prediction).sweeps());
		List<IMarker> markers = WaitingPointMarkers.markers(trace);
		IMarker lock = markers.stream().filter(m -> m.getAttribute(IMarker.LINE_NUMBER, 0) == LOCK_LINE).findFirst()
				.orElseThrow(() -> new AssertionError("no marker on the lock: " + markers.stream()
						.map(RecordedProgramLaunchTest::describe).toList()));
		assertEquals(source, lock.getResource());
		String message = lock.getAttribute(IMarker.MESSAGE, "");
		assertTrue(message.matches("on 4 processors, threads wait here [0-9]+ % of their time \\(lock m[0-9a-f]+, "
				+ "held longest at " + java.util.regex.Pattern.quote(at) + "; T[0-9]+ waits longest\\); on the critical path"),
				message);
		assertTrue(lock.getAttribute(WaitingPointMarkers.SHARE, 0) >= 40, "four workers, mostly waiting: " + message);
		IMarker join = markers.stream().filter(m -> m.getAttribute(IMarker.LINE_NUMBER, 0) == JOIN_LINE).findFirst()
				.orElseThrow(() -> new AssertionError("no marker on the join: " + markers.stream()
						.map(RecordedProgramLaunchTest::describe).toList()));
		assertTrue(join.getAttribute(IMarker.MESSAGE, "").contains("(join T"), describe(join));
		assertTrue(markers.stream().allMatch(m -> m.getResource().equals(source)), markers.stream()
				.map(RecordedProgramLaunchTest::describe).toList().toString());

		// the next prediction replaces them
		prediction.launch(ILaunchManager.RUN_MODE, null);
		Workspaces.waitUntil(() -> !lock.exists() && WaitingPointMarkers.markers(trace).size() == markers.size(),
				120_000, "the markers of the next prediction");
		assertTrue(markers.stream().noneMatch(IMarker::exists));
		assertTrue(WaitingPointMarkers.markers(trace).stream().anyMatch(m -> m.getAttribute(IMarker.LINE_NUMBER, 0)
				== LOCK_LINE && m.getAttribute(IMarker.MESSAGE, "").equals(message)), "the same bottleneck again");
	}

	/** An OpenMP program: a parallel region whose threads meet at a barrier. */
	static final String OPENMP_C = """
			#include <omp.h>
			#include <stdio.h>
			int main(void) {
				int n = 0;
				#pragma omp parallel
				{
					#pragma omp barrier
					#pragma omp atomic
					n++;
				}
				printf("team of %d\\n", n);
				return 0;
			}
			""";

	@Test
	void testAnOpenMpProgramSaysHowItIsRecorded() throws Exception {
		Workspaces.save(project.getFile("omp.c"), OPENMP_C);
		ILaunchConfigurationWorkingCopy copy = config("omp", new RecordedProgramLaunch("native", "omp", "", "",
				"gcc -O1 -g -fopenmp -o omp omp.c", 4)).getWorkingCopy();
		// the program's environment without OMP_NUM_THREADS, whatever the IDE's is
		copy.setAttribute(ILaunchManager.ATTR_ENVIRONMENT_VARIABLES, java.util.Map.of("PATH", System.getenv("PATH")));
		copy.setAttribute(ILaunchManager.ATTR_APPEND_ENVIRONMENT_VARIABLES, false);
		// the program sees 3 processors while it runs on one: OpenMP's default team is 3
		copy.setAttribute(RecordingFinished.ATTR_VISIBLE_PROCESSORS, 3);
		List<String> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
		org.eclipse.core.runtime.ILogListener listener = (status, plugin) -> logged.add(status.getMessage());
		org.eclipse.core.runtime.Platform.addLogListener(listener);
		try {
			ILaunch launch = copy.doSave().launch(ILaunchManager.RUN_MODE, null);
			Workspaces.waitUntil(launch::isTerminated, 120_000, "the recording to end");
			assertEquals(0, launch.getProcesses()[1].getExitValue());
			int team = 3;
			String runtime = "an OpenMP program built with GCC (libgomp.so.1): recorded on LLVM's OpenMP runtime ";
			String size = "OMP_NUM_THREADS is not set: recorded with a team of " + team + " thread" + (team == 1 ? ""
					: "s") + " (the processors the program sees, --visible-processors)";
			String console = launch.getProcesses()[1].getStreamsProxy().getOutputStreamMonitor().getContents();
			List<String> lines = console.lines().toList();
			assertEquals(3, lines.size(), console);
			assertTrue(lines.get(0).startsWith("Perfcast: " + runtime) && lines.get(0).endsWith(", preloaded in its "
					+ "place"), console);
			assertTrue(lines.get(1).startsWith("Perfcast: " + size), console);
			assertEquals("team of " + team, lines.get(2), "the program's own output follows");
			assertTrue(logged.stream().anyMatch(m -> m.startsWith("Recording omp: " + runtime)), logged.toString());
			assertTrue(logged.stream().anyMatch(m -> m.startsWith("Recording omp: " + size)), logged.toString());
			String text = Files.readString(project.getFile("omp.vtrace").getLocation().toPath());
			assertTrue(text.startsWith("@recorded pthreads\n@unit s\n@visible-processors 3\n"), text);
			assertTrue(text.matches("(?s).* main post omp\\.fork\\.1 cpu=\\S+ at=" + java.util.regex.Pattern.quote(
					project.getFile("omp.c").getLocation().toOSString()) + ":5\n.*"), "the parallel region at line 5: "
							+ text);
		} finally {
			org.eclipse.core.runtime.Platform.removeLogListener(listener);
		}
	}

	@Test
	void testCancellingOrTerminatingEndsTheProgram() throws Exception {
		Workspaces.save(project.getFile("forever.c"), FOREVER_C);
		ILaunchConfiguration config = config("forever", new RecordedProgramLaunch("native", "forever", "", "",
				"cc -O2 -g -pthread -o forever forever.c", 4));
		for (boolean terminate : new boolean[] { false, true }) {
			ILaunch launch = config.launch(ILaunchManager.RUN_MODE, null);
			Job job = Job.getJobManager().find(RecordingJob.FAMILY)[0];
			IStatus[] result = { null };
			job.addJobChangeListener(new JobChangeAdapter() {
				@Override
				public void done(IJobChangeEvent event) {
					result[0] = event.getResult();
				}
			});
			ProcessHandle[] program = { null };
			Workspaces.waitUntil(() -> (program[0] = running("forever").orElse(null)) != null, 120_000,
					"the program to run");
			if (terminate) {
				launch.terminate();
			} else {
				job.cancel();
			}
			job.join();
			Workspaces.waitUntil(() -> !program[0].isAlive(), 30_000, "the program to end");
			Workspaces.waitUntil(() -> result[0] != null && launch.isTerminated(), 30_000, "the launch to end");
			assertEquals(IStatus.CANCEL, result[0].getSeverity(), (terminate ? "terminated: " : "cancelled: ")
					+ result[0]);
		}
		assertTrue(Arrays.stream(DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations())
				.noneMatch(c -> c.getName().equals("forever prediction")), "no prediction of a cut recording");
	}

	@Test
	void testAFailingBuildStopsTheLaunch() throws Exception {
		Workspaces.save(project.getFile("broken.c"), "int main(void) { return missing; }\n");
		List<String> results = new java.util.ArrayList<>();
		for (String build : List.of("cc -o broken broken.c", "true")) {
			ILaunch launch = config("broken", new RecordedProgramLaunch("native", "broken", "", "", build, 4))
					.launch(ILaunchManager.RUN_MODE, null);
			Job job = Job.getJobManager().find(RecordingJob.FAMILY)[0];
			IStatus[] result = { null };
			job.addJobChangeListener(new JobChangeAdapter() {
				@Override
				public void done(IJobChangeEvent event) {
					result[0] = event.getResult();
				}
			});
			Workspaces.waitUntil(() -> result[0] != null && launch.isTerminated(), 120_000, "the launch to end");
			assertEquals(IStatus.ERROR, result[0].getSeverity(), result[0].toString());
			results.add(result[0].getMessage());
		}
		assertEquals(List.of("The build command 'cc -o broken broken.c' of broken failed with exit code 1 (its output "
				+ "is in the Console)", "The build command 'true' did not make the program " + project.getLocation()
						.append("broken").toOSString()), results);
		assertFalse(project.getFile("broken.vtrace").exists());
	}

	/** A process of this JVM's whose command is {@code name}. */
	private static Optional<ProcessHandle> running(String name) {
		return ProcessHandle.current().descendants().filter(p -> p.isAlive() && p.info().command()
				.map(c -> Path.of(c).getFileName().toString().equals(name)).orElse(false)).findFirst();
	}

	@Test
	void testWrongSettingsSayWhatIsWrong() throws Exception {
		Workspaces.save(project.getFile("notes.txt"), "not a program");
		project.getFolder("build").create(true, true, null);
		String where = project.getLocation().toOSString();
		assertEquals("Choose the project that receives the trace and the markers", message(
				new RecordedProgramLaunch("", "hot", "", "", "", 4)));
		assertEquals("Project nosuch does not exist", message(new RecordedProgramLaunch("nosuch", "hot", "", "", "",
				4)));
		assertEquals("Choose the program to record: an executable built with -pthread", message(
				new RecordedProgramLaunch("native", " ", "", "", "", 4)));
		assertEquals("The program " + where + "/hot does not exist; build it first, or give a build command",
				message(new RecordedProgramLaunch("native", "hot", "", "", "", 4)));
		assertEquals(where + "/build is a folder; choose the executable", message(new RecordedProgramLaunch(
				"native", "build", "", "", "", 4)));
		assertEquals(where + "/notes.txt is not executable: choose the program the compiler built", message(
				new RecordedProgramLaunch("native", "notes.txt", "", "", "", 4)));
		assertEquals("The working directory " + where + "/run does not exist", message(new RecordedProgramLaunch(
				"native", "notes.txt", "", "run", "", 4)));
		assertEquals("The processors of the prediction must be 1 to 65536, not 0", message(new RecordedProgramLaunch(
				"native", "/bin/true", "", "", "", 0)));
		assertTrue(message(new RecordedProgramLaunch("native", "${no_such_variable}", "", "", "", 4)).startsWith(
				"The program: "));
		assertEquals("Record Java programs with Run As > Perfcast Recorded Java Application", message(
				new RecordedProgramLaunch("native", System.getProperty("java.home") + "/bin/java", "", "", "", 4)));
		RecordedProgramLaunch ok = new RecordedProgramLaunch("native", "/bin/echo", "\"two words\" ${workspace_loc}",
				"build", "", 4);
		assertNull(ok.check());
		assertEquals(List.of("/bin/echo", "two words", Workspaces.root().getLocation().toOSString()), ok.command());
		assertEquals(project.getFile("echo.vtrace"), ok.trace());
		assertEquals(project.getLocation().append("build").toPath(), ok.workingDirectoryPath());

		// a launch with a wrong setting fails at once, saying why, and leaves no launch behind
		ILaunchConfiguration config = config("wrong", new RecordedProgramLaunch("native", "hot", "", "", "", 4));
		CoreException e = assertThrows(CoreException.class, () -> config.launch(ILaunchManager.RUN_MODE, null));
		assertTrue(e.getMessage().endsWith("/hot does not exist; build it first, or give a build command"),
				e.getMessage());
		assertEquals(0, DebugPlugin.getDefault().getLaunchManager().getLaunches().length);
		assertEquals(RecordingFinished.DEFAULT_PROCESSORS, RecordedProgramLaunch.read(config("defaults",
				new RecordedProgramLaunch("native", "x", "", "", "", 4))).processors());
		assertFalse(project.getFile("hot.vtrace").exists());
	}

	private static String message(RecordedProgramLaunch settings) {
		return assertThrows(CoreException.class, settings::check).getMessage();
	}
}
