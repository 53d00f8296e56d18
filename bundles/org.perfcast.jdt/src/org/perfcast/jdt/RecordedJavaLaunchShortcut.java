package org.perfcast.jdt;

import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.jdt.debug.ui.launchConfigurations.JavaApplicationLaunchShortcut;

/** Run As &gt; Perfcast Recorded Java Application: JDT's shortcut for Java applications, with our launch type. */
public class RecordedJavaLaunchShortcut extends JavaApplicationLaunchShortcut {

	@Override
	protected ILaunchConfigurationType getConfigurationType() {
		return DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurationType(RecordedJavaLaunchDelegate.TYPE_ID);
	}
}
