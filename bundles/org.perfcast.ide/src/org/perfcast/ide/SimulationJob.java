package org.perfcast.ide;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.IWorkspaceRunnable;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.ISchedulingRule;
import org.eclipse.core.runtime.jobs.Job;
import org.perfcast.cluster.ClusterException;
import org.perfcast.cluster.ClusterSettings;
import org.perfcast.cluster.ClusterShell;
import org.perfcast.cluster.ClusterSweep;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.PointOutcome;
import org.perfcast.engine.run.PointStatus;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepRunner;
import org.perfcast.model.results.Run;
import org.perfcast.results.io.ResultsFiles;
import org.perfcast.results.io.RunRecorder;

/**
 * A run of a simulation engine on a model file of the workspace, as a user job: the points of its sweeps run
 * in parallel through a {@link SweepRunner} with the job's progress and cancel, and the run, cancelled or
 * not, is written as a new results file into the project's {@value #RESULTS_FOLDER}/ folder.
 * <p>
 * Rule: none while the engine runs, so builds, saves and other runs never wait for a simulation. Only the short
 * write of the results file takes one, in an {@link IWorkspaceRunnable}: the results folder (the project while that
 * folder does not exist, since creating it needs the project), so runs of one project write one after another.
 * Result: OK,
 * {@link Status#CANCEL_STATUS} for a cancelled run, or an error listing each failed point's diagnostics
 * with their model location ({@code file:line: error: element: message}).
 */
public final class SimulationJob extends Job {

	/** The family of every simulation job, for {@link #cancelAll()} and joins. */
	public static final Object FAMILY = SimulationJob.class.getName();

	/** The project folder that receives results files. */
	public static final String RESULTS_FOLDER = "results";

	private final Engine engine;
	private final IFile model;
	private final RunRequest request;
	private volatile IFile resultsFile;
	private volatile ClusterSettings cluster;

	/**
	 * A job running {@code engine} on {@code model}.
	 *
	 * @throws IllegalArgumentException if the sweeps make no valid grid (see {@link RunRequest})
	 */
	public SimulationJob(Engine engine, IFile model, ParameterBindings bindings, List<Sweep> sweeps,
			OptionValues options) {
		super("Perfcast: " + engine.name() + " on " + model.getFullPath());
		this.engine = engine;
		this.model = model;
		this.request = new RunRequest(model.getLocation().toPath(), model.getFullPath().toString(), bindings, sweeps,
				options);
		setUser(true);
		// no rule: the run only reads the model; write(...) takes the results folder's rule for the write alone
	}

	/** Cancels every simulation job, running or waiting. */
	public static void cancelAll() {
		Job.getJobManager().cancel(FAMILY);
	}

	/** The folder of {@code project} that receives results files. */
	public static IFolder resultsFolder(IProject project) {
		return project.getFolder(RESULTS_FOLDER);
	}

	/** The engine this job runs. */
	public Engine engine() {
		return engine;
	}

	/** The model file this job runs the engine on. */
	public IFile model() {
		return model;
	}

	/** What this job runs: the model, bindings, sweeps and options. */
	public RunRequest request() {
		return request;
	}

	/** Makes this job submit its points to the SLURM cluster of {@code settings} instead of running them here. */
	public void runOn(ClusterSettings settings) {
		this.cluster = settings;
	}

	/** The cluster this job submits to, if it does not run here. */
	public Optional<ClusterSettings> cluster() {
		return Optional.ofNullable(cluster);
	}

	/** The results file this job wrote, once it has. */
	public IFile resultsFile() {
		return resultsFile;
	}

	@Override
	public boolean belongsTo(Object family) {
		return FAMILY.equals(family);
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		SubMonitor progress = SubMonitor.convert(monitor, 100);
		if (cluster != null) {
			return runOnCluster(cluster, progress);
		}
		RunOutcome outcome;
		try {
			outcome = new SweepRunner().run(engine, request, EngineMonitors.adapt(progress.split(95)));
		} catch (OperationCanceledException e) {
			return Status.CANCEL_STATUS;
		}
		try {
			resultsFile = write(RunRecorder.record(outcome), progress.newChild(5));
		} catch (CoreException | IOException e) {
			return PerfcastIde.error("cannot write the results of " + getName() + ": " + e.getMessage(), e);
		}
		return switch (outcome.status()) {
		case COMPLETED -> Status.OK_STATUS;
		case CANCELLED -> Status.CANCEL_STATUS;
		case FAILED -> failures(outcome);
		};
	}

	/**
	 * Writes {@code run} as a new results file, holding the results folder's rule (the project's while the folder
	 * is created) for the write alone; the bytes are made before the rule is taken.
	 */
	private IFile write(Run run, IProgressMonitor monitor) throws CoreException, IOException {
		byte[] bytes = ResultsFiles.toBytes(run);
		String name = ResultsFiles.fileName(run);
		IFolder folder = resultsFolder(model.getProject());
		IFile[] written = new IFile[1];
		IWorkspaceRunnable write = m -> {
			SubMonitor progress = SubMonitor.convert(m, "Writing the results", 2);
			if (!folder.exists()) {
				folder.create(IResource.FORCE, true, progress.newChild(1));
			}
			IFile file = folder.getFile(name);
			for (int attempt = 2; file.exists(); attempt++) {
				file = folder.getFile(name.replace("." + ResultsFiles.EXTENSION, "-" + attempt + "." + ResultsFiles.EXTENSION));
			}
			file.create(new ByteArrayInputStream(bytes), IResource.NONE, progress.newChild(1));
			written[0] = file;
		};
		// written even when the run was cancelled (a cancelled run is recorded too), so not under the job's monitor
		ResourcesPlugin.getWorkspace().run(write, writeRule(model.getProject()), IWorkspace.AVOID_UPDATE, null);
		SubMonitor.done(monitor);
		return written[0];
	}

	/**
	 * Runs the points as a SLURM job array ({@link ClusterSweep}): the results file appears in the results folder
	 * at once and grows as the tasks' points arrive (the folder is refreshed after each arrival, so the Results view
	 * shows the run pending, running and completed); a cancel of the job cancels the SLURM job.
	 */
	private IStatus runOnCluster(ClusterSettings settings, SubMonitor progress) {
		IFolder folder = resultsFolder(model.getProject());
		progress.setTaskName(getName() + " on SLURM");
		ClusterSweep.Listener listener = new ClusterSweep.Listener() {
			private int done;
			private String state = "";

			@Override
			public void submitted(String jobId, int tasks, java.nio.file.Path results) {
				resultsFile = folder.getFile(results.getFileName().toString());
				progress.subTask("SLURM job " + jobId + ": " + tasks + " tasks submitted");
				refresh(folder);
			}

			@Override
			public void progress(int pending, int running, int merged, int points) {
				progress.subTask(pending + " pending, " + running + " running, " + merged + " of " + points
						+ " points merged");
				int now = points == 0 ? 0 : (int) (100L * merged / points);
				progress.setWorkRemaining(100 - done).worked(now - done);
				done = now;
				String newState = pending + "/" + running;
				if (!newState.equals(state)) {
					state = newState;
					refresh(folder);
				}
			}

			@Override
			public void arrived(List<org.perfcast.model.results.RunPoint> points) {
				refresh(folder);
			}

			@Override
			public void warning(String message) {
				PerfcastIde.log(Status.warning(message));
			}
		};
		ClusterSweep.Outcome outcome;
		try {
			outcome = new ClusterSweep(settings, new ClusterShell(settings, Map.of()), POLL_MILLIS).run(engine, request,
					folder.getLocation().toPath(), EngineMonitors.adapt(progress), listener);
		} catch (ClusterException e) {
			refresh(folder);
			return Status.error("SLURM: " + e.getMessage());
		}
		resultsFile = folder.getFile(outcome.results().getFileName().toString());
		refresh(folder);
		return switch (outcome.run().getStatus()) {
		case COMPLETED -> Status.OK_STATUS;
		case CANCELLED -> Status.CANCEL_STATUS;
		case FAILED -> Status.error(outcome.run().getPoints().stream()
				.filter(p -> p.getStatus() == org.perfcast.model.results.RunStatus.FAILED).count() + " of "
				+ outcome.run().getPointCount() + " points of " + engine.name() + " on " + model.getFullPath()
				+ " failed on SLURM (job " + outcome.jobId() + "); results in " + resultsFile.getFullPath()
				+ "; the points' messages say why, and this runs them again: " + org.perfcast.engine.ShellWords.join(
						java.util.stream.Stream.concat(java.util.stream.Stream.of("perfcast", "run", "--resubmit",
								outcome.results().toString(), "--slurm"), settings.options().stream()).toList()));
		};
	}

	/** How often a cluster run polls its job, in milliseconds. */
	static final long POLL_MILLIS = 1000;

	/** Makes the workspace see the results folder's files as the cluster run writes them. */
	private static void refresh(IFolder folder) {
		try {
			folder.getParent().refreshLocal(IResource.DEPTH_ONE, null);
			folder.refreshLocal(IResource.DEPTH_ONE, null);
		} catch (CoreException e) {
			PerfcastIde.log(e.getStatus());
		}
	}

	private IStatus failures(RunOutcome outcome) {
		List<PointOutcome> failed = outcome.points().stream().filter(p -> p.status() instanceof PointStatus.Failed).toList();
		MultiStatus status = new MultiStatus(PerfcastIde.PLUGIN_ID, IStatus.ERROR, failed.size() + " of "
				+ outcome.points().size() + " points of " + engine.name() + " on " + model.getFullPath() + " failed"
				+ (resultsFile == null ? "" : "; results in " + resultsFile.getFullPath()), null);
		for (PointOutcome point : failed) {
			((PointStatus.Failed) point.status()).diagnostics().forEach(d -> status.add(Status.error(
					(point.bindings().names().isEmpty() ? "" : point.bindings() + ": ") + d)));
		}
		return status;
	}

	/** The rule of a results file's write: its folder, or the project that creates it. */
	static ISchedulingRule writeRule(IProject project) {
		IFolder folder = resultsFolder(project);
		return folder.exists() ? folder : project;
	}
}
