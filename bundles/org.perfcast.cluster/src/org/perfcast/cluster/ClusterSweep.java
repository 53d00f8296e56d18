package org.perfcast.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.ShellWords;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.RunStatus;
import org.perfcast.engine.run.Sweep;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Message;
import org.perfcast.model.results.ResultsFactory;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.Severity;
import org.perfcast.results.io.ResultsFiles;
import org.perfcast.results.io.RunRecorder;

/**
 * A sweep run as one SLURM job array. The points to run are split into tasks of
 * {@link ClusterSettings#pointsPerTask(int)} consecutive points; array task t runs its points with
 * {@code perfcast run ... --points SPEC --task-results FILE} of the installed distribution and writes them as
 * one results file. The submitter polls the job ({@code squeue}) and the tasks' results folder every
 * {@code pollMillis}, merges each task's points into the run's results file as they arrive (saved whole, by
 * atomic replacement, at most about once a second; a point not saved yet is still in its task's file) and keeps
 * a job file beside it,
 * {@code NAME.results.slurm}, saying which job is pending or running, for the Results view; it is removed
 * when the run ends.
 * <p>
 * A task that leaves the queue without results (a crash, the time limit, a cancel by someone else) makes its
 * points failed, each with the task's state and the end of its log; {@link #resubmit} runs the failed,
 * cancelled and missing points of a results file again and merges them into the same file. A cancel of the
 * monitor cancels the job ({@code scancel}) and saves the run, as cancelled, with the points merged so far.
 * <p>
 * The job's files go under {@code RESULTS/.slurm/NAME/} (or the remote folder with ssh): {@code job.sh},
 * {@code tasks.txt} (task t's points on line t + 1), {@code logs/task-T.log}, {@code points/task-T.results},
 * and with ssh {@code input/}, a copy of the model and the files it refers to ({@link RunInputs}).
 */
public final class ClusterSweep {

	/** What a run reports as it goes, on the submitting thread. */
	public interface Listener {
		/** The job was accepted. */
		default void submitted(String jobId, int tasks, Path results) {
		}

		/** Task states: how many wait and run, and how many of the run's points are in the results file. */
		default void progress(int pending, int running, int merged, int points) {
		}

		/** Points arrived and were merged (failed points of a failed task too). */
		default void arrived(List<RunPoint> points) {
		}

		/** A note that does not stop the run, e.g. a squeue that failed once. */
		default void warning(String message) {
		}
	}

	/** How a run ended and where its results are. */
	public record Outcome(Path results, Run run, String jobId) {
	}

	/** The suffix of the job file beside a results file. */
	public static final String JOB_FILE_SUFFIX = ".slurm";

	private static final ResultsFactory FACTORY = ResultsFactory.eINSTANCE;
	/** Polls without a trace of a task, after it left the queue, before it counts as ended without results. */
	private static final int MISSES = 3;

	private final ClusterSettings settings;
	private final ClusterShell shell;
	private final long pollMillis;

	public ClusterSweep(ClusterSettings settings, ClusterShell shell, long pollMillis) {
		this.settings = settings;
		this.shell = shell;
		this.pollMillis = pollMillis;
	}

	/** Runs every point of {@code request} on the cluster and writes a new results file in {@code resultsDir}. */
	public Outcome run(Engine engine, RunRequest request, Path resultsDir, EngineMonitor monitor, Listener listener)
			throws ClusterException {
		Instant start = Instant.now();
		Run run = RunRecorder.record(new RunOutcome(engine.id(), engine.name(), engine.version(), request, start,
				Duration.ZERO, RunStatus.CANCELLED, List.of()));
		Path file;
		try {
			file = ResultsFiles.save(run, resultsDir);
		} catch (IOException e) {
			throw new ClusterException("cannot write the results in " + resultsDir + ": " + e.getMessage());
		}
		return execute(engine, request, file, run, IntStream.range(0, request.grid().size()).boxed().toList(), 0,
				monitor, listener);
	}

	/**
	 * Runs the points of the results file {@code file} that failed, were cancelled or are missing, on the
	 * cluster, with {@code engine} and the run's own inputs; merges them into {@code file}.
	 */
	public Outcome resubmit(Engine engine, Path file, RunRequest request, EngineMonitor monitor, Listener listener)
			throws ClusterException {
		Run run;
		try {
			run = ResultsFiles.load(file);
		} catch (IOException e) {
			throw new ClusterException(e.getMessage());
		}
		Set<Integer> done = run.getPoints().stream()
				.filter(p -> p.getStatus() == org.perfcast.model.results.RunStatus.COMPLETED).map(RunPoint::getIndex)
				.collect(Collectors.toSet());
		run.getPoints().removeIf(p -> !done.contains(p.getIndex()));
		List<Integer> indices = IntStream.range(0, request.grid().size()).filter(i -> !done.contains(i)).boxed().toList();
		if (indices.isEmpty()) {
			throw new ClusterException(file + ": every point completed; nothing to resubmit");
		}
		return execute(engine, request, file, run, indices, run.getWallTime(), monitor, listener);
	}

	/** The job file of a results file. */
	public static Path jobFile(Path results) {
		return results.resolveSibling(results.getFileName() + JOB_FILE_SUFFIX);
	}

	private Outcome execute(Engine engine, RunRequest request, Path file, Run run, List<Integer> indices,
			double earlierWall, EngineMonitor monitor, Listener listener) throws ClusterException {
		long startNanos = System.nanoTime();
		String stem = file.getFileName().toString().replaceFirst("\\.results$", "")
				+ (earlierWall > 0 ? "-" + System.currentTimeMillis() : "");
		String jobDir = settings.viaSsh() ? settings.remoteDir().replaceAll("/+$", "") + "/" + stem
				: file.toAbsolutePath().getParent().resolve(".slurm").resolve(stem).toString();
		int perTask = settings.pointsPerTask(indices.size());
		List<List<Integer>> tasks = new ArrayList<>();
		for (int i = 0; i < indices.size(); i += perTask) {
			tasks.add(indices.subList(i, Math.min(indices.size(), i + perTask)));
		}
		SlurmJob job;
		RunInputs inputs = null;
		try {
			if (settings.viaSsh()) {
				inputs = RunInputs.of(engine, request);
			}
			prepare(request, inputs, jobDir, tasks, run.getEngineId());
			job = SlurmJob.submit(shell, settings, jobDir + "/job.sh", tasks.size(), "perfcast-" + run.getEngineId(),
					jobDir + "/logs");
		} catch (ClusterException e) {
			if (earlierWall == 0) {
				deleteQuietly(file); // nothing ran: a new run leaves no results file
			}
			throw e;
		}
		listener.submitted(job.id(), tasks.size(), file);
		Watch watch = new Watch(request, file, run, tasks, job, jobDir, listener);
		boolean cancelled = watch.follow(monitor);
		run.setStatus(cancelled ? org.perfcast.model.results.RunStatus.CANCELLED
				: watch.allCompleted() ? org.perfcast.model.results.RunStatus.COMPLETED
						: org.perfcast.model.results.RunStatus.FAILED);
		run.setWallTime(earlierWall + (System.nanoTime() - startNanos) / 1e9);
		watch.save();
		deleteQuietly(jobFile(file));
		if (inputs != null && !inputs.complete() && !cancelled && !watch.allCompleted()) {
			listener.warning("only the model " + request.model().getFileName() + " was copied to " + shell.where()
					+ ": " + engine.name() + " does not say which other files a run reads, so a point that failed"
					+ " for a missing file needs it there (put it beside " + jobDir + "/input/"
					+ request.model().getFileName() + ")");
		}
		return new Outcome(file, run, job.id());
	}

	/** Writes the job's files on the cluster; with ssh, copies {@code inputs} there. */
	private void prepare(RunRequest request, @Nullable RunInputs inputs, String jobDir, List<List<Integer>> tasks,
			String engineId) throws ClusterException {
		shell.makeDirectories(jobDir + "/logs");
		shell.makeDirectories(jobDir + "/points");
		String model = request.model().toAbsolutePath().toString();
		if (inputs != null) {
			shell.upload(inputs.folder(), inputs.files(), jobDir + "/input");
			model = jobDir + "/input/" + request.model().getFileName();
		}
		shell.write(jobDir + "/tasks.txt", tasks.stream().map(ClusterSweep::spec).collect(Collectors.joining("\n", "", "\n")));
		List<String> command = new ArrayList<>(List.of(settings.perfcastCommand(), "run", engineId, model, "--display",
				request.displayName()));
		request.bindings().asMap().forEach((name, value) -> command.addAll(List.of("--set", name + "=" + value)));
		request.grid().sweeps().stream().map(Sweep::text).forEach(s -> command.addAll(List.of("--sweep", s)));
		request.options().texts().forEach((name, value) -> command.addAll(List.of("--option", name + "=" + value)));
		command.addAll(List.of("--threads", "1", "--points"));
		String script = "#!/bin/sh\n"
				+ "# A Perfcast sweep on SLURM: array task T runs the points on line T + 1 of tasks.txt.\n"
				+ "# The arguments are UTF-8 (units such as µs): the JVM reads them in the locale's encoding.\n"
				+ "export LC_ALL=C.UTF-8\n"
				+ "points=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" " + ShellWords.quote(jobDir + "/tasks.txt") + ")\n"
				+ "exec " + ShellWords.join(command) + " \"$points\" --task-results "
				+ ShellWords.quote(jobDir + "/points/task-") + "\"$SLURM_ARRAY_TASK_ID\".results\n";
		shell.write(jobDir + "/job.sh", script);
		shell.makeExecutable(jobDir + "/job.sh");
	}

	/** Points as ranges, e.g. {@code 0..4,7,9..10}. */
	static String spec(List<Integer> points) {
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < points.size();) {
			int j = i;
			while (j + 1 < points.size() && points.get(j + 1) == points.get(j) + 1) {
				j++;
			}
			text.append(text.isEmpty() ? "" : ",").append(points.get(i));
			if (j > i) {
				text.append("..").append(points.get(j));
			}
			i = j + 1;
		}
		return text.toString();
	}

	/**
	 * Parses {@link #spec} text into point indices.
	 *
	 * @throws IllegalArgumentException if it is malformed
	 */
	public static List<Integer> parseSpec(String text) {
		List<Integer> points = new ArrayList<>();
		for (String part : text.strip().split(",")) {
			String[] ends = part.strip().split("\\.\\.", -1);
			try {
				int from = Integer.parseInt(ends[0].strip());
				int to = ends.length == 2 ? Integer.parseInt(ends[1].strip()) : from;
				if (ends.length > 2 || to < from || from < 0) {
					throw new NumberFormatException();
				}
				IntStream.rangeClosed(from, to).forEach(points::add);
			} catch (NumberFormatException e) {
				throw new IllegalArgumentException("'" + part + "' is not a point index or a range A..B of them");
			}
		}
		return points;
	}

	private static void deleteQuietly(Path file) {
		try {
			Files.deleteIfExists(file);
		} catch (IOException e) {
			// a stale job file only makes the Results view show the run as pending
		}
	}

	/** The submitter's side of one job: what arrived, what ended, what is saved. */
	private final class Watch {
		private final RunRequest request;
		private final Path file;
		private final Run run;
		private final List<List<Integer>> tasks;
		private final SlurmJob job;
		private final String jobDir;
		private final Listener listener;
		private final Set<Integer> ended = new HashSet<>();
		private final Set<String> fetched = new HashSet<>();
		private final Map<Integer, Integer> misses = new HashMap<>();
		private final Map<Integer, RunPoint> merged = new TreeMap<>();
		private final Path mirror;
		private int pending;
		private int running;
		/** Whether a task has run: the job is running from then on, even while its next tasks wait. */
		private boolean started;
		private long lastSave = System.nanoTime() - 1_000_000_000_000L;
		private long saveNanos;

		Watch(RunRequest request, Path file, Run run, List<List<Integer>> tasks, SlurmJob job, String jobDir,
				Listener listener) {
			this.request = request;
			this.file = file;
			this.run = run;
			this.tasks = tasks;
			this.job = job;
			this.jobDir = jobDir;
			this.listener = listener;
			this.mirror = file.toAbsolutePath().getParent().resolve(".slurm")
					.resolve(Path.of(jobDir).getFileName().toString()).resolve("points");
			run.getPoints().forEach(p -> merged.put(p.getIndex(), p));
			this.pending = tasks.size();
		}

		/** Follows the job until every task ended or the monitor is cancelled; returns whether it was. */
		boolean follow(EngineMonitor monitor) throws ClusterException {
			writeJobFile();
			long lastWarning = 0;
			while (true) {
				if (monitor.isCancelled()) {
					try {
						job.cancel();
						collect();
					} catch (ClusterException e) {
						listener.warning(e.getMessage());
					}
					return true;
				}
				Map<Integer, SlurmJob.TaskState> active;
				try {
					collect();
					active = job.active();
				} catch (ClusterException e) {
					if (System.nanoTime() - lastWarning > 30_000_000_000L) {
						listener.warning(e.getMessage() + "; still waiting for job " + job.id() + " (Ctrl-C cancels)");
						lastWarning = System.nanoTime();
					}
					active = null;
				}
				if (active != null) {
					try {
						endedWithoutResults(active);
					} catch (ClusterException e) {
						listener.warning(e.getMessage());
					}
					pending = (int) active.values().stream().filter(s -> s.state().equals("PENDING")).count();
					running = active.size() - pending;
				}
				listener.progress(pending, running, merged.size(), request.grid().size());
				writeJobFile();
				if (ended.size() == tasks.size()) {
					return false;
				}
				sleep(monitor);
			}
		}

		/**
		 * Whether every point of the sweep is merged and completed. Asks the merged points, not the run's: a save may still be
		 * due (saves are at most one a second), so the run's points can lag behind the last failures.
		 */
		boolean allCompleted() {
			return merged.size() == request.grid().size() && merged.values().stream().allMatch(p -> p.getStatus() == org.perfcast.model.results.RunStatus.COMPLETED);
		}

		/** Merges the task results that appeared since the last call. */
		void collect() throws ClusterException {
			List<String> names = shell.list(jobDir + "/points", ".results").stream().filter(n -> !fetched.contains(n))
					.sorted().toList();
			if (names.isEmpty()) {
				return;
			}
			List<Path> files = shell.fetch(jobDir + "/points", names, mirror);
			List<RunPoint> arrived = new ArrayList<>();
			for (int i = 0; i < names.size(); i++) {
				fetched.add(names.get(i));
				Run part;
				try {
					part = ResultsFiles.load(files.get(i));
				} catch (IOException e) {
					// its task then counts as ended without results, its log saying why
					listener.warning("task results " + names.get(i) + " cannot be read: " + e.getMessage());
					continue;
				}
				String task = names.get(i).replaceAll("\\D", "");
				if (!task.isEmpty()) {
					ended.add(Integer.parseInt(task));
				}
				for (RunPoint point : List.copyOf(part.getPoints())) {
					merged.put(point.getIndex(), point);
					arrived.add(point);
				}
			}
			if (!arrived.isEmpty()) {
				started = true;
				saveSoon();
				listener.arrived(arrived);
			}
		}

		/** Tasks gone from the queue for {@value #MISSES} polls with no results: their points failed. */
		private void endedWithoutResults(Map<Integer, SlurmJob.TaskState> active) throws ClusterException {
			Map<Integer, SlurmJob.TaskState> states = null;
			List<RunPoint> failed = new ArrayList<>();
			for (int t = 0; t < tasks.size(); t++) {
				if (ended.contains(t) || active.containsKey(t)) {
					misses.remove(t);
					continue;
				}
				if (misses.merge(t, 1, Integer::sum) < MISSES) {
					continue;
				}
				if (states == null) {
					states = job.states();
				}
				SlurmJob.TaskState state = states.getOrDefault(t, new SlurmJob.TaskState("UNKNOWN", "", ""));
				String log = jobDir + "/logs/task-" + t + ".log";
				String text = "SLURM task " + t + " of job " + job.id() + " ended " + state.describe()
						+ " without results; its log " + log + " ends:\n" + shell.tail(log, 15).strip();
				for (int index : tasks.get(t)) {
					if (!merged.containsKey(index)) {
						RunPoint point = failedPoint(index, request.points().get(index), text);
						merged.put(index, point);
						failed.add(point);
					}
				}
				ended.add(t);
			}
			if (!failed.isEmpty()) {
				saveSoon();
				listener.arrived(failed);
			}
		}

		private RunPoint failedPoint(int index, ParameterBindings bindings, String text) {
			RunPoint point = FACTORY.createRunPoint();
			point.setIndex(index);
			bindings.asMap().forEach((name, value) -> {
				Binding binding = FACTORY.createBinding();
				binding.setName(name);
				binding.setValue(value);
				point.getBindings().add(binding);
			});
			point.setStatus(org.perfcast.model.results.RunStatus.FAILED);
			Message message = FACTORY.createMessage();
			message.setSeverity(Severity.ERROR);
			message.setCode("slurm.taskFailed");
			message.setText(text);
			message.setLocation(RunRecorder.location(org.perfcast.engine.Location.of(request.displayName())));
			point.getMessages().add(message);
			return point;
		}

		/**
		 * Saves the run unless the last save was recent: at most one save per second or per four times the last
		 * save's duration, so that a large run spends at most a fifth of its time saving. Points not saved yet
		 * are still in the tasks' results files.
		 */
		private void saveSoon() throws ClusterException {
			long now = System.nanoTime();
			if (now - lastSave >= Math.max(1_000_000_000L, 4 * saveNanos)) {
				save();
			}
		}

		/** Saves the run with every point merged so far, replacing the file atomically. */
		void save() throws ClusterException {
			long start = System.nanoTime();
			run.getPoints().clear();
			merged.values().forEach(p -> run.getPoints().add(EcoreUtil.copy(p)));
			Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
			try {
				Files.write(temporary, ResultsFiles.toBytes(run));
				ClusterShell.replace(temporary, file);
			} catch (IOException e) {
				throw new ClusterException("cannot save the results in " + file + ": " + e.getMessage());
			}
			lastSave = System.nanoTime();
			saveNanos = lastSave - start;
		}

		private void writeJobFile() {
			started |= running > 0;
			String state = started ? "RUNNING" : "PENDING";
			String text = "job=" + job.id() + "\nstate=" + state + "\npending=" + pending + "\nrunning=" + running
					+ "\nmerged=" + merged.size() + "\npoints=" + request.grid().size() + "\nwhere=" + shell.where()
					+ "\njobDir=" + jobDir + "\n";
			try {
				Path temporary = file.resolveSibling(file.getFileName() + JOB_FILE_SUFFIX + ".tmp");
				Files.writeString(temporary, text, StandardCharsets.UTF_8);
				ClusterShell.replace(temporary, jobFile(file));
			} catch (IOException e) {
				listener.warning("cannot write " + jobFile(file) + ": " + e.getMessage());
			}
		}

		private void sleep(EngineMonitor monitor) {
			long until = System.nanoTime() + pollMillis * 1_000_000;
			while (System.nanoTime() < until && !monitor.isCancelled()) {
				try {
					Thread.sleep(Math.min(50, pollMillis));
				} catch (InterruptedException e) {
					Thread.currentThread().interrupt();
					return;
				}
			}
		}
	}
}
