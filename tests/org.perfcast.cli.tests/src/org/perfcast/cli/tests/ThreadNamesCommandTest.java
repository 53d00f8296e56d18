package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

/**
 * Programs that name their threads, recorded with {@code perfcast record}: the trace has their names as
 * {@code @name} lines, and {@code perfcast trace} shows them (text: "ping (T1)"; JSON: each thread's
 * {@code displayName} beside its {@code name}). A C program (pthread_setname_np of itself and of another thread, prctl,
 * a rename, an inherited name), a Java program (a Thread subclass, a name given to the constructor, setName, a pool's
 * threads) and an OpenMP program (its workers "omp thread K"). Needs cc, gcc with -fopenmp and libomp (apt-get install
 * gcc libomp-dev).
 */
class ThreadNamesCommandTest {

	private final CommandRunner cli = new CommandRunner();

	/** Each thread's displayName in {@code json}, null when it has none. */
	static Map<String, String> displayNames(String json) {
		Map<String, String> names = new LinkedHashMap<>();
		Matcher m = Pattern.compile("\\{\"name\": \"([^\"]+)\", \"displayName\": (null|\"((?:[^\"\\\\]|\\\\.)*)\")")
				.matcher(json);
		while (m.find()) {
			names.put(m.group(1), m.group(3));
		}
		return names;
	}

	private static void compile(Path dir, String name, String source, String... flags) throws Exception {
		Path file = Files.writeString(dir.resolve(name + ".c"), source);
		List<String> command = new ArrayList<>(List.of("gcc", "-O1", "-g", "-pthread"));
		command.addAll(List.of(flags));
		command.addAll(List.of("-o", dir.resolve(name).toString(), file.toString()));
		Process cc;
		try {
			cc = new ProcessBuilder(command).redirectErrorStream(true).start();
		} catch (java.io.IOException e) {
			throw new AssertionError("no gcc on the PATH: apt-get install gcc", e);
		}
		String output = new String(cc.getInputStream().readAllBytes());
		assertTrue(cc.waitFor(120, TimeUnit.SECONDS) && cc.exitValue() == 0, "compiled " + name + ": " + output);
	}

	private String record(Path trace, String... command) throws Exception {
		List<String> args = new ArrayList<>(List.of("record", "--out", trace.toString(), "--"));
		args.addAll(List.of(command));
		assertEquals(ExitCode.OK, cli.run(args.toArray(String[]::new)), cli.err());
		String text = Files.readString(trace);
		cli.reset();
		return text;
	}

	private String json(Path trace) {
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "2", "--json"), cli.err());
		return cli.out();
	}

	/** A trace's names in the results file of {@code perfcast run trace} and in the HTML report's Gantt chart. */
	@Test
	void testTheResultsAndTheReportShowTheNames(@TempDir Path dir) throws Exception {
		Path trace = Files.writeString(dir.resolve("names.vtrace"), """
				@unit s
				@name T1 ping
				0 main create T1 cpu=0
				0 main create T2 cpu=0
				@name T2 pong & <friends>
				1 T1 exit cpu=1
				2 T2 exit cpu=2
				2 main join T1 cpu=0
				2 main join T2 cpu=0
				2 main exit cpu=0
				""");
		assertEquals(ExitCode.OK, cli.run("run", "trace", trace.toString(), "--option", "processors=2", "--out",
				dir.resolve("out").toString()), cli.err());
		Path results = org.perfcast.results.io.ResultsFiles.list(dir.resolve("out")).get(0);
		org.perfcast.model.results.Run run = org.perfcast.results.io.ResultsFiles.load(results);
		assertEquals(List.of("main", "ping (T1)", "pong & <friends> (T2)"), run.getPoints().get(0).getSchedules()
				.get(0).getTimelines().stream().map(t -> t.getLabel()).toList());
		cli.reset();
		Path html = dir.resolve("report.html");
		assertEquals(ExitCode.OK, cli.run("report", results.toString(), "--html", html.toString()), cli.err());
		String page = Files.readString(html);
		assertTrue(page.contains(">ping (T1)</text>") && page.contains(">pong &amp; &lt;friends&gt; (T2)</text>"), page);
	}

	@Test
	void testACProgramNamesItsThreads(@TempDir Path dir) throws Exception {
		compile(dir, "named", """
				#define _GNU_SOURCE
				#include <pthread.h>
				#include <sys/prctl.h>
				#include <unistd.h>
				static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
				static volatile double sink;
				static void work(void) {
				  pthread_mutex_lock(&m);
				  for (int i = 0; i < 200000; i++) sink += i * 0.5;
				  pthread_mutex_unlock(&m);
				}
				static void *ping(void *a) { pthread_setname_np(pthread_self(), "ping"); work(); return a; }
				static void *pong(void *a) { usleep(2000); work(); return a; }
				static void *renamed(void *a) {
				  prctl(PR_SET_NAME, "first name");
				  work();
				  prctl(PR_SET_NAME, "second \\\\ näme"); /* a backslash and unicode */
				  work();
				  return a;
				}
				static void *plain(void *a) { work(); return a; }
				int main(void) {
				  pthread_t t[5];
				  pthread_create(&t[0], 0, ping, 0);
				  pthread_create(&t[1], 0, pong, 0);
				  pthread_setname_np(t[1], "pong");     /* named by another thread */
				  pthread_create(&t[2], 0, renamed, 0);
				  pthread_create(&t[3], 0, plain, 0);   /* the process's name: none of its own */
				  prctl(PR_SET_NAME, "boss");
				  pthread_create(&t[4], 0, plain, 0);   /* inherits boss */
				  for (int i = 0; i < 5; i++) pthread_join(t[i], 0);
				  return 0;
				}
				""");
		Path trace = dir.resolve("named.vtrace");
		String text = record(trace, dir.resolve("named").toString());
		for (String line : List.of("@name T1 ping", "@name T2 pong", "@name T3 first name",
				"@name T3 second \\\\ näme", "@name main boss", "@name T5 boss")) {
			assertTrue(text.contains("\n" + line + "\n"), line + " in\n" + text);
		}
		assertFalse(text.contains("@name T4 "), "T4 has the process's name:\n" + text);
		String json = json(trace);
		Map<String, String> expected = new LinkedHashMap<>();
		expected.put("main", "boss");
		expected.put("T1", "ping");
		expected.put("T2", "pong");
		expected.put("T3", "second \\\\ näme"); // as JSON writes it
		expected.put("T4", null);
		expected.put("T5", "boss");
		assertEquals(expected, displayNames(json), json);
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "2"), cli.err());
		assertTrue(cli.out().contains("  ping (T1) ") && cli.out().contains("  boss (T5) "), cli.out());
	}

	@Test
	void testAJavaProgramNamesItsThreads(@TempDir Path dir) throws Exception {
		Path source = Files.writeString(dir.resolve("PingPong.java"), """
				import java.util.concurrent.ExecutorService;
				import java.util.concurrent.Executors;
				import java.util.concurrent.Future;
				public class PingPong {
					static final Object BALL = new Object();
					static boolean pingsTurn = true;
					static volatile double sink;
					static void work() { for (int i = 0; i < 100000; i++) sink += i * 0.5; }
					static void play(boolean ping) throws InterruptedException {
						for (int k = 0; k < 3; k++) {
							synchronized (BALL) {
								while (pingsTurn != ping) BALL.wait();
								work();
								pingsTurn = !ping;
								BALL.notifyAll();
							}
						}
					}
					static final class Ping extends Thread {
						Ping() { super("ping"); }
						@Override public void run() {
							try { play(true); } catch (InterruptedException e) { throw new RuntimeException(e); }
						}
					}
					public static void main(String[] args) throws Exception {
						Thread ping = new Ping();
						Thread pong = new Thread(() -> {
							try { play(false); } catch (InterruptedException e) { throw new RuntimeException(e); }
						}, "pong");
						Thread renamed = new Thread(() -> {
							work();
							synchronized (BALL) { work(); }
							Thread.currentThread().setName("renamed worker");
							synchronized (BALL) { work(); }
						});
						ping.start();
						pong.start();
						renamed.start();
						ExecutorService pool = Executors.newFixedThreadPool(2);
						Future<?> a = pool.submit(() -> { synchronized (BALL) { work(); } });
						a.get();
						pool.shutdown();
						ping.join();
						pong.join();
						renamed.join();
					}
				}
				""");
		javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
		assertEquals(0, javac.run(null, null, null, "-g", "-d", dir.toString(), source.toString()));
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Path trace = dir.resolve("PingPong.vtrace");
		String text = record(trace, java, "-cp", dir.toString(), "PingPong");
		for (String line : List.of("@name T1 ping", "@name T2 pong", "@name T3 Thread-", "@name T3 renamed worker",
				"@name task1 pool-1-thread-1")) {
			assertTrue(text.contains("\n" + line), line + " in\n" + text);
		}
		assertFalse(text.contains("@name main "), "main is named main:\n" + text);
		Map<String, String> names = displayNames(json(trace));
		assertEquals("ping", names.get("T1"), "" + names);
		assertEquals("pong", names.get("T2"), "" + names);
		assertEquals("renamed worker", names.get("T3"), "the last name: " + names);
		assertEquals("pool-1-thread-1", names.get("task1"), "" + names);
		assertEquals(null, names.get("main"), "" + names);
	}

	/**
	 * Third-party naming: Guava's {@code ThreadFactoryBuilder} (from Maven Central, the version of the target platform,
	 * in the local Maven repository or given with {@code -Dperfcast.guava=JAR}) names a pool's threads; the pool's tasks
	 * are named after the threads they ran on.
	 */
	@Test
	void testThreadsNamedByGuavasThreadFactory(@TempDir Path dir) throws Exception {
		Path guava = Path.of(System.getProperty("perfcast.guava", Path.of(System.getProperty("user.home"), ".m2",
				"repository", "com", "google", "guava", "guava", "33.7.2-jre", "guava-33.7.2-jre.jar").toString()));
		assertTrue(Files.isRegularFile(guava), "no Guava at " + guava + ": ./mvnw dependency:get "
				+ "-Dartifact=com.google.guava:guava:33.7.2-jre, or name a Guava jar with -Dperfcast.guava=JAR");
		Path source = Files.writeString(dir.resolve("Indexers.java"), """
				import com.google.common.util.concurrent.ThreadFactoryBuilder;
				import java.util.concurrent.ExecutorService;
				import java.util.concurrent.Executors;
				import java.util.concurrent.Future;
				public class Indexers {
					static final Object LOCK = new Object();
					static volatile double sink;
					static void work() { synchronized (LOCK) { for (int i = 0; i < 100000; i++) sink += i * 0.5; } }
					public static void main(String[] args) throws Exception {
						ExecutorService pool = Executors.newFixedThreadPool(2, new ThreadFactoryBuilder()
								.setNameFormat("indexer-%d").build());
						Future<?> a = pool.submit(Indexers::work);
						Future<?> b = pool.submit(Indexers::work);
						a.get();
						b.get();
						pool.shutdown();
					}
				}
				""");
		javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
		assertEquals(0, javac.run(null, null, null, "-g", "-cp", guava.toString(), "-d", dir.toString(),
				source.toString()));
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Path trace = dir.resolve("Indexers.vtrace");
		String text = record(trace, java, "-cp", dir + ":" + guava, "Indexers");
		Map<String, String> names = displayNames(json(trace));
		assertEquals(List.of("indexer-0", "indexer-1"), Stream.of(names.get("task1"), names.get("task2"))
				.map(String::valueOf).sorted().toList(), names + " from\n" + text);
	}

	@Test
	void testAnOpenMpProgramsWorkersAreNamedByTheirNumbers(@TempDir Path dir) throws Exception {
		compile(dir, "team", """
				#include <omp.h>
				#include <stdio.h>
				int main(void) {
				  double s = 0;
				  #pragma omp parallel num_threads(3) reduction(+:s)
				  for (int i = 0; i < 300000; i++) s += i * 1e-9 * (omp_get_thread_num() + 1);
				  printf("%f\\n", s);
				  return 0;
				}
				""", "-fopenmp");
		Path trace = dir.resolve("team.vtrace");
		String text = record(trace, dir.resolve("team").toString());
		assertTrue(text.contains("\n@name T1 omp thread ") && text.contains("\n@name T2 omp thread "), text);
		Map<String, String> names = displayNames(json(trace));
		assertEquals(List.of("omp thread 1", "omp thread 2"), Stream.of(names.get("T1"), names.get("T2"))
				.map(String::valueOf).sorted().toList(), "" + names);
		assertEquals(null, names.get("main"), "" + names);
	}
}
