package org.perfcast.ui.internal.tour;

import java.util.Arrays;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;

/** Runs the launch configuration named {@code param1} (a Perfcast Simulation of an example). */
public final class LaunchAction extends TourAction {

	@Override
	void perform(String[] params) throws CoreException {
		String name = param(params, 0);
		ILaunchConfiguration config = Arrays.stream(DebugPlugin.getDefault().getLaunchManager()
				.getLaunchConfigurations()).filter(c -> c.getName().equals(name)).findFirst().orElseThrow(
						() -> new CoreException(Status.error("no launch configuration '" + name + "' in the workspace")));
		DebugUITools.launch(config, ILaunchManager.RUN_MODE);
	}
}
