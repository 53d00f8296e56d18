package org.perfcast.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where and how sweeps are submitted to a SLURM cluster.
 *
 * @param sshHost       the login node to reach with {@code ssh}, or empty to run SLURM's commands on this machine
 *                      (which must then share its file system with the cluster's nodes)
 * @param sshUser       the user on the login node, or empty for ssh's default
 * @param remoteDir     with ssh, the folder on the cluster under which each job gets its own folder; without, empty
 *                      (the job folders go under the results folder)
 * @param partition     the partition ({@code sbatch --partition}), or empty for the cluster's default
 * @param timeLimit     each task's time limit ({@code sbatch --time}, e.g. {@code 10:00}), or empty for the
 *                      partition's default
 * @param distribution  the folder where the Perfcast command-line distribution is installed on the cluster
 *                      (holding {@code bin/perfcast}), or empty for a {@code perfcast} on the nodes' PATH
 * @param pointsPerTask how many points each array task runs, or 0 to choose (one, or more to keep the array
 *                      within {@value #MAX_TASKS} tasks)
 */
public record ClusterSettings(String sshHost, String sshUser, String remoteDir, String partition, String timeLimit,
		String distribution, int pointsPerTask) {

	/** The most array tasks chosen when {@code pointsPerTask} is 0 (SLURM's default MaxArraySize is 1001). */
	public static final int MAX_TASKS = 1000;

	private static final Pattern TIME = Pattern.compile("(\\d+-)?\\d+(:\\d+){0,2}|UNLIMITED|INFINITE|infinite|unlimited");
	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._@-]*");

	public ClusterSettings {
		Objects.requireNonNull(sshHost, "sshHost");
		Objects.requireNonNull(sshUser, "sshUser");
		Objects.requireNonNull(remoteDir, "remoteDir");
		Objects.requireNonNull(partition, "partition");
		Objects.requireNonNull(timeLimit, "timeLimit");
		Objects.requireNonNull(distribution, "distribution");
		if (!timeLimit.isEmpty() && !TIME.matcher(timeLimit).matches()) {
			throw new IllegalArgumentException("time limit '" + timeLimit
					+ "' is not one of SLURM's forms: MINUTES, MINUTES:SECONDS, HOURS:MINUTES:SECONDS, DAYS-HOURS[:MINUTES[:SECONDS]]");
		}
		if (!NAME.matcher(partition).matches()) {
			throw new IllegalArgumentException("partition '" + partition + "' is not a SLURM partition name");
		}
		if (!NAME.matcher(sshHost).matches() || sshHost.startsWith("-")) {
			throw new IllegalArgumentException("'" + sshHost + "' is not a host name");
		}
		if (!NAME.matcher(sshUser).matches() || sshUser.startsWith("-")) {
			throw new IllegalArgumentException("'" + sshUser + "' is not a user name");
		}
		folder("remote folder", remoteDir);
		folder("distribution folder", distribution);
		if (!sshHost.isEmpty() && remoteDir.isEmpty()) {
			throw new IllegalArgumentException("submitting through ssh needs the remote folder for the jobs' files");
		}
		if (pointsPerTask < 0) {
			throw new IllegalArgumentException("points per task must be 0 (choose) or more, not " + pointsPerTask);
		}
	}

	/** A folder's name that commands and sbatch take as it is: not an option ({@code -x}), no control characters. */
	private static void folder(String what, String name) {
		if (name.startsWith("-") || name.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
			throw new IllegalArgumentException("the " + what + " '" + name.replaceAll("\\p{Cntrl}", "?")
					+ "' " + (name.startsWith("-") ? "begins with '-', as an option does; give an absolute path"
							: "holds a control character; give a name without one"));
		}
	}

	/**
	 * The options of {@code perfcast run --slurm} that give these settings, one argument per element, in the order
	 * the command's help lists them ({@code --ssh-config} is the shell's, not a setting).
	 */
	public List<String> options() {
		List<String> options = new ArrayList<>();
		sshTarget().ifPresent(target -> options.addAll(List.of("--ssh", target)));
		add(options, "--remote-dir", remoteDir);
		add(options, "--distribution", distribution);
		add(options, "--partition", partition);
		add(options, "--time", timeLimit);
		if (pointsPerTask > 0) {
			options.addAll(List.of("--points-per-task", Integer.toString(pointsPerTask)));
		}
		return options;
	}

	private static void add(List<String> options, String option, String value) {
		if (!value.isEmpty()) {
			options.addAll(List.of(option, value));
		}
	}

	/** Settings for this machine's SLURM commands, with the cluster's defaults and a {@code perfcast} on PATH. */
	public static ClusterSettings local() {
		return new ClusterSettings("", "", "", "", "", "", 0);
	}

	/** Whether SLURM's commands run on a login node reached with ssh. */
	public boolean viaSsh() {
		return !sshHost.isEmpty();
	}

	/** The {@code user@host} or {@code host} that ssh reaches, if any. */
	public Optional<String> sshTarget() {
		return viaSsh() ? Optional.of(sshUser.isEmpty() ? sshHost : sshUser + "@" + sshHost) : Optional.empty();
	}

	/** The start script of the installed distribution as the nodes run it. */
	public String perfcastCommand() {
		return distribution.isEmpty() ? "perfcast" : distribution.replaceAll("/+$", "") + "/bin/perfcast";
	}

	/** The system property that names the submitting installation's folder (holding {@code bin/perfcast}). */
	public static final String HOME_PROPERTY = "perfcast.home";

	/**
	 * The command that starts the Perfcast command line that runs this JVM, if it is found: the folder of the system
	 * property {@value #HOME_PROPERTY}'s {@code bin/perfcast} (none when the property is empty); else that of the
	 * perfcast-cli distribution whose {@code lib/} holds this class's jar; else the launcher {@code perfcast} of the
	 * checkout whose build holds it. A sweep whose nodes share the submitter's file system runs it by default.
	 */
	public static Optional<java.nio.file.Path> submittingCommand() {
		String home = System.getProperty(HOME_PROPERTY);
		if (home != null) {
			java.nio.file.Path command = java.nio.file.Path.of(home).toAbsolutePath().resolve("bin/perfcast");
			return !home.isBlank() && java.nio.file.Files.isExecutable(command) ? Optional.of(command) : Optional.empty();
		}
		try {
			java.security.CodeSource source = ClusterSettings.class.getProtectionDomain().getCodeSource();
			if (source == null || source.getLocation() == null || !source.getLocation().getProtocol().equals("file")) {
				return Optional.empty();
			}
			java.nio.file.Path jar = java.nio.file.Path.of(source.getLocation().toURI()).toAbsolutePath();
			java.nio.file.Path lib = jar.getParent();
			if (lib != null && lib.getFileName() != null && lib.getFileName().toString().equals("lib")
					&& java.nio.file.Files.isExecutable(lib.resolveSibling("bin").resolve("perfcast"))) {
				return Optional.of(lib.resolveSibling("bin").resolve("perfcast"));
			}
			for (java.nio.file.Path dir = jar.getParent(); dir != null; dir = dir.getParent()) {
				if (java.nio.file.Files.isExecutable(dir.resolve("perfcast")) && java.nio.file.Files.isRegularFile(dir
						.resolve("releng/cli-jvm.sh"))) {
					return Optional.of(dir.resolve("perfcast"));
				}
			}
		} catch (java.net.URISyntaxException | IllegalArgumentException | SecurityException e) {
			// not a file: no installation to offer
		}
		return Optional.empty();
	}

	/** How many points each of the tasks of a run of {@code points} points runs. */
	public int pointsPerTask(int points) {
		return pointsPerTask > 0 ? pointsPerTask : Math.max(1, (points + MAX_TASKS - 1) / MAX_TASKS);
	}

	/** These settings with another partition, time limit and points per task. */
	public ClusterSettings with(String newPartition, String newTimeLimit, int newPointsPerTask) {
		return new ClusterSettings(sshHost, sshUser, remoteDir, newPartition, newTimeLimit, distribution, newPointsPerTask);
	}
}
