package org.perfcast.jdt;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.jdt.launching.IJavaLaunchConfigurationConstants;
import org.eclipse.jdt.launching.IVMInstall;
import org.eclipse.jdt.launching.IVMInstall2;
import org.eclipse.jdt.launching.JavaLaunchDelegate;
import org.perfcast.ide.RecordingFinished;
import org.perfcast.record.JavaRecorder;
import org.perfcast.record.PthreadRecorder;
import org.perfcast.record.VisibleProcessors;
import org.perfcast.trace.TargetMachine;

/**
 * JDT's Java application launch with Perfcast's Java agent: the program runs pinned to processor 0 and writes
 * {@code MAIN.vtrace} into its project, seeing the processors of the Prediction tab's <i>Processors the program
 * sees</i> ({@code -XX:ActiveProcessorCount}); when it ends, {@link RecordingFinished} refreshes the project and offers a
 * prediction of the trace on more processors, which marks the program's bottlenecks on the processors of the
 * configuration's Prediction tab. The program runs on the JRE of its configuration (or project), not the IDE's: any
 * Java from 11 up (the agent jar is Java 11 bytecode); an older one is refused before it starts.
 */
public class RecordedJavaLaunchDelegate extends JavaLaunchDelegate {

	/** The launch configuration type. */
	public static final String TYPE_ID = PerfcastJdt.PLUGIN_ID + ".recordedJava";

	@Override
	public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
			throws CoreException {
		IFile trace = trace(configuration);
		int processors = RecordingFinished.processors(configuration);
		if (processors < 1 || processors > TargetMachine.MAX_PROCESSORS) {
			throw new CoreException(Status.error("The processors of the prediction must be 1 to "
					+ TargetMachine.MAX_PROCESSORS + ", not " + processors));
		}
		RecordingFinished.watch(launch, trace, configuration.getName(), processors);
		super.launch(configuration, mode, launch, monitor);
	}

	@Override
	public String getVMArguments(ILaunchConfiguration configuration) throws CoreException {
		IFile trace = trace(configuration);
		checkVersion(getVMInstall(configuration));
		Path jar;
		try {
			jar = JavaRecorder.agentJar(org.perfcast.engine.NativeTools.cache());
		} catch (PthreadRecorder.RecorderException | IOException e) {
			throw new CoreException(Status.error("Perfcast cannot prepare its Java agent: " + e.getMessage(), e));
		}
		String agent = "-javaagent:" + jar + "=out=" + trace.getLocation().toOSString() + ",pin=0";
		String arguments = super.getVMArguments(configuration);
		// the processors the program sees (availableProcessors) while pinned to one, unless its arguments say
		if (!arguments.contains("-XX:ActiveProcessorCount=")) {
			arguments += " " + VisibleProcessors.javaOption(RecordingFinished.checkedVisibleProcessors(configuration));
		}
		return arguments + " \"" + agent + "\"";
	}

	/**
	 * Refuses a JRE older than the recorder supports: its version as JDT knows it, else as its {@code release} file
	 * or {@code java -version} says.
	 */
	public static void checkVersion(IVMInstall vm) throws CoreException {
		if (vm == null) {
			return; // JDT itself says that there is no JRE
		}
		String version = vm instanceof IVMInstall2 known ? known.getJavaVersion() : null;
		File home = vm.getInstallLocation();
		if (version == null && home != null) {
			try {
				version = JavaRecorder.version(new File(home, "bin/java").getPath());
			} catch (IOException e) {
				version = null;
			}
		}
		if (version != null && JavaRecorder.feature(version) < JavaRecorder.OLDEST_JAVA) {
			throw new CoreException(Status.error("Perfcast cannot record on this JRE: " + JavaRecorder.unsupported(
					vm.getName() + (home == null ? "" : " (" + home + ")"), version) + ". Choose a newer JRE on the "
					+ "JRE tab or in the project's build path."));
		}
	}

	/** The trace a launch writes: {@code MAIN.vtrace} in the project of the configuration. */
	public static IFile trace(ILaunchConfiguration configuration) throws CoreException {
		String main = configuration.getAttribute(IJavaLaunchConfigurationConstants.ATTR_MAIN_TYPE_NAME, "");
		String projectName = configuration.getAttribute(IJavaLaunchConfigurationConstants.ATTR_PROJECT_NAME, "");
		if (main.isBlank() || projectName.isBlank()) {
			throw new CoreException(new Status(IStatus.ERROR, PerfcastJdt.PLUGIN_ID,
					"Choose the project and the main class to record"));
		}
		IProject project = org.eclipse.core.resources.ResourcesPlugin.getWorkspace().getRoot().getProject(projectName);
		if (!project.isAccessible()) {
			throw new CoreException(new Status(IStatus.ERROR, PerfcastJdt.PLUGIN_ID, "Project " + projectName
					+ " is not open"));
		}
		return project.getFile(main.substring(main.lastIndexOf('.') + 1) + ".vtrace");
	}
}
