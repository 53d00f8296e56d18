package org.perfcast.cluster.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.Console;
import org.perfcast.cli.EngineRegistry;
import org.perfcast.cli.PerfcastCli;
import org.perfcast.cluster.ClusterSettings;
import org.perfcast.cluster.ClusterSweep;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.RunStatus;
import org.perfcast.results.io.ResultsFiles;

/**
 * {@code perfcast run --slurm} against a real one-node SLURM ({@link LocalSlurm}) with the {@code perfcast-cli}
 * tarball installed as the nodes' Perfcast: the merged results file equals a local run's, Ctrl-C cancels the job,
 * a task that ends without results fails its points and is resubmitted alone, and every way of not reaching the
 * cluster is one clear message.
 */
class SlurmSweepTest {

	private static final Pattern JOB = Pattern.compile("SLURM job (\\d+)");

	@TempDir
	Path dir;
	private Path model;
	private final ByteArrayOutputStream out = new ByteArrayOutputStream();
	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	@BeforeEach
	void setUp() throws IOException {
		LocalSlurm.start();
		model = dir.resolve("figure3.pattern");
		Files.copy(Path.of(System.getProperty("perfcast.examples"), "loggp-step/figure3.pattern"), model);
	}

	@Test
	void testTwentyPointsGiveTheLocalRunsResultsFileAndAFailedPointItsMessage() throws IOException {
		String sweep = "g=-2..36:2"; // g = -2 is refused by the engine: a point that fails, in both runs
		assertEquals(1, cli("run", "loggp-step", model.toString(), "--sweep", sweep, "--out", dir.resolve("local").toString()));
		Path local = only(dir.resolve("local"));
		reset();
		assertEquals(1, cli("run", "loggp-step", model.toString(), "--sweep", sweep, "--out", dir.resolve("slurm").toString(),
				"--slurm", "--distribution", LocalSlurm.distribution().toString()), err());
		Path slurm = only(dir.resolve("slurm"));
		assertEquals(comparable(local), comparable(slurm));
		Run run = ResultsFiles.load(slurm);
		assertEquals(20, run.getPoints().size());
		assertEquals(RunStatus.FAILED, run.getPoints().get(0).getStatus());
		assertTrue(run.getPoints().subList(1, 20).stream().allMatch(p -> p.getStatus() == RunStatus.COMPLETED));
		assertTrue(err().contains("the LogGP parameter g must be a finite number of at least 0"), err());
		assertTrue(out().contains("g=36: T = 133 µs"), out());
		assertTrue(out().contains("run failed: 20 of 20 points (SLURM job "), out());
		assertFalse(Files.exists(ClusterSweep.jobFile(slurm)), "the job file is removed when the run ends");
	}

	@Test
	void testATaskThatEndsWithoutResultsFailsItsPointsAndIsResubmittedAlone() throws Exception {
		String sweep = "g=10..48:2";
		assertEquals(0, cli("run", "loggp-step", model.toString(), "--sweep", sweep, "--out", dir.resolve("local").toString()));
		Path local = only(dir.resolve("local"));
		reset();
		Path results = dir.resolve("slurm");
		String distribution = LocalSlurm.distribution().toString();
		CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> cli("run", "loggp-step", model.toString(),
				"--sweep", sweep, "--out", results.toString(), "--slurm", "--points-per-task", "4", "--distribution",
				distribution));
		String job = awaitJob(results);
		// the last of five tasks waits while two run at a time: cancel it as someone else would
		assertEquals(0, LocalSlurm.exec(List.of("scancel", job + "_4")).exitCode());
		assertEquals(1, (int) run.get(5, TimeUnit.MINUTES), err());
		Path file = only(results);
		Run failed = ResultsFiles.load(file);
		assertEquals(RunStatus.FAILED, failed.getStatus());
		for (RunPoint point : failed.getPoints()) {
			boolean ofTask4 = point.getIndex() >= 16;
			assertEquals(ofTask4 ? RunStatus.FAILED : RunStatus.COMPLETED, point.getStatus(), "point " + point.getIndex());
			if (ofTask4) {
				String message = point.getMessages().get(0).getText();
				// cancelled while it waited: SLURM forgets such a task at once, and it has no log
				assertEquals("SLURM task 4 of job " + job + " ended UNKNOWN (SLURM no longer lists it; without a log it was"
						+ " cancelled before it started) without results; its log " + results.resolve(".slurm")
						+ "/" + file.getFileName().toString().replace(".results", "") + "/logs/task-4.log ends:\n(no log)",
						message);
			}
		}
		assertTrue(out().contains("to run the 4 failed points again: perfcast run --resubmit " + file
				+ " --slurm --distribution " + distribution + " --points-per-task 4"), out());
		reset();
		assertEquals(0, cli("run", "--resubmit", file.toString(), "--slurm", "--distribution", distribution,
				"--points-per-task", "4"), err());
		assertTrue(out().contains(": 1 task submitted"), out());
		assertEquals(comparable(local), comparable(file));
		assertEquals(List.of(file), results(results), "merged into the same file");
	}

	@Test
	void testCtrlCCancelsTheJobAndKeepsThePointsMerged() throws Exception {
		Path distribution = LocalSlurm.distribution();
		Path results = dir.resolve("slurm");
		ProcessBuilder builder = new ProcessBuilder(java(), "-cp", distribution.resolve("lib") + "/*", "org.perfcast.cli.Main",
				"run", "loggp-step", model.toString(), "--sweep", "g=10..48:2", "--out", results.toString(), "--slurm",
				"--distribution", distribution.toString()).redirectErrorStream(true);
		builder.environment().put("PERFCAST_SLURM_POLL_MILLIS", "200");
		Process process = builder.start();
		List<String> lines = new CopyOnWriteArrayList<>();
		String job = null;
		try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line; (line = reader.readLine()) != null;) {
				lines.add(line);
				Matcher matcher = JOB.matcher(line);
				if (job == null && matcher.find()) {
					job = matcher.group(1);
				}
				if (line.startsWith("g=") && lines.stream().noneMatch(l -> l.equals("interrupted"))) {
					lines.add("interrupted");
					assertEquals(0, LocalSlurm.exec(List.of("kill", ctrlC(), Long.toString(process.pid()))).exitCode());
				}
			}
		}
		assertTrue(process.waitFor(2, TimeUnit.MINUTES));
		assertEquals(130, process.exitValue(), String.join("\n", lines));
		assertTrue(job != null, String.join("\n", lines));
		assertTrue(LocalSlurm.awaitGone(job), "job " + job + " is still queued after Ctrl-C");
		Path file = only(results);
		Run run = ResultsFiles.load(file);
		assertEquals(RunStatus.CANCELLED, run.getStatus());
		assertTrue(run.getPoints().size() >= 1 && run.getPoints().size() < 20, "points: " + run.getPoints().size());
		assertTrue(run.getPoints().stream().allMatch(p -> p.getStatus() == RunStatus.COMPLETED));
		assertFalse(Files.exists(ClusterSweep.jobFile(file)));
	}

	@Test
	void testAControllerThatIsDownIsOneClearErrorAndLeavesNoResults() throws IOException {
		Path distribution = LocalSlurm.distribution();
		LocalSlurm.stop();
		try {
			assertEquals(1, cli("run", "loggp-step", model.toString(), "--sweep", "g=10,12", "--out", dir.resolve("r").toString(),
					"--slurm", "--distribution", distribution.toString()));
			assertTrue(err().contains("sbatch on this machine refused the job: ")
					&& err().contains("(the SLURM controller, slurmctld, is down or unreachable; sinfo says the same)"), err());
			assertEquals(List.of(), results(dir.resolve("r")));
		} finally {
			LocalSlurm.restart();
		}
	}

	@Test
	void testAnUnknownPartitionIsOneClearError() throws IOException {
		assertEquals(1, cli("run", "loggp-step", model.toString(), "--sweep", "g=10,12", "--out", dir.resolve("r").toString(),
				"--slurm", "--partition", "nosuch", "--distribution", LocalSlurm.distribution().toString()));
		assertTrue(err().contains("sbatch on this machine refused the job: Invalid partition name specified ('nosuch'; sinfo -s lists the partitions)"),
				err());
		assertEquals(List.of(), results(dir.resolve("r")));
	}

	@Test
	void testMissingSlurmCommandsAreOneClearError() throws Exception {
		Path distribution = LocalSlurm.distribution();
		ProcessBuilder builder = new ProcessBuilder(java(), "-cp", distribution.resolve("lib") + "/*", "org.perfcast.cli.Main",
				"run", "loggp-step", model.toString(), "--sweep", "g=10,12", "--out", dir.resolve("r").toString(), "--slurm")
				.redirectErrorStream(true);
		builder.environment().put("PATH", dir.resolve("empty").toString());
		Process process = builder.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(process.waitFor(2, TimeUnit.MINUTES));
		assertEquals(1, process.exitValue(), output);
		assertTrue(output.contains("sbatch is not installed on this machine (not on PATH): install SLURM's client commands"),
				output);
	}

	@Test
	void testThroughSshToALoginNodeTheResultsFileIsTheLocalRunsToo() throws IOException {
		Path config = LocalSlurm.startLoginNode();
		String sweep = "g=10..24:2";
		assertEquals(0, cli("run", "loggp-step", model.toString(), "--sweep", sweep, "--out", dir.resolve("local").toString()));
		Path local = only(dir.resolve("local"));
		reset();
		Path remote = dir.resolve("remote-jobs");
		assertEquals(0, cli("run", "loggp-step", model.toString(), "--sweep", sweep, "--out", dir.resolve("ssh").toString(),
				"--slurm", "--ssh", "root@perfcast-test-login", "--ssh-config", config.toString(), "--remote-dir",
				remote.toString(), "--points-per-task", "4", "--distribution", LocalSlurm.distribution().toString()), err());
		Path file = only(dir.resolve("ssh"));
		assertEquals(comparable(local), comparable(file));
		assertTrue(out().contains(": 2 tasks submitted"), out());
		try (Stream<Path> jobs = Files.list(remote)) {
			Path job = jobs.findFirst().orElseThrow();
			try (Stream<Path> input = Files.list(job.resolve("input"))) {
				assertEquals(List.of(job.resolve("input/figure3.pattern")), input.toList(),
						"the model alone was copied to the login node, none of the other files of its folder");
			}
			assertTrue(Files.isRegularFile(job.resolve("points/task-1.results")));
		}
	}

	@Test
	void testSshThatCannotConnectIsOneClearError() throws IOException {
		assertEquals(1, cli("run", "loggp-step", model.toString(), "--sweep", "g=10,12", "--out", dir.resolve("r").toString(),
				"--slurm", "--ssh", "perfcast@nonexistent.invalid", "--remote-dir", "/tmp/perfcast-jobs"));
		assertTrue(err().contains("ssh to perfcast@nonexistent.invalid failed: ssh: Could not resolve hostname"), err());
		assertEquals(List.of(), results(dir.resolve("r")));
	}

	/**
	 * Nodes without Perfcast's command line (none on their PATH, no --distribution, and the submitting installation
	 * not offered): one error that says how to install it, the job cancelled, no results file; not an error per point.
	 */
	@Test
	void testNodesWithoutPerfcastAreOneErrorWithTheFix() throws IOException {
		String saved = System.getProperty(ClusterSettings.HOME_PROPERTY);
		System.setProperty(ClusterSettings.HOME_PROPERTY, "");
		try {
			assertEquals(1, cli("run", "loggp-step", model.toString(), "--sweep", "g=2..24:2", "--out",
					dir.resolve("r").toString(), "--slurm"), err());
		} finally {
			restore(saved);
		}
		String message = "the cluster's nodes cannot run Perfcast's command line: there is no perfcast command on their PATH";
		assertEquals(1, err().split(Pattern.quote(message), -1).length - 1, err());
		assertTrue(err().contains("pass --distribution FOLDER"), err());
		assertFalse(err().contains("exit code 127"), err());
		assertFalse(out().contains("g=2: "), "no point is printed as failed: " + out());
		assertEquals(List.of(), results(dir.resolve("r")));
	}

	/**
	 * Without --distribution the nodes run the submitting installation, which they see (one node); with --json the
	 * standard output is the run's JSON alone, as a local run's, the job's lines on stderr.
	 */
	@Test
	void testWithoutDistributionTheNodesRunTheSubmittingInstallationAndJsonIsJson() throws IOException {
		String saved = System.getProperty(ClusterSettings.HOME_PROPERTY);
		System.setProperty(ClusterSettings.HOME_PROPERTY, LocalSlurm.distribution().toString());
		try {
			assertEquals(0, cli("run", "loggp-step", model.toString(), "--sweep", "g=10,12", "--out",
					dir.resolve("r").toString(), "--slurm", "--json"), err());
		} finally {
			restore(saved);
		}
		Path file = only(dir.resolve("r"));
		assertEquals(org.perfcast.results.export.JsonExport.write(ResultsFiles.load(file)), out());
		assertTrue(err().contains("run completed: 2 of 2 points (SLURM job "), err());
		assertTrue(err().contains("g=12: T = "), err());
	}

	private static void restore(String saved) {
		if (saved == null) {
			System.clearProperty(ClusterSettings.HOME_PROPERTY);
		} else {
			System.setProperty(ClusterSettings.HOME_PROPERTY, saved);
		}
	}

	@Test
	void testClusterOptionsWithoutSlurmAreAUsageError() {
		assertEquals(2, cli("run", "loggp-step", model.toString(), "--partition", "debug"));
		assertTrue(err().contains("--partition is an option of --slurm runs; add --slurm"), err());
	}

	/** A results file without the fields that differ between any two runs: start and wall times. */
	static String comparable(Path results) throws IOException {
		return Files.readString(results).replaceAll(" (startTime|wallTime)=\"[^\"]*\"", "");
	}

	private static String awaitJob(Path results) throws IOException {
		for (int i = 0; i < 1200; i++) {
			try (Stream<Path> files = Files.exists(results) ? Files.list(results) : Stream.empty()) {
				for (Path file : files.filter(f -> f.toString().endsWith(".results" + ClusterSweep.JOB_FILE_SUFFIX)).toList()) {
					Matcher matcher = Pattern.compile("job=(\\d+)").matcher(Files.readString(file));
					if (matcher.find()) {
						return matcher.group(1);
					}
				}
			} catch (IOException e) {
				// being replaced: read it again
			}
			LocalSlurm.sleep(50);
		}
		throw new AssertionError("no job file appeared in " + results);
	}

	private static List<Path> results(Path folder) throws IOException {
		return ResultsFiles.list(folder);
	}

	private static Path only(Path folder) throws IOException {
		List<Path> files = results(folder);
		assertEquals(1, files.size(), files.toString());
		return files.get(0);
	}

	private static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	private int cli(String... args) {
		Console console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		return PerfcastCli.withBuiltinCommands(EngineRegistry.builtin()).run(List.of(args), console);
	}

	private String out() {
		return out.toString(StandardCharsets.UTF_8);
	}

	private String err() {
		return err.toString(StandardCharsets.UTF_8);
	}

	private void reset() {
		out.reset();
		err.reset();
	}

	/**
	 * The signal Ctrl-C sends, SIGINT, unless the tests run with it ignored (as the children of a background job
	 * do, and so then would the run's JVM, which installs no handler for an ignored SIGINT): then SIGTERM, which
	 * ends the JVM through the same shutdown hook.
	 */
	private static String ctrlC() throws IOException {
		Matcher ignored = Pattern.compile("SigIgn:\\s*([0-9a-fA-F]+)").matcher(Files.readString(Path.of(
				"/proc/self/status")));
		return ignored.find() && new java.math.BigInteger(ignored.group(1), 16).testBit(1) ? "-TERM" : "-INT";
	}
}
