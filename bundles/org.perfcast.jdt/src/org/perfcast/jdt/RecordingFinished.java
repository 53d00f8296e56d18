package org.perfcast.jdt;

import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jface.dialogs.MessageDialogWithToggle;
import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.perfcast.ide.SimulationLaunch;

/**
 * What happens when a recorded Java application ends: the project is refreshed so that the trace shows, a Perfcast
 * Simulation launch configuration predicting the trace on 1, 2, 4 and 8 processors (automatic model) is saved as
 * "MAIN prediction", and it is run at once if the user said so before, else the user is asked.
 */
final class RecordingFinished implements IDebugEventSetListener {

	/** The sweep of the prediction offered. */
	static final String PROCESSORS = "processors=1,2,4,8";

	private final ILaunch launch;
	private final IFile trace;
	private final String name;

	private RecordingFinished(ILaunch launch, IFile trace, String name) {
		this.launch = launch;
		this.trace = trace;
		this.name = name;
	}

	/** Watches {@code launch} until its process ends. */
	static void watch(ILaunch launch, IFile trace, String name) {
		DebugPlugin.getDefault().addDebugEventListener(new RecordingFinished(launch, trace, name));
	}

	@Override
	public void handleDebugEvents(DebugEvent[] events) {
		for (DebugEvent event : events) {
			if (event.getKind() == DebugEvent.TERMINATE && event.getSource() instanceof IProcess process
					&& process.getLaunch() == launch) {
				DebugPlugin.getDefault().removeDebugEventListener(this);
				Job job = Job.create("Reading the Perfcast recording of " + name, monitor -> {
					try {
						return finished(monitor);
					} catch (CoreException e) {
						return e.getStatus();
					}
				});
				job.setRule(trace.getProject());
				job.schedule();
				return;
			}
		}
	}

	private IStatus finished(IProgressMonitor monitor) throws CoreException {
		trace.getProject().refreshLocal(IResource.DEPTH_ONE, monitor);
		if (!trace.exists()) {
			return new Status(IStatus.WARNING, PerfcastJdt.PLUGIN_ID, name + " wrote no trace "
					+ trace.getFullPath() + ": the program must end through the JVM's normal shutdown");
		}
		ILaunchConfiguration prediction = prediction(trace, name);
		IPreferenceStore store = new ScopedPreferenceStore(InstanceScope.INSTANCE, PerfcastJdt.PLUGIN_ID);
		String choice = store.getString(PerfcastJdt.SIMULATE_AFTER_RECORDING);
		if (MessageDialogWithToggle.NEVER.equals(choice)) {
			return Status.OK_STATUS;
		}
		if (MessageDialogWithToggle.ALWAYS.equals(choice) || !PlatformUI.isWorkbenchRunning()) {
			launchLater(prediction);
			return Status.OK_STATUS;
		}
		Display.getDefault().asyncExec(() -> {
			MessageDialogWithToggle dialog = MessageDialogWithToggle.openYesNoQuestion(
					PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), "Perfcast recording",
					"The recording of " + name + " is in " + trace.getFullPath() + ".\n\nPredict its run on 1, 2, 4 "
							+ "and 8 processors now? (Run configuration '" + prediction.getName() + "'.)",
					"Always predict after recording", false, store, PerfcastJdt.SIMULATE_AFTER_RECORDING);
			if (dialog.getReturnCode() == org.eclipse.jface.dialogs.IDialogConstants.YES_ID) {
				DebugUITools.launch(prediction, ILaunchManager.RUN_MODE);
			}
		});
		return Status.OK_STATUS;
	}

	private static void launchLater(ILaunchConfiguration prediction) {
		Display display = Display.getDefault();
		display.asyncExec(() -> DebugUITools.launch(prediction, ILaunchManager.RUN_MODE));
	}

	/** The saved configuration predicting {@code trace}: "NAME prediction", made or updated. */
	static ILaunchConfiguration prediction(IFile trace, String name) throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationType type = manager.getLaunchConfigurationType(SimulationLaunch.TYPE_ID);
		String configName = name + " prediction";
		ILaunchConfigurationWorkingCopy copy = null;
		for (ILaunchConfiguration existing : manager.getLaunchConfigurations(type)) {
			if (existing.getName().equals(configName)) {
				copy = existing.getWorkingCopy();
			}
		}
		if (copy == null) {
			copy = type.newInstance(null, manager.generateLaunchConfigurationName(configName));
		}
		new SimulationLaunch("trace", trace.getFullPath().toString(), List.of(), List.of(PROCESSORS),
				Map.of("model", "auto")).write(copy);
		return copy.doSave();
	}
}
