package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

/** A real pthreads program recorded on one processor, then predicted on two. */
class RecordCommandTest {

	private final CommandRunner cli = new CommandRunner();

	private static boolean cc() {
		for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
			if (Files.isExecutable(Path.of(dir, "cc"))) {
				return true;
			}
		}
		return false;
	}

	@Test
	void testProducerConsumerRecordedAndPredicted(@TempDir Path dir) throws Exception {
		assumeTrue(cc() || System.getenv("CI") != null, "no C compiler (apt-get install gcc)");
		Files.writeString(dir.resolve("pc.c"), """
				#include <pthread.h>
				#include <semaphore.h>
				#include <unistd.h>
				static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
				static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
				static pthread_barrier_t b;
				static sem_t s;
				static int items;
				static volatile double sink;
				static void work(int n) { for (int i = 0; i < n * 20000; i++) sink += i * 0.5; }
				static void *consumer(void *a) {
				  for (int k = 0; k < 4; k++) {
				    pthread_mutex_lock(&m);
				    while (items == 0) pthread_cond_wait(&c, &m);
				    items--;
				    pthread_mutex_unlock(&m);
				    work(20);
				  }
				  sem_post(&s);
				  pthread_barrier_wait(&b);
				  return 0;
				}
				int main(void) {
				  pthread_t t;
				  sem_init(&s, 0, 0);
				  pthread_barrier_init(&b, 0, 2);
				  pthread_create(&t, 0, consumer, 0);
				  for (int k = 0; k < 4; k++) {
				    usleep(3000); /* the consumer waits for each item */
				    work(20);
				    pthread_mutex_lock(&m);
				    items++;
				    pthread_cond_signal(&c);
				    pthread_mutex_unlock(&m);
				  }
				  sem_wait(&s);
				  pthread_barrier_wait(&b);
				  pthread_join(t, 0);
				  return 0;
				}
				""");
		Process cc = new ProcessBuilder("cc", "-O1", "-pthread", "-o", dir.resolve("pc").toString(), dir.resolve("pc.c")
				.toString()).inheritIO().start();
		assertTrue(cc.waitFor(60, TimeUnit.SECONDS) && cc.exitValue() == 0, "compiled");
		Path trace = dir.resolve("pc.vtrace");
		assertEquals(ExitCode.OK, cli.run("record", "--out", trace.toString(), "--", dir.resolve("pc").toString()),
				cli.err());
		assertTrue(cli.out().startsWith("recorded "), cli.out());
		assertTrue(cli.out().contains(" events of 2 threads in "), cli.out());
		String text = Files.readString(trace);
		for (String event : new String[] { " main create T1 ", " T1 take c", " main post c", " T1 post s", " main take s",
				" main join T1 ", " T1 exit " }) {
			assertTrue(text.contains(event), event + " in\n" + text);
		}
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "2", "--json"), cli.err());
		assertTrue(cli.out().contains("\"deadlock\": null"), cli.out());
	}

	@Test
	void testAProgramThatCrashesLeavesATraceCutShort(@TempDir Path dir) throws Exception {
		assumeTrue(cc() || System.getenv("CI") != null, "no C compiler (apt-get install gcc)");
		Files.writeString(dir.resolve("crash.c"), """
				#include <pthread.h>
				#include <stdlib.h>
				#include <unistd.h>
				static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
				static void *dies(void *a) {
				  pthread_mutex_lock(&m);
				  pthread_mutex_unlock(&m);
				  usleep(400000);
				  abort();
				}
				int main(void) {
				  pthread_t t;
				  pthread_create(&t, 0, dies, 0);
				  pthread_join(t, 0);
				  return 0;
				}
				""");
		Process cc = new ProcessBuilder("cc", "-pthread", "-o", dir.resolve("crash").toString(), dir.resolve("crash.c")
				.toString()).inheritIO().start();
		assertTrue(cc.waitFor(60, TimeUnit.SECONDS) && cc.exitValue() == 0, "compiled");
		Path trace = dir.resolve("crash.vtrace");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("record", "--out", trace.toString(), "--", dir.resolve("crash")
				.toString()));
		String text = Files.readString(trace);
		assertTrue(text.startsWith("@recorded pthreads\n") && !text.contains("@end"), text);
		assertTrue(text.contains(" main join T1 ") && text.contains(" T1 unlock m"), text);
		assertTrue(cli.err().contains("warning: the recording was cut short"), cli.err());
		assertTrue(cli.err().contains("main was joining T1 when the recording was cut short"), cli.err());
		assertTrue(cli.out().contains("program exit code 134"), cli.out());
	}

	@Test
	void testUsage() {
		assertEquals(ExitCode.USAGE, cli.run("record", "--out", "x.vtrace"));
		assertTrue(cli.err().contains("missing -- PROGRAM"), cli.err());
	}

	@Test
	void testAJavaProgram(@TempDir Path dir) throws Exception {
		Path source = Files.writeString(dir.resolve("Handshake.java"), """
				public class Handshake {
					static final Object LOCK = new Object();
					static boolean ready;
					public static void main(String[] args) throws Exception {
						Thread t = new Thread(() -> {
							synchronized (LOCK) {
								ready = true;
								LOCK.notifyAll();
							}
						});
						synchronized (LOCK) {
							t.start();
							while (!ready) {
								LOCK.wait();
							}
						}
						t.join();
					}
				}
				""");
		javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
		assertEquals(0, javac.run(null, null, null, "-g", "-d", dir.toString(), source.toString()));
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Path trace = dir.resolve("Handshake.vtrace");
		assertEquals(ExitCode.OK, cli.run("record", "--out", trace.toString(), "--", java, "-cp", dir.toString(),
				"Handshake"), cli.err());
		assertTrue(cli.out().startsWith("recorded 12 events of 2 threads in "), cli.out());
		String text = Files.readString(trace);
		assertTrue(text.contains(" main take C1 cpu="), text);
		assertTrue(text.contains(" T1 post C1 cpu=") && text.contains(" at=Handshake.java:8"), text);
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "2", "--json"), cli.err());
		assertTrue(cli.out().contains("\"deadlock\": null"), cli.out());
	}

	@Test
	void testAJvmOlderThanJava11IsRefusedWithoutStartingIt(@TempDir Path dir) throws Exception {
		Path java = dir.resolve("jdk8/bin/java");
		Files.createDirectories(java.getParent());
		Files.writeString(dir.resolve("jdk8/release"), "JAVA_VERSION=\"1.8.0_392\"\n");
		Files.writeString(java, "#!/bin/sh\ntouch '" + dir.resolve("started") + "'\n");
		Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
		assertEquals(ExitCode.INPUT_ERROR, cli.run("record", "--out", dir.resolve("Main.vtrace").toString(), "--",
				java.toString(), "-cp", dir.toString(), "Main"), cli.err());
		assertTrue(cli.err().contains("the Java recorder needs Java 11 or newer; " + java + " is Java 1.8.0_392"),
				cli.err());
		assertTrue(!Files.exists(dir.resolve("started")), "the JVM was not started");
	}
}
