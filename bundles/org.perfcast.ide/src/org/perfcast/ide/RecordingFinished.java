package org.perfcast.ide;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.IStatusHandler;
import org.eclipse.debug.core.model.IProcess;

/**
 * What happens when a recorded program ends (a Java application under the agent, or a native program under the
 * pthreads recorder): the project is refreshed so that the trace shows, a Perfcast Simulation launch configuration
 * "NAME prediction" is saved that predicts the trace on 1, 2, 4 and 8 processors and on the recording launch's
 * {@linkplain #ATTR_PROCESSORS processors} (automatic model) and marks the program's bottlenecks on that many
 * ({@link WaitingPointMarkers}), and it is run: at once if the user chose so before ({@link #SIMULATE_AFTER_RECORDING}
 * = {@code always}), never if {@code never}, else when the user agrees to the question the {@link #PROMPT} status
 * handler asks (the IDE's UI contributes it; without one, as in a headless workspace, it runs at once).
 */
public final class RecordingFinished {

	/**
	 * Launch configuration attribute of the recording launches (Java and native): the processors of the prediction
	 * the bottleneck markers are computed for (int, default {@value #DEFAULT_PROCESSORS}).
	 */
	public static final String ATTR_PROCESSORS = PerfcastIde.PLUGIN_ID + ".recording.processors";
	/** The default of {@link #ATTR_PROCESSORS}. */
	public static final int DEFAULT_PROCESSORS = 4;
	/**
	 * Launch configuration attribute of the recording launches (Java and native): the processors the program sees
	 * while it is recorded on one (int; by default this machine's), so the size of the pools it sizes from the
	 * processor count ({@link org.perfcast.record.VisibleProcessors}).
	 */
	public static final String ATTR_VISIBLE_PROCESSORS = PerfcastIde.PLUGIN_ID + ".recording.visibleProcessors";
	/** The most processors a program can be shown. */
	public static final int MAX_VISIBLE_PROCESSORS = org.perfcast.record.VisibleProcessors.MAX;

	/** The default of {@link #ATTR_VISIBLE_PROCESSORS}: this machine's processors. */
	public static int defaultVisibleProcessors() {
		return org.perfcast.record.VisibleProcessors.machine();
	}
	/**
	 * Preference of this bundle: whether a recording is predicted when it ends: {@code always}, {@code never}, or
	 * anything else to ask (the values of JFace's {@code MessageDialogWithToggle}).
	 */
	public static final String SIMULATE_AFTER_RECORDING = "simulateAfterRecording";
	/** {@link #SIMULATE_AFTER_RECORDING}: predict without asking. */
	public static final String ALWAYS = "always";
	/** {@link #SIMULATE_AFTER_RECORDING}: do not predict. */
	public static final String NEVER = "never";
	/**
	 * The status whose debug status handler asks whether to predict; it is given an {@link Offer} and answers
	 * {@link Boolean#TRUE} to run the prediction.
	 */
	public static final IStatus PROMPT = new Status(IStatus.INFO, PerfcastIde.PLUGIN_ID, 301,
			"Predict the recorded program?", null);

	/** The processor counts every prediction of a recording covers, besides the launch's own. */
	static final List<Integer> SWEEP = List.of(1, 2, 4, 8);

	/**
	 * A prediction offered to the user.
	 *
	 * @param trace      the recording
	 * @param name       the recording launch's name
	 * @param prediction the saved configuration that predicts it
	 * @param processors the processors of the markers
	 */
	public record Offer(IFile trace, String name, ILaunchConfiguration prediction, int processors) {
	}

	private RecordingFinished() {
	}

	/** This bundle's preferences, which hold {@link #SIMULATE_AFTER_RECORDING}. */
	public static IEclipsePreferences preferences() {
		return InstanceScope.INSTANCE.getNode(PerfcastIde.PLUGIN_ID);
	}

	/** The processors {@code config}'s program sees while recorded ({@link #ATTR_VISIBLE_PROCESSORS}). */
	public static int visibleProcessors(ILaunchConfiguration config) throws CoreException {
		return config.getAttribute(ATTR_VISIBLE_PROCESSORS, defaultVisibleProcessors());
	}

	/**
	 * The processors {@code config}'s program sees, checked.
	 *
	 * @throws CoreException saying what is allowed when they are not 1 to 4096
	 */
	public static int checkedVisibleProcessors(ILaunchConfiguration config) throws CoreException {
		int visible = visibleProcessors(config);
		if (visible < 1 || visible > org.perfcast.record.VisibleProcessors.MAX) {
			throw new CoreException(Status.error("The processors the program sees must be 1 to "
					+ org.perfcast.record.VisibleProcessors.MAX + ", not " + visible));
		}
		return visible;
	}

	/** The processors of {@code config}'s prediction ({@link #ATTR_PROCESSORS}). */
	public static int processors(ILaunchConfiguration config) throws CoreException {
		return config.getAttribute(ATTR_PROCESSORS, DEFAULT_PROCESSORS);
	}

	/**
	 * Watches {@code launch} (a Java application's) until its process ends, then does {@link #finished} in a job.
	 */
	public static void watch(ILaunch launch, IFile trace, String name, int processors) {
		DebugPlugin.getDefault().addDebugEventListener(new IDebugEventSetListener() {
			@Override
			public void handleDebugEvents(DebugEvent[] events) {
				for (DebugEvent event : events) {
					if (event.getKind() == DebugEvent.TERMINATE && event.getSource() instanceof IProcess process
							&& process.getLaunch() == launch) {
						DebugPlugin.getDefault().removeDebugEventListener(this);
						Job job = Job.create("Reading the Perfcast recording of " + name, monitor -> {
							try {
								return finished(trace, name, processors, monitor);
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
		});
	}

	/**
	 * The recording of {@code name} into {@code trace} has ended: refreshes the project, saves the prediction and
	 * runs it, asks first, or not, as the preference says.
	 *
	 * @return OK, or a warning when there is no trace
	 */
	public static IStatus finished(IFile trace, String name, int processors, IProgressMonitor monitor)
			throws CoreException {
		trace.getParent().refreshLocal(IResource.DEPTH_ONE, monitor);
		if (!trace.exists()) {
			return Status.warning(name + " wrote no trace " + trace.getFullPath() + ": the program must end normally");
		}
		ILaunchConfiguration prediction = prediction(trace, name, processors);
		String choice = preferences().get(SIMULATE_AFTER_RECORDING, "");
		if (NEVER.equals(choice)) {
			return Status.OK_STATUS;
		}
		IStatusHandler prompt = ALWAYS.equals(choice) ? null : DebugPlugin.getDefault().getStatusHandler(PROMPT);
		if (prompt == null || Boolean.TRUE.equals(prompt.handleStatus(PROMPT, new Offer(trace, name, prediction,
				processors)))) {
			prediction.launch(ILaunchManager.RUN_MODE, null);
		}
		return Status.OK_STATUS;
	}

	/**
	 * The saved configuration predicting {@code trace}, "NAME prediction", made or updated: engine trace, automatic
	 * model, processors 1, 2, 4, 8 and {@code processors}, bottleneck markers on {@code processors}.
	 */
	public static ILaunchConfiguration prediction(IFile trace, String name, int processors) throws CoreException {
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
		new SimulationLaunch("trace", trace.getFullPath().toString(), List.of(), List.of(sweep(processors)),
				Map.of("model", "auto")).write(copy);
		copy.setAttribute(WaitingPointMarkers.ATTR_PROCESSORS, processors);
		return copy.doSave();
	}

	/** The processor counts a prediction covers: 1, 2, 4, 8 and {@code processors}, in order. */
	public static List<Integer> counts(int processors) {
		TreeSet<Integer> counts = new TreeSet<>(SWEEP);
		counts.add(processors);
		return List.copyOf(counts);
	}

	/** The sweep of a prediction: {@code processors=1,2,4,8} with {@code processors} among them. */
	static String sweep(int processors) {
		return "processors=" + counts(processors).stream().map(String::valueOf).collect(Collectors.joining(","));
	}
}
