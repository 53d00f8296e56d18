package org.perfcast.cluster.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.Console;
import org.perfcast.cli.EngineRegistry;
import org.perfcast.cli.PerfcastCli;

/**
 * {@code perfcast run --slurm --ssh} attacked by a second local account ({@link OtherAccount}) on the test login node
 * of {@link LocalSlurm}: its socket at the old control path receives nothing, its folder where the private control
 * folder goes is refused with a message naming it and its owner, hidden and unrelated files of the model's folder
 * stay on this machine, and {@code $(...)}, quotes and {@code %} in values run nothing and name the files they say,
 * in the job, in sbatch's logs and in the printed resubmit line pasted into bash.
 */
class SshAttackTest {

	private static final String LOGIN = "root@perfcast-test-login";

	@TempDir
	Path dir;
	private Path config;
	private final ByteArrayOutputStream out = new ByteArrayOutputStream();
	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	@BeforeEach
	void setUp() {
		OtherAccount.require();
		config = LocalSlurm.startLoginNode();
	}

	@Test
	void testAnotherAccountsSocketAtTheOldControlPathReceivesNothing() throws Exception {
		Path old = Path.of(controlPath("/tmp/perfcast-ssh-%C"));
		Files.deleteIfExists(old);
		Path model = pattern(dir.resolve("model"), "figure3.pattern");
		try (OtherAccount.Listener attacker = OtherAccount.Listener.at(old)) {
			assertEquals(OtherAccount.UID, (int) Files.getAttribute(old, "unix:uid"), "the other account's socket");
			assertEquals(0, cli("run", "loggp-step", model.toString(), "--sweep", "g=10,12", "--out",
					dir.resolve("r").toString(), "--slurm", "--ssh", LOGIN, "--ssh-config", config.toString(),
					"--remote-dir", dir.resolve("remote").toString(), "--distribution", LocalSlurm.distribution().toString()),
					err());
			assertEquals(0, attacker.connections(), "the run connected to the other account's socket " + old);
		}
	}

	@Test
	void testAnotherAccountsFolderWhereThePrivateControlFolderGoesIsRefusedWithItsOwner() throws Exception {
		// short, as /run/user/UID is: a socket's path has at most about 100 bytes
		Path runtime = Files.createTempDirectory(Path.of("/tmp"), "pc", PosixFilePermissions.asFileAttribute(
				PosixFilePermissions.fromString("rwx------")));
		try {
			plantedFolder(runtime);
		} finally {
			LocalSlurm.exec(List.of("rm", "-rf", "--", runtime.toString()));
		}
	}

	private void plantedFolder(Path runtime) throws Exception {
		Path planted = Files.createDirectory(runtime.resolve("perfcast"));
		Files.setPosixFilePermissions(planted, PosixFilePermissions.fromString("rwxr-xr-x"));
		Path socket = Path.of(controlPath(planted + "/%C"));
		Path model = pattern(dir.resolve("model"), "figure3.pattern");
		AtomicInteger connections = new AtomicInteger();
		try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
			server.bind(UnixDomainSocketAddress.of(socket));
			Thread.ofPlatform().daemon().start(() -> {
				try {
					while (true) {
						try (SocketChannel client = server.accept()) {
							connections.incrementAndGet();
						}
					}
				} catch (IOException e) {
					// closed
				}
			});
			Files.setAttribute(socket, "unix:uid", OtherAccount.UID);
			Files.setAttribute(planted, "unix:uid", OtherAccount.UID);
			Files.setAttribute(planted, "unix:gid", OtherAccount.UID);
			Run refused = perfcast(runtime, model, dir.resolve("remote"));
			assertEquals(1, refused.exitCode(), refused.output());
			assertTrue(refused.output().contains(planted + " is owned by perfcast-other (uid 4001), not by you (root, uid 0)"),
					refused.output());
			assertEquals(1, refused.output().lines().filter(l -> l.contains(planted.toString())).count(),
					"one line names the folder: " + refused.output());
			assertEquals(0, connections.get(), "the run connected to the planted socket");
		}
		assertFalse(Files.exists(dir.resolve("remote")), "nothing reached the login node");
		// the same run with the folder gone makes it, private, and shares its connection through it
		Files.delete(socket);
		Files.delete(planted);
		Run run = perfcast(runtime, model, dir.resolve("remote"));
		try {
			assertEquals(0, run.exitCode(), run.output());
			assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(planted)));
			assertEquals(0, (int) Files.getAttribute(planted, "unix:uid"));
			assertTrue(Files.exists(socket), "the connection's socket is in the private folder: " + socket);
		} finally {
			LocalSlurm.exec(List.of("ssh", "-F", config.toString(), "-o", "ControlPath=" + planted + "/%C", "-O", "exit",
					LOGIN));
		}
	}

	@Test
	void testOnlyTheModelAndTheFilesItRefersToReachTheLoginNode() throws Exception {
		Path folder = Files.createDirectory(dir.resolve("gauss"));
		Path examples = Path.of(System.getProperty("perfcast.examples"), "gauss-elim");
		for (String name : List.of("gauss-elim.program", "meiko.machine", "here.machine", "diagonal.layout", "README.md")) {
			Files.copy(examples.resolve(name), folder.resolve(name));
		}
		Files.createDirectories(folder.resolve("layouts"));
		Files.copy(examples.resolve("row-striped.layout"), folder.resolve("layouts/row-striped.layout"));
		Files.writeString(folder.resolve(".netrc"), "machine example.org login me password secret\n");
		Files.createDirectories(folder.resolve(".hidden"));
		Files.writeString(folder.resolve(".hidden/key"), "secret\n");
		Files.writeString(folder.resolve("notes.txt"), "unrelated\n");
		Path remote = dir.resolve("remote");
		assertEquals(0, cli("run", "loggp", folder.resolve("gauss-elim.program").toString(), "--sweep", "b=48,60",
				"--option", "layouts=layouts/row-striped.layout,diagonal.layout", "--out", dir.resolve("r").toString(),
				"--slurm", "--ssh", LOGIN, "--ssh-config", config.toString(), "--remote-dir", remote.toString(),
				"--distribution", LocalSlurm.distribution().toString()), err());
		Path input = onlyJob(remote).resolve("input");
		assertEquals(Set.of("gauss-elim.program", "meiko.machine", "diagonal.layout", "layouts/row-striped.layout"),
				files(input));
	}

	@Test
	void testCommandsAndPercentInValuesRunNothingAndTheResubmitLinePastesBack() throws Exception {
		String mark = "pwned-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
		Path pwned = Path.of("/tmp", mark);
		Path home = Path.of(System.getProperty("user.home"), mark);
		String odd = " %a %x %% $(touch " + pwned + ") `touch " + pwned + "` 'q' \"$(cd; touch " + mark + ")\"";
		Path model = pattern(dir.resolve("model" + odd), "fig $(cd; touch " + mark + ") %j.pattern");
		Path remote = dir.resolve("remote" + odd);
		Path results = dir.resolve("results" + odd);
		String distribution = LocalSlurm.distribution().toString();
		try {
			// g = -2 fails: the run ends with the resubmit line
			assertEquals(1, cli("run", "loggp-step", model.toString(), "--sweep", "g=-2,10", "--out", results.toString(),
					"--slurm", "--ssh", LOGIN, "--ssh-config", config.toString(), "--remote-dir", remote.toString(),
					"--distribution", distribution), err());
			assertTrue(out().contains("g=10: T = "), out());
			Path job = onlyJob(remote);
			assertEquals(Set.of("task-0.log", "task-1.log"), files(job.resolve("logs")), "sbatch named the logs as told");
			assertTrue(Files.isRegularFile(job.resolve("input").resolve(model.getFileName())));
			Path file = only(results);
			Matcher line = Pattern.compile("to run the 1 failed points again: (.*)").matcher(out());
			assertTrue(line.find(), out());
			List<String> words = pasted(line.group(1));
			assertEquals(List.of("perfcast", "run", "--resubmit", file.toString(), "--slurm", "--ssh", LOGIN, "--ssh-config",
					config.toString(), "--remote-dir", remote.toString(), "--distribution", distribution), words);
			reset();
			assertEquals(1, cli(words.subList(1, words.size()).toArray(String[]::new)), err());
			assertTrue(out().contains(": 1 task submitted"), out());
		} finally {
			boolean ran = Files.exists(pwned) || Files.exists(home);
			Files.deleteIfExists(pwned);
			Files.deleteIfExists(home);
			assertFalse(ran, "a command inside a value ran");
		}
	}

	@Test
	void testAPercentInTheResultsFolderNamesTheLogsOfALocalSubmissionLiterally() throws Exception {
		Path model = pattern(dir.resolve("model"), "figure3.pattern");
		Path results = dir.resolve("results %a %j %%");
		assertEquals(0, cli("run", "loggp-step", model.toString(), "--sweep", "g=10,12", "--out", results.toString(),
				"--slurm", "--distribution", LocalSlurm.distribution().toString()), err());
		try (Stream<Path> jobs = Files.list(results.resolve(".slurm"))) {
			Path job = jobs.findFirst().orElseThrow();
			assertEquals(Set.of("task-0.log", "task-1.log"), files(job.resolve("logs")));
		}
	}

	/** {@code line} as bash reads it, with a function standing in for perfcast that prints its words. */
	private static List<String> pasted(String line) throws IOException, InterruptedException {
		Process bash = new ProcessBuilder("bash", "-c", "perfcast() { printf '%s\\0' perfcast \"$@\"; }; " + line)
				.redirectError(ProcessBuilder.Redirect.INHERIT).start();
		String words = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(bash.waitFor(30, TimeUnit.SECONDS));
		assertEquals(0, bash.exitValue());
		return List.of(words.substring(0, words.length() - 1).split("\0", -1));
	}

	/** The socket path ssh makes of {@code pattern} for the test login node ({@code %C}, its connection's hash). */
	private String controlPath(String pattern) {
		LocalSlurm.Result result = LocalSlurm.exec(List.of("ssh", "-G", "-F", config.toString(), "-o",
				"ControlPath=" + pattern, LOGIN));
		Matcher path = Pattern.compile("(?m)^controlpath (.*)$").matcher(result.output());
		assertTrue(path.find(), result.output());
		return path.group(1);
	}

	/** What a run in its own JVM printed and how it ended. */
	private record Run(int exitCode, String output) {
	}

	/** {@code perfcast run --slurm --ssh} in a JVM of its own whose XDG_RUNTIME_DIR is {@code runtime}. */
	private Run perfcast(Path runtime, Path model, Path remote) throws IOException, InterruptedException {
		Path distribution = LocalSlurm.distribution();
		ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", distribution.resolve("lib") + "/*", "org.perfcast.cli.Main", "run", "loggp-step", model.toString(),
				"--sweep", "g=10,12", "--out", dir.resolve("r").toString(), "--slurm", "--ssh", LOGIN, "--ssh-config",
				config.toString(), "--remote-dir", remote.toString(), "--distribution", distribution.toString())
				.redirectErrorStream(true);
		builder.environment().put("XDG_RUNTIME_DIR", runtime.toString());
		builder.environment().put("PERFCAST_SLURM_POLL_MILLIS", "200");
		Process process = builder.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(process.waitFor(5, TimeUnit.MINUTES));
		return new Run(process.exitValue(), output);
	}

	/** A copy of the example figure3.pattern named {@code name} in {@code folder}. */
	private static Path pattern(Path folder, String name) throws IOException {
		Files.createDirectories(folder);
		return Files.copy(Path.of(System.getProperty("perfcast.examples"), "loggp-step/figure3.pattern"),
				folder.resolve(name));
	}

	/** The one job folder under {@code remote}. */
	private static Path onlyJob(Path remote) throws IOException {
		try (Stream<Path> jobs = Files.list(remote)) {
			List<Path> all = jobs.toList();
			assertEquals(1, all.size(), all.toString());
			return all.get(0);
		}
	}

	/** The files under {@code folder}, as relative paths. */
	private static Set<String> files(Path folder) throws IOException {
		try (Stream<Path> all = Files.walk(folder)) {
			return all.filter(Files::isRegularFile).map(f -> folder.relativize(f).toString())
					.collect(Collectors.toCollection(TreeSet::new));
		}
	}

	private static Path only(Path folder) throws IOException {
		List<Path> files = org.perfcast.results.io.ResultsFiles.list(folder);
		assertEquals(1, files.size(), files.toString());
		return files.get(0);
	}

	private int cli(String... args) {
		Console console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		return PerfcastCli.withBuiltinCommands(EngineRegistry.builtin()).run(new ArrayList<>(List.of(args)), console);
	}

	private String out() {
		return out.toString(StandardCharsets.UTF_8);
	}

	private String err() {
		return err.toString(StandardCharsets.UTF_8) + out();
	}

	private void reset() {
		out.reset();
		err.reset();
	}
}
