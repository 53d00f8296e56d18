package org.perfcast.cluster.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The one-node SLURM cluster of {@code tests/slurm/local-slurm.sh}, started on first use (never a stand-in for
 * SLURM's commands: without {@code slurm-wlm} and {@code munge} the tests fail and say what to install), and the
 * {@code perfcast-cli} tarball of this reactor unpacked once, as a cluster would install it.
 */
public final class LocalSlurm {

	private static boolean started;
	private static Path distribution;

	private LocalSlurm() {
	}

	/** The repository's top folder. */
	public static Path repository() {
		String property = System.getProperty("perfcast.repository");
		Path repository = property != null ? Path.of(property) : Path.of("../..").toAbsolutePath().normalize();
		if (!Files.isRegularFile(repository.resolve("tests/slurm/local-slurm.sh"))) {
			fail("the repository's tests/slurm/local-slurm.sh is not found from " + repository);
		}
		return repository;
	}

	/** Starts munged, slurmctld and slurmd unless the node is up already. */
	public static synchronized void start() {
		if (started) {
			return;
		}
		for (String tool : List.of("/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/sbatch", "/usr/sbin/munged")) {
			if (!Files.isExecutable(Path.of(tool))) {
				fail("SLURM's tests run against a real one-node SLURM, and " + tool
						+ " is missing: apt-get install slurm-wlm munge (the tests start the daemons themselves)");
			}
		}
		Result result = exec(List.of(repository().resolve("tests/slurm/local-slurm.sh").toString(), "start"));
		if (result.exitCode() != 0) {
			fail("the test cluster did not start: " + result.output());
		}
		started = true;
	}

	/**
	 * Starts the test login node ({@code local-slurm.sh start-sshd}: sshd on 127.0.0.1 with keys of its own, its
	 * sessions getting this JVM's JAVA_HOME) and returns the ssh configuration file that names it
	 * {@code perfcast-test-login}.
	 */
	public static synchronized Path startLoginNode() {
		start();
		if (!Files.isExecutable(Path.of("/usr/sbin/sshd"))) {
			fail("the ssh tests log in to this machine, and /usr/sbin/sshd is missing: apt-get install openssh-server");
		}
		ProcessBuilder builder = new ProcessBuilder(repository().resolve("tests/slurm/local-slurm.sh").toString(),
				"start-sshd").redirectErrorStream(true);
		builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
		try {
			Process process = builder.start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (process.waitFor() != 0) {
				fail("the test login node did not start: " + output);
			}
		} catch (IOException e) {
			fail("the test login node did not start: " + e.getMessage());
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			fail("interrupted");
		}
		return Path.of("/tmp/perfcast-slurm/ssh/ssh_config");
	}

	/** Stops slurmctld and slurmd (for the test of a controller that is down); {@link #restart} starts them. */
	public static synchronized void stop() {
		exec(List.of(repository().resolve("tests/slurm/local-slurm.sh").toString(), "stop"));
		for (int i = 0; i < 100 && exec(List.of("pgrep", "-x", "slurmctld")).exitCode() == 0; i++) {
			sleep(100);
		}
		started = false;
	}

	/** Starts the daemons again after {@link #stop}. */
	public static void restart() {
		start();
	}

	/** The unpacked {@code perfcast-cli-VERSION} folder (with {@code bin/perfcast}). */
	public static synchronized Path distribution() throws IOException {
		if (distribution != null) {
			return distribution;
		}
		Path target = repository().resolve("releng/org.perfcast.cli.dist/target");
		Path tarball;
		try (Stream<Path> files = Files.exists(target) ? Files.list(target) : Stream.empty()) {
			tarball = files.filter(f -> f.getFileName().toString().matches("perfcast-cli-.*\\.tar\\.gz")).findFirst()
					.orElse(null);
		}
		if (tarball == null) {
			fail("no perfcast-cli-*.tar.gz in " + target + ": the reactor builds it (releng/org.perfcast.cli.dist) before these tests");
		}
		Path home = Files.createTempDirectory("perfcast-cli-install");
		Result result = exec(List.of("tar", "xzf", tarball.toString(), "-C", home.toString()));
		if (result.exitCode() != 0) {
			fail("cannot unpack " + tarball + ": " + result.output());
		}
		try (Stream<Path> folders = Files.list(home)) {
			distribution = folders.findFirst().orElseThrow();
		}
		return distribution;
	}

	/** Whether SLURM still knows active tasks of {@code job}. */
	public static boolean queued(String job) {
		Result result = exec(List.of("squeue", "-h", "-r", "-j", job, "-o", "%i"));
		return result.exitCode() == 0 && !result.output().isBlank();
	}

	/** Waits, up to a minute, until {@code job} has left the queue; returns whether it did. */
	public static boolean awaitGone(String job) {
		for (int i = 0; i < 600; i++) {
			if (!queued(job)) {
				return true;
			}
			sleep(100);
		}
		return false;
	}

	/** What a command printed and its exit code. */
	public record Result(int exitCode, String output) {
	}

	/** Runs {@code command}, stdout and stderr together. */
	public static Result exec(List<String> command) {
		try {
			Process process = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).start();
			process.getOutputStream().close();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(5, TimeUnit.MINUTES)) {
				process.destroyForcibly();
				return new Result(-1, output + " (did not end)");
			}
			return new Result(process.exitValue(), output);
		} catch (IOException e) {
			return new Result(127, e.getMessage());
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			return new Result(-1, "interrupted");
		}
	}

	public static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}
}
