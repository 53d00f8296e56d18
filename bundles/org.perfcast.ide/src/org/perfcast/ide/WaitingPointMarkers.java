package org.perfcast.ide;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRunnable;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SelfCheck;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TraceEngine;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;
import org.perfcast.trace.WaitingPoints;

/**
 * A recorded program's bottlenecks on N processors as warnings on its source lines: after a prediction of a trace
 * (a Perfcast Simulation with the {@code trace} engine whose configuration has {@link #ATTR_PROCESSORS}, as the
 * recording launches save it), the trace is simulated on that many processors with the prediction's options, and each
 * of its {@linkplain WaitingPoints#bottlenecks() bottlenecks} (the waiting points on the critical path, and those where
 * threads spend at least 1 % of their time) becomes a {@value #TYPE} marker on the source line of its {@code at=}
 * location, found among the files of the trace's project by {@link SourceFiles}; one recorded without a source line
 * goes on its line of the trace. The message says how much of their time the threads wait there and which thread
 * waits there longest, by its name when the trace gives one, e.g. "on 4 processors, threads wait here 38 % of their
 * time (lock m, held longest at Worker.java:52; ping (T2) waits longest); on the critical path".
 * Each prediction of a trace replaces the markers of the one before, and those of its {@link SelfCheckMarkers
 * self-check}.
 */
public final class WaitingPointMarkers {

	/** The marker type: a problem marker, so that the Problems view lists the bottlenecks. */
	public static final String TYPE = PerfcastIde.PLUGIN_ID + ".waitingPoint";
	/** Marker attribute: the workspace path of the trace the marker comes from. */
	public static final String TRACE = "trace";
	/** Marker attribute: the processors of the prediction (int). */
	public static final String PROCESSORS = "processors";
	/** Marker attribute: the share of the threads' time spent waiting there, in percent (int, rounded). */
	public static final String SHARE = "sharePercent";
	/**
	 * Marker attribute: what to make faster so that threads wait less there, as {@code WhatIf.location} reads it
	 * ("lock m" for a lock, "thread T3" for a join); absent for other waits.
	 */
	public static final String WHAT_IF = "whatIfLocation";
	/**
	 * Launch configuration attribute of a trace prediction: the processors to mark the bottlenecks for (int; none, or
	 * 0, for no markers).
	 */
	public static final String ATTR_PROCESSORS = PerfcastIde.PLUGIN_ID + ".markers.processors";
	/** The family of the jobs that compute markers, for joins. */
	public static final Object FAMILY = WaitingPointMarkers.class.getName();

	private WaitingPointMarkers() {
	}

	/**
	 * Updates the markers of the trace {@code job} simulates once it completes, if {@code configuration} asks for them.
	 */
	static void follow(SimulationJob job, ILaunchConfiguration configuration) throws CoreException {
		int processors = configuration.getAttribute(ATTR_PROCESSORS, 0);
		if (processors <= 0 || !TraceEngine.ID.equals(job.engine().id())) {
			return;
		}
		IFile trace = job.model();
		OptionValues options = job.request().options();
		job.addJobChangeListener(new JobChangeAdapter() {
			@Override
			public void done(IJobChangeEvent event) {
				int severity = event.getResult().getSeverity();
				if (severity == IStatus.CANCEL || severity == IStatus.ERROR) {
					return; // cancelled, or points failed (the job's error says why): the markers stay as they were
				}
				Job markers = new Job("Perfcast: the bottlenecks of " + trace.getFullPath() + " on " + processors
						+ " processors") {
					@Override
					protected IStatus run(IProgressMonitor monitor) {
						try {
							update(trace, processors, options, monitor);
							return Status.OK_STATUS;
						} catch (OperationCanceledException e) {
							return Status.CANCEL_STATUS;
						} catch (CoreException e) {
							return e.getStatus();
						}
					}

					@Override
					public boolean belongsTo(Object family) {
						return FAMILY.equals(family);
					}
				};
				// no rule while it simulates: replace(...) takes the project's for writing the markers alone
				markers.schedule();
			}
		});
	}

	/**
	 * Simulates {@code trace} on {@code processors} with the trace engine's {@code options} (model, bind, syncCost) and
	 * replaces its markers by those of the bottlenecks.
	 *
	 * @return the new markers
	 * @throws CoreException when the trace cannot be read or the options do not fit it
	 */
	public static List<IMarker> update(IFile trace, int processors, OptionValues options, IProgressMonitor monitor)
			throws CoreException {
		SubMonitor progress = SubMonitor.convert(monitor, "Simulating " + trace.getName() + " on " + processors
				+ " processors", 10);
		Recording recording;
		try {
			recording = TraceFiles.record(trace.getLocation().toPath(), trace.getFullPath().toString(),
					EngineMonitors.adapt(progress.split(4)));
		} catch (TraceException | IOException e) {
			throw new CoreException(Status.error("Cannot read " + trace.getFullPath() + ": " + e.getMessage(), e));
		}
		Simulation simulation;
		try {
			simulation = TraceSimulator.simulate(recording, TraceEngine.machine(options, processors),
					SimulationModel.named(options.text("model")), new TraceSimulator.Options(options.real("syncCost"),
							true), EngineMonitors.adapt(progress.split(5)));
		} catch (IllegalArgumentException e) {
			throw new CoreException(Status.error("Cannot simulate " + trace.getFullPath() + " on " + processors
					+ " processors: " + e.getMessage(), e));
		}
		try {
			SelfCheck check = SelfCheck.of(() -> TraceFiles.open(trace.getLocation().toPath(), trace.getFullPath()
					.toString()), new TraceSimulator.Options(options.real("syncCost"), false), EngineMonitors.adapt(
							progress.split(1)));
			SelfCheckMarkers.replace(trace, check, recording.unit());
		} catch (TraceException | IOException e) {
			throw new CoreException(Status.error("Cannot read " + trace.getFullPath() + ": " + e.getMessage(), e));
		}
		return replace(trace, processors, WaitingPoints.of(simulation));
	}

	/**
	 * Replaces the markers of {@code trace} by a marker per bottleneck of {@code points}, a simulation on
	 * {@code processors}.
	 *
	 * @return the new markers
	 */
	public static List<IMarker> replace(IFile trace, int processors, WaitingPoints points) throws CoreException {
		List<IMarker> created = new ArrayList<>();
		IWorkspaceRunnable replace = monitor -> {
			for (IMarker old : markers(trace)) {
				old.delete();
			}
			SourceFiles files = new SourceFiles(trace.getProject());
			for (WaitingPoints.WaitingPoint w : points.bottlenecks()) {
				IFile file = w.file() == null ? null : files.find(w.file(), trace);
				int line = w.sourceLine();
				String message = points.message(w, processors);
				if (file == null || !file.exists()) {
					if (w.line() <= 0) {
						continue;
					}
					file = trace;
					line = (int) Math.min(Integer.MAX_VALUE, w.line());
					message = w.at() == null ? message : "at " + w.at() + ": " + message;
				}
				IMarker marker = file.createMarker(TYPE);
				marker.setAttributes(new String[] { IMarker.MESSAGE, IMarker.SEVERITY, IMarker.LINE_NUMBER,
						IMarker.LOCATION, TRACE, PROCESSORS, SHARE }, new Object[] { message, IMarker.SEVERITY_WARNING,
								line, "line " + line, trace.getFullPath().toString(), processors,
								(int) Math.round(w.share() * 100) });
				String whatIf = whatIf(w);
				if (whatIf != null) {
					marker.setAttribute(WHAT_IF, whatIf);
				}
				created.add(marker);
			}
		};
		ResourcesPlugin.getWorkspace().run(replace, trace.getProject(), IResource.NONE, null);
		return created;
	}

	/** The location whose time makes threads wait at {@code w}: its lock's critical sections, its joined thread. */
	private static String whatIf(WaitingPoints.WaitingPoint w) {
		if (w.object().isEmpty()) {
			return null;
		}
		return switch (w.kind()) {
		case "lock" -> "lock " + w.object();
		case "join" -> "thread " + w.object();
		default -> null;
		};
	}

	/** The markers that the last prediction of {@code trace} made, anywhere in the workspace. */
	public static List<IMarker> markers(IFile trace) throws CoreException {
		String path = trace.getFullPath().toString();
		List<IMarker> mine = new ArrayList<>();
		for (IMarker marker : ResourcesPlugin.getWorkspace().getRoot().findMarkers(TYPE, false,
				IResource.DEPTH_INFINITE)) {
			if (path.equals(marker.getAttribute(TRACE, null))) {
				mine.add(marker);
			}
		}
		return mine;
	}
}
