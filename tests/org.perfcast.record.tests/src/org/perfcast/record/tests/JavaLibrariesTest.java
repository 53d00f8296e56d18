package org.perfcast.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.record.JavaRecorder;
import org.perfcast.record.PthreadRecorder;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SelfCheck;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;

/**
 * The Java recorder on programs whose threads are made and synchronised by the JDK and by libraries rather than by
 * the program (the programs in {@code java-programs/}, compiled here for Java 11 and recorded on Java 17 and 25):
 * CompletableFuture chains, Guava's listenable futures with a direct executor, Project Reactor's parallel
 * schedulers, fork-join with helping joins and parallel streams, threads of factories, subclasses, static
 * initialisers, scheduled pools and (Java 21+) virtual threads, and raw LockSupport handoffs. Each prints its known
 * result; its trace creates every thread that runs, replays, and simulates on two processors under every model.
 * Guava and Reactor come from Maven Central through {@code examples/real-programs/fetch-jars.sh} (pinned, cached).
 */
class JavaLibrariesTest {

	static final List<String> PROGRAMS = List.of("FutureChains", "GuavaFutures", "ReactorParallel",
			"ForkJoinHelping", "ThreadKinds", "ParkHandoff");

	@TempDir
	static Path cache;

	@TempDir
	static Path classes;

	@TempDir
	Path dir;

	private static String classpath;

	/** The folder of this test bundle (system property {@code perfcast.recordTests}, set by its pom). */
	static Path bundle() {
		String named = System.getProperty("perfcast.recordTests");
		Path folder = named != null ? Path.of(named) : Path.of("").toAbsolutePath();
		if (!Files.isDirectory(folder.resolve("java-programs"))) {
			fail("no java-programs/ in " + folder + ": run the test from tests/org.perfcast.record.tests or set "
					+ "-Dperfcast.recordTests=FOLDER");
		}
		return folder;
	}

	@BeforeAll
	static void compileThePrograms() throws Exception {
		JavaRecorder.agentJar(cache);
		Path folder = bundle();
		// the jars of the example real-programs, among them Guava's and Reactor's (pinned, cached)
		Path script = folder.resolve("../../examples/real-programs/fetch-jars.sh").normalize();
		Process fetch = new ProcessBuilder("bash", script.toString())
				.redirectError(ProcessBuilder.Redirect.INHERIT).start();
		String jars = new String(fetch.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
		assertEquals(0, fetch.waitFor(), "examples/real-programs/fetch-jars.sh could not fetch Guava and Reactor from Maven Central: " + jars);
		classpath = classes + ":" + jars;
		List<String> javac = new ArrayList<>(List.of(Jvms.home(25).resolve("bin/javac").toString(), "--release", "11",
				"-nowarn", "-cp", jars, "-d", classes.toString()));
		try (Stream<Path> sources = Files.list(folder.resolve("java-programs"))) {
			sources.filter(p -> p.toString().endsWith(".java")).sorted().forEach(p -> javac.add(p.toString()));
		}
		Process p = new ProcessBuilder(javac).redirectErrorStream(true).start();
		String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertEquals(0, p.waitFor(), output);
	}

	static Stream<Arguments> programsAndJvms() {
		return PROGRAMS.stream().flatMap(p -> Stream.of(Arguments.of(p, 17), Arguments.of(p, 25)));
	}

	/** Records {@code program} on Java {@code feature}; returns the trace, having checked the program's result. */
	private Path record(String program, int feature) throws Exception {
		return record(List.of(Jvms.java(feature), "-cp", classpath, program), program + "-" + feature);
	}

	private Path record(List<String> command, String name) throws Exception {
		Path trace = dir.resolve(name + ".vtrace");
		Path output = dir.resolve(name + ".txt");
		int status = PthreadRecorder.record(command, trace, cache, ProcessBuilder.Redirect.to(output.toFile()));
		String printed = Files.readString(output);
		assertEquals(0, status, printed);
		assertTrue(printed.contains("result true"), printed);
		return trace;
	}

	@ParameterizedTest(name = "{0} on Java {1}")
	@MethodSource("programsAndJvms")
	void testEveryThreadIsCreatedAndTheTraceReplaysUnderEveryModel(String program, int feature) throws Exception {
		Path trace = record(program, feature);
		String text = Files.readString(trace);
		assertTrue(text.matches("(?s).*\\n@end( [^\\n]*)?\\n"), text);
		Recording recording = TraceFiles.record(trace, trace.getFileName().toString(), EngineMonitor.NULL);
		assertEquals(List.of(), recording.warnings(), text);
		for (SimulationModel model : SimulationModel.values()) {
			Simulation s = TraceSimulator.simulate(recording, new TargetMachine(2, Map.of()), model);
			assertFalse(s.deadlocked(), model + " deadlocks on " + text);
		}
		Map<String, List<String>> events = JavaRecorderTest.events(trace);
		switch (program) {
		case "FutureChains" -> {
			// main waits for a future a pool thread completes: a take of its permit, posted by that thread
			assertTrue(events.get("main").stream().anyMatch(e -> e.startsWith("take P")), text);
			assertTrue(events.entrySet().stream().filter(e -> e.getKey().startsWith("T"))
					.anyMatch(e -> e.getValue().stream().anyMatch(v -> v.startsWith("post P"))), text);
		}
		case "GuavaFutures" -> {
			// a listener Guava runs inline is a task of its own, joined by the task that ran it
			assertTrue(events.entrySet().stream().filter(e -> e.getKey().startsWith("task"))
					.anyMatch(e -> e.getValue().stream().anyMatch(v -> v.startsWith("join task"))), text);
		}
		case "ReactorParallel" -> {
			// Reactor's workers, started inside the JDK's ScheduledThreadPoolExecutor, are created by main
			long workers = events.get("main").stream().filter(e -> e.startsWith("create T")).count();
			assertTrue(workers >= 3, "two workers of the scheduler of two and one of parallel(): " + text);
		}
		case "ForkJoinHelping" -> {
			assertTrue(events.get("main").contains("join task1"), text);
			assertTrue(events.keySet().stream().filter(t -> t.startsWith("T")).count() >= 2, "the pool's workers: "
					+ text);
		}
		case "ThreadKinds" -> {
			// the factory's two, the subclass, the static initialiser's, the scheduled pool's, the thread its thread
			// starts, and four virtual threads on Java 21 and later
			long threads = events.keySet().stream().filter(t -> t.startsWith("T")).count();
			assertTrue(threads >= (feature >= 21 ? 10 : 6), threads + " threads: " + text);
			long byThreads = events.entrySet().stream().filter(e -> e.getKey().startsWith("T"))
					.filter(e -> e.getValue().stream().anyMatch(v -> v.startsWith("create T"))).count();
			assertTrue(byThreads >= 1, "a thread created by a pool's thread: " + text);
			assertTrue(text.contains(" main create T") && text.contains("at=ThreadKinds.java:38"),
					"the static initialiser's thread: " + text);
		}
		case "ParkHandoff" -> {
			List<String> main = events.get("main");
			List<String> pong = events.get("T1");
			// each of the 20 rounds is a handoff: mostly a park released by the other's unpark (an unpark before the
			// park, or two before it, make fewer events)
			int rounds = 20;
			assertTrue(pong.stream().filter(e -> e.startsWith("take P")).count() >= rounds / 2, text);
			assertTrue(main.stream().filter(e -> e.startsWith("post P")).count() >= rounds / 2, text);
			assertTrue(main.stream().filter(e -> e.startsWith("take P")).count() >= rounds / 2, text);
			// the unpark made before the park: the park takes without blocking
			assertEquals(1, events.get("T2").stream().filter(e -> e.startsWith("take P")).count(), text);
		}
		default -> fail(program);
		}
	}

	/**
	 * With more work (so that the parallel part outweighs the start: class loading, the JIT), on Java 25: the
	 * recording accounts for its run (its self-check holds), and the prediction for two processors is a speed-up.
	 * Real runs are compared with it by perfcast accuracy on a quiet machine (the numbers of docs/threads.md).
	 */
	@ParameterizedTest(name = "{0} (-Dn={1})")
	@MethodSource("accuracyPrograms")
	void testTheRecordingAccountsForItsRunAndIsPredicted(String program, long n) throws Exception {
		List<String> command = List.of(Jvms.java(25), "-Dn=" + n, "-cp", classpath, program);
		Path trace = record(command, program + "-accuracy");
		SelfCheck check = SelfCheck.of(() -> TraceFiles.open(trace, trace.toString()), TraceSimulator.Options.DEFAULT,
				EngineMonitor.NULL);
		assertTrue(check.reliable(), program + ": " + check.summary("s") + " " + check.findings("s"));
		Recording recording = TraceFiles.record(trace, trace.getFileName().toString(), EngineMonitor.NULL);
		Simulation two = TraceSimulator.simulate(recording, new TargetMachine(2, Map.of()), SimulationModel.AUTO);
		assertFalse(two.deadlocked(), program);
		double predicted = check.simulated() / two.completion();
		assertTrue(predicted > 1.2 && predicted <= 2.0 + 1e-9, program + ": speed-up predicted " + predicted);
	}

	static Stream<Arguments> accuracyPrograms() {
		return Stream.of(Arguments.of("FutureChains", 30_000_000L), Arguments.of("GuavaFutures", 30_000_000L),
				Arguments.of("ReactorParallel", 20_000_000L), Arguments.of("ForkJoinHelping", 3_000_000L));
	}
}
