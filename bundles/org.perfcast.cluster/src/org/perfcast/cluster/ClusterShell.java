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
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.ShellWords;

/**
 * Runs SLURM's commands and moves a job's files, on this machine or on a login node through {@code ssh} (batch
 * mode: keys or an agent, never a password prompt; one shared connection per host, its socket in a private folder:
 * {@link ControlSockets}). Paths named "on the cluster" are this machine's own paths when there is no ssh.
 * <p>
 * The login node's shell parses every command sent through ssh, so each word of one is quoted
 * ({@link ShellWords}): a folder, a file name or an option stays one word there. Files travel as the input or
 * output of {@code cat} on the login node rather than with scp, which in its older protocol hands remote paths to
 * that shell unquoted.
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
	private @Nullable List<String> connection;

	/** A shell for {@code settings}; {@code environment} is added to the environment of every command. */
	public ClusterShell(ClusterSettings settings, Map<String, String> environment) {
		this(settings, environment, "");
	}

	/**
	 * A shell for {@code settings} whose ssh reads {@code sshConfig} ({@code -F}; empty: the user's
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
		List<String> argv = settings.viaSsh() ? ssh(command) : command;
		Result result = exec(argv, null, input, null, command.get(0));
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
			check(run(List.of("mkdir", "-p", "--", dir), ""), "cannot create " + dir);
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
			check(run(List.of("chmod", "+x", "--", file), ""), "cannot make " + file + " executable");
		} else if (!Path.of(file).toFile().setExecutable(true)) {
			throw new ClusterException("cannot make " + file + " executable");
		}
	}

	/**
	 * Copies {@code files}, paths relative to the folder {@code local}, to the same paths under the folder {@code dir}
	 * on the cluster (with ssh only).
	 */
	public void upload(Path local, List<Path> files, String dir) throws ClusterException {
		List<String> folders = new ArrayList<>(List.of("mkdir", "-p", "--", dir));
		files.stream().map(Path::getParent).filter(Objects::nonNull).map(p -> remote(dir, p)).distinct()
				.forEach(folders::add);
		check(run(folders, ""), "cannot create " + dir);
		for (Path file : files) {
			String target = remote(dir, file);
			Result result = exec(ssh(List.of("sh", "-c", "cat > \"$0\"", target)), local.resolve(file), "", null, "ssh");
			if (result.exitCode() != 0) {
				throw new ClusterException("copying " + local.resolve(file) + " to " + where() + ":" + target
						+ " failed: " + result.lastLine());
			}
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
		for (String name : names) {
			Path temporary = local.resolve(name + ".part");
			Result result = exec(ssh(List.of("cat", "--", dir + "/" + name)), null, "", temporary, "ssh");
			try {
				if (result.exitCode() != 0) {
					Files.deleteIfExists(temporary);
					throw new ClusterException("copying " + name + " from " + where() + ":" + dir + " failed: "
							+ result.lastLine());
				}
				replace(temporary, local.resolve(name));
			} catch (IOException e) {
				throw new ClusterException("cannot write " + local.resolve(name) + ": " + e.getMessage());
			}
		}
		return names.stream().map(local::resolve).toList();
	}

	/** The last {@code lines} lines of {@code file} on the cluster, or a note that it cannot be read. */
	public String tail(String file, int lines) {
		try {
			if (settings.viaSsh()) {
				Result result = run(List.of("tail", "-n", Integer.toString(lines), "--", file), "");
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

	/** {@code relative}, a path on this machine, under {@code dir} on the cluster. */
	private static String remote(String dir, Path relative) {
		StringBuilder path = new StringBuilder(dir);
		relative.forEach(name -> path.append('/').append(name));
		return path.toString();
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

	/** ssh running {@code command} on the login node, each word quoted for its shell. */
	private List<String> ssh(List<String> command) throws ClusterException {
		List<String> argv = new ArrayList<>(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=15"));
		argv.addAll(connectionOptions());
		argv.add(settings.sshTarget().orElseThrow());
		argv.add("--");
		argv.add(ShellWords.join(command));
		return argv;
	}

	/** The ssh configuration file, and one connection per host for all of a run's commands. */
	private synchronized List<String> connectionOptions() throws ClusterException {
		List<String> known = connection;
		if (known == null) {
			List<String> options = new ArrayList<>();
			if (!sshConfig.isEmpty()) {
				options.addAll(List.of("-F", sshConfig));
			}
			options.addAll(ControlSockets.options(environment));
			known = List.copyOf(options);
			connection = known;
		}
		return known;
	}

	/**
	 * Runs {@code argv} with {@code inputFile}, or else {@code input}, on stdin, and its stdout going to
	 * {@code outputFile}, or else into the result.
	 */
	private Result exec(List<String> argv, @Nullable Path inputFile, String input, @Nullable Path outputFile, String what)
			throws ClusterException {
		ProcessBuilder builder = new ProcessBuilder(argv);
		builder.environment().putAll(environment);
		if (inputFile != null) {
			builder.redirectInput(inputFile.toFile());
		}
		if (outputFile != null) {
			builder.redirectOutput(outputFile.toFile());
		}
		Process process;
		try {
			process = builder.start();
		} catch (IOException e) {
			if (argv.get(0).equals("ssh")) {
				throw new ClusterException("ssh is not installed on this machine (Debian: apt-get install openssh-client)");
			}
			throw notInstalled(what);
		}
		CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
		CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
		try {
			if (inputFile == null) {
				try (var stdin = process.getOutputStream()) {
					stdin.write(input.getBytes(StandardCharsets.UTF_8));
				} catch (IOException e) {
					// the command does not read its input
				}
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
