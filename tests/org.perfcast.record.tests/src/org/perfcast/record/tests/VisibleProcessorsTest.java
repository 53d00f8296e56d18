package org.perfcast.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.NativeTools;
import org.perfcast.record.PthreadRecorder;
import org.perfcast.record.VisibleProcessors;
import org.perfcast.record.tests.programs.Sees;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSource;

/**
 * A recorded program sees the processors it is recorded for ({@code --visible-processors}) while every thread runs on
 * processor 0: C, C++, OpenMP (GCC's and Clang's, recorded on libomp) and Java programs that size pools from each way
 * of asking make pools of that size, and the trace says what they saw. Needs cc, c++, clang and libomp (CI installs
 * them).
 */
class VisibleProcessorsTest {

	/** Records {@code command} seeing {@code visible} processors; the program's output is in {@code output}. */
	static Path record(Path dir, List<String> command, int visible, Map<String, String> variables, List<String> notes)
			throws Exception {
		Path out = dir.resolve(Path.of(command.get(0)).getFileName() + ".vtrace");
		Path output = dir.resolve(Path.of(command.get(0)).getFileName() + ".out");
		Map<String, String> all = new LinkedHashMap<>(variables);
		all.put(VisibleProcessors.VARIABLE, Integer.toString(visible));
		int status = PthreadRecorder.record(command, out, NativeTools.cache(), ProcessBuilder.Redirect.to(output
				.toFile()), true, notes::add, all);
		assertEquals(0, status, () -> "exit code of " + command + ": " + output(output));
		return out;
	}

	/** What a program wrote, as text (a compressor's output is not). */
	static String output(Path file) {
		try {
			return new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
		} catch (java.io.IOException e) {
			return e.toString();
		}
	}

	/** The program's output lines "KEY VALUE" as a map (the output file next to the trace). */
	static Map<String, String> said(Path trace) throws Exception {
		Path output = trace.resolveSibling(trace.getFileName().toString().replace(".vtrace", ".out"));
		Map<String, String> said = new LinkedHashMap<>();
		for (String line : Files.readAllLines(output)) {
			int space = line.indexOf(' ');
			if (space > 0) {
				said.put(line.substring(0, space), line.substring(space + 1).strip());
			}
		}
		return said;
	}

	static long creates(Path trace) throws Exception {
		return Files.readAllLines(trace).stream().filter(l -> !l.startsWith("#") && l.contains(" create ")).count();
	}

	static int header(Path trace) throws Exception {
		try (TraceSource source = TraceFiles.open(trace, trace.toString())) {
			return source.header().visibleProcessors();
		}
	}

	/** Each way a C program asks for the processors, and a pool sized from each; workers say where they ran. */
	static final String SEES_C = """
			#define _GNU_SOURCE
			#include <pthread.h>
			#include <sched.h>
			#include <stdio.h>
			#include <stdlib.h>
			#include <string.h>
			#include <sys/sysinfo.h>
			#include <unistd.h>
			static int lines(const char *path, const char *prefix) {
				FILE *f = fopen(path, "r");
				if (!f) return -1;
				char line[512];
				int n = 0;
				while (fgets(line, sizeof line, f)) if (strncmp(line, prefix, strlen(prefix)) == 0) n++;
				fclose(f);
				return n;
			}
			static int range(const char *path) {
				FILE *f = fopen(path, "r");
				if (!f) return -1;
				int a = 0, b = 0, k = fscanf(f, "%d-%d", &a, &b);
				fclose(f);
				return k == 2 ? b - a + 1 : k == 1 ? 1 : -1;
			}
			static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
			static int off, unbound, bound_wrong, workers;
			static char allowed[64] = "";
			static void *work(void *p) {
				int i = (int) (long) p;
				cpu_set_t set;
				CPU_ZERO(&set);
				CPU_SET(i, &set);
				int r = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
				volatile double s = 0;
				for (int k = 0; k < 2000000; k++) s += k;
				cpu_set_t seen;
				sched_getaffinity(0, sizeof seen, &seen);
				FILE *f = fopen("/proc/thread-self/status", "r");
				char line[256], mine[64] = "";
				while (f && fgets(line, sizeof line, f)) if (strncmp(line, "Cpus_allowed_list:", 18) == 0) sscanf(line + 18, "%63s", mine);
				if (f) fclose(f);
				pthread_mutex_lock(&m);
				workers++;
				if (sched_getcpu() != 0) off++;
				if (r != 0) unbound++;
				if (CPU_COUNT(&seen) != 1 || !CPU_ISSET(i, &seen)) bound_wrong++;
				if (strcmp(allowed, "") == 0 || strcmp(allowed, mine) == 0) strcpy(allowed, mine);
				else strcpy(allowed, "differ");
				pthread_mutex_unlock(&m);
				return NULL;
			}
			static void pool(const char *call, long n) {
				printf("%s %ld\\n", call, n);
				pthread_t t[64];
				for (long i = 0; i < n && i < 64; i++) pthread_create(&t[i], NULL, work, (void *) i);
				for (long i = 0; i < n && i < 64; i++) pthread_join(t[i], NULL);
			}
			int main(void) {
				cpu_set_t set;
				CPU_ZERO(&set);
				sched_getaffinity(0, sizeof set, &set);
				pool("sched_getaffinity", CPU_COUNT(&set));
				CPU_ZERO(&set);
				pthread_getaffinity_np(pthread_self(), sizeof set, &set);
				pool("pthread_getaffinity_np", CPU_COUNT(&set));
				pool("sysconf_onln", sysconf(_SC_NPROCESSORS_ONLN));
				pool("sysconf_conf", sysconf(_SC_NPROCESSORS_CONF));
				pool("get_nprocs", get_nprocs());
				pool("get_nprocs_conf", get_nprocs_conf());
				pool("cpuinfo", lines("/proc/cpuinfo", "processor"));
				pool("online", range("/sys/devices/system/cpu/online"));
				pool("present", range("/sys/devices/system/cpu/present"));
				pool("possible", range("/sys/devices/system/cpu/possible"));
				printf("workers %d\\noff_processor_0 %d\\nbinding_refused %d\\nbinding_not_believed %d\\nallowed %s\\n",
						workers, off, unbound, bound_wrong, allowed);
				return 0;
			}
			""";

	static final List<String> C_CALLS = List.of("sched_getaffinity", "pthread_getaffinity_np", "sysconf_onln",
			"sysconf_conf", "get_nprocs", "get_nprocs_conf", "cpuinfo", "online", "present", "possible");

	@Test
	void aCProgramSeesTheVisibleProcessorsEveryWayItAsksAndRunsOnProcessorZero(@TempDir Path dir) throws Exception {
		Path exe = PthreadRecorderTest.build(dir, "sees", SEES_C, false);
		Path trace = record(dir, List.of(exe.toString()), 4, Map.of(), new ArrayList<>());
		Map<String, String> said = said(trace);
		for (String call : C_CALLS) {
			assertEquals("4", said.get(call), call + ": " + said);
		}
		assertEquals(String.valueOf(4 * C_CALLS.size()), said.get("workers"));
		assertEquals(4 * C_CALLS.size(), creates(trace), "a pool of 4 per call");
		assertEquals("0", said.get("off_processor_0"), "every thread ran on processor 0: " + said);
		assertEquals("0", said.get("allowed"), "every thread may run on processor 0 alone: " + said);
		assertEquals("0", said.get("binding_refused"), "binding to processors 0 to 3 is accepted");
		assertEquals("0", said.get("binding_not_believed"), "a bound thread sees its binding");
		assertEquals(4, header(trace));
		String text = Files.readString(trace);
		assertTrue(text.contains("# affinity T4 3 (pthread_setaffinity_np)\n"), text.lines().filter(l -> l.contains(
				"affinity")).toList().toString());
		PthreadRecorderTest.replay(trace);

		Path two = record(dir, List.of(exe.toString()), 2, Map.of(), new ArrayList<>());
		assertEquals("2", said(two).get("cpuinfo"));
		assertEquals(2 * C_CALLS.size(), creates(two));
		assertEquals(2, header(two));
	}

	static final String SEES_CXX = """
			#include <fstream>
			#include <iostream>
			#include <string>
			#include <thread>
			#include <vector>
			static void pool(const char *call, unsigned n) {
				std::cout << call << " " << n << std::endl;
				std::vector<std::thread> threads;
				for (unsigned i = 0; i < n; i++) threads.emplace_back([] { volatile double s = 0; for (int k = 0; k < 100000; k++) s += k; });
				for (auto &t : threads) t.join();
			}
			int main() {
				pool("hardware_concurrency", std::thread::hardware_concurrency());
				std::ifstream cpuinfo("/proc/cpuinfo");
				std::string line;
				unsigned n = 0;
				while (std::getline(cpuinfo, line)) if (line.rfind("processor", 0) == 0) n++;
				pool("ifstream_cpuinfo", n);
				return 0;
			}
			""";

	@Test
	void aCxxProgramSeesTheVisibleProcessors(@TempDir Path dir) throws Exception {
		Path exe = PthreadRecorderTest.build(dir, "sees-cxx", SEES_CXX, true);
		Path trace = record(dir, List.of(exe.toString()), 4, Map.of(), new ArrayList<>());
		Map<String, String> said = said(trace);
		assertEquals("4", said.get("hardware_concurrency"), said.toString());
		assertEquals("4", said.get("ifstream_cpuinfo"), said.toString());
		assertEquals(8, creates(trace));
		assertEquals(4, header(trace));
	}

	static final String SEES_OMP = """
			#define _GNU_SOURCE
			#include <omp.h>
			#include <sched.h>
			#include <stdio.h>
			#include <string.h>
			int main(void) {
				printf("omp_get_num_procs %d\\n", omp_get_num_procs());
				printf("omp_get_max_threads %d\\n", omp_get_max_threads());
				int team = 0, off = 0, narrow = 0;
				#pragma omp parallel reduction(+:off, narrow)
				{
					#pragma omp single
					team = omp_get_num_threads();
					volatile double s = 0;
					for (int k = 0; k < 1000000; k++) s += k;
					off += sched_getcpu() != 0;
					FILE *f = fopen("/proc/thread-self/status", "r");
					char line[256], mine[64] = "";
					while (f && fgets(line, sizeof line, f)) if (strncmp(line, "Cpus_allowed_list:", 18) == 0) sscanf(line + 18, "%63s", mine);
					if (f) fclose(f);
					narrow += strcmp(mine, "0") != 0;
				}
				printf("team %d\\noff_processor_0 %d\\nnot_only_0 %d\\n", team, off, narrow);
				return 0;
			}
			""";

	@ParameterizedTest
	@ValueSource(strings = { "gcc", "clang" })
	void anOpenMpProgramsDefaultTeamIsTheVisibleCount(String compiler, @TempDir Path dir) throws Exception {
		assertNull(System.getenv("OMP_NUM_THREADS"), "this test needs OMP_NUM_THREADS unset");
		Path exe = OpenMpRecorderTest.build(dir, "sees-omp", SEES_OMP, compiler);
		List<String> notes = new ArrayList<>();
		Path trace = record(dir, List.of(exe.toString()), 4, Map.of(), notes);
		Map<String, String> said = said(trace);
		assertEquals("4", said.get("omp_get_num_procs"), said.toString());
		assertEquals("4", said.get("omp_get_max_threads"), said.toString());
		assertEquals("4", said.get("team"), said.toString());
		assertEquals("0", said.get("off_processor_0"), said.toString());
		assertEquals("0", said.get("not_only_0"), "the runtime's threads stay on processor 0: " + said);
		assertEquals(3, creates(trace), "the runtime starts 3 workers for a team of 4");
		assertEquals(4, header(trace));
		assertTrue(notes.stream().anyMatch(n -> n.startsWith("OMP_NUM_THREADS is not set: recorded with a team of 4 "
				+ "threads (the processors the program sees")), notes.toString());
	}

	@Test
	void aJavaProgramSeesTheVisibleProcessors(@TempDir Path dir) throws Exception {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		String classes = Path.of(Sees.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
		Path out = dir.resolve("Sees.vtrace");
		Path output = dir.resolve("Sees.out");
		int status = PthreadRecorder.record(List.of(java, "-cp", classes, Sees.class.getName()), out, NativeTools
				.cache(), ProcessBuilder.Redirect.to(output.toFile()), true, note -> {
				}, Map.of(VisibleProcessors.VARIABLE, "4"));
		assertEquals(0, status, Files.readString(output));
		Map<String, String> said = said(out);
		assertEquals("4", said.get("availableProcessors"), said.toString());
		assertEquals("3", said.get("commonPoolParallelism"), "the common pool's workers besides the caller: " + said);
		assertEquals("4", said.get("fixedPoolThreads"), said.toString());
		assertEquals("4", said.get("threads"), said.toString());
		assertEquals("0", said.get("allowed"), "the JVM runs on processor 0 alone: " + said);
		assertEquals(4, header(out));
		Map<String, List<String>> events = JavaRecorderTest.events(out);
		assertTrue(events.keySet().containsAll(List.of("T1", "T2", "T3", "T4")), "the program's 4 threads: "
				+ events.keySet());
		TraceFiles.record(out, out.toString(), EngineMonitor.NULL);
	}

	/**
	 * Debian's compressors that size their pools from the processor count: pigz without -p (sysconf), xz -T0
	 * (sched_getaffinity), zstd -T0 (/proc/cpuinfo's cores and siblings, then sysconf) start one compressing thread
	 * per processor they see.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "pigz", "xz", "zstd" })
	void debiansCompressorsStartAThreadPerVisibleProcessor(String tool, @TempDir Path dir) throws Exception {
		assertTrue(NativeTools.onPath(tool) != null, tool + " is not installed: apt-get install " + (tool.equals("xz")
				? "xz-utils" : tool));
		Path input = dir.resolve("input.txt");
		java.util.Random random = new java.util.Random(7);
		StringBuilder text = new StringBuilder();
		while (text.length() < 16 << 20) {
			text.append(Long.toString(random.nextLong(), 36)).append(random.nextInt(8) == 0 ? '\n' : ' ');
		}
		Files.writeString(input, text);
		List<String> command = switch (tool) {
		case "pigz" -> List.of("pigz", "-c", input.toString());
		case "xz" -> List.of("xz", "-T0", "-1", "-c", input.toString());
		default -> List.of("zstd", "-T0", "-q", "-c", input.toString());
		};
		Path trace = record(dir, command, 4, Map.of(), new ArrayList<>());
		assertEquals(4, header(trace));
		long created = creates(trace);
		// pigz: 4 compressing threads and a writer; xz: 4 workers; zstd: 4 workers and its I/O threads
		switch (tool) {
		case "pigz" -> assertEquals(5, created, "pigz's threads seeing 4 processors");
		case "xz" -> assertEquals(4, created, "xz's workers seeing 4 processors");
		default -> assertTrue(created >= 4, "zstd's threads seeing 4 processors: " + created);
		}
		Path one = record(dir, command, 1, Map.of(), new ArrayList<>());
		assertTrue(creates(one) < created, tool + " seeing one processor starts fewer threads: " + creates(one));
	}
}
