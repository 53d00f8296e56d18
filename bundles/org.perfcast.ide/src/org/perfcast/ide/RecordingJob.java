package org.perfcast.ide;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.perfcast.engine.NativeTools;
import org.perfcast.record.PthreadRecorder;

/**
 * A recording of a native program, as a user job: the build command (if any) and then the program run on one
 * processor with the pthreads recorder, each as a process of the launch (its output in the Console), with the time
 * it has run and the size of its trace as progress. How an OpenMP program is recorded (the OpenMP runtime it runs on,
 * the team chosen when OMP_NUM_THREADS is not set) heads its output in the Console and goes to the Error Log; what
 * became of the processes it started goes to the Error Log. Cancelling the job (or terminating the launch) ends the
 * program and its child processes and offers no prediction. When the program has ended by itself the trace is
 * refreshed into the project and {@link RecordingFinished} offers the prediction; a program killed by a signal leaves
 * its trace cut short, without a prediction.
 */
public final class RecordingJob extends Job {

	/** The family of every recording job, for cancels and joins. */
	public static final Object FAMILY = RecordingJob.class.getName();

	private final RecordedProgramLaunch settings;
	private final String name;
	private final ILaunch launch;
	private final Map<String, String> environment;
	private volatile Process running;

	/**
	 * A job recording {@code settings} for {@code launch}.
	 *
	 * @param environment the program's environment, or null for the IDE's
	 */
	RecordingJob(RecordedProgramLaunch settings, String name, ILaunch launch, Map<String, String> environment) {
		super("Recording " + name);
		this.settings = settings;
		this.name = name;
		this.launch = launch;
		this.environment = environment;
		setUser(true);
	}

	@Override
	public boolean belongsTo(Object family) {
		return FAMILY.equals(family);
	}

	@Override
	protected void canceling() {
		Process process = running;
		if (process != null) {
			end(process);
		}
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		SubMonitor progress = SubMonitor.convert(monitor, getName(), 100);
		try {
			progress.subTask("Building Perfcast's pthreads recorder");
			Path cache = NativeTools.cache();
			PthreadRecorder.library(cache);
			progress.worked(5);
			Path directory = settings.workingDirectoryPath();
			String build = settings.build();
			if (!build.isEmpty()) {
				progress.subTask("Building: " + build);
				ProcessBuilder builder = new ProcessBuilder(List.of("/bin/sh", "-c", build)).directory(directory.toFile());
				if (environment != null) {
					builder.environment().clear();
					builder.environment().putAll(environment);
				}
				int status = watch(start(builder, build), build, build, null, progress.split(15));
				if (progress.isCanceled()) {
					return Status.CANCEL_STATUS;
				}
				refresh(directory, progress.split(5));
				if (status != 0) {
					return Status.error("The build command '" + build + "' of " + name + " failed with exit code "
							+ status + " (its output is in the Console)");
				}
			}
			progress.setWorkRemaining(75);
			if (!build.isEmpty() && !Files.exists(settings.programPath())) {
				return Status.error("The build command '" + build + "' did not make the program "
						+ settings.programPath());
			}
			List<String> command = settings.command();
			IFile trace = settings.trace();
			Path out = trace.getLocation().toPath();
			List<String> notes = new ArrayList<>();
			ProcessBuilder builder = PthreadRecorder.builder(command, environment, out, cache, notes::add)
					.directory(directory.toFile());
			notes.forEach(note -> PerfcastIde.log(Status.info("Recording " + name + ": " + note)));
			Process program = start(builder, command.get(0));
			int status = watch(notes.isEmpty() ? program : new Prefaced(program, notes), Path.of(command.get(0))
					.getFileName().toString(), org.perfcast.engine.ShellWords.join(builder.command()), out, progress.split(60));
			if (progress.isCanceled()) {
				trace.getParent().refreshLocal(IResource.DEPTH_ONE, null);
				return Status.CANCEL_STATUS;
			}
			progress.subTask("Finding the source lines of " + trace.getName());
			PthreadRecorder.finish(out, note -> PerfcastIde.log(Status.info("Recording " + name + ": " + note)));
			progress.worked(5);
			trace.getParent().refreshLocal(IResource.DEPTH_ONE, progress.split(2));
			if (!trace.exists()) {
				return Status.error(name + " wrote no trace (exit code " + status + "): the program must be "
						+ "dynamically linked and end normally, and a trace needs threads made with pthreads");
			}
			if (status > 128) {
				return Status.warning(name + " was killed by signal " + (status - 128) + ": its trace "
						+ trace.getFullPath() + " is cut short; run it to its end for a prediction");
			}
			return RecordingFinished.finished(trace, name, settings.processors(), progress.split(8));
		} catch (OperationCanceledException e) {
			return Status.CANCEL_STATUS;
		} catch (CoreException e) {
			return e.getStatus();
		} catch (PthreadRecorder.RecorderException e) {
			return Status.error("Cannot record " + name + ": " + e.getMessage());
		} catch (IOException e) {
			return Status.error("Cannot record " + name + ": " + e.getMessage(), e);
		} finally {
			running = null;
			if (launch instanceof RecordedProgramLaunchDelegate.RecordingLaunch recording) {
				recording.jobDone();
			}
		}
	}

	private Process start(ProcessBuilder builder, String what) throws CoreException {
		try {
			Process process = builder.start();
			running = process;
			return process;
		} catch (IOException e) {
			throw new CoreException(Status.error("Cannot start " + what + ": " + e.getMessage(), e));
		}
	}

	/**
	 * Shows {@code process} in the launch and waits for it to end, or ends it when the job is cancelled.
	 *
	 * @return its exit code
	 */
	private int watch(Process process, String label, String commandLine, Path trace, IProgressMonitor monitor) {
		Map<String, String> attributes = new HashMap<>();
		attributes.put(IProcess.ATTR_CMDLINE, commandLine);
		DebugPlugin.newProcess(launch, process, label, attributes);
		SubMonitor progress = SubMonitor.convert(monitor, 1000);
		long start = System.nanoTime();
		try {
			while (!process.waitFor(200, TimeUnit.MILLISECONDS)) {
				if (progress.isCanceled()) {
					end(process);
				}
				long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
				progress.subTask(label + ": running for " + seconds + " s" + (trace == null ? ""
						: ", trace " + size(trace)));
				progress.setWorkRemaining(1000).worked(1);
			}
		} catch (InterruptedException e) {
			end(process);
			Thread.currentThread().interrupt();
		}
		try {
			return process.waitFor();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			return -1;
		}
	}

	/**
	 * A process whose output starts with Perfcast's notes on how it is recorded (an OpenMP program's runtime and team),
	 * one "Perfcast: NOTE" line each, so that the Console shows them above the program's own output.
	 */
	static final class Prefaced extends Process {
		private final Process process;
		private final InputStream output;

		Prefaced(Process process, List<String> notes) {
			this.process = process;
			StringBuilder text = new StringBuilder();
			notes.forEach(note -> text.append("Perfcast: ").append(note).append(System.lineSeparator()));
			this.output = new SequenceInputStream(new ByteArrayInputStream(text.toString().getBytes(Charset
					.defaultCharset())), process.getInputStream());
		}

		@Override
		public OutputStream getOutputStream() {
			return process.getOutputStream();
		}

		@Override
		public InputStream getInputStream() {
			return output;
		}

		@Override
		public InputStream getErrorStream() {
			return process.getErrorStream();
		}

		@Override
		public int waitFor() throws InterruptedException {
			return process.waitFor();
		}

		@Override
		public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
			return process.waitFor(timeout, unit);
		}

		@Override
		public int exitValue() {
			return process.exitValue();
		}

		@Override
		public void destroy() {
			process.destroy();
		}

		@Override
		public Process destroyForcibly() {
			process.destroyForcibly();
			return this;
		}

		@Override
		public boolean supportsNormalTermination() {
			return process.supportsNormalTermination();
		}

		@Override
		public boolean isAlive() {
			return process.isAlive();
		}

		@Override
		public long pid() {
			return process.pid();
		}

		@Override
		public CompletableFuture<Process> onExit() {
			return process.onExit().thenApply(p -> this);
		}

		@Override
		public ProcessHandle toHandle() {
			return process.toHandle();
		}

		@Override
		public ProcessHandle.Info info() {
			return process.info();
		}

		@Override
		public Stream<ProcessHandle> children() {
			return process.children();
		}

		@Override
		public Stream<ProcessHandle> descendants() {
			return process.descendants();
		}
	}

	/** Ends {@code process} and every process it started. */
	static void end(Process process) {
		process.descendants().forEach(ProcessHandle::destroyForcibly);
		process.destroyForcibly();
	}

	private static String size(Path file) {
		try {
			long bytes = Files.isRegularFile(file) ? Files.size(file) : 0;
			return bytes < 10_000 ? bytes + " bytes" : bytes < 10_000_000 ? bytes / 1000 + " kB" : bytes / 1_000_000 + " MB";
		} catch (IOException e) {
			return "?";
		}
	}

	private static void refresh(Path directory, IProgressMonitor monitor) throws CoreException {
		for (IContainer container : ResourcesPlugin.getWorkspace().getRoot()
				.findContainersForLocationURI(IPath.fromPath(directory).toFile().toURI())) {
			container.refreshLocal(IResource.DEPTH_INFINITE, monitor);
		}
	}
}
