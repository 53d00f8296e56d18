package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.jdt.core.IJavaProject;
import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.launching.IJavaLaunchConfigurationConstants;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.ide.ExampleProjects;
import org.perfcast.ide.RecordedProgramLaunch;
import org.perfcast.ide.SimulationJob;
import org.perfcast.ide.SimulationLaunch;
import org.perfcast.jdt.RecordedJavaLaunchDelegate;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.RunStatus;
import org.perfcast.model.results.SummaryValue;
import org.perfcast.results.io.ResultsFiles;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.results.ResultsView;

/**
 * The example workspace as {@code ./perfcast ide} opens it: every example is a project with a README and launch
 * configurations; every Perfcast Simulation configuration runs as committed (MPI ones included) and writes a
 * completed results file whose points have a positive time; the recorder configurations name their project's
 * program or main class (recording them is what RecordedProgramUITest, RecordedOpenMpUITest and
 * RecordedJavaUITest do); the Java sources are in Java projects that JDT builds without errors (real-programs' with
 * the libraries its fetch-jars.sh puts into Perfcast's cache, as .ci/run does). The examples are imported from a
 * copy, so that the runs do not write into the repository.
 */
class ExampleLaunchesUITest {

	/** Built or recorded output of the examples, not copied. */
	private static final Set<String> OUTPUT = Set.of("results", "bin", "build", "mpi-trace", ".settings");

	/** The example whose run the screenshot shows. */
	private static final String SHOWN = "linear-array";

	@AfterEach
	void tearDown() throws Exception {
		UiTests.endSimulations();
	}

	@Test
	void testEveryExampleRunsFromItsLaunchConfigurations(@TempDir Path copy) throws Exception {
		Path examples = Path.of(System.getProperty("perfcast.examples"));
		List<String> folders = copyExamples(examples, copy);
		// the test workbench starts as ./perfcast ide does, with the examples imported in place: the copies replace them
		UiTests.removeProjects();
		List<IProject> projects = ExampleProjects.importAll(copy, null);
		for (IProject project : projects) {
			assertTrue(project.getLocation().toPath().startsWith(copy), project.getName() + " is the copy, at "
					+ project.getLocation());
		}
		assertEquals(folders, projects.stream().map(p -> p.getLocation().lastSegment()).toList(),
				"every folder of examples/ is a project");
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getActiveWorkbenchWindow());
		ResultsView view = (ResultsView) UiTests.page().showView(ResultsView.ID);

		List<String> failures = new ArrayList<>();
		List<String> ran = new ArrayList<>();
		for (IProject project : projects) {
			String example = project.getName();
			if (!project.getFile("README.md").exists()) {
				failures.add(example + ": no README.md");
			}
			List<ILaunchConfiguration> configs = configurations(project);
			if (configs.isEmpty()) {
				failures.add(example + ": no launch configuration");
			}
			for (ILaunchConfiguration config : configs) {
				String where = example + ": '" + config.getName() + "'";
				try {
					String type = config.getType().getIdentifier();
					if (type.equals(SimulationLaunch.TYPE_ID)) {
						run(project, config);
						ran.add(where);
					} else if (type.equals(RecordedProgramLaunch.TYPE_ID)) {
						assertEquals(example, RecordedProgramLaunch.read(config).project(), "its project");
					} else if (type.equals(RecordedJavaLaunchDelegate.TYPE_ID)) {
						assertEquals(example, config.getAttribute(IJavaLaunchConfigurationConstants.ATTR_PROJECT_NAME,
								""), "its project");
						String main = config.getAttribute(IJavaLaunchConfigurationConstants.ATTR_MAIN_TYPE_NAME, "");
						assertTrue(JavaCore.create(project).findType(main) != null, "its main class " + main
								+ " is on the project's build path");
					} else {
						failures.add(where + ": a configuration of type " + type + ", which this test does not know");
					}
				} catch (CoreException | IOException | AssertionError e) {
					failures.add(where + ": " + message(e));
				}
			}
			failures.addAll(javaProblems(project));
		}
		assertTrue(failures.isEmpty(), "examples that do not run from the IDE:\n" + String.join("\n", failures)
				+ "\n(ran: " + ran + ")");

		screenshot(view, projects.stream().filter(p -> p.getName().equals(SHOWN)).findFirst().orElseThrow());
	}

	/** Copies each example folder that has a project description into {@code to}, without built output. */
	private static List<String> copyExamples(Path examples, Path to) throws IOException {
		List<String> folders;
		try (Stream<Path> children = Files.list(examples)) {
			folders = children.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
		}
		for (String folder : folders) {
			assertTrue(Files.isRegularFile(examples.resolve(folder).resolve(IProjectDescription.DESCRIPTION_FILE_NAME)),
					"examples/" + folder + " is a project (has a .project)");
			Path from = examples.resolve(folder);
			try (Stream<Path> files = Files.walk(from)) {
				for (Path file : (Iterable<Path>) files::iterator) {
					Path relative = from.relativize(file);
					if (relative.getNameCount() > 0 && OUTPUT.contains(relative.getName(0).toString())) {
						continue;
					}
					Path target = to.resolve(folder).resolve(relative.toString());
					if (Files.isDirectory(file)) {
						Files.createDirectories(target);
					} else {
						Files.copy(file, target);
					}
				}
			}
		}
		return folders;
	}

	/** The launch configurations stored in {@code project}, by name; the launch manager finds them on import. */
	private static List<ILaunchConfiguration> configurations(IProject project) throws CoreException {
		List<ILaunchConfiguration> found = new ArrayList<>();
		for (ILaunchConfiguration c : DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations()) {
			if (c.getFile() != null && c.getFile().getProject().equals(project)) {
				found.add(c);
			}
		}
		found.sort((a, b) -> a.getName().compareTo(b.getName()));
		return found;
	}

	/**
	 * Launches a simulation configuration as Run does, waits for its job and checks its results file: the model
	 * is in the example, the run completed every point, and each point's time is positive.
	 */
	private static void run(IProject project, ILaunchConfiguration config) throws CoreException, IOException {
		IFile model = SimulationLaunch.read(config).modelFile();
		assertEquals(project, model.getProject(), "the model " + model.getFullPath() + " is in the example");
		SimulationJob job = UiTests.launch(config);
		// a guard against a hung run only; the runs take seconds
		UiTests.waitUntil(() -> job.getState() == Job.NONE && job.getResult() != null, 600_000, "the run of "
				+ config.getName());
		assertTrue(job.getResult().isOK(), () -> status(job.getResult()));
		IFile results = job.resultsFile();
		assertTrue(results != null && results.exists(), "a results file in " + project.getName() + "/results");
		Run run = ResultsFiles.load(results.getLocation().toPath());
		assertEquals(RunStatus.COMPLETED, run.getStatus(), "the run's status");
		assertEquals(run.getPointCount(), run.getPoints().size(), "every point of the sweeps ran");
		assertTrue(run.getPointCount() > 0, "some point ran");
		for (RunPoint point : run.getPoints()) {
			SummaryValue time = point.getValues().stream().filter(v -> isTime(v.getName())).findFirst().orElseThrow(
					() -> new AssertionError("point " + point.getIndex() + " has no time among " + point.getValues()
							.stream().map(SummaryValue::getName).toList()));
			assertTrue(time.getValue() > 0 && Double.isFinite(time.getValue()), "point " + point.getIndex() + ": "
					+ time.getName() + " = " + time.getValue());
		}
	}

	/**
	 * Whether a summary value is a point's main result: its time (T, or T of a technique, layout or algorithm;
	 * the trace engine's completion), or a closed network's throughput X, which has no time of its own.
	 */
	private static boolean isTime(String name) {
		return name.equals("T") || name.startsWith("T ") || name.equals("completion") || name.equals("X");
	}

	/** The JDT errors of the project's Java sources after a build, and Java sources outside a Java project. */
	private static List<String> javaProblems(IProject project) throws CoreException {
		List<String> problems = new ArrayList<>();
		List<IResource> sources = new ArrayList<>();
		project.accept(r -> {
			if (r.getType() == IResource.FILE && "java".equals(r.getFileExtension())) {
				sources.add(r);
			}
			return true;
		});
		if (sources.isEmpty()) {
			return problems;
		}
		if (!project.hasNature(JavaCore.NATURE_ID)) {
			problems.add(project.getName() + ": " + sources.size() + " Java sources, but not a Java project");
			return problems;
		}
		project.build(IncrementalProjectBuilder.FULL_BUILD, null);
		IJavaProject java = JavaCore.create(project);
		for (IResource source : sources) {
			if (!java.isOnClasspath(source)) {
				problems.add(project.getName() + ": " + source.getProjectRelativePath() + " is not in a source folder");
			}
		}
		for (IMarker marker : project.findMarkers(null, true, IResource.DEPTH_INFINITE)) {
			boolean fromJdt = marker.getType().startsWith(JavaCore.PLUGIN_ID);
			if (fromJdt && marker.getAttribute(IMarker.SEVERITY, 0) == IMarker.SEVERITY_ERROR) {
				problems.add(project.getName() + ": " + marker.getResource().getProjectRelativePath() + ":"
						+ marker.getAttribute(IMarker.LINE_NUMBER, 0) + ": " + marker.getAttribute(IMarker.MESSAGE, ""));
			}
		}
		return problems;
	}

	/** The run of {@link #SHOWN} selected in the Results view, on its Charts tab, saved as a screenshot. */
	private static void screenshot(ResultsView view, IProject project) throws Exception {
		UiTests.waitUntil(() -> view.getRuns().stream().anyMatch(r -> r.file().getProject().equals(project)), 10_000,
				"the run of " + project.getName() + " in the Results view");
		view.select(view.getRuns().stream().filter(r -> r.file().getProject().equals(project)).limit(1).toList());
		view.getChartsTab().select();
		try (AutoCloseable maximised = UiTests.maximised(ResultsView.ID)) {
			UiTests.flush();
			Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
			Path png = UiTests.screenshots().resolve("example-launch-results.png");
			Screenshots.save(shell, png);
			assertTrue(Files.size(png) > 1000);
		}
	}

	private static String message(Throwable e) {
		return e instanceof CoreException c ? status(c.getStatus()) : e.getMessage();
	}

	/** A status with its children, one a line. */
	private static String status(IStatus status) {
		return status.getMessage() + Arrays.stream(status.getChildren()).map(c -> "\n    " + c.getMessage())
				.reduce("", String::concat);
	}
}
