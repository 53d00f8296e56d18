package org.perfcast.ide;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.variables.VariablesPlugin;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.perfcast.trace.TargetMachine;

/**
 * The settings of a "Perfcast Recorded Program" launch configuration, as stored in its attributes: a native program
 * run on one processor with Perfcast's pthreads recorder ({@link org.perfcast.record.PthreadRecorder}), and their
 * resolution into files and a command line. Every setting is text as typed (with {@code ${...}} variables such as
 * {@code ${workspace_loc:/threads/build}} or {@code ${project_loc}}); the checks below say which setting is wrong and
 * why, in the words the launch dialog shows.
 *
 * @param project          the workspace project the trace {@code PROGRAM.vtrace} is written into and whose files get
 *                         the bottleneck markers
 * @param program          the executable: relative to the project, or an absolute file system path
 * @param arguments        the program's arguments, as a command line ({@code "two words"} quoted)
 * @param workingDirectory the program's working directory: relative to the project, or absolute; empty for the
 *                         project's folder
 * @param buildCommand     a shell command run in the working directory before recording, e.g. {@code make}; empty for
 *                         none
 * @param processors       the processors of the prediction the markers are computed for
 */
public record RecordedProgramLaunch(String project, String program, String arguments, String workingDirectory,
		String buildCommand, int processors) {

	/** The launch configuration type's id. */
	public static final String TYPE_ID = PerfcastIde.PLUGIN_ID + ".recordedProgram";
	/** Attribute: the project's name (String). */
	public static final String ATTR_PROJECT = PerfcastIde.PLUGIN_ID + ".recordedProgram.project";
	/** Attribute: the program (String). */
	public static final String ATTR_PROGRAM = PerfcastIde.PLUGIN_ID + ".recordedProgram.program";
	/** Attribute: the arguments (String). */
	public static final String ATTR_ARGUMENTS = PerfcastIde.PLUGIN_ID + ".recordedProgram.arguments";
	/** Attribute: the working directory (String). */
	public static final String ATTR_WORKING_DIRECTORY = PerfcastIde.PLUGIN_ID + ".recordedProgram.workingDirectory";
	/** Attribute: the build command (String). */
	public static final String ATTR_BUILD_COMMAND = PerfcastIde.PLUGIN_ID + ".recordedProgram.buildCommand";

	/** The settings stored in {@code config}; missing attributes read as empty, the processors as the default. */
	public static RecordedProgramLaunch read(ILaunchConfiguration config) throws CoreException {
		return new RecordedProgramLaunch(config.getAttribute(ATTR_PROJECT, ""), config.getAttribute(ATTR_PROGRAM, ""),
				config.getAttribute(ATTR_ARGUMENTS, ""), config.getAttribute(ATTR_WORKING_DIRECTORY, ""),
				config.getAttribute(ATTR_BUILD_COMMAND, ""), RecordingFinished.processors(config));
	}

	/** Stores these settings in {@code config}. */
	public void write(ILaunchConfigurationWorkingCopy config) {
		config.setAttribute(ATTR_PROJECT, project);
		config.setAttribute(ATTR_PROGRAM, program);
		config.setAttribute(ATTR_ARGUMENTS, arguments);
		config.setAttribute(ATTR_WORKING_DIRECTORY, workingDirectory);
		config.setAttribute(ATTR_BUILD_COMMAND, buildCommand);
		config.setAttribute(RecordingFinished.ATTR_PROCESSORS, processors);
		IProject p = project.isBlank() || !ResourcesPlugin.getWorkspace().validateName(project,
				org.eclipse.core.resources.IResource.PROJECT).isOK() ? null
						: ResourcesPlugin.getWorkspace().getRoot().getProject(project);
		config.setMappedResources(p == null ? null : new org.eclipse.core.resources.IResource[] { p });
	}

	/**
	 * The project.
	 *
	 * @throws CoreException if none is chosen, or it does not exist or is closed
	 */
	public IProject projectResource() throws CoreException {
		if (project.isBlank()) {
			throw abort("Choose the project that receives the trace and the markers");
		}
		if (!ResourcesPlugin.getWorkspace().validateName(project, org.eclipse.core.resources.IResource.PROJECT)
				.isOK()) {
			throw abort("'" + project + "' is not a project name");
		}
		IProject p = ResourcesPlugin.getWorkspace().getRoot().getProject(project);
		if (!p.exists()) {
			throw abort("Project " + project + " does not exist");
		}
		if (!p.isOpen()) {
			throw abort("Project " + project + " is closed");
		}
		return p;
	}

	/**
	 * The program's file system path, which need not exist yet.
	 *
	 * @throws CoreException if the project is wrong, no program is chosen, or a variable in it is undefined
	 */
	public Path programPath() throws CoreException {
		IProject p = projectResource();
		if (program.isBlank()) {
			throw abort("Choose the program to record: an executable built with -pthread");
		}
		return resolve(p, substitute(program, "program"));
	}

	/**
	 * The working directory.
	 *
	 * @throws CoreException if it is not an existing folder, or a variable in it is undefined
	 */
	public Path workingDirectoryPath() throws CoreException {
		IProject p = projectResource();
		Path dir = workingDirectory.isBlank() ? p.getLocation().toPath()
				: resolve(p, substitute(workingDirectory, "working directory"));
		if (!Files.isDirectory(dir)) {
			throw abort("The working directory " + dir + " does not exist");
		}
		return dir;
	}

	/**
	 * The arguments, each as the program receives it.
	 *
	 * @throws CoreException if a variable in them is undefined
	 */
	public List<String> argumentList() throws CoreException {
		return Arrays.asList(DebugPlugin.parseArguments(substitute(arguments, "arguments")));
	}

	/**
	 * The build command, variables substituted; empty for none.
	 *
	 * @throws CoreException if a variable in it is undefined
	 */
	public String build() throws CoreException {
		return substitute(buildCommand, "build command").strip();
	}

	/**
	 * Checks the settings without requiring the program to exist when a build command will make it.
	 *
	 * @return null when all is well, else a remark to show (the program that the build will make)
	 * @throws CoreException with the first setting that is wrong
	 */
	public String check() throws CoreException {
		Path path = programPath();
		workingDirectoryPath();
		argumentList();
		if (processors < 1 || processors > TargetMachine.MAX_PROCESSORS) {
			throw abort("The processors of the prediction must be 1 to " + TargetMachine.MAX_PROCESSORS + ", not "
					+ processors);
		}
		if (!build().isEmpty() && !Files.exists(path)) {
			return "The build command makes " + path + " before recording";
		}
		checkProgram(path);
		return null;
	}

	/**
	 * The program, checked: an existing executable file that is not the Java launcher.
	 *
	 * @throws CoreException saying what is wrong with it
	 */
	public Path executable() throws CoreException {
		Path path = programPath();
		checkProgram(path);
		return path;
	}

	/** The command line: the program and its arguments. */
	public List<String> command() throws CoreException {
		List<String> command = new ArrayList<>();
		command.add(executable().toString());
		command.addAll(argumentList());
		return command;
	}

	/** The trace the recording writes: {@code PROGRAM.vtrace} in the project. */
	public IFile trace() throws CoreException {
		return projectResource().getFile(programPath().getFileName() + ".vtrace");
	}

	private static void checkProgram(Path path) throws CoreException {
		if (!Files.exists(path)) {
			throw abort("The program " + path + " does not exist; build it first, or give a build command");
		}
		if (Files.isDirectory(path)) {
			throw abort(path + " is a folder; choose the executable");
		}
		if (!Files.isExecutable(path)) {
			throw abort(path + " is not executable: choose the program the compiler built");
		}
		if (org.perfcast.record.JavaRecorder.isJava(List.of(path.toString()))) {
			throw abort("Record Java programs with Run As > Perfcast Recorded Java Application");
		}
	}

	private static Path resolve(IProject project, String path) {
		Path p = Path.of(path);
		return (p.isAbsolute() ? p : project.getLocation().toPath().resolve(p)).normalize();
	}

	private static String substitute(String text, String what) throws CoreException {
		try {
			return VariablesPlugin.getDefault().getStringVariableManager().performStringSubstitution(text);
		} catch (CoreException e) {
			throw abort("The " + what + ": " + e.getStatus().getMessage());
		}
	}

	private static CoreException abort(String message) {
		return new CoreException(Status.error(message));
	}
}
