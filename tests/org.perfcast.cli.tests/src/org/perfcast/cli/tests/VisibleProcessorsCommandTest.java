package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

/**
 * {@code --visible-processors} and {@code --record-per-count}: a program whose pool is sized from the processors it
 * may run on (sched_getaffinity, as nproc) is predicted from a recording that saw the count predicted, within 5 % of
 * its known speed-up of 2; recorded seeing one processor, as before, it was predicted at 1.0 and the prediction says
 * why.
 */
class VisibleProcessorsCommandTest {

	private final CommandRunner cli = new CommandRunner();

	/** A fixed amount of work shared by a pool of as many threads as the program may use processors. */
	static Path pool(Path dir) throws Exception {
		Files.writeString(dir.resolve("pool.c"), """
				#define _GNU_SOURCE
				#include <pthread.h>
				#include <sched.h>
				#include <stdio.h>
				#include <time.h>
				static long share;
				static void *work(void *p) {
					volatile double s = 0;
					for (long i = 0; i < share; i++) s += i * 0.5;
					return p;
				}
				int main(void) {
					cpu_set_t set;
					CPU_ZERO(&set);
					sched_getaffinity(0, sizeof set, &set);
					int n = CPU_COUNT(&set);
					if (n > 64) n = 64;
					share = 240000000L / n;
					struct timespec a, b;
					clock_gettime(CLOCK_MONOTONIC, &a);
					pthread_t t[64];
					for (int i = 0; i < n; i++) pthread_create(&t[i], 0, work, 0);
					for (int i = 0; i < n; i++) pthread_join(t[i], 0);
					clock_gettime(CLOCK_MONOTONIC, &b);
					printf("workers %d\\nelapsed %.6f\\n", n, (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9);
					return 0;
				}
				""");
		Process cc = new ProcessBuilder("cc", "-O1", "-g", "-pthread", "-o", dir.resolve("pool").toString(), dir
				.resolve("pool.c").toString()).inheritIO().start();
		assertTrue(cc.waitFor(60, TimeUnit.SECONDS) && cc.exitValue() == 0, "compiled");
		return dir.resolve("pool");
	}

	/** The automatic model's predicted speed-up on {@code processors} in accuracy's JSON. */
	static double auto(String json, int processors) {
		Matcher m = Pattern.compile("\\{\"model\": \"auto\", \"chosen\": \"[a-z-]+\", \"processors\": " + processors
				+ ", \"speedup\": ([0-9.eE+-]+)").matcher(json);
		assertTrue(m.find(), json);
		return Double.parseDouble(m.group(1));
	}

	static double real(String json) {
		Matcher m = Pattern.compile("\"real\": \\{[^}]*\"speedup\": ([0-9.eE+-]+)").matcher(json);
		assertTrue(m.find(), json);
		return Double.parseDouble(m.group(1));
	}

	@Test
	void aPoolSizedFromTheProcessorCountIsPredictedFromARecordingThatSawTheCount(@TempDir Path dir) throws Exception {
		Path pool = pool(dir);
		// two workers that share nothing, each half the work: the program's real speed-up on two processors is 2 by
		// construction (real runs, which other work on a shared machine slows, are left to the validation scripts)
		assertEquals(ExitCode.OK, cli.run("accuracy", "--processors", "2", "--predict", "2", "--runs", "1",
				"--visible-processors", "2", "--json", "--", pool.toString()), cli.err());
		String json = cli.out();
		assertEquals(2.0, auto(json, 2), 0.05 * 2.0, "two workers on two processors: " + json);
		assertTrue(json.contains("\"visibleProcessors\": 2"), json);
		assertFalse(cli.err().contains("recorded seeing"), cli.err());

		// as before: recorded seeing the one processor it ran on, the pool had one thread
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("accuracy", "--processors", "2", "--predict", "2", "--runs", "1",
				"--visible-processors", "1", "--json", "--", pool.toString()), cli.err());
		assertTrue(auto(cli.out(), 2) < 1.1, cli.out());
		assertTrue(cli.err().contains("the prediction for 2 processors: recorded seeing 1 processor; a program that "
				+ "sizes its pools from the processor count would run differently on 2: record with "
				+ "--visible-processors 2"), cli.err());
	}

	@Test
	void recordingPerCountShowsEachRecordingTheCountItPredicts(@TempDir Path dir) throws Exception {
		Path pool = pool(dir);
		Path trace = dir.resolve("kept.vtrace");
		assertEquals(ExitCode.OK, cli.run("accuracy", "--processors", "2", "--predict", "4", "--runs", "1",
				"--record-per-count", "--trace", trace.toString(), "--json", "--", pool.toString()), cli.err());
		String json = cli.out();
		assertTrue(json.contains("\"processors\": 4, \"speedup\":"), json);
		assertTrue(auto(json, 4) > 3.0, "four workers on four processors: " + json);
		assertTrue(auto(json, 2) > 1.6, json);
		assertFalse(cli.err().contains("recorded seeing"), cli.err());
		assertTrue(Files.readString(dir.resolve("kept-p2.vtrace")).contains("@visible-processors 2\n"));
		String four = Files.readString(dir.resolve("kept-p4.vtrace"));
		assertTrue(four.contains("@visible-processors 4\n"));
		assertEquals(4, four.lines().filter(l -> l.contains(" create ")).count(), four);

		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("accuracy", "--record-per-count", "--visible-processors", "2", "--",
				pool.toString()));
	}

	@Test
	void recordSaysWhatTheProgramSawAndTracePredictionsForOtherCountsWarn(@TempDir Path dir) throws Exception {
		Path pool = pool(dir);
		Path trace = dir.resolve("pool.vtrace");
		assertEquals(ExitCode.OK, cli.run("record", "--visible-processors", "3", "--out", trace.toString(), "--", pool
				.toString()), cli.err());
		assertTrue(cli.out().contains("(one processor, seeing 3;"), cli.out());
		assertTrue(cli.out().contains("predict with: perfcast trace " + trace + " --processors 3"), cli.out());
		String text = Files.readString(trace);
		assertTrue(text.startsWith("@recorded pthreads\n@unit s\n@visible-processors 3\n"), text);
		assertEquals(3, text.lines().filter(l -> l.contains(" create ")).count(), text);

		cli.reset();
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "3"), cli.err());
		assertFalse(cli.err().contains("recorded seeing"), cli.err());
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "8"), cli.err());
		assertTrue(cli.err().contains("recorded seeing 3 processors; a program that sizes its pools from the processor "
				+ "count would run differently on 8: record with --visible-processors 8"), cli.err());

		for (String bad : new String[] { "0", "x", "4097" }) {
			cli.reset();
			assertEquals(ExitCode.USAGE, cli.run("record", "--visible-processors", bad, "--", pool.toString()), bad);
			assertTrue(cli.err().contains("--visible-processors: the visible processors must be a whole number from 1 "
					+ "to 4096, not " + bad), cli.err());
		}
	}
}
