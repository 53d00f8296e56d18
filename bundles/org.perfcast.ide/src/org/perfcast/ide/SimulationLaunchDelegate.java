package org.perfcast.ide;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.LaunchConfigurationDelegate;

/**
 * Launches a "Perfcast Simulation" configuration: resolves its {@link SimulationLaunch} settings and
 * schedules the {@link SimulationJob}, which runs in the background with progress in the Progress view.
 * Settings that do not resolve abort the launch with a {@link CoreException} saying what is wrong. A prediction of a
 * recorded program marks its bottlenecks when it is done ({@link WaitingPointMarkers}).
 */
public final class SimulationLaunchDelegate extends LaunchConfigurationDelegate {

	@Override
	public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
			throws CoreException {
		SimulationJob job = SimulationLaunch.job(configuration);
		job.setName(configuration.getName() + ": " + job.getName());
		WaitingPointMarkers.follow(job, configuration);
		job.schedule();
	}

	/** Engines read the saved model files themselves; the workspace need not be built first. */
	@Override
	public boolean buildForLaunch(ILaunchConfiguration configuration, String mode, IProgressMonitor monitor) {
		return false;
	}
}
