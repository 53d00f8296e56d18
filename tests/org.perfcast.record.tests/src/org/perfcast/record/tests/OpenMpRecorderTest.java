package org.perfcast.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.perfcast.engine.NativeTools;
import org.perfcast.record.OpenMpRuntime;
import org.perfcast.record.PthreadRecorder;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TraceSimulator;

/**
 * The OpenMP recorder (the OMPT tool of the recorder's library, on LLVM's libomp) on small programs with known event
 * sequences, one per construct, built with GCC (run on libomp in place of libgomp) and with Clang, plus a C++ and a
 * Fortran program. Needs gcc, g++, gfortran, clang and libomp (CI installs them).
 */
class OpenMpRecorderTest {

	/** The Clang on this machine: clang, else Debian's clang-14. */
	static String clang() {
		for (String name : List.of("clang", "clang-14", "clang-15", "clang-16")) {
			if (NativeTools.onPath(name) != null) {
				return name;
			}
		}
		throw new AssertionError("no clang on the PATH: apt-get install clang-14");
	}

	/** Builds {@code source} with {@code compiler} ("gcc", "clang", "g++", "gfortran") and -fopenmp -g. */
	static Path build(Path dir, String name, String source, String compiler) throws IOException, InterruptedException {
		String suffix = switch (compiler) {
		case "g++" -> ".cpp";
		case "gfortran" -> ".f90";
		default -> ".c";
		};
		Path file = dir.resolve(name + suffix);
		Files.writeString(file, source);
		Path exe = dir.resolve(name + "-" + compiler);
		String cc = compiler.equals("clang") ? clang() : compiler;
		Process process = new ProcessBuilder(cc, "-O1", "-g", "-fopenmp", "-o", exe.toString(), file.toString())
				.redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes());
		assertTrue(process.waitFor(120, TimeUnit.SECONDS) && process.exitValue() == 0, "compiled " + name + " with "
				+ cc + ": " + output);
		return exe;
	}

	/**
	 * Records {@code exe} with a team of {@code team} threads; the recorder's notes are added to {@code notes}. Each
	 * recording is also simulated as a stream, with timelines, as the engine does, and must give what it gives in
	 * memory.
	 */
	static Path record(Path exe, int team, List<String> notes) throws Exception {
		Path out = exe.resolveSibling(exe.getFileName() + ".vtrace");
		int status = PthreadRecorder.record(List.of(exe.toString()), out, NativeTools.cache(),
				ProcessBuilder.Redirect.DISCARD, true, notes::add, java.util.Map.of("OMP_NUM_THREADS",
						Integer.toString(team)));
		assertEquals(0, status, "exit code of " + exe);
		Recording recording = org.perfcast.trace.TraceFiles.record(out, out.toString(),
				org.perfcast.engine.EngineMonitor.NULL);
		for (int processors = 1; processors <= 4; processors *= 2) {
			org.perfcast.trace.TargetMachine machine = org.perfcast.trace.TargetMachine.unbound(processors);
			assertEquals(TraceSimulator.simulate(recording, machine, SimulationModel.AUTO), TraceSimulator.simulate(
					() -> org.perfcast.trace.TraceFiles.open(out, out.toString()), machine, SimulationModel.AUTO,
					TraceSimulator.Options.DEFAULT, org.perfcast.engine.EngineMonitor.NULL), exe + " streamed on "
							+ processors + " processors");
		}
		return out;
	}

	static List<String> events(Path trace, String thread) throws IOException {
		return PthreadRecorderTest.events(trace, thread);
	}

	static long count(List<String> events, String event) {
		return events.stream().filter(e -> e.equals(event) || e.startsWith(event + " ")).count();
	}

	static final String REGIONS = """
			#include <omp.h>
			#include <stdio.h>
			int main(void) {
				double s = 0;
				for (int r = 0; r < 2; r++) {
					#pragma omp parallel reduction(+:s)
					{
						for (int i = 0; i < 100000; i++) s += i * 1e-9;
						#pragma omp barrier
						s += omp_get_thread_num();
					}
				}
				printf("%f\\n", s);
				return 0;
			}
			""";

	@ParameterizedTest
	@ValueSource(strings = { "gcc", "clang" })
	void regionsForkBarriersAndJoin(String compiler, @TempDir Path dir) throws Exception {
		List<String> notes = new ArrayList<>();
		Path trace = record(build(dir, "regions", REGIONS, compiler), 3, notes);
		List<String> main = events(trace, "main");
		assertEquals(2, count(main, "create"), "the runtime starts two workers once: " + main);
		for (int r = 1; r <= 2; r++) {
			assertEquals(2, count(main, "post omp.fork." + r), "region " + r + ": " + main);
			assertEquals(2, count(main, "take omp.barrier." + r + ".0"), "the explicit barrier: " + main);
			for (String worker : List.of("T1", "T2")) {
				List<String> w = events(trace, worker);
				assertEquals(1, count(w, "take omp.fork." + r), worker + ": " + w);
				assertEquals(1, count(w, "post omp.barrier." + r + ".0"), worker + ": " + w);
			}
		}
		assertEquals("exit", main.get(main.size() - 1));
		assertEquals("exit", events(trace, "T1").get(events(trace, "T1").size() - 1));
		// the source line of the parallel construct
		String text = Files.readString(trace);
		assertTrue(text.matches("(?s).*post omp\\.fork\\.1 cpu=\\S+ at=\\S*regions\\.c:\\d+.*"), text);
		if (compiler.equals("gcc")) {
			assertTrue(notes.stream().anyMatch(n -> n.contains("built with GCC") && n.contains("libomp")), "" + notes);
		}
		Recording recording = PthreadRecorderTest.replay(trace);
		Simulation three = PthreadRecorderTest.simulate(recording, 3);
		Simulation one = PthreadRecorderTest.simulate(recording, 1);
		assertFalse(three.deadlocked());
		assertTrue(three.completion() < one.completion(), three.completion() + " on 3 against " + one.completion());
	}

	@ParameterizedTest
	@ValueSource(strings = { "gcc", "clang" })
	void criticalSectionsAndLocksAreMutexes(String compiler, @TempDir Path dir) throws Exception {
		String source = """
				#include <omp.h>
				#include <stdio.h>
				int main(void) {
					omp_lock_t lock;
					omp_nest_lock_t nest;
					omp_init_lock(&lock);
					omp_init_nest_lock(&nest);
					long n = 0;
					#pragma omp parallel
					{
						for (int i = 0; i < 5; i++) {
							#pragma omp critical
							n++;
						}
						omp_set_lock(&lock);
						n++;
						omp_unset_lock(&lock);
						omp_set_nest_lock(&nest);
						omp_set_nest_lock(&nest);
						n++;
						omp_unset_nest_lock(&nest);
						omp_unset_nest_lock(&nest);
					}
					printf("%ld\\n", n);
					return 0;
				}
				""";
		Path trace = record(build(dir, "critical", source, compiler), 2, new ArrayList<>());
		for (String thread : List.of("main", "T1")) {
			List<String> e = events(trace, thread);
			List<String> mutexes = e.stream().filter(x -> x.startsWith("lock ") || x.startsWith("unlock ")).toList();
			assertEquals(5, mutexes.stream().filter(x -> x.startsWith("lock omp.critical.")).count(), thread + ": " + e);
			assertEquals(5, mutexes.stream().filter(x -> x.startsWith("unlock omp.critical.")).count(), thread + ": " + e);
			// the simple lock once, the nest lock once (its outermost set and unset)
			assertEquals(2, mutexes.stream().filter(x -> x.startsWith("lock omp.lock.")).count(), thread + ": " + e);
			assertEquals(2, mutexes.stream().filter(x -> x.startsWith("unlock omp.lock.")).count(), thread + ": " + e);
			for (int i = 0; i < mutexes.size(); i += 2) {
				assertEquals(mutexes.get(i).substring(5), mutexes.get(i + 1).substring(7), "lock then unlock: " + e);
			}
		}
		assertFalse(PthreadRecorderTest.simulate(PthreadRecorderTest.replay(trace), 2).deadlocked());
	}

	/**
	 * The runtime tells the tool of a release after it: on the one processor of a recording, a thread preempted in
	 * between lets another take the critical section before its release is written. The next owner's acquisition is
	 * logged only once the release is, so that the trace holds the section once at a time and replays (work inside the
	 * section, longer than a time slice, makes the preemption certain).
	 */
	@Test
	void aContendedCriticalSectionIsHeldOnceAtATime(@TempDir Path dir) throws Exception {
		String source = """
				#include <stdio.h>
				static volatile double sink;
				static void work(long n) { double x = 1; for (long i = 0; i < n; i++) x = x * 1.0000001 + 1e-9; sink += x; }
				int main(void) {
					#pragma omp parallel
					for (int i = 0; i < 3; i++) {
						#pragma omp critical
						work(2000000);
					}
					printf("%f\\n", sink);
					return 0;
				}
				""";
		Path trace = record(build(dir, "contended", source, "gcc"), 4, new ArrayList<>());
		String holder = null;
		int holds = 0;
		for (String line : Files.readAllLines(trace)) {
			String[] words = line.split(" ");
			if (words.length > 3 && words[3].startsWith("omp.critical.")) {
				if (words[2].equals("lock")) {
					assertNull(holder, "locked by " + words[1] + " while " + holder + " holds it: " + line);
					holder = words[1];
					holds++;
				} else if (words[2].equals("unlock")) {
					assertEquals(holder, words[1], line);
					holder = null;
				}
			}
		}
		assertEquals(12, holds, "four threads, three times each");
		Recording recording = PthreadRecorderTest.replay(trace);
		assertFalse(PthreadRecorderTest.simulate(recording, 4).deadlocked());
	}

	@ParameterizedTest
	@ValueSource(strings = { "gcc", "clang" })
	void tasksAreThreadsThatJoinTheirDependences(String compiler, @TempDir Path dir) throws Exception {
		String source = """
				#include <stdio.h>
				static double work(double x) { for (int i = 0; i < 20000; i++) x = x * 0.999 + 1; return x; }
				int main(void) {
					double a = 0, b = 0, c = 0, d = 0;
					#pragma omp parallel
					#pragma omp single
					{
						#pragma omp task depend(out: a)
						a = work(1);
						#pragma omp task depend(inout: a)
						a = work(a);
						#pragma omp task depend(in: a) depend(out: b)
						b = work(a);
						#pragma omp task depend(in: a) depend(out: c)
						c = work(a);
						#pragma omp task depend(out: a)
						a = work(2);
						#pragma omp taskwait
						#pragma omp taskgroup
						{
							#pragma omp task
							{
								#pragma omp task
								d = work(b + c);
							}
						}
					}
					printf("%f %f %f %f\\n", a, b, c, d);
					return 0;
				}
				""";
		Path trace = record(build(dir, "tasks", source, compiler), 2, new ArrayList<>());
		assertEquals(List.of("exit"), events(trace, "task1"));
		assertEquals(List.of("join task1", "exit"), events(trace, "task2"));
		assertEquals(List.of("join task2", "exit"), events(trace, "task3"));
		assertEquals(List.of("join task2", "exit"), events(trace, "task4"));
		List<String> last = events(trace, "task5");
		assertEquals(List.of("join task2", "join task3", "join task4"), last.subList(0, last.size() - 1).stream()
				.sorted().toList(), "out after in: the readers and the writer before them: " + last);
		assertEquals("exit", last.get(last.size() - 1));
		// the taskgroup waits for the task made in it and for its child
		assertEquals(List.of("create task7", "exit"), events(trace, "task6"));
		String text = Files.readString(trace);
		int taskwait = text.indexOf(" join task5");
		int group = text.indexOf(" join task7");
		assertTrue(taskwait > 0 && group > taskwait, "the taskwait joins task5, the taskgroup task7:\n" + text);
		Recording recording = PthreadRecorderTest.replay(trace);
		assertEquals(9, recording.threads().size(), "main, T1 and 7 tasks: " + recording.threads());
		Simulation s = PthreadRecorderTest.simulate(recording, 4);
		assertFalse(s.deadlocked());
	}

	@ParameterizedTest
	@ValueSource(strings = { "gcc", "clang" })
	void constructsWithoutSynchronisationOfTheirOwnAreCounted(String compiler, @TempDir Path dir) throws Exception {
		String source = """
				#include <stdio.h>
				int main(void) {
					double s = 0, t = 0;
					#pragma omp parallel reduction(+:t)
					{
						#pragma omp single
						s += 1;
						#pragma omp masked
						s += 2;
						#pragma omp for schedule(dynamic, 4)
						for (int i = 0; i < 64; i++) t += i;
						#pragma omp sections
						{
							#pragma omp section
							t += 1;
							#pragma omp section
							t += 2;
						}
					}
					printf("%f %f\\n", s, t);
					return 0;
				}
				""";
		Path trace = record(build(dir, "constructs", source, compiler), 2, new ArrayList<>());
		String summary = Files.readAllLines(trace).stream().filter(l -> l.startsWith("# openmp: ")).findFirst()
				.orElseThrow(() -> new AssertionError("no OpenMP summary in the trace"));
		assertTrue(summary.contains("1 parallel regions, 0 explicit tasks") && summary.contains(", 1 single,"), summary);
		if (compiler.equals("clang")) {
			// the dynamic loop on both threads, its 64 iterations each time; the sections construct on both threads
			assertTrue(summary.contains("2 worksharing loops of 128 iterations") && summary.contains(
					"2 sections constructs") && summary.contains("1 masked"), summary);
		} else {
			// GCC runs sections as a dynamic loop of its sections and inlines masked
			assertTrue(summary.contains("4 worksharing loops of 132 iterations"), summary);
		}
		// barriers after single, the loop and sections (not after masked): three, then the region's end
		assertEquals(4, events(trace, "T1").stream().filter(e -> e.startsWith("post omp.barrier.1.")).count(), ""
				+ events(trace, "T1"));
	}

	@Test
	void orderedRunsInTheRecordedOrder(@TempDir Path dir) throws Exception {
		String source = """
				#include <stdio.h>
				int main(void) {
					double s = 0;
					#pragma omp parallel for ordered schedule(dynamic)
					for (int i = 0; i < 6; i++) {
						double x = 0;
						for (int j = 0; j < 100000; j++) x += j * 1e-9;
						#pragma omp ordered
						s += x;
					}
					printf("%f\\n", s);
					return 0;
				}
				""";
		Path trace = record(build(dir, "ordered", source, "gcc"), 2, new ArrayList<>());
		String text = Files.readString(trace);
		List<String> ordered = text.lines().filter(l -> l.contains(" omp.ordered.")).map(l -> l.split(" ")[2] + " "
				+ l.split(" ")[3].replaceAll("omp\\.ordered\\.[0-9a-f]+\\.", "")).toList();
		// entry K > 0 takes K, each exit posts K+1: a chain through the six entries
		assertEquals(List.of("post 1", "take 1", "post 2", "take 2", "post 3", "take 3", "post 4", "take 4", "post 5",
				"take 5", "post 6"), ordered, text);
		assertFalse(PthreadRecorderTest.simulate(PthreadRecorderTest.replay(trace), 2).deadlocked());
	}

	@Test
	void cxxAndFortranProgramsRecordToo(@TempDir Path dir) throws Exception {
		String cxx = """
				#include <cstdio>
				#include <vector>
				int main() {
					std::vector<double> v(200000, 1.0);
					double s = 0;
					#pragma omp parallel for reduction(+:s)
					for (long i = 0; i < (long) v.size(); i++) s += v[i] * i;
					std::printf("%f\\n", s);
				}
				""";
		String fortran = """
				program sum
				  implicit none
				  integer :: i
				  double precision :: s
				  s = 0
				  !$omp parallel do reduction(+:s)
				  do i = 1, 200000
				    s = s + sqrt(dble(i))
				  end do
				  !$omp end parallel do
				  print *, s
				end program sum
				""";
		for (Path exe : List.of(build(dir, "vector", cxx, "g++"), build(dir, "sum", fortran, "gfortran"))) {
			Path trace = record(exe, 2, new ArrayList<>());
			List<String> main = events(trace, "main");
			assertEquals(1, count(main, "post omp.fork.1"), exe + ": " + main);
			assertEquals(1, count(events(trace, "T1"), "take omp.fork.1"), exe + ": " + events(trace, "T1"));
			assertTrue(Files.readString(trace).contains(exe.getFileName().toString().startsWith("sum") ? "sum.f90:"
					: "vector.cpp:"), "source lines: " + Files.readString(trace));
		}
	}

	@Test
	void anOpenMpProgramAScriptStartsRecordsToo(@TempDir Path dir) throws Exception {
		Path exe = build(dir, "regions", REGIONS, "gcc");
		Path script = dir.resolve("run.sh");
		Files.writeString(script, "#!/bin/sh\n\"" + exe + "\" > /dev/null\n");
		script.toFile().setExecutable(true);
		List<String> notes = new ArrayList<>();
		Path out = dir.resolve("run.vtrace");
		assertEquals(0, PthreadRecorder.record(List.of(script.toString()), out, NativeTools.cache(),
				ProcessBuilder.Redirect.DISCARD, true, notes::add, java.util.Map.of("OMP_NUM_THREADS", "2")));
		// the script ran one thread: the OpenMP program's trace became the trace
		assertEquals(2, events(out, "main").stream().filter(e -> e.startsWith("post omp.fork.")).count(), Files
				.readString(out) + notes);
	}

	@Test
	void theRuntimeAProgramLinksIsFound(@TempDir Path dir) throws Exception {
		assertEquals("libgomp.so.1", OpenMpRuntime.linked(build(dir, "g", REGIONS, "gcc").toString()));
		assertTrue(OpenMpRuntime.linked(build(dir, "c", REGIONS, "clang").toString()).startsWith("libomp.so"));
		Path plain = PthreadRecorderTest.build(dir, "plain", "int main(void) { return 0; }", false);
		assertNull(OpenMpRuntime.linked(plain.toString()));
		Path script = dir.resolve("run.sh");
		Files.writeString(script, "#!/bin/sh\nexit 0\n");
		assertNull(OpenMpRuntime.linked(script.toString()));
		assertNull(OpenMpRuntime.linked(dir.resolve("missing").toString()));
		assertNotNull(OpenMpRuntime.libomp(), "libomp is installed here (apt-get install libomp5)");
	}
}
