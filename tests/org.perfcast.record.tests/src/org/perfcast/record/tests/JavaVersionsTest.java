package org.perfcast.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.record.JavaRecorder;
import org.perfcast.record.PthreadRecorder;
import org.perfcast.record.PthreadRecorder.RecorderException;
import org.perfcast.trace.EventKind;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.ThreadProgram;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;

/**
 * The Java recorder on the JVMs it supports, 11 and up: the agent jar is Java 11 bytecode (its Premain-Class Java
 * 8's), a program compiled for Java 11 is recorded on Debian's Java 17 and on Java 25 and its traces replay, and an
 * older JVM is refused with a message before it starts (and by the agent itself, should it be started anyway).
 */
class JavaVersionsTest {

	/**
	 * A program for Java 11: two threads that lock a monitor and a lock, a task of a pool, a sleep, and an accept
	 * that waits for a client thread which sleeps first.
	 */
	private static final String PROGRAM = """
			import java.net.InetAddress;
			import java.net.ServerSocket;
			import java.net.Socket;
			import java.util.concurrent.ExecutorService;
			import java.util.concurrent.Executors;
			import java.util.concurrent.Future;
			import java.util.concurrent.locks.ReentrantLock;

			public class Versions {
				static final Object MONITOR = new Object();
				static int count;

				public static void main(String[] args) throws Exception {
					ReentrantLock lock = new ReentrantLock();
					Thread[] workers = new Thread[2];
					for (int i = 0; i < workers.length; i++) {
						workers[i] = new Thread(() -> {
							synchronized (MONITOR) {
								count++;
							}
							lock.lock();
							try {
								count++;
							} finally {
								lock.unlock();
							}
						});
						workers[i].start();
					}
					for (Thread w : workers) {
						w.join();
					}
					ExecutorService pool = Executors.newFixedThreadPool(2);
					Future<Integer> answer = pool.submit(() -> 42);
					if (answer.get() != 42) {
						throw new IllegalStateException();
					}
					pool.shutdown();
					Thread.sleep(30);
					try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
						Thread client = new Thread(() -> {
							try {
								Thread.sleep(50);
								new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()).close();
							} catch (Exception e) {
								throw new IllegalStateException(e);
							}
						});
						client.start();
						server.accept().close();
						client.join();
					}
					System.out.println("count " + count + " on Java " + System.getProperty("java.specification.version"));
				}
			}
			""";

	@TempDir
	static Path cache;

	@TempDir
	static Path classes;

	@TempDir
	Path dir;

	private static Path agent;

	@BeforeAll
	static void compileForJava11() throws Exception {
		agent = JavaRecorder.agentJar(cache);
		Path source = classes.resolve("src/Versions.java");
		Files.createDirectories(source.getParent());
		Files.writeString(source, PROGRAM);
		Path javac = Jvms.home(25).resolve("bin/javac");
		Process p = new ProcessBuilder(javac.toString(), "--release", "11", "-d", classes.toString(), source.toString())
				.redirectErrorStream(true).start();
		String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertEquals(0, p.waitFor(), output);
		assertEquals(55, major(Files.readAllBytes(classes.resolve("Versions.class"))), "compiled for Java 11");
	}

	private static int major(byte[] classFile) {
		return ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
	}

	@Test
	void testTheAgentJarIsJava11BytecodeAndItsPremainJava8s() throws Exception {
		List<String> checked = new ArrayList<>();
		try (JarFile jar = new JarFile(agent.toFile())) {
			assertEquals("org.perfcast.record.agent.Premain", jar.getManifest().getMainAttributes()
					.getValue("Premain-Class"));
			for (JarEntry e : Collections.list(jar.entries())) {
				if (!e.getName().endsWith(".class")) {
					continue;
				}
				try (InputStream in = jar.getInputStream(e)) {
					int major = major(in.readAllBytes());
					int most = e.getName().endsWith("/Premain.class") ? 52 : 55;
					assertTrue(major <= most, e.getName() + " is class file version " + major + ", above " + most);
					checked.add(e.getName());
				}
			}
		}
		assertTrue(checked.contains("org/perfcast/record/agent/Hooks.class"), checked.toString());
		assertTrue(checked.contains("org/perfcast/record/agent/asm/ClassReader.class"), checked.toString());
	}

	@ParameterizedTest(name = "Java {0}")
	@ValueSource(ints = { 17, 25 })
	void testAProgramForJava11IsRecordedAndItsTraceReplays(int feature) throws Exception {
		String java = Jvms.java(feature);
		Path trace = dir.resolve("Versions.vtrace");
		Path output = dir.resolve("output.txt");
		int status = PthreadRecorder.record(List.of(java, "-cp", classes.toString(), "Versions"), trace, cache,
				ProcessBuilder.Redirect.to(output.toFile()));
		assertEquals(0, status, Files.readString(output));
		assertEquals("count 4 on Java " + feature, Files.readString(output).strip());
		String text = Files.readString(trace);
		assertTrue(text.startsWith("@recorded java-agent\n") && text.matches("(?s).*\\n@end( [^\\n]*)?\\n"), text);
		Map<String, List<String>> events = JavaRecorderTest.events(trace);
		// T3 is the pool's worker, started inside the JDK by submit; the parks and unparks inside the pool (the
		// permits' posts and takes) are left out here
		assertEquals(List.of("create T1", "create T2", "join T1", "join T2", "create task1", "create T3", "join task1",
				"sleep", "create T4", "io", "join T4", "exit"), events.get("main").stream()
						.filter(e -> !e.matches("(post|take) P\\d+")).toList(), text);
		for (String worker : List.of("T1", "T2")) {
			assertEquals(List.of("lock M1", "unlock M1", "lock L2", "unlock L2", "exit"), events.get(worker), text);
		}
		assertEquals(List.of("exit"), events.get("task1"), text);
		assertEquals("join task1", events.get("T3").get(0), text);
		assertEquals(List.of("sleep", "exit"), events.get("T4"), text);
		assertTrue(text.contains(" at=Versions.java:"), text);

		Recording recording = TraceFiles.record(trace, "Versions.vtrace", EngineMonitor.NULL);
		assertEquals(List.of("main", "T1", "T2", "task1", "T3", "T4"), recording.threads());
		assertTrue(recording.cpuClocks());
		assertEquals(List.of(), recording.warnings());
		ThreadProgram main = recording.program(recording.thread("main"));
		List<EventKind> kinds = new ArrayList<>();
		double asleep = 0;
		for (int i = 0; i < main.size(); i++) {
			kinds.add(main.kind(i));
			asleep += main.kind(i) == EventKind.SLEEP ? main.offProcessor(i) : 0;
		}
		assertTrue(kinds.contains(EventKind.IO), kinds.toString());
		assertTrue(asleep >= 0.029, "Thread.sleep(30): " + asleep);
		assertFalse(TraceSimulator.simulate(recording, new TargetMachine(2, Map.of()), SimulationModel.AUTO).deadlocked());
	}

	@Test
	void testAnOlderJvmIsToldWhatIsWrongBeforeItStarts() throws Exception {
		// a JVM that says it is Java 8 when asked, and would leave a mark if it were started to record
		Path home = dir.resolve("jdk8");
		Path java = home.resolve("bin/java");
		Files.createDirectories(java.getParent());
		Path started = dir.resolve("started");
		Files.writeString(java, "#!/bin/sh\nif [ \"$1\" = -version ]; then echo 'java version \"1.8.0_392\"' >&2; "
				+ "exit 0; fi\ntouch '" + started + "'\n");
		Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
		Path trace = dir.resolve("Main.vtrace");
		RecorderException e = assertThrows(RecorderException.class,
				() -> PthreadRecorder.record(List.of(java.toString(), "-cp", ".", "Main"), trace, cache));
		assertEquals("the Java recorder needs Java 11 or newer; " + java + " is Java 1.8.0_392", e.getMessage());
		assertFalse(Files.exists(started), "not started");

		// the release file of its home answers first
		Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Someone\"\nJAVA_VERSION=\"10.0.2\"\n");
		e = assertThrows(RecorderException.class,
				() -> PthreadRecorder.record(List.of(java.toString(), "Main"), trace, cache));
		assertEquals("the Java recorder needs Java 11 or newer; " + java + " is Java 10.0.2", e.getMessage());
		assertFalse(Files.exists(started), "not started");
		assertFalse(Files.exists(trace));
	}

	@Test
	void testTheVersionsOfTheJvmsHere() throws Exception {
		assertEquals(17, JavaRecorder.feature(JavaRecorder.version(Jvms.java(17))));
		assertEquals(25, JavaRecorder.feature(JavaRecorder.version(Jvms.java(25))));
		assertEquals(8, JavaRecorder.feature("1.8.0_392"));
		assertEquals(11, JavaRecorder.feature("11.0.2"));
		assertEquals(25, JavaRecorder.feature("25"));
		assertEquals(26, JavaRecorder.feature("26-ea"));
		assertEquals(0, JavaRecorder.feature("unknown"));
	}

	@Test
	void testTheAgentStartedOnAnOlderJvmSaysWhyItDoesNotRecord() throws Exception {
		// the jar's Premain-Class, as a JVM older than 11 would run it (its properties say Java 8); it must neither
		// throw (the JVM would abort) nor touch the instrumentation
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		PrintStream originalErr = System.err;
		String original = System.getProperty("java.specification.version");
		try (URLClassLoader loader = new URLClassLoader(new URL[] { agent.toUri().toURL() }, null)) {
			Class<?> premain = loader.loadClass("org.perfcast.record.agent.Premain");
			System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
			System.setProperty("java.specification.version", "1.8");
			premain.getMethod("premain", String.class, Instrumentation.class).invoke(null,
					"out=" + dir.resolve("never.vtrace"), null);
		} finally {
			System.setProperty("java.specification.version", original);
			System.setErr(originalErr);
		}
		String message = err.toString(StandardCharsets.UTF_8);
		assertTrue(message.startsWith("perfcast recorder: the Java recorder needs Java 11 or newer; this JVM ("),
				message);
		assertTrue(message.strip().endsWith(": the program runs without recording"), message);
		assertFalse(Files.exists(dir.resolve("never.vtrace")));
		assertNotNull(original);
	}
}
