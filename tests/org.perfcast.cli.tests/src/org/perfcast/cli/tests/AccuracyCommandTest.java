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

/** {@code perfcast accuracy} on what real programs print: malformed and zero elapsed lines, wall times, JSON. */
class AccuracyCommandTest {

	private final CommandRunner cli = new CommandRunner();

	/** A two-thread C program that prints {@code line} at the end. */
	static Path program(Path dir, String line) throws Exception {
		Files.writeString(dir.resolve("p.c"), """
				#include <pthread.h>
				#include <stdio.h>
				static volatile double sink;
				static void *work(void *p) {
					for (long i = 0; i < 20000000L; i++) sink += i * 0.5;
					return p;
				}
				int main(void) {
					pthread_t t[2];
					for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, work, 0);
					for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
					printf("done\\n%s\\n", "LINE");
					return 0;
				}
				""".replace("LINE", line));
		Process cc = new ProcessBuilder("cc", "-O1", "-pthread", "-o", dir.resolve("p").toString(), dir.resolve("p.c")
				.toString()).inheritIO().start();
		assertTrue(cc.waitFor(60, TimeUnit.SECONDS) && cc.exitValue() == 0, "compiled");
		return dir.resolve("p");
	}

	@Test
	void testAMalformedElapsedLineIsAnErrorNamingTheLine(@TempDir Path dir) throws Exception {
		Path p = program(dir, "elapsed 1.2.3");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("accuracy", "--runs", "1", "--", p.toString()));
		assertTrue(cli.err().contains("printed 'elapsed 1.2.3' (line 2 of its output)"), cli.err());
		assertFalse(cli.err().contains("Exception"), cli.err());
	}

	@Test
	void testElapsedZeroIsAnErrorNotNaN(@TempDir Path dir) throws Exception {
		Path p = program(dir, "elapsed 0");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("accuracy", "--runs", "1", "--json", "--", p.toString()));
		assertTrue(cli.err().contains("'elapsed 0'"), cli.err());
		assertFalse(cli.out().contains("NaN") || cli.out().contains("Infinity"), cli.out());
	}

	@Test
	void testWallTimesAndValidJson(@TempDir Path dir) throws Exception {
		Path p = program(dir, "no time printed");
		assertEquals(ExitCode.OK, cli.run("accuracy", "--runs", "1", "--predict", "4", "--json", "--", p.toString()),
				cli.err());
		String json = cli.out().strip();
		assertTrue(json.startsWith("{\"program\": \"p\"") && json.contains("], \"selfCheck\": {\"elapsed\": ")
				&& json.endsWith("]}}"), json);
		assertTrue(json.contains("\"printed\": false"), json);
		assertFalse(json.contains("NaN") || json.contains("Infinity"), json);
		// every number is a JSON number: no bare words besides true, false and null
		String bare = json.replaceAll("\"[^\"]*\"", "\"\"").replaceAll("-?[0-9][0-9.eE+-]*", "0")
				.replaceAll("true|false|null", "0");
		assertTrue(bare.matches("[{}\\[\\]\":, 0]*"), bare);
	}
}
