package org.perfcast.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;

/**
 * One SLURM job array: submitted with {@code sbatch}, its tasks' states read with {@code squeue} while they
 * wait or run and with {@code scontrol} (or {@code sacct}, where accounting is kept) once they ended, cancelled
 * with {@code scancel}. SLURM's errors become {@link ClusterException}s saying what to do.
 */
public final class SlurmJob {

	/** A task's state as SLURM names it ({@code PENDING}, {@code RUNNING}, {@code COMPLETED}, {@code TIMEOUT}, ...). */
	public record TaskState(String state, String exitCode, String reason) {
		/** Whether the task waits or runs. */
		public boolean active() {
			return switch (state) {
			case "PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "REQUEUED", "RESIZING", "SIGNALING",
					"STAGE_OUT" -> true;
			default -> false;
			};
		}

		/** The state in words, e.g. {@code TIMEOUT (killed at its time limit)}. */
		public String describe() {
			String words = switch (state) {
			case "TIMEOUT" -> " (killed at its time limit; give more with --time)";
			case "CANCELLED" -> " (cancelled)";
			case "OUT_OF_MEMORY" -> " (out of memory)";
			case "NODE_FAIL" -> " (its node failed)";
			case "PREEMPTED" -> " (preempted)";
			case "BOOT_FAIL" -> " (its node did not boot)";
			case "DEADLINE" -> " (past its deadline)";
			case "UNKNOWN" -> " (SLURM no longer lists it; without a log it was cancelled before it started)";
			default -> "";
			};
			return state + words + (exitCode.isEmpty() || exitCode.equals("0:0") ? "" : ", exit code " + exitCode);
		}
	}

	private static final Pattern JOB_ID = Pattern.compile("(\\d+)(;.*)?");
	private static final Pattern FIELD = Pattern.compile("(\\w+)=(\\S*)");

	private final ClusterShell shell;
	private final String id;

	private SlurmJob(ClusterShell shell, String id) {
		this.shell = shell;
		this.id = id;
	}

	/** The job {@code id} submitted earlier. */
	public static SlurmJob of(ClusterShell shell, String id) {
		return new SlurmJob(shell, id);
	}

	/**
	 * Submits {@code script} as an array of {@code tasks} tasks named {@code name} (characters other than letters,
	 * digits, {@code .}, {@code _} and {@code -} made {@code _}), task t's output going to {@code logDir/task-t.log}.
	 * The tasks start in sbatch's working folder (no {@code --chdir}).
	 *
	 * @throws ClusterException if sbatch is missing, the controller does not answer or the job is refused
	 */
	public static SlurmJob submit(ClusterShell shell, ClusterSettings settings, String script, int tasks, String name,
			String logDir) throws ClusterException {
		List<String> sbatch = new ArrayList<>(List.of("sbatch", "--parsable", "--array=0-" + (tasks - 1),
				"--job-name=" + name.replaceAll("[^A-Za-z0-9._-]", "_"), "--output=" + literal(logDir) + "/task-%a.log"));
		if (!settings.partition().isEmpty()) {
			sbatch.add("--partition=" + settings.partition());
		}
		if (!settings.timeLimit().isEmpty()) {
			sbatch.add("--time=" + settings.timeLimit());
		}
		sbatch.add(script);
		ClusterShell.Result result = shell.run(sbatch, "");
		Matcher matcher = JOB_ID.matcher(result.out().strip());
		if (result.exitCode() != 0 || !matcher.matches()) {
			throw new ClusterException("sbatch on " + shell.where() + " refused the job: " + explain(result, settings));
		}
		return new SlurmJob(shell, matcher.group(1));
	}

	/**
	 * {@code path} in an sbatch file name pattern, standing for itself: {@code %} written {@code %%} (sbatch replaces
	 * {@code %a}, {@code %j}, {@code %x}, ...).
	 *
	 * @throws ClusterException if it holds a backslash, with which sbatch drops every backslash and replaces no
	 *                          {@code %} at all
	 */
	static String literal(String path) throws ClusterException {
		if (path.indexOf('\\') >= 0) {
			throw new ClusterException("sbatch cannot write the tasks' logs in " + path + ": with a backslash in the"
					+ " name sbatch drops every backslash and names no log per task; use a folder without one");
		}
		return path.replace("%", "%%");
	}

	/** The job's id. */
	public String id() {
		return id;
	}

	/**
	 * The tasks that wait or run, by array index; tasks that ended are absent.
	 *
	 * @throws ClusterException if squeue fails (the controller does not answer)
	 */
	public Map<Integer, TaskState> active() throws ClusterException {
		ClusterShell.Result result = shell.run(List.of("squeue", "-h", "-r", "-j", id, "-o", "%K|%T|%r"), "");
		Map<Integer, TaskState> tasks = new TreeMap<>();
		if (result.exitCode() != 0) {
			if (result.err().contains("Invalid job id")) {
				return tasks;
			}
			throw new ClusterException("squeue on " + shell.where() + " failed: " + explain(result, null));
		}
		for (String line : result.out().lines().toList()) {
			String[] fields = line.strip().split("\\|", -1);
			if (fields.length == 3 && fields[0].matches("\\d+")) {
				tasks.put(Integer.parseInt(fields[0]), new TaskState(fields[1], "", fields[2]));
			}
		}
		return tasks;
	}

	/**
	 * How the tasks ended (and the states of those still active), by array index, from {@code scontrol} while
	 * the controller remembers the job and from {@code sacct} after; empty when neither knows.
	 */
	public Map<Integer, TaskState> states() throws ClusterException {
		Map<Integer, TaskState> tasks = new TreeMap<>();
		ClusterShell.Result result = shell.run(List.of("scontrol", "-o", "show", "job", id), "");
		if (result.exitCode() == 0) {
			for (String line : result.out().lines().toList()) {
				Map<String, String> fields = new TreeMap<>();
				Matcher matcher = FIELD.matcher(line);
				while (matcher.find()) {
					fields.putIfAbsent(matcher.group(1), matcher.group(2));
				}
				String task = fields.getOrDefault("ArrayTaskId", "");
				if (task.matches("\\d+")) {
					tasks.put(Integer.parseInt(task), new TaskState(fields.getOrDefault("JobState", "UNKNOWN"),
							fields.getOrDefault("ExitCode", ""), fields.getOrDefault("Reason", "")));
				}
			}
			if (!tasks.isEmpty()) {
				return tasks;
			}
		}
		ClusterShell.Result sacct = shell.run(List.of("sacct", "-n", "-P", "-X", "-j", id, "-o", "JobID,State,ExitCode"), "");
		if (sacct.exitCode() == 0) {
			for (String line : sacct.out().lines().toList()) {
				String[] fields = line.strip().split("\\|", -1);
				if (fields.length == 3 && fields[0].matches(id + "_\\d+")) {
					tasks.put(Integer.parseInt(fields[0].substring(id.length() + 1)),
							new TaskState(fields[1].split(" ")[0], fields[2], ""));
				}
			}
		}
		return tasks;
	}

	/** Cancels every task of the job that waits or runs. */
	public void cancel() throws ClusterException {
		ClusterShell.Result result = shell.run(List.of("scancel", id), "");
		if (result.exitCode() != 0) {
			throw new ClusterException("scancel " + id + " on " + shell.where() + " failed: " + explain(result, null));
		}
	}

	/** SLURM's message for a failed command, with what it means. */
	static String explain(ClusterShell.Result result, @Nullable ClusterSettings settings) {
		String line = result.lastLine().replaceFirst("^(sbatch|squeue|scancel|scontrol): error: ", "")
				.replaceFirst("^Batch job submission failed: ", "");
		String lower = line.toLowerCase(Locale.ROOT);
		if (lower.contains("unable to contact slurm controller") || lower.contains("connection refused")
				|| lower.contains("zero bytes were transmitted")) {
			return line + " (the SLURM controller, slurmctld, is down or unreachable; sinfo says the same)";
		}
		if (lower.contains("invalid partition") && settings != null) {
			return line + " ('" + settings.partition() + "'; sinfo -s lists the partitions)";
		}
		if (lower.contains("time limit")) {
			return line + " (the partition's MaxTime is lower; sinfo -s shows it)";
		}
		if (lower.contains("invalid job array")) {
			return line + " (more tasks than the cluster's MaxArraySize: give --points-per-task)";
		}
		if (lower.contains("munge") || lower.contains("credential")) {
			return line + " (munge authentication failed: is munged running with the cluster's key?)";
		}
		return line.isEmpty() ? "exit code " + result.exitCode() : line;
	}
}
