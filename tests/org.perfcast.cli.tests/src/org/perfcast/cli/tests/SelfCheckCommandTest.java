package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

/**
 * Every output says when a recording does not account for its own run: perfcast record, trace (text and JSON), the
 * engine's results and the HTML report.
 */
class SelfCheckCommandTest {

	/** T1 is off the processor 0.3 s between q.c:88 and q.c:97 in no recorded wait (see SelfCheckTest). */
	static final String HIDDEN_WAIT = """
			@recorded pthreads
			@unit s
			0.1 main create T1 cpu=0.1 rq=0
			0.3 main join T1 cpu=0.3 rq=0 at=main.c:20
			0.5 T1 post s cpu=0.2 rq=0.2 at=q.c:88
			0.9 T1 post s cpu=0.3 rq=0.2 at=q.c:97
			1.0 T1 exit cpu=0.4 rq=0.2
			1.0 main exit cpu=0.3 rq=0
			@end cpu=0.7
			""";

	@Test
	void testEveryOutputSaysTheRecordingIsUnreliable(@TempDir Path dir) throws Exception {
		Path trace = dir.resolve("h.vtrace");
		Files.writeString(trace, HIDDEN_WAIT);
		CommandRunner cli = new CommandRunner();
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "2"), cli.err());
		String[] lines = cli.out().split("\n");
		assertEquals("self-check: recorded 1 s, replayed on one processor 700 ms (-30 %); unexplained 300 ms over 2 "
				+ "threads: UNRELIABLE", lines[1]);
		assertTrue(lines[2].startsWith("  unreliable: the program ran 1 s when recorded"), cli.out());
		assertEquals("  unreliable: T1 spends 300 ms (33 % of its life) unexplained between q.c:88 and q.c:97: a wait "
				+ "Perfcast does not see (spinning, a raw futex, polling?)", lines[3]);

		cli = new CommandRunner();
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "2", "--json"), cli.err());
		assertTrue(cli.out().contains("\"selfCheck\": {\"elapsed\": 1, \"simulated\": 0.7, \"deviation\": 0.3, "
				+ "\"reliable\": false, \"unrecordedCpu\": 0, \"othersCpu\": 0, \"threadsChecked\": true, \"threads\": "
				+ "[{\"thread\": \"main\", \"lifetime\": 1, \"cpu\": 0.3,"), cli.out());
		assertTrue(cli.out().contains("\"gaps\": [{\"thread\": \"T1\", \"from\": \"q.c:88\", \"to\": \"q.c:97\", "
				+ "\"fromLine\": 5, \"toLine\": 6, "), cli.out());

		cli = new CommandRunner();
		Path results = dir.resolve("results");
		assertEquals(ExitCode.OK, cli.run("run", "trace", trace.toString(), "--option", "processors=2", "--out",
				results.toString()), cli.err());
		assertTrue(cli.err().contains("warning: unreliable: T1 spends 300 ms"), cli.err());
		assertTrue(cli.out().contains("recorded = 1 s, self-check deviation = 0.3, unexplained = 300 ms"), cli.out());
		Path file;
		try (var files = Files.list(results)) {
			file = files.filter(f -> f.toString().endsWith(".results")).findFirst().orElseThrow();
		}
		cli = new CommandRunner();
		Path html = dir.resolve("r.html");
		assertEquals(ExitCode.OK, cli.run("report", file.toString(), "--html", html.toString()), cli.err());
		String report = Files.readString(html);
		assertTrue(report.contains("unreliable: T1 spends 300 ms (33 % of its life) unexplained between q.c:88 and "
				+ "q.c:97"), report);
		assertTrue(report.contains("self-check deviation"), "the summary value in the report's table");
	}

	/**
	 * A wait the recorder cannot see, a futex waited on and woken by system calls the program makes without the C
	 * library: the recording of T1 has about half a second unexplained between the two lines around it. (Before a lock
	 * or a take, which are written once acquired, time off the processor counts as the wait for them.)
	 */
	@Test
	void testARawFutexWaitIsFoundInARealRecording(@TempDir Path dir) throws Exception {
		String source = """
				#include <linux/futex.h>
				#include <pthread.h>
				#include <semaphore.h>
				static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
				static sem_t s;
				static int flag;
				static volatile double sink;
				static long raw_futex(int *address, long op, long value) { /* no libc: no wrapper sees it */
				  long r; register long timeout __asm__("r10") = 0;
				  __asm__ volatile ("syscall" : "=a"(r) : "0"(202L), "D"(address), "S"(op), "d"(value), "r"(timeout)
				                    : "rcx", "r11", "memory");
				  return r;
				}
				static void *waiter(void *a) {
				  pthread_mutex_lock(&m); pthread_mutex_unlock(&m); /* before */
				  while (!__atomic_load_n(&flag, __ATOMIC_ACQUIRE)) raw_futex(&flag, FUTEX_WAIT_PRIVATE, 0);
				  sem_post(&s); /* after */
				  return a;
				}
				int main(void) {
				  pthread_t t;
				  sem_init(&s, 0, 0);
				  pthread_create(&t, 0, waiter, 0);
				  for (long i = 0; i < 400000000L; i++) sink += i * 0.5;
				  __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
				  raw_futex(&flag, FUTEX_WAKE_PRIVATE, 1);
				  pthread_join(t, 0);
				  return 0;
				}
				""";
		Files.writeString(dir.resolve("hidden.c"), source);
		Process cc = new ProcessBuilder("cc", "-g", "-O1", "-pthread", "-o", dir.resolve("hidden").toString(), dir
				.resolve("hidden.c").toString()).inheritIO().start();
		assertTrue(cc.waitFor(60, TimeUnit.SECONDS) && cc.exitValue() == 0, "compiled (apt-get install gcc)");
		CommandRunner cli = new CommandRunner();
		Path trace = dir.resolve("hidden.vtrace");
		assertEquals(ExitCode.OK, cli.run("record", "--out", trace.toString(), "--", dir.resolve("hidden").toString()),
				cli.err());
		String out = cli.out();
		assertTrue(out.contains(": UNRELIABLE\n"), out);
		String file = dir.resolve("hidden.c").toString();
		// T1's wait lies between its unlock and its post (a post does not wait: the time before it is not waiting)
		java.util.List<String> lines = source.lines().toList();
		int before = 1 + lines.indexOf(lines.stream().filter(l -> l.contains("/* before */")).findFirst().orElseThrow());
		int after = 1 + lines.indexOf(lines.stream().filter(l -> l.contains("/* after */")).findFirst().orElseThrow());
		assertTrue(out.contains("  unreliable: T1 spends ") && out.contains(" unexplained between " + file + ":" + before
				+ " and " + file + ":" + after + ": a wait Perfcast does not see"), out);
		assertFalse(out.contains("unreliable: main spends"), out);
	}
}
