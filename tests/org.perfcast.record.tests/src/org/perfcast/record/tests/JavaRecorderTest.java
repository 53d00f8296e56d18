package org.perfcast.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.record.JavaRecorder;
import org.perfcast.record.PthreadRecorder;
import org.perfcast.record.tests.programs.Blocking;
import org.perfcast.record.tests.programs.Crash;
import org.perfcast.record.tests.programs.Locks;
import org.perfcast.record.tests.programs.Monitors;
import org.perfcast.record.tests.programs.Queues;
import org.perfcast.record.tests.programs.Synchronizers;
import org.perfcast.record.tests.programs.Tasks;
import org.perfcast.record.tests.programs.Timeouts;
import org.perfcast.trace.EventKind;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.ThreadProgram;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;

/**
 * The Java recorder on small programs whose events are known: each construct's events per thread, source lines,
 * traces that replay and simulate, and a program that dies mid-recording.
 */
class JavaRecorderTest {

	@TempDir
	static Path cache;

	@TempDir
	Path dir;

	private static Path agent;

	@BeforeAll
	static void buildAgent() throws Exception {
		agent = JavaRecorder.agentJar(cache);
	}

	/** Records {@code main} into a trace and returns its exit code with the trace. */
	private Path record(Class<?> main, int expectedStatus) throws Exception {
		Path out = dir.resolve(main.getSimpleName() + ".vtrace");
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		String classes = Path.of(main.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
		int status = PthreadRecorder.record(List.of(java, "-cp", classes, main.getName()), out, cache);
		assertEquals(expectedStatus, status, main.getSimpleName() + "'s exit code");
		return out;
	}

	/**
	 * The events of each thread, as "kind args", without times, clocks and sites, and without the durations of
	 * {@code sleep} and {@code io}.
	 */
	static Map<String, List<String>> events(Path trace) throws IOException {
		Map<String, List<String>> threads = new LinkedHashMap<>();
		for (String line : Files.readAllLines(trace)) {
			if (line.isBlank() || line.startsWith("@") || line.startsWith("#")) {
				continue;
			}
			String[] words = line.split("\\s+");
			StringBuilder event = new StringBuilder(words[2]);
			boolean timed = words[2].equals("sleep") || words[2].equals("io");
			for (int i = timed ? 4 : 3; i < words.length && !words[i].contains("="); i++) {
				event.append(' ').append(words[i]);
			}
			threads.computeIfAbsent(words[1], k -> new ArrayList<>()).add(event.toString());
		}
		return threads;
	}

	private static Recording replay(Path trace) throws Exception {
		return TraceFiles.record(trace, trace.getFileName().toString(), EngineMonitor.NULL);
	}

	@Test
	void testTheAgentJarHoldsTheAgentAndItsOwnCopyOfAsm() throws Exception {
		try (JarFile jar = new JarFile(agent.toFile())) {
			assertEquals("org.perfcast.record.agent.Premain", jar.getManifest().getMainAttributes().getValue("Premain-Class"));
			assertTrue(jar.getEntry("org/perfcast/record/agent/Hooks.class") != null);
			assertTrue(jar.getEntry("org/perfcast/record/agent/asm/ClassReader.class") != null, "ASM moved");
			assertTrue(jar.stream().noneMatch(e -> e.getName().startsWith("org/objectweb/")));
		}
		assertEquals(agent, JavaRecorder.agentJar(cache), "written once");
	}

	@Test
	void testMonitorsWaitAndNotify() throws Exception {
		Path trace = record(Monitors.class, 0);
		Map<String, List<String>> events = events(trace);
		assertEquals(List.of("lock M1", "create T1", "unlock M1", "take C1", "lock M1", "unlock M1", "join T1", "exit"),
				events.get("main"));
		// the nested block on the same monitor is one lock; increment() locks the class
		assertEquals(List.of("lock M1", "unlock M1", "lock M2", "unlock M2", "lock M1", "post C1", "unlock M1", "exit"),
				events.get("T1"));
		assertTrue(Files.readString(trace).contains(" at=Monitors.java:"), "source lines");
		assertTrue(Files.readString(trace).matches("(?s).*\\n@end( [^\\n]*)?\\n"));
		Recording recording = replay(trace);
		assertTrue(recording.cpuClocks());
		assertEquals(List.of(), recording.warnings());
	}

	@Test
	void testLocksAndConditions() throws Exception {
		Map<String, List<String>> events = events(record(Locks.class, 0));
		assertEquals(List.of("lock L1", "create T1", "unlock L1", "take C2", "lock L1", "unlock L1", "join T1", "exit"),
				events.get("main"));
		assertEquals(List.of("lock L1", "post C2", "unlock L1", "exit"), events.get("T1"));
	}

	@Test
	void testSemaphoresLatchesAndBarriers() throws Exception {
		Path trace = record(Synchronizers.class, 0);
		Map<String, List<String>> events = events(trace);
		List<String> main = events.get("main");
		List<String> t1 = events.get("T1");
		// the semaphore's one permit is posted when it is made; the thread takes it, then hands off
		// main sleeps before it counts the latch down
		assertEquals(List.of("post S1", "create T1", "take S2", "sleep", "post C3"), main.subList(0, 5));
		assertEquals(List.of("take S1", "post S2", "take C3"), t1.subList(0, 3));
		// the barrier: whoever arrives last posts for the other
		List<String> barrier = new ArrayList<>(main.subList(5, main.size() - 2));
		barrier.addAll(t1.subList(3, t1.size() - 1));
		assertEquals(List.of("post B4.0", "take B4.0"), barrier.stream().sorted().toList());
		assertEquals(List.of("join T1", "exit"), main.subList(main.size() - 2, main.size()));
		replay(trace);
	}

	@Test
	void testBoundedQueues() throws Exception {
		Path trace = record(Queues.class, 0);
		Map<String, List<String>> events = events(trace);
		assertEquals(List.of("post F1", "create T1", "create T2", "join T1", "join T2", "exit"), events.get("main"));
		assertEquals(List.of("take F1", "post Q1", "take F1", "post Q1", "take F1", "post Q1", "exit"), events.get("T1"));
		assertEquals(List.of("take Q1", "post F1", "take Q1", "post F1", "take Q1", "post F1", "exit"), events.get("T2"));
		Recording recording = replay(trace);
		TraceSimulator.simulate(recording, new TargetMachine(2, Map.of()), SimulationModel.DIRECT,
				TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
	}

	@Test
	void testExecutorAndForkJoinTasks() throws Exception {
		Path trace = record(Tasks.class, 0);
		Map<String, List<String>> events = events(trace);
		List<String> main = events.get("main");
		// the tasks are created where they are submitted, joined once their futures' get returns
		assertEquals(List.of("create task1", "create task2", "create task3", "join task1", "join task2", "create task4",
				"join task4", "exit"), main.stream().filter(e -> e.contains("task") || e.equals("exit")).toList());
		assertEquals(List.of("lock M1", "unlock M1", "exit"), events.get("task1"));
		assertEquals(List.of("lock M1", "unlock M1", "exit"), events.get("task3"));
		// every forked task is joined by its parent, and by the thread that ran it
		long creates = events.values().stream().flatMap(List::stream).filter(e -> e.startsWith("create task")).count();
		long exits = events.entrySet().stream().filter(e -> e.getKey().startsWith("task"))
				.filter(e -> e.getValue().get(e.getValue().size() - 1).equals("exit")).count();
		assertEquals(creates, exits, "every task exits");
		assertTrue(creates >= 4 + 3, "the sum forks: " + events.keySet());
		// the pools' workers are threads of the trace, created where the pools started them, and each joins the tasks
		// it ran
		List<String> workers = events.keySet().stream().filter(t -> t.startsWith("T")).toList();
		assertTrue(workers.size() >= 3, "the workers of both pools: " + events.keySet());
		for (String worker : workers) {
			assertEquals(1, events.values().stream().flatMap(List::stream).filter(e -> e.equals("create " + worker))
					.count(), worker + " is created once");
		}
		assertTrue(main.subList(0, main.indexOf("create task2")).contains("create T1"), main.toString());
		assertTrue(events.get("T1").contains("join task1"), events.get("T1").toString());
		Recording recording = replay(trace);
		assertEquals(List.of(), recording.warnings());
		TraceSimulator.simulate(recording, new TargetMachine(4, Map.of()), SimulationModel.DIRECT,
				TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
	}

	@Test
	void testAProgramThatDiesLeavesATraceCutShort() throws Exception {
		Path trace = record(Crash.class, 3);
		String text = Files.readString(trace);
		assertTrue(text.startsWith("@recorded java-agent\n"), text);
		assertFalse(text.contains("@end"), text);
		Recording recording = replay(trace);
		assertTrue(recording.warnings().get(0).startsWith("the recording was cut short"), recording.warnings().toString());
		// main's join is written once it returns: main was still running then
		assertTrue(recording.warnings().contains("main never exits; taken to exit at the end of the recording"),
				recording.warnings().toString());
		assertEquals(List.of("lock M1", "unlock M1", "create T1"), events(trace).get("main"));
	}

	/** The lines of {@code thread}'s events in {@code trace}, split into words. */
	private static List<String[]> lines(Path trace, String thread) throws IOException {
		return Files.readAllLines(trace).stream().filter(l -> !l.startsWith("@") && !l.startsWith("#"))
				.map(l -> l.split("\\s+")).filter(w -> w.length > 2 && w[1].equals(thread)).toList();
	}

	private static double cpu(String[] words) {
		for (String w : words) {
			if (w.startsWith("cpu=")) {
				return Double.parseDouble(w.substring(4));
			}
		}
		throw new AssertionError("no cpu= in " + String.join(" ", words));
	}

	/** {@code events} with each run of consecutive sleeps made one. */
	private static List<String> oneSleepPerRun(List<String> events) {
		List<String> runs = new ArrayList<>();
		for (String e : events) {
			if (!(e.equals("sleep") && !runs.isEmpty() && runs.get(runs.size() - 1).equals("sleep"))) {
				runs.add(e);
			}
		}
		return runs;
	}

	@Test
	void testSleepsTimeoutsAndBlockingIoAreTimeOffTheProcessor() throws Exception {
		Path trace = record(Blocking.class, 0);
		String text = Files.readString(trace);
		Map<String, List<String>> events = events(trace);
		List<String> main = oneSleepPerRun(events.get("main"));
		assertEquals(List.of(
				"sleep", // Thread.sleep, TimeUnit.sleep
				"lock M1", "unlock M1", "sleep", "lock M1", "unlock M1", // wait(30) times out
				"lock L2", "unlock L2", "sleep", "lock L2", "unlock L2", "sleep", "lock L2", "unlock L2", // await, awaitNanos
				"sleep", "lock M1", "unlock M1", // poll
				"sleep", // parkNanos
				"lock M1", "create T1", "unlock M1", "take C1", "lock M1", "unlock M1", "join T1", // a notified timed wait
				"create T2", "io", "io", "join T2"), // accept, read
				main.subList(0, 29), text);
		// the 1000 small writes to a file: no more than a few were slow enough to be told from work
		List<String> writes = main.subList(29, main.size() - 1);
		assertTrue(writes.stream().allMatch(e -> e.equals("io")) && writes.size() < 100, writes.toString());
		assertEquals("exit", main.get(main.size() - 1));
		assertEquals(List.of("lock M1", "post C1", "unlock M1", "exit"), events.get("T1"));
		List<String> client = events.get("T2");
		assertEquals(List.of("sleep", "sleep"), client.subList(0, 2), text);
		assertTrue(client.subList(2, client.size() - 1).stream().allMatch(e -> e.equals("io")), text);

		// each sleep and io: its duration, the CPU clock at the start of the call (not after the previous event's, not
		// after the next event's), the caller's line
		int sleeps = 0;
		for (String thread : List.of("main", "T2")) {
			List<String[]> lines = lines(trace, thread);
			for (int i = 0; i < lines.size(); i++) {
				String[] w = lines.get(i);
				if (w[2].equals("sleep") || w[2].equals("io")) {
					String line = String.join(" ", w);
					assertTrue(w[3].matches("\\d+\\.\\d{9}") && Double.parseDouble(w[3]) >= 1e-6, line);
					assertTrue(w[4].startsWith("cpu=") && w[w.length - 1].startsWith("at=Blocking.java:"), line);
					assertTrue(i == 0 || cpu(lines.get(i - 1)) <= cpu(w), line);
					assertTrue(i == lines.size() - 1 || cpu(w) <= cpu(lines.get(i + 1)), line);
					sleeps += w[2].equals("sleep") ? 1 : 0;
				}
			}
		}
		assertTrue(sleeps >= 9, text);
		// the first is Thread.sleep(50): off the processor for those 50 ms at least, less the little CPU time it used
		String[] first = lines(trace, "main").get(0);
		assertEquals("sleep", first[2]);
		assertTrue(Double.parseDouble(first[3]) >= 0.049, String.join(" ", first));

		// replayed, the sleeps and I/O are the thread's time off its processor; simulated, its sleeping and I/O
		Recording recording = replay(trace);
		assertEquals(List.of(), recording.warnings());
		ThreadProgram program = recording.program(recording.thread("main"));
		List<Double> off = new ArrayList<>();
		int io = 0;
		for (int i = 0; i < program.size(); i++) {
			if (program.kind(i) == EventKind.SLEEP || program.kind(i) == EventKind.IO) {
				off.add(program.offProcessor(i));
				io += program.kind(i) == EventKind.IO ? 1 : 0;
			}
		}
		assertTrue(io >= 2 && off.get(0) >= 0.049 && off.stream().allMatch(d -> d >= 1e-6), off.toString());
		Simulation s = TraceSimulator.simulate(recording, new TargetMachine(2, Map.of()), SimulationModel.AUTO);
		assertFalse(s.deadlocked());
		List<Simulation.Interval> intervals = s.threads().get(recording.thread("main")).intervals();
		assertTrue(intervals.stream().anyMatch(i -> i.state() == Simulation.State.SLEEPING
				&& i.end() - i.start() >= 0.049), intervals.toString());
		assertTrue(intervals.stream().anyMatch(i -> i.state() == Simulation.State.IO), intervals.toString());
	}

	@Test
	void testEveryTimedWaitThatTimesOutIsASleepAndEveryIoHookRuns() throws Exception {
		Path trace = record(Timeouts.class, 0);
		String text = Files.readString(trace);
		Map<String, List<String>> events = events(trace);
		// sleep(ms, ns), sleep(Duration), wait(ms, ns), awaitUntil, parkUntil, two tryAcquire, latch, offer, tryLock
		List<String> main = oneSleepPerRun(events.get("main").stream().filter(e -> !e.equals("io")).toList());
		assertEquals(List.of("post F1", "take F1", "post Q1", "sleep", "lock M2", "unlock M2", "sleep", "lock M2",
				"unlock M2", "lock L3", "unlock L3", "sleep", "lock L3", "unlock L3", "sleep", "create T1", "join T1",
				"sleep", "create T2", "join T2", "post S4", "post S4", "take S4", "take S4", "exit"), main, text);
		List<String> sleeps = Files.readAllLines(trace).stream().filter(l -> l.contains(" main sleep ")).toList();
		assertTrue(sleeps.size() >= 10, text);
		assertEquals(8, sleeps.stream().map(l -> l.substring(l.indexOf(" at="))).distinct().count(), text);
		// held::lock is a method reference, not a call the agent sees
		assertEquals(List.of("exit"), events.get("T1"), text);
		assertEquals(List.of("sleep", "exit"), events.get("T2"), "Thread subclass's sleep(10): " + text);
		Recording recording = replay(trace);
		assertFalse(TraceSimulator.simulate(recording, new TargetMachine(2, Map.of()), SimulationModel.AUTO)
				.deadlocked());
	}

	@Test
	void testEveryHookTheInstrumenterCallsIsAMethodOfItsFamily() throws Exception {
		// the hooks are looked up by class, name and descriptor only when a program's class calls them: a mistake would
		// be a NoSuchMethodError in the program
		Class<?> instrumenter = Class.forName("org.perfcast.record.agent.Instrumenter");
		java.util.Set<String> methods = new java.util.HashSet<>();
		for (String owner : List.of("ThreadHooks", "LockHooks", "SynchronizerHooks", "IoHooks", "Tasks")) {
			for (java.lang.reflect.Method m : Class.forName("org.perfcast.record.agent." + owner).getMethods()) {
				if (java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
					StringBuilder descriptor = new StringBuilder("(");
					for (Class<?> p : m.getParameterTypes()) {
						descriptor.append(p.descriptorString());
					}
					methods.add("org/perfcast/record/agent/" + owner + "." + m.getName()
							+ descriptor.append(')').append(m.getReturnType().descriptorString()));
				}
			}
		}
		int checked = 0;
		for (String field : List.of("BY_CLASS", "STATIC", "BY_INTERFACE")) {
			java.lang.reflect.Field f = instrumenter.getDeclaredField(field);
			f.setAccessible(true);
			for (Object byMethod : ((Map<?, ?>) f.get(null)).values()) {
				for (Object hook : ((Map<?, ?>) byMethod).values()) {
					java.lang.reflect.Field owner = hook.getClass().getDeclaredField("owner");
					java.lang.reflect.Field name = hook.getClass().getDeclaredField("name");
					java.lang.reflect.Field descriptor = hook.getClass().getDeclaredField("descriptor");
					owner.setAccessible(true);
					name.setAccessible(true);
					descriptor.setAccessible(true);
					String method = owner.get(hook) + "." + name.get(hook) + (String) descriptor.get(hook);
					assertTrue(methods.contains(method), "no " + method);
					checked++;
				}
			}
		}
		assertTrue(checked > 60, checked + " hooks");
	}

}
