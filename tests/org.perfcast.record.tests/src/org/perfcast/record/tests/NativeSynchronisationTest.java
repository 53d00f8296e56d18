package org.perfcast.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.NativeTools;
import org.perfcast.record.PthreadRecorder;
import org.perfcast.record.RealRuns;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SelfCheck;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;

/**
 * Synchronisation that is not a pthread call: futexes made through {@code syscall}, spin-then-block, polling with
 * {@code sched_yield} and with short sleeps, and channels between a process's own threads (pipes, socketpairs,
 * eventfds, POSIX message queues, System V semaphores and message queues), on the known-answer programs of
 * {@code programs/native-sync} (a token handed between two threads beside a bystander: speed-up 1.25 on two
 * processors; polled without a bystander: 1.0; two threads that seldom wait for a lock: 2.0). Each recording replays under every model, its one-processor replay
 * takes the recorded time, and its prediction for two processors is the known answer and that of a real run. Needs
 * cc and taskset.
 */
class NativeSynchronisationTest {

	private static final Path PROGRAMS = Path.of("programs", "native-sync");

	/** How far a prediction may be from the program's known answer: recordings differ in their interleavings. */
	private static final double KNOWN_ANSWER = 0.10;

	private static final List<SimulationModel> MODELS = List.of(SimulationModel.DIRECT, SimulationModel.CLIENT_SERVER,
			SimulationModel.STRICT_SEQUENCE);

	/** Builds {@code programs/native-sync/NAME.c} into {@code dir}. */
	static Path build(Path dir, String name) throws IOException, InterruptedException {
		Path source = PROGRAMS.resolve(name + ".c").toAbsolutePath();
		assertTrue(Files.isRegularFile(source), "the program " + source);
		if (NativeTools.onPath("cc") == null) {
			fail("no C compiler (cc) on the PATH: apt-get install gcc libc6-dev");
		}
		Path exe = dir.resolve(name);
		Process compiler = new ProcessBuilder("cc", "-O1", "-g", "-pthread", "-o", exe.toString(), source.toString())
				.redirectErrorStream(true).start();
		String output = new String(compiler.getInputStream().readAllBytes());
		assertTrue(compiler.waitFor(120, TimeUnit.SECONDS) && compiler.exitValue() == 0, "compiled " + name + ": "
				+ output);
		return exe;
	}

	static Path record(Path exe, Path trace) throws Exception {
		int status = PthreadRecorder.record(List.of(exe.toString()), trace, NativeTools.cache(),
				ProcessBuilder.Redirect.DISCARD, false, note -> {
				});
		assertEquals(0, status, "exit code of " + exe + " recorded");
		return trace;
	}

	/** The time of the trace's last event: the recorded run's length. */
	static double recordedElapsed(Path trace) throws IOException {
		return Files.readAllLines(trace).stream().filter(l -> !l.isEmpty() && !l.startsWith("#") && !l.startsWith("@"))
				.mapToDouble(l -> Double.parseDouble(l.split(" ")[0])).max().orElse(0);
	}

	static double sum(Path trace, String kind) throws IOException {
		return Files.readAllLines(trace).stream().map(l -> l.split(" ")).filter(w -> w.length > 3 && w[2].equals(kind))
				.mapToDouble(w -> Double.parseDouble(w[3])).sum();
	}

	static long count(Path trace, String kind) throws IOException {
		return Files.readAllLines(trace).stream().map(l -> l.split(" ")).filter(w -> w.length > 2 && w[2].equals(kind))
				.count();
	}

	static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int n = sorted.length;
		return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	}

	/**
	 * The real speed-up on two processors: runs on one and on two alternate (so that a load on the machine weighs
	 * on both alike), medians of {@code runs}.
	 */
	static double realSpeedup(Path exe, int runs) throws Exception {
		double[] one = new double[runs];
		double[] two = new double[runs];
		for (int r = 0; r < runs; r++) {
			one[r] = RealRuns.time(List.of(exe.toString()), 1, 1).median();
			two[r] = RealRuns.time(List.of(exe.toString()), 2, 1).median();
		}
		return median(one) / median(two);
	}

	@ParameterizedTest(name = "{0}: speed-up {1} on 2 processors")
	@CsvSource({ "futex_lock, 2.0", "futex_queue, 1.25", "spin_block, 1.25", "yield_poll, 1.0", "sleep_poll, 1.0",
			"pipe, 1.25", "socketpair, 1.25", "eventfd, 1.25", "mq, 1.25", "sysv_sem, 1.25", "sysv_msg, 1.25" })
	void knownAnswers(String name, double known, @TempDir Path dir) throws Exception {
		if (Runtime.getRuntime().availableProcessors() < 2) {
			fail("this test runs the program on 2 processors; the machine has "
					+ Runtime.getRuntime().availableProcessors());
		}
		Path exe = build(dir, name);
		// the recording whose self-check comes closest, of up to three (a recording made while other processes took the
		// processor is allowed for by the check, to the precision of the kernel's ticks)
		List<String> attempts = new ArrayList<>();
		Recording recording = null;
		SelfCheck check = null;
		for (int attempt = 0; attempt < 3 && (check == null || Math.abs(check.deviation()) > 0.01); attempt++) {
			Path trace = record(exe, dir.resolve(name + "-" + attempt + ".vtrace"));
			SelfCheck c = SelfCheck.of(() -> TraceFiles.open(trace, trace.toString()), TraceSimulator.Options.DEFAULT,
					EngineMonitor.NULL);
			attempts.add(c.summary("s"));
			if (check == null || Math.abs(c.deviation()) < Math.abs(check.deviation())) {
				check = c;
				recording = TraceFiles.record(trace, trace.toString(), EngineMonitor.NULL);
			}
		}
		assertNotNull(recording);
		double one = check.simulated();
		double[] predicted = new double[MODELS.size()];
		for (int m = 0; m < MODELS.size(); m++) {
			Simulation s = TraceSimulator.simulate(recording, new TargetMachine(2, Map.of()), MODELS.get(m),
					new TraceSimulator.Options(0, false), EngineMonitor.NULL);
			assertFalse(s.deadlocked(), name + " deadlocks under " + MODELS.get(m));
			assertNotNull(s.completion());
			predicted[m] = one / s.completion();
			assertEquals(known, predicted[m], KNOWN_ANSWER * known, name + ": the speed-up " + MODELS.get(m)
					+ " predicts on 2 processors against the program's known answer");
		}
		assertTrue(check.reliable(), name + ": the recording's self-check: " + attempts + control(dir));
		// real runs are compared with the predictions by perfcast accuracy, on a quiet machine (the numbers of docs/threads.md):
		// they depend on the machine's load and on the time a woken thread takes to reach the other processor
	}

	/**
	 * A pool whose workers sleep on conditions of their own and are signalled as htslib's are
	 * ({@code programs/native-sync/condvar_pool.c}): 2.0 on two processors by construction, where one recorded with the
	 * woken worker left waiting behind its signaller was predicted at 1.25 to 1.75 (one worker did most of the jobs,
	 * or slept where it finds work on two). Of up to three recordings (a busy machine shifts the threads' turns on the
	 * processor), one replays its own run within 1 % and is predicted within 5 % of 2.0 under every model.
	 */
	@Test
	void aPoolSignallingItsWorkersIsPredictedAsItRunsOnTwo(@TempDir Path dir) throws Exception {
		Path exe = build(dir, "condvar_pool");
		List<String> attempts = new ArrayList<>();
		boolean held = false;
		for (int attempt = 0; attempt < 3 && !held; attempt++) {
			Path trace = record(exe, dir.resolve("condvar_pool-" + attempt + ".vtrace"));
			SelfCheck check = SelfCheck.of(() -> TraceFiles.open(trace, trace.toString()),
					TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
			Recording recording = TraceFiles.record(trace, trace.toString(), EngineMonitor.NULL);
			StringBuilder said = new StringBuilder(check.summary("s"));
			boolean within = Math.abs(check.deviation()) <= 0.01;
			for (SimulationModel model : MODELS) {
				Simulation s = TraceSimulator.simulate(recording, new TargetMachine(2, Map.of()), model,
						new TraceSimulator.Options(0, false), EngineMonitor.NULL);
				assertFalse(s.deadlocked(), "condvar_pool deadlocks under " + model);
				double speedup = check.simulated() / s.completion();
				said.append(String.format(Locale.ROOT, "; %s %.3f", model, speedup));
				within &= Math.abs(speedup - 2.0) <= 0.05 * 2.0;
			}
			// each worker ran at least a quarter of the 300 jobs (the lock after a job's work, condvar_pool.c:57)
			String text = Files.readString(trace);
			for (String worker : List.of("T1", "T2")) {
				long jobs = text.lines().filter(l -> l.contains(" " + worker + " lock ") && l.contains("condvar_pool.c:57"))
						.count();
				assertTrue(jobs >= 75, worker + " ran " + jobs + " jobs of 300:\n" + text);
			}
			attempts.add(said.toString());
			held = within;
		}
		assertTrue(held, "condvar_pool: self-check within 1 % and speed-up within 5 % of 2.0: " + attempts
				+ control(dir));
	}

	/** What a failure on a busy machine says: how much faster two threads that share nothing run on two. */
	static String control(Path dir) {
		try {
			double speedup = realSpeedup(build(dir, "parallel_control"), 3);
			return String.format(Locale.ROOT, "; two threads that share nothing (programs/native-sync/"
					+ "parallel_control.c) run %.2f times as fast on 2 processors as on 1 now%s", speedup, speedup < 1.9
							? ": other load on this machine" : "");
		} catch (Exception | AssertionError e) {
			return "; the control program failed: " + e;
		}
	}

	@Test
	void channelsOfTheProcessArePostsAndTakesNotIo(@TempDir Path dir) throws Exception {
		for (String name : List.of("pipe", "socketpair", "eventfd", "mq", "sysv_sem", "sysv_msg")) {
			Path trace = record(build(dir, name), dir.resolve(name + ".vtrace"));
			String text = Files.readString(trace);
			assertEquals(0, count(trace, "io"), name + ": no I/O\n" + text);
			// 100 rounds, each a handoff to B and one back
			assertEquals(200, count(trace, "post"), name + ": posts");
			assertEquals(200, count(trace, "take"), name + ": takes");
		}
	}

	@Test
	void pollingInSchedYieldIsASleepOfItsLengthAndTheTraceSaysSo(@TempDir Path dir) throws Exception {
		Path trace = record(build(dir, "yield_poll"), dir.resolve("yield_poll.vtrace"));
		String text = Files.readString(trace);
		assertTrue(count(trace, "sleep") > 0, text);
		assertTrue(text.contains("waits polling in sched_yield"), "the trace's closing comment:\n" + text);
	}

	@Test
	void ioLeavesOutTheWaitForTheProcessorAfterIt(@TempDir Path dir) throws Exception {
		// 50 waits of 2 ms beside a busy thread: 100 ms of I/O (with the first wait, estimated, and the timer's slack)
		Path trace = record(build(dir, "io_run_queue"), dir.resolve("io_run_queue.vtrace"));
		double io = sum(trace, "io");
		assertEquals(50, count(trace, "io"), Files.readString(trace));
		assertTrue(io >= 0.099 && io <= 0.125, "the I/O recorded: " + io + " s, not 0.1 s and the time the thread "
				+ "waited for the processor after each");
	}

	@Test
	void aPipeSharedWithAnotherProcessStaysIo(@TempDir Path dir) throws Exception {
		Path source = dir.resolve("child_pipe.c");
		Files.writeString(source, """
				#include <unistd.h>
				#include <sys/wait.h>
				int main(void) {
					int p[2];
					char c = 'x';
					if (pipe(p)) return 1;
					pid_t child = fork();
					if (child == 0) {
						usleep(30000);
						write(p[1], &c, 1);
						_exit(0);
					}
					if (read(p[0], &c, 1) != 1) return 1;
					waitpid(child, 0, 0);
					return 0;
				}
				""");
		Path exe = dir.resolve("child_pipe");
		Process compiler = new ProcessBuilder("cc", "-O1", "-g", "-o", exe.toString(), source.toString())
				.redirectErrorStream(true).start();
		String output = new String(compiler.getInputStream().readAllBytes());
		assertTrue(compiler.waitFor(120, TimeUnit.SECONDS) && compiler.exitValue() == 0, output);
		Path trace = record(exe, dir.resolve("child_pipe.vtrace"));
		String text = Files.readString(trace);
		assertEquals(0, count(trace, "take"), text);
		assertTrue(sum(trace, "io") >= 0.025, "the read waited for the other process as I/O:\n" + text);
	}
}
