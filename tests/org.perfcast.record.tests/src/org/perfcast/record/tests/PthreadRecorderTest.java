package org.perfcast.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.NativeTools;
import org.perfcast.record.PthreadRecorder;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;

/**
 * The pthreads recorder on small C, C++ and C11 programs with known event sequences: each construct of POSIX
 * threads that synchronises or blocks, processes, thousands of threads. Needs cc and c++ (CI installs them).
 */
class PthreadRecorderTest {

	/** Builds {@code source} as {@code name} in {@code dir} with debug information. */
	static Path build(Path dir, String name, String source, boolean cxx) throws IOException, InterruptedException {
		Path file = dir.resolve(name + (cxx ? ".cpp" : ".c"));
		Files.writeString(file, source);
		Path exe = dir.resolve(name);
		Process compiler = new ProcessBuilder(cxx ? "c++" : "cc", "-O1", "-g", "-pthread", "-o", exe.toString(),
				file.toString()).redirectErrorStream(true).start();
		String output = new String(compiler.getInputStream().readAllBytes());
		assertTrue(compiler.waitFor(120, TimeUnit.SECONDS) && compiler.exitValue() == 0, "compiled " + name + ": "
				+ output);
		return exe;
	}

	/** Records {@code command}; the notes the recorder gave are added to {@code notes}. */
	static Path record(Path dir, List<String> command, List<String> notes) throws Exception {
		Path out = dir.resolve(Path.of(command.get(0)).getFileName() + ".vtrace");
		int status = PthreadRecorder.record(command, out, NativeTools.cache(), ProcessBuilder.Redirect.DISCARD, true,
				notes::add);
		assertEquals(0, status, "exit code of " + command);
		return out;
	}

	/** The events of {@code thread} in {@code trace}, as "kind [argument]" with objects' names kept. */
	static List<String> events(Path trace, String thread) throws IOException {
		return Files.readAllLines(trace).stream().filter(l -> !l.startsWith("#") && !l.startsWith("@")).map(
				l -> l.split(" ")).filter(w -> w[1].equals(thread)).map(w -> w[2] + (w.length > 3 && !w[3].startsWith(
						"cpu=") ? " " + w[3] : "")).toList();
	}

	static Recording replay(Path trace) throws Exception {
		return TraceFiles.record(trace, trace.toString(), EngineMonitor.NULL);
	}

	static Simulation simulate(Recording r, int processors) {
		return TraceSimulator.simulate(r, new TargetMachine(processors, java.util.Map.of()), SimulationModel.AUTO);
	}

	static double duration(String event) {
		return Double.parseDouble(event.split(" ")[1]);
	}

	@Test
	void timedWaitsThatTimeOutAreSleepsAndSignalledOnesAreTakes(@TempDir Path dir) throws Exception {
		String source = """
				#include <pthread.h>
				#include <time.h>
				#include <unistd.h>
				static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
				static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
				static int ready;
				static void in(struct timespec *t, long ms) {
					clock_gettime(CLOCK_REALTIME, t);
					t->tv_nsec += ms * 1000000L;
					t->tv_sec += t->tv_nsec / 1000000000L;
					t->tv_nsec %= 1000000000L;
				}
				static void *worker(void *p) {
					usleep(20000);
					pthread_mutex_lock(&m);
					ready = 1;
					pthread_cond_signal(&c);
					pthread_mutex_unlock(&m);
					return p;
				}
				int main(void) {
					struct timespec t;
					pthread_mutex_lock(&m);
					in(&t, 30);
					pthread_cond_timedwait(&c, &m, &t); /* times out */
					pthread_t w;
					pthread_create(&w, 0, worker, 0);
					in(&t, 5000);
					while (!ready) pthread_cond_timedwait(&c, &m, &t); /* signalled */
					pthread_mutex_unlock(&m);
					pthread_join(w, 0);
					return 0;
				}
				""";
		Path exe = build(dir, "timed", source, false);
		Path trace = record(dir, List.of(exe.toString()), new ArrayList<>());
		List<String> main = events(trace, "main");
		List<String> kinds = main.stream().map(e -> e.split(" ")[0]).toList();
		assertEquals(List.of("lock", "unlock", "sleep", "lock", "create", "unlock", "take", "lock", "unlock", "join",
				"exit"), kinds, "main: " + main);
		assertTrue(duration(main.get(2)) >= 0.025 && duration(main.get(2)) < 1, main.get(2));
		List<String> worker = events(trace, "T1");
		assertEquals("sleep", worker.get(0).split(" ")[0], "T1: " + worker);
		assertTrue(worker.stream().anyMatch(e -> e.startsWith("post c")), "T1 posts: " + worker);
		// source lines from the debug information, the line of the call
		int line = source.lines().toList().indexOf(source.lines().filter(l -> l.contains("/* times out */"))
				.findFirst().orElseThrow()) + 1;
		String text = Files.readString(trace);
		assertTrue(text.contains(" main unlock ") && text.contains("timed.c:" + line), "at= the timed wait's line "
				+ line + ":\n" + text);
		Recording r = replay(trace);
		Simulation s = simulate(r, 2);
		assertFalse(s.deadlocked());
		assertTrue(s.threads().get(0).intervals().stream().anyMatch(i -> i.state() == Simulation.State.SLEEPING
				&& i.end() - i.start() >= 0.025), "main sleeps in the simulation");
		assertTrue(s.completion() >= 0.045, "30 ms asleep, then 20 ms of the worker's: " + s.completion());
	}

	@Test
	void trylocksThatFailRecordNothingAndRwlockReadersShare(@TempDir Path dir) throws Exception {
		Path exe = build(dir, "tryrw", """
				#include <errno.h>
				#include <pthread.h>
				static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
				static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
				static volatile double sink;
				static void *trier(void *p) {
					if (pthread_mutex_trylock(&m) == 0) pthread_mutex_unlock(&m);
					return p;
				}
				static void *reader(void *p) {
					pthread_rwlock_rdlock(&rw);
					for (long i = 0; i < 60000000L; i++) sink += i * 0.5;
					pthread_rwlock_unlock(&rw);
					return p;
				}
				static void *writer(void *p) {
					pthread_rwlock_wrlock(&rw);
					sink = 1;
					pthread_rwlock_unlock(&rw);
					return p;
				}
				int main(void) {
					pthread_t t[4];
					pthread_mutex_lock(&m);
					pthread_create(&t[0], 0, trier, 0); /* fails: main holds m */
					pthread_join(t[0], 0);
					pthread_mutex_unlock(&m);
					pthread_create(&t[0], 0, trier, 0); /* succeeds */
					pthread_join(t[0], 0);
					pthread_create(&t[1], 0, reader, 0);
					pthread_create(&t[2], 0, reader, 0);
					pthread_join(t[1], 0);
					pthread_join(t[2], 0);
					pthread_create(&t[3], 0, writer, 0);
					pthread_join(t[3], 0);
					return 0;
				}
				""", false);
		Path trace = record(dir, List.of(exe.toString()), new ArrayList<>());
		assertEquals(List.of("exit"), events(trace, "T1"));
		assertEquals(List.of("lock", "unlock", "exit"), events(trace, "T2").stream().map(e -> e.split(" ")[0])
				.toList());
		assertTrue(events(trace, "T3").get(0).startsWith("rlock r"), events(trace, "T3").toString());
		assertTrue(events(trace, "T4").get(0).startsWith("rlock r"), events(trace, "T4").toString());
		assertTrue(events(trace, "T5").get(0).startsWith("lock r"), events(trace, "T5").toString());
		Recording r = replay(trace);
		double one = TraceSimulator.oneProcessor(r, TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
		Simulation two = simulate(r, 2);
		assertTrue(two.completion() < 0.75 * one, "the two readers run in parallel: " + two.completion() + " of " + one);
		assertTrue(two.holds().stream().filter(h -> h.mutex().startsWith("r")).count() >= 3, "holds: " + two.holds());
	}

	@Test
	void onceSpinlocksTimedSemaphoresDetachedAndCancelledThreads(@TempDir Path dir) throws Exception {
		Path exe = build(dir, "misc", """
				#include <pthread.h>
				#include <semaphore.h>
				#include <time.h>
				#include <unistd.h>
				static pthread_once_t once = PTHREAD_ONCE_INIT;
				static pthread_spinlock_t spin;
				static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
				static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
				static sem_t done;
				static long counter;
				static void init(void) { usleep(20000); }
				static void *onces(void *p) {
					pthread_once(&once, init);
					for (int i = 0; i < 1000; i++) {
						pthread_spin_lock(&spin);
						counter++;
						pthread_spin_unlock(&spin);
					}
					return p;
				}
				static void *detached(void *p) { sem_post(&done); return p; }
				static void unlock_it(void *p) { pthread_mutex_unlock(p); }
				static void *cancelled(void *p) {
					pthread_mutex_lock(&m);
					pthread_cleanup_push(unlock_it, &m);
					for (;;) pthread_cond_wait(&c, &m);
					pthread_cleanup_pop(1);
					return p;
				}
				int main(void) {
					pthread_t t[4];
					pthread_spin_init(&spin, 0);
					sem_init(&done, 0, 0);
					struct timespec deadline;
					clock_gettime(CLOCK_REALTIME, &deadline);
					deadline.tv_nsec += 20000000L;
					if (deadline.tv_nsec >= 1000000000L) { deadline.tv_sec++; deadline.tv_nsec -= 1000000000L; }
					sem_timedwait(&done, &deadline); /* times out */
					pthread_create(&t[0], 0, onces, 0);
					pthread_create(&t[1], 0, onces, 0);
					pthread_join(t[0], 0);
					pthread_join(t[1], 0);
					pthread_attr_t a;
					pthread_attr_init(&a);
					pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
					pthread_create(&t[2], &a, detached, 0);
					sem_wait(&done);
					pthread_create(&t[3], 0, cancelled, 0);
					usleep(20000);
					pthread_cancel(t[3]);
					pthread_join(t[3], 0);
					pthread_mutex_lock(&m);
					pthread_mutex_unlock(&m);
					return counter == 2000 ? 0 : 1;
				}
				""", false);
		Path trace = record(dir, List.of(exe.toString()), new ArrayList<>());
		List<String> main = events(trace, "main");
		assertTrue(main.get(0).startsWith("post s") || main.get(0).startsWith("sleep"), main.toString());
		assertTrue(main.stream().anyMatch(e -> e.startsWith("sleep")), "sem_timedwait timed out: " + main);
		assertTrue(main.stream().noneMatch(e -> e.startsWith("take s")) || main.stream().filter(e -> e.startsWith(
				"take s")).count() == 1, "one take: the detached thread's post: " + main);
		List<String> t1 = events(trace, "T1");
		List<String> t2 = events(trace, "T2");
		assertTrue(t1.get(0).startsWith("lock o") || t2.get(0).startsWith("lock o"), t1 + " " + t2);
		assertEquals(1000, t1.stream().filter(e -> e.startsWith("lock p")).count());
		assertEquals(List.of("post", "exit"), events(trace, "T3").stream().map(e -> e.split(" ")[0]).toList());
		List<String> t4 = events(trace, "T4");
		assertEquals("exit", t4.get(t4.size() - 1).split(" ")[0], "the cancelled thread exits: " + t4);
		assertEquals("unlock", t4.get(t4.size() - 2).split(" ")[0], "after its cleanup handler unlocks: " + t4);
		Recording r = replay(trace);
		assertFalse(simulate(r, 4).deadlocked());
	}

	@Test
	void ioAndSleepsAreTimeOffTheProcessor(@TempDir Path dir) throws Exception {
		Path exe = build(dir, "pipes", """
				#include <pthread.h>
				#include <stdio.h>
				#include <sys/wait.h>
				#include <unistd.h>
				static int fds[2];
				static void *sleeper(void *p) {
					usleep(40000);
					return p;
				}
				int main(void) {
					pipe(fds); /* shared with a child process: I/O (between threads it is a post and a take) */
					pid_t child = fork();
					if (child == 0) {
						usleep(40000);
						write(fds[1], "x", 1);
						_exit(0);
					}
					pthread_t t;
					pthread_create(&t, 0, sleeper, 0);
					char c;
					read(fds[0], &c, 1); /* blocks until the child writes */
					pthread_join(t, 0);
					waitpid(child, 0, 0);
					FILE *f = tmpfile();
					for (int i = 0; i < 100000; i++) write(fileno(f), "0123456789abcdef", 16); /* never waits */
					fclose(f);
					return c == 'x' ? 0 : 1;
				}
				""", false);
		Path trace = record(dir, List.of(exe.toString()), new ArrayList<>());
		List<String> main = events(trace, "main");
		List<String> kinds = main.stream().map(e -> e.split(" ")[0]).toList();
		assertEquals(List.of("create", "io", "join"), kinds.subList(0, 3), main.toString());
		assertEquals("exit", kinds.get(kinds.size() - 1));
		assertTrue(kinds.size() < 3 + 1 + 100, "writes to a file that do not wait are work, not I/O: " + kinds.size());
		// the child's 40 ms, less what main spent reaching its read (more on a busy processor 0)
		assertTrue(duration(main.get(1)) >= 0.015, main.get(1));
		assertEquals("sleep", events(trace, "T1").get(0).split(" ")[0]);
		Simulation s = simulate(replay(trace), 2);
		assertTrue(s.threads().get(0).intervals().stream().anyMatch(i -> i.state() == Simulation.State.IO),
				"main is in I/O in the timeline");
		assertTrue(s.completion() >= 0.035 && s.completion() < 0.5, "the reader waits for the child's sleep: "
				+ s.completion());
	}

	@Test
	void forkedAndStartedProcessesRecordApartAndTheParentsTraceStaysWhole(@TempDir Path dir) throws Exception {
		Path helper = build(dir, "helper", """
				#include <pthread.h>
				static void *run(void *p) { return p; }
				int main(void) {
					pthread_t t[3];
					for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, run, 0);
					for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
					return 0;
				}
				""", false);
		Path exe = build(dir, "forks", """
				#include <pthread.h>
				#include <stdio.h>
				#include <stdlib.h>
				#include <sys/wait.h>
				#include <unistd.h>
				static void *run(void *p) { return p; }
				int main(int argc, char **argv) {
					pthread_t t;
					pthread_create(&t, 0, run, 0);
					pthread_join(t, 0);
					pid_t child = fork();
					if (child == 0) { /* keeps running this program */
						pthread_create(&t, 0, run, 0);
						pthread_join(t, 0);
						exit(0);
					}
					waitpid(child, 0, 0);
					char command[4096];
					snprintf(command, sizeof command, "%s", argv[1]);
					if (system(command) != 0) return 1;
					FILE *p = popen("echo hello", "r");
					char line[64];
					while (fgets(line, sizeof line, p)) {
					}
					pclose(p);
					pthread_create(&t, 0, run, 0);
					pthread_join(t, 0);
					return 0;
				}
				""", false);
		List<String> notes = new ArrayList<>();
		Path trace = record(dir, List.of(exe.toString(), helper.toString()), notes);
		String text = Files.readString(trace);
		assertEquals(1, text.lines().filter(l -> l.equals("@end") || l.startsWith("@end ")).count(), text);
		assertEquals(List.of("create", "join", "create", "join", "exit"), events(trace, "main").stream().map(
				e -> e.split(" ")[0]).filter(k -> !k.equals("io")).toList(), "main, besides its waits for processes");
		String fork = text.lines().filter(l -> l.startsWith("# fork: process ")).findFirst().orElseThrow(() -> new
				AssertionError("a line says where the fork's child records: " + text));
		String pid = fork.split(" ")[3].replace(",", "");
		Path forked = dir.resolve("forks-" + pid + ".vtrace");
		assertTrue(Files.isRegularFile(forked), fork + "; notes " + notes);
		assertEquals(List.of("create", "join", "exit"), events(forked, "main").stream().map(e -> e.split(" ")[0])
				.toList());
		List<Path> others = PthreadRecorder.children(trace);
		assertEquals(2, others.size(), "the fork's child and the helper (4 threads); not sh or echo: " + others
				+ " " + notes);
		Path started = others.stream().filter(p -> !p.equals(forked)).findFirst().orElseThrow();
		assertEquals(3, events(started, "main").stream().filter(e -> e.startsWith("create")).count());
		for (Path p : List.of(trace, forked, started)) {
			assertNotNull(replay(p));
		}
	}

	@Test
	void aProgramStartedByAShellScriptIsFound(@TempDir Path dir) throws Exception {
		Path worker = build(dir, "worker", """
				#include <pthread.h>
				static void *run(void *p) { return p; }
				int main(void) {
					pthread_t t[4];
					for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, run, 0);
					for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
					return 0;
				}
				""", false);
		Path script = dir.resolve("run.sh");
		Files.writeString(script, "#!/bin/sh\necho starting\n" + worker + "\necho done\n");
		script.toFile().setExecutable(true);
		List<String> notes = new ArrayList<>();
		Path trace = record(dir, List.of(script.toString()), notes);
		Recording r = replay(trace);
		assertEquals(5, r.threads().size(), "the worker's trace became the trace: " + notes);
		assertTrue(notes.stream().anyMatch(n -> n.contains("ran one thread and started process")), notes.toString());
	}

	@Test
	void fiveThousandThreadsAndObjects(@TempDir Path dir) throws Exception {
		Path exe = build(dir, "many", """
				#include <pthread.h>
				#include <stdlib.h>
				#define N 5000
				static pthread_mutex_t *locks;
				static pthread_mutex_t shared = PTHREAD_MUTEX_INITIALIZER;
				static long total;
				static void *run(void *p) {
					long i = (long) p;
					pthread_mutex_lock(&locks[i]);
					pthread_mutex_unlock(&locks[i]);
					pthread_mutex_lock(&shared);
					total += i;
					pthread_mutex_unlock(&shared);
					return p;
				}
				int main(void) {
					locks = malloc(N * sizeof *locks);
					for (long i = 0; i < N; i++) pthread_mutex_init(&locks[i], 0);
					pthread_t t[100];
					for (long b = 0; b < N; b += 100) {
						for (long i = 0; i < 100; i++) pthread_create(&t[i], 0, run, (void *) (b + i));
						for (long i = 0; i < 100; i++) pthread_join(t[i], 0);
					}
					return total == (long) N * (N - 1) / 2 ? 0 : 1;
				}
				""", false);
		Path trace = record(dir, List.of(exe.toString()), new ArrayList<>());
		List<String> main = events(trace, "main");
		assertEquals(5000, main.stream().filter(e -> e.startsWith("create")).count());
		List<String> joins = main.stream().filter(e -> e.startsWith("join")).toList();
		assertEquals(5000, joins.size());
		assertEquals("join T5000", joins.get(joins.size() - 1));
		long mutexes = Files.readAllLines(trace).stream().filter(l -> l.contains(" lock m")).map(l -> l.split(" ")[3])
				.distinct().count();
		assertEquals(5001, mutexes);
		Recording r = replay(trace);
		assertEquals(5001, r.threads().size());
		assertFalse(simulate(r, 8).deadlocked());
	}

	@Test
	void cxxThreadsMutexesConditionsAndFutures(@TempDir Path dir) throws Exception {
		Path exe = build(dir, "cxx", """
				#include <chrono>
				#include <condition_variable>
				#include <future>
				#include <mutex>
				#include <queue>
				#include <thread>
				#include <vector>
				static std::mutex m;
				static std::condition_variable cv;
				static std::queue<int> work;
				static long sum;
				static int waiting;
				static void consume() {
					for (;;) {
						std::unique_lock<std::mutex> lock(m);
						cv.wait(lock, [] { return !work.empty() || (waiting++, false); }); // waits for work
						int w = work.front();
						work.pop();
						if (w < 0) return;
						sum += w;
					}
				}
				static long square(long x) {
					std::this_thread::sleep_for(std::chrono::milliseconds(10));
					return x * x;
				}
				int main() {
					std::vector<std::thread> consumers;
					for (int i = 0; i < 2; i++) consumers.emplace_back(consume); // starts the consumers
					for (bool ready = false; !ready;) { // until both wait for work
						std::this_thread::sleep_for(std::chrono::milliseconds(1));
						std::lock_guard<std::mutex> lock(m);
						ready = waiting >= 2;
					}
					for (int i = 0; i < 100; i++) {
						std::lock_guard<std::mutex> lock(m);
						work.push(i);
						cv.notify_one();
					}
					{
						std::lock_guard<std::mutex> lock(m);
						work.push(-1);
						work.push(-1);
						cv.notify_all();
					}
					for (auto &t : consumers) t.join();
					std::future<long> f = std::async(std::launch::async, square, 7);
					{
						std::unique_lock<std::mutex> lock(m);
						cv.wait_for(lock, std::chrono::milliseconds(20)); // times out
					}
					return f.get() == 49 && sum == 4950 ? 0 : 1;
				}
				""", true);
		Path trace = record(dir, List.of(exe.toString()), new ArrayList<>());
		List<String> main = events(trace, "main");
		assertEquals(3, main.stream().filter(e -> e.startsWith("create")).count(), main.toString());
		String text = Files.readString(trace);
		int timeout = 1 + List.of(Files.readString(dir.resolve("cxx.cpp")).split("\n")).indexOf(
				"\t\tcv.wait_for(lock, std::chrono::milliseconds(20)); // times out");
		assertTrue(text.lines().anyMatch(l -> l.contains(" main sleep ") && l.endsWith("cxx.cpp:" + timeout)),
				"wait_for timed out at line " + timeout + ": " + main);
		int line = 1 + List.of(Files.readString(dir.resolve("cxx.cpp")).split("\n")).indexOf(
				"\t\tcv.wait(lock, [] { return !work.empty() || (waiting++, false); }); // waits for work");
		assertTrue(text.contains("cxx.cpp:" + line), "condition waits located in the program, not libstdc++ (line "
				+ line + "):\n" + text.lines().filter(l -> l.contains(" T1 ")).limit(6).toList());
		int start = 1 + List.of(Files.readString(dir.resolve("cxx.cpp")).split("\n")).indexOf(
				"\tfor (int i = 0; i < 2; i++) consumers.emplace_back(consume); // starts the consumers");
		assertTrue(text.contains(" main create T1 ") && text.lines().filter(l -> l.contains(" main create T1 "))
				.allMatch(l -> l.endsWith("cxx.cpp:" + start)), "std::thread located at the program's line " + start
						+ ": " + text.lines().filter(l -> l.contains(" create ")).toList());
		Recording r = replay(trace);
		assertFalse(simulate(r, 2).deadlocked());
	}

	@Test
	void c11Threads(@TempDir Path dir) throws Exception {
		Path exe = build(dir, "c11", """
				#include <threads.h>
				static mtx_t m;
				static cnd_t c;
				static int turn;
				static int run(void *p) {
					mtx_lock(&m);
					while (!turn) cnd_wait(&c, &m);
					mtx_unlock(&m);
					return (int) (long) p;
				}
				int main(void) {
					mtx_init(&m, mtx_plain);
					cnd_init(&c);
					thrd_t t[2];
					for (long i = 0; i < 2; i++) thrd_create(&t[i], run, (void *) i);
					mtx_lock(&m);
					turn = 1;
					cnd_broadcast(&c);
					mtx_unlock(&m);
					int r, total = 0;
					for (int i = 0; i < 2; i++) { thrd_join(t[i], &r); total += r; }
					return total == 1 ? 0 : 1;
				}
				""", false);
		Path trace = record(dir, List.of(exe.toString()), new ArrayList<>());
		List<String> main = events(trace, "main");
		assertEquals(List.of("create T1", "create T2"), main.subList(0, 2));
		assertTrue(main.containsAll(List.of("join T1", "join T2")), main.toString());
		assertEquals("exit", events(trace, "T1").get(events(trace, "T1").size() - 1));
		assertFalse(simulate(replay(trace), 2).deadlocked());
	}

	@Test
	void signalsBetweenThreadsAreSynchronisationAndExitEndsTheTrace(@TempDir Path dir) throws Exception {
		// as lbzip2 does: main waits in sigsuspend for a worker's kill of the process, then ends with _exit
		Path exe = build(dir, "signals", """
				#include <pthread.h>
				#include <signal.h>
				#include <unistd.h>
				static volatile double sink;
				static void on(int s) { (void) s; }
				static void *work(void *p) {
					for (long i = 0; i < 30000000L; i++) sink += i * 0.5;
					kill(getpid(), SIGUSR2);
					return p;
				}
				int main(void) {
					sigset_t usr2, old;
					sigemptyset(&usr2);
					sigaddset(&usr2, SIGUSR2);
					signal(SIGUSR2, on);
					pthread_sigmask(SIG_BLOCK, &usr2, &old);
					pthread_t t;
					pthread_create(&t, 0, work, 0);
					sigsuspend(&old);
					_exit(0);
				}
				""", false);
		Path trace = record(dir, List.of(exe.toString()), new ArrayList<>());
		assertTrue(Files.readString(trace).matches("(?s).*\\n@end( [^\\n]*)?\\n"), "_exit ends the trace");
		List<String> main = events(trace, "main");
		assertEquals(List.of("create", "take", "exit"), main.stream().map(e -> e.split(" ")[0]).toList(), main
				.toString());
		assertTrue(events(trace, "T1").get(0).startsWith("post k"), events(trace, "T1").toString());
		Simulation s = simulate(replay(trace), 2);
		assertTrue(Math.abs(s.completion() - s.threads().get(1).exit()) < 0.01, "main ends when the worker signals");
	}

	/** Multi-threaded programs from Debian packages (.ci/run installs them) record, replay and predict. */
	@Test
	void debianProgramsRecordAndReplay(@TempDir Path dir) throws Exception {
		Path input = dir.resolve("input.txt");
		StringBuilder text = new StringBuilder();
		for (int i = 0; text.length() < 6_000_000; i++) {
			text.append("line ").append(i).append(' ').append(i * 7919 % 10007).append(" of a test input\n");
		}
		Files.writeString(input, text);
		for (List<String> command : List.of(List.of("pigz", "-p", "2", "-k", "-f"), List.of("pbzip2", "-p2", "-k", "-f"),
				List.of("lbzip2", "-n", "2", "-k", "-f"), List.of("xz", "-T2", "-1", "-k", "-f"))) {
			List<String> full = new ArrayList<>(command);
			full.set(0, "/usr/bin/" + command.get(0));
			full.add(input.toString());
			assertTrue(Files.isExecutable(Path.of(full.get(0))), full.get(0) + " is installed (apt-get install pigz "
					+ "pbzip2 lbzip2 xz-utils)");
			Path trace = record(dir, full, new ArrayList<>());
			Recording r = replay(trace);
			assertTrue(r.threads().size() >= 3, command + ": " + r.threads());
			Simulation two = simulate(r, 2);
			assertFalse(two.deadlocked(), command + ": " + two.deadlock());
			double one = TraceSimulator.oneProcessor(r, TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
			// a greedy schedule on more processors may come out a little longer (Graham's anomalies): 1 % allowed
			assertTrue(two.completion() <= one * 1.01 && two.completion() >= one / 2.0001, command + ": " + one
					+ " on one processor, " + two.completion() + " on two");
		}
	}

	/**
	 * A long recording of a Debian program, streamed: the Direct model deadlocks on pigz's condition variables (so
	 * AUTO goes on with Client-Server), and what the blocked threads wait for is read before the rest of the trace
	 * is read past their operations; the results are those of the recording in memory, whether the trace is
	 * replayed ahead or not and whatever the room for the lists.
	 */
	@Test
	void longRecordingOfPigzStreamsAsInMemory(@TempDir Path dir) throws Exception {
		Path input = dir.resolve("input.bin");
		byte[] block = new byte[1 << 20];
		new java.util.Random(7).nextBytes(block);
		try (var out = Files.newOutputStream(input)) {
			for (int i = 0; i < 24; i++) {
				out.write(block);
			}
		}
		Path trace = record(dir, new ArrayList<>(List.of("/usr/bin/pigz", "-p", "4", "-b", "32", "-k", "-f",
				input.toString())), new ArrayList<>());
		Recording r = replay(trace);
		assertTrue(r.threads().size() >= 5, r.threads().toString());
		TargetMachine four = TargetMachine.unbound(4);
		TraceSimulator.Options options = new TraceSimulator.Options(0, false);
		Simulation direct = TraceSimulator.simulate(r, four, SimulationModel.DIRECT, options, EngineMonitor.NULL);
		Simulation auto = TraceSimulator.simulate(r, four, SimulationModel.AUTO, options, EngineMonitor.NULL);
		for (String[] properties : new String[][] { {}, { TraceSimulator.REPLAY_AHEAD, "false" },
				{ TraceSimulator.HELD_OPERATIONS, "1024" } }) {
			if (properties.length > 0) {
				System.setProperty(properties[0], properties[1]);
			}
			try {
				assertEquals(direct, TraceSimulator.simulate(() -> TraceFiles.open(trace, "pigz"), four,
						SimulationModel.DIRECT, options, EngineMonitor.NULL), "Direct " + List.of(properties));
				assertEquals(auto, TraceSimulator.simulate(() -> TraceFiles.open(trace, "pigz"), four,
						SimulationModel.AUTO, options, EngineMonitor.NULL), "AUTO " + List.of(properties));
			} finally {
				if (properties.length > 0) {
					System.clearProperty(properties[0]);
				}
			}
		}
	}
}
