package org.perfcast.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs SLURM's commands and moves a job's files, on this machine or on a login node through {@code ssh} and
 * {@code scp} (batch mode: keys or an agent, never a password prompt; one shared connection per host). Paths
 * named "on the cluster" are this machine's own paths when there is no ssh.
 */
public class ClusterShell {

	/** How long one command may take before it is stopped, in seconds. */
	public static final int COMMAND_SECONDS = 120;

	/** What a command printed and how it ended. */
	public record Result(int exitCode, String out, String err) {
		/** The last non-blank line of stderr, or of stdout when stderr is empty. */
		public String lastLine() {
			String text = err.isBlank() ? out : err;
			String[] lines = text.strip().split("\n");
			return lines[lines.length - 1].strip();
		}
	}

	private final ClusterSettings settings;
	private final Map<String, String> environment;
	private final String sshConfig;

	/** A shell for {@code settings}; {@code environment} is added to the environment of every command. */
	public ClusterShell(ClusterSettings settings, Map<String, String> environment) {
		this(settings, environment, "");
	}

	/**
	 * A shell for {@code settings} whose ssh and scp read {@code sshConfig} ({@code -F}; empty: the user's
	 * {@code ~/.ssh/config}).
	 */
	public ClusterShell(ClusterSettings settings, Map<String, String> environment, String sshConfig) {
		this.settings = settings;
		this.environment = Map.copyOf(environment);
		this.sshConfig = sshConfig;
	}

	/** Where commands run, for messages: {@code this machine} or the ssh target. */
	public String where() {
		return settings.sshTarget().orElse("this machine");
	}

	/**
	 * Runs {@code command} (a SLURM command and its arguments) where SLURM is, with {@code input} on stdin.
	 *
	 * @throws ClusterException if the command is not installed there or ssh cannot connect
	 */
	public Result run(List<String> command, String input) throws ClusterException {
		List<String> argv = settings.viaSsh() ? ssh(quote(command)) : command;
		Result result = exec(argv, input, command.get(0));
		if (settings.viaSsh() && result.exitCode() == 255) {
			throw new ClusterException("ssh to " + where() + " failed: " + result.lastLine());
		}
		if (result.exitCode() == 127) {
			throw notInstalled(command.get(0));
		}
		return result;
	}

	/** Creates {@code dir} on the cluster with its parents. */
	public void makeDirectories(String dir) throws ClusterException {
		if (settings.viaSsh()) {
			check(run(List.of("mkdir", "-p", dir), ""), "cannot create " + dir);
		} else {
			try {
				Files.createDirectories(Path.of(dir));
			} catch (IOException e) {
				throw new ClusterException("cannot create " + dir + ": " + e.getMessage());
			}
		}
	}

	/** Writes {@code text} to {@code file} on the cluster, replacing it. */
	public void write(String file, String text) throws ClusterException {
		if (settings.viaSsh()) {
			check(run(List.of("sh", "-c", "cat > \"$0\"", file), text), "cannot write " + file);
		} else {
			try {
				Files.writeString(Path.of(file), text, StandardCharsets.UTF_8);
			} catch (IOException e) {
				throw new ClusterException("cannot write " + file + ": " + e.getMessage());
			}
		}
	}

	/** Makes {@code file} on the cluster executable. */
	public void makeExecutable(String file) throws ClusterException {
		if (settings.viaSsh()) {
			check(run(List.of("chmod", "+x", file), ""), "cannot make " + file + " executable");
		} else if (!Path.of(file).toFile().setExecutable(true)) {
			throw new ClusterException("cannot make " + file + " executable");
		}
	}

	/**
	 * Copies the files of the folder {@code local}, not its subfolders, into the folder {@code dir} on the cluster
	 * (with ssh only).
	 */
	public void upload(Path local, String dir) throws ClusterException {
		List<String> files;
		try (Stream<Path> list = Files.list(local)) {
			files = list.filter(Files::isRegularFile).map(Path::toString).sorted().toList();
		} catch (IOException e) {
			throw new ClusterException("cannot read " + local + ": " + e.getMessage());
		}
		makeDirectories(dir);
		List<String> argv = new ArrayList<>(List.of("scp", "-q", "-o", "BatchMode=yes"));
		argv.addAll(connectionOptions());
		argv.addAll(files);
		argv.add(settings.sshTarget().orElseThrow() + ":" + dir + "/");
		Result result = exec(argv, "", "scp");
		if (result.exitCode() != 0) {
			throw new ClusterException("copying the files of " + local + " to " + where() + ":" + dir + " failed: "
					+ result.lastLine());
		}
	}

	/** The names of the files in {@code dir} on the cluster that end with {@code suffix}; none if it is missing. */
	public List<String> list(String dir, String suffix) throws ClusterException {
		if (settings.viaSsh()) {
			Result result = run(List.of("sh", "-c", "cd \"$0\" 2>/dev/null && ls -1", dir), "");
			return result.out().lines().filter(n -> n.endsWith(suffix)).toList();
		}
		try (Stream<Path> files = Files.list(Path.of(dir))) {
			return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(suffix)).toList();
		} catch (IOException e) {
			return List.of();
		}
	}

	/**
	 * Makes the files {@code names} of {@code dir} on the cluster readable in {@code local} and returns their paths
	 * there (with ssh they are copied; without, {@code local} is {@code dir} itself).
	 */
	public List<Path> fetch(String dir, List<String> names, Path local) throws ClusterException {
		if (!settings.viaSsh() || names.isEmpty()) {
			return names.stream().map(n -> Path.of(dir).resolve(n)).toList();
		}
		try {
			Files.createDirectories(local);
		} catch (IOException e) {
			throw new ClusterException("cannot create " + local + ": " + e.getMessage());
		}
		List<String> argv = new ArrayList<>(List.of("scp", "-q", "-o", "BatchMode=yes"));
		argv.addAll(connectionOptions());
		names.forEach(n -> argv.add(settings.sshTarget().orElseThrow() + ":" + dir + "/" + n));
		argv.add(local.toString() + "/");
		Result result = exec(argv, "", "scp");
		if (result.exitCode() != 0) {
			throw new ClusterException("copying results from " + where() + ":" + dir + " failed: " + result.lastLine());
		}
		return names.stream().map(local::resolve).toList();
	}

	/** The last {@code lines} lines of {@code file} on the cluster, or a note that it cannot be read. */
	public String tail(String file, int lines) {
		try {
			if (settings.viaSsh()) {
				Result result = run(List.of("tail", "-n", Integer.toString(lines), file), "");
				return result.exitCode() == 0 ? result.out() : "(" + result.lastLine() + ")";
			}
			if (!Files.exists(Path.of(file))) {
				return "(no log)";
			}
			List<String> all = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
			return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
		} catch (IOException | UncheckedIOException | ClusterException e) {
			return "(the log cannot be read: " + e.getMessage() + ")";
		}
	}

	/** Moves {@code from} to {@code to} on this machine, replacing it atomically. */
	static void replace(Path from, Path to) throws IOException {
		Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

	private static void check(Result result, String what) throws ClusterException {
		if (result.exitCode() != 0) {
			throw new ClusterException(what + ": " + result.lastLine());
		}
	}

	private ClusterException notInstalled(String command) {
		return new ClusterException(command + " is not installed on " + where()
				+ (settings.viaSsh() ? " (not on the login shell's PATH)"
						: " (not on PATH): install SLURM's client commands (Debian: apt-get install slurm-client) or submit through ssh to a login node"));
	}

	private List<String> ssh(String remoteCommand) {
		List<String> argv = new ArrayList<>(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=15"));
		argv.addAll(connectionOptions());
		argv.add(settings.sshTarget().orElseThrow());
		argv.add("--");
		argv.add(remoteCommand);
		return argv;
	}

	/** The ssh configuration file, and one connection per host for all of a run's commands. */
	private List<String> connectionOptions() {
		List<String> options = new ArrayList<>();
		if (!sshConfig.isEmpty()) {
			options.addAll(List.of("-F", sshConfig));
		}
		options.addAll(List.of("-o", "ControlMaster=auto", "-o", "ControlPath=/tmp/perfcast-ssh-%C", "-o",
				"ControlPersist=60"));
		return options;
	}

	/** {@code command} as one shell word per argument. */
	static String quote(List<String> command) {
		StringBuilder text = new StringBuilder();
		for (String word : command) {
			text.append(text.isEmpty() ? "" : " ").append('\'').append(word.replace("'", "'\\''")).append('\'');
		}
		return text.toString();
	}

	private Result exec(List<String> argv, String input, String what) throws ClusterException {
		ProcessBuilder builder = new ProcessBuilder(argv);
		builder.environment().putAll(environment);
		Process process;
		try {
			process = builder.start();
		} catch (IOException e) {
			if (argv.get(0).equals("ssh") || argv.get(0).equals("scp")) {
				throw new ClusterException(argv.get(0) + " is not installed on this machine (Debian: apt-get install openssh-client)");
			}
			throw notInstalled(what);
		}
		CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
		CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
		try {
			try (var stdin = process.getOutputStream()) {
				stdin.write(input.getBytes(StandardCharsets.UTF_8));
			} catch (IOException e) {
				// the command does not read its input
			}
			if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new ClusterException(what + " on " + where() + " did not answer within " + COMMAND_SECONDS + " s");
			}
			return new Result(process.exitValue(), out.join(), err.join());
		} catch (InterruptedException e) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new ClusterException(what + " was interrupted");
		}
	}

	private static String read(InputStream stream) {
		try (stream) {
			return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
		} catch (IOException e) {
			return "";
		}
	}
}
