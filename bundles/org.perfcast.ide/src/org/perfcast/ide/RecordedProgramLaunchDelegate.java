package org.perfcast.ide;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.Launch;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.core.model.LaunchConfigurationDelegate;

/**
 * Launches a "Perfcast Recorded Program" configuration: checks its {@link RecordedProgramLaunch} settings (a wrong
 * one aborts the launch with a {@link CoreException} saying what is wrong) and schedules the {@link RecordingJob}
 * that builds, records and offers the prediction. The launch lasts as long as the job; terminating it cancels the
 * job, which ends the program.
 */
public final class RecordedProgramLaunchDelegate extends LaunchConfigurationDelegate {

	@Override
	public ILaunch getLaunch(ILaunchConfiguration configuration, String mode) {
		return new RecordingLaunch(configuration, mode);
	}

	@Override
	public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
			throws CoreException {
		RecordedProgramLaunch settings = RecordedProgramLaunch.read(configuration);
		settings.check();
		String[] variables = DebugPlugin.getDefault().getLaunchManager().getEnvironment(configuration);
		Map<String, String> environment = null;
		if (variables != null) {
			environment = new LinkedHashMap<>();
			for (String variable : variables) {
				int equals = variable.indexOf('=');
				if (equals > 0) {
					environment.put(variable.substring(0, equals), variable.substring(equals + 1));
				}
			}
		}
		// the processors the program sees while recorded on one
		if (environment == null) {
			environment = new LinkedHashMap<>(System.getenv());
		}
		environment.put(org.perfcast.record.VisibleProcessors.VARIABLE, Integer.toString(RecordingFinished
				.checkedVisibleProcessors(configuration)));
		RecordingJob job = new RecordingJob(settings, configuration.getName(), launch, environment);
		if (launch instanceof RecordingLaunch recording) {
			recording.job = job;
		}
		job.schedule();
	}

	/** The program is built by the configuration's build command, not by the workspace's builders. */
	@Override
	public boolean buildForLaunch(ILaunchConfiguration configuration, String mode, IProgressMonitor monitor) {
		return false;
	}

	/** A launch that lasts as long as its recording job; terminating it cancels the job. */
	static final class RecordingLaunch extends Launch {
		private volatile RecordingJob job;
		private volatile boolean done;

		RecordingLaunch(ILaunchConfiguration configuration, String mode) {
			super(configuration, mode, null);
		}

		/** The job has ended. */
		void jobDone() {
			done = true;
			fireTerminate();
		}

		@Override
		public boolean canTerminate() {
			return !done || super.canTerminate();
		}

		@Override
		public boolean isTerminated() {
			if (!done) {
				return false;
			}
			for (IProcess process : getProcesses()) {
				if (!process.isTerminated()) {
					return false;
				}
			}
			return true;
		}

		@Override
		public void terminate() throws DebugException {
			RecordingJob recording = job;
			if (recording != null) {
				recording.cancel();
			}
			super.terminate();
		}
	}
}
