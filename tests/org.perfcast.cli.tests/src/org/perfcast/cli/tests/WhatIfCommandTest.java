package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code perfcast whatif}: edits and the causal profile of a recording with known answers. */
class WhatIfCommandTest {

	/** The example recording of two workers whose only contention is lock m, each holding it for 1 s. */
	private static final String CONTENDED = contended();

	private static String contended() {
		try {
			return Files.readString(Path.of(System.getProperty("perfcast.examples", "../../examples"), "vppb",
					"contended.vtrace"));
		} catch (java.io.IOException e) {
			throw new java.io.UncheckedIOException(e);
		}
	}

	@Test
	void theProfileRanksTheLockFirstAndSaysWhatHalvingItGains(@TempDir Path dir) throws Exception {
		Path trace = Files.writeString(dir.resolve("c.vtrace"), CONTENDED);
		CommandRunner cli = new CommandRunner();
		assertEquals(0, cli.run("whatif", trace.toString(), "--processors", "2"), cli.err());
		String out = cli.out();
		assertTrue(out.startsWith("on 2 processors (auto model) the recording runs 2 s\n"), out);
		// halving the sections halves the serialised 2 s; the two names of the same work rank alike
		assertTrue(out.contains("\n  make the code between a.c:10 and a.c:12 50 % faster: the program runs 2.00x faster "
				+ "on 2 processors (2 s of work)\n  make the critical sections of lock m 50 % faster: the program runs "
				+ "2.00x faster on 2 processors (2 s of work)\n"), out);
		assertTrue(out.contains("\nlock m                                        1  1.111   1.25  1.429  1.667      2    2.5  "
				+ "3.333      5     10    inf\n"), out);
	}

	@Test
	void editsAreMadeToEverySimulationAndReportedInJson(@TempDir Path dir) throws Exception {
		Path trace = Files.writeString(dir.resolve("c.vtrace"), CONTENDED);
		CommandRunner cli = new CommandRunner();
		assertEquals(0, cli.run("whatif", trace.toString(), "--split-lock", "m=2", "--location", "thread T1",
				"--speedup", "0,1", "--json"), cli.err());
		String json = cli.out();
		assertTrue(json.startsWith("{\"trace\": \"" + trace + "\", \"processors\": 2, \"model\": \"auto\", "
				+ "\"recorded\": 2, \"baseline\": 1, \"edits\": [{\"kind\": \"splitLock\", \"lock\": \"m\", "
				+ "\"parts\": 2}], \"rankedAt\": 0.5, \"locations\": ["), json);
		assertTrue(json.contains("{\"location\": \"thread T1\", \"kind\": \"thread\", \"label\": \"thread T1\", "
				+ "\"work\": 1, \"gain\": 1, \"curve\": [{\"speedup\": 0, \"completion\": 1, \"programSpeedup\": 1}, "
				+ "{\"speedup\": 0.5, \"completion\": 1, \"programSpeedup\": 1}, {\"speedup\": 1, \"completion\": 1, "
				+ "\"programSpeedup\": 1}]}"), json);
	}

	@Test
	void wrongNamesAndValuesAreRefusedSayingWhy(@TempDir Path dir) throws Exception {
		Path trace = Files.writeString(dir.resolve("c.vtrace"), CONTENDED);
		CommandRunner cli = new CommandRunner();
		assertEquals(1, cli.run("whatif", trace.toString(), "--remove-lock", "q"));
		assertTrue(cli.err().contains("the recording has no lock q (its locks: m)"), cli.err());
		cli.reset();
		assertEquals(2, cli.run("whatif", trace.toString(), "--speedup", "0..2:0.1"));
		assertTrue(cli.err().contains("--speedup wants FROM..TO:STEP"), cli.err());
		cli.reset();
		assertEquals(2, cli.run("whatif", trace.toString(), "--split-lock", "m"));
		assertTrue(cli.err().contains("--split-lock wants M=K"), cli.err());
		cli.reset();
		assertEquals(1, cli.run("whatif", trace.toString(), "--location", "nowhere.c:1"));
		assertTrue(cli.err().contains("no work at nowhere.c:1"), cli.err());
		cli.reset();
		assertEquals(1, cli.run("whatif", dir.resolve("none.vtrace").toString()));
	}

	@Test
	void theTraceEnginesWhatIfOptionCombinesEditsWithSweeps(@TempDir Path dir) throws Exception {
		Path trace = Files.writeString(dir.resolve("c.vtrace"), CONTENDED);
		CommandRunner cli = new CommandRunner();
		assertEquals(0, cli.run("run", "trace", trace.toString(), "--option", "whatIf=split-lock m=2", "--sweep",
				"processors=1,2", "--out", dir.resolve("runs").toString()), cli.err());
		assertTrue(cli.out().contains("processors=1: completion = 2 s"), cli.out());
		assertTrue(cli.out().contains("processors=2: completion = 1 s"), cli.out());
		cli.reset();
		assertEquals(0, cli.run("run", "trace", trace.toString(), "--option", "whatIf=faster lock m=0.5; remove-lock m",
				"--set", "processors=2", "--out", dir.resolve("runs").toString()), cli.err());
		assertTrue(cli.out().contains("completion = 500 ms"), cli.out());
		cli.reset();
		assertEquals(1, cli.run("run", "trace", trace.toString(), "--option", "whatIf=shrink m", "--out", dir.resolve(
				"runs").toString()));
		assertTrue(cli.err().contains("'shrink m' is no what-if edit: remove-lock M, split-lock M=K"), cli.err());
	}

	@Test
	void anOpenMpTeamIsResizedBeforeTheWhatIf(@TempDir Path dir) throws Exception {
		Path trace = Files.writeString(dir.resolve("omp.vtrace"), TraceCommandTest.OPENMP);
		CommandRunner cli = new CommandRunner();
		assertEquals(0, cli.run("whatif", trace.toString(), "--team", "8", "--processors", "8", "--location",
				"thread main", "--speedup", "0", "--json"), cli.err());
		assertTrue(cli.out().contains("\"recorded\": 5, \"baseline\": 5,"), cli.out());
		assertTrue(cli.err().contains("extrapolation: team of 8 from a recording of 4"), cli.err());
		// main's serial 3 s halved: 5 s become 3.5
		assertTrue(cli.out().contains("{\"speedup\": 0.5, \"completion\": 3.5,"), cli.out());
	}

	@Test
	void anOpenMpRegionIsALocationNamedByItsNumberOrTheCallThatForksIt(@TempDir Path dir) throws Exception {
		Path trace = Files.writeString(dir.resolve("omp.vtrace"), TraceCommandTest.OPENMP);
		CommandRunner cli = new CommandRunner();
		// blocks of 1, 2, 3 and 4 s after 2 s of serial work: 7 s on 4 processors; halved, 2 + 2 + 1
		assertEquals(0, cli.run("whatif", trace.toString(), "--processors", "4", "--location", "region kernel.c:10",
				"--location", "region 1", "--speedup", "0,0.5", "--json"), cli.err());
		assertTrue(cli.out().contains("{\"location\": \"region kernel.c:10\", \"kind\": \"region\", \"label\": "
				+ "\"the OpenMP regions at kernel.c:10\", \"work\": 10, \"gain\": 1.4, \"curve\": [{\"speedup\": 0, "
				+ "\"completion\": 7, \"programSpeedup\": 1}, {\"speedup\": 0.5, \"completion\": 5,"), cli.out());
		assertTrue(cli.out().contains("{\"location\": \"region 1\", \"kind\": \"region\", \"label\": \"OpenMP region 1\", "
				+ "\"work\": 10, \"gain\": 1.4,"), cli.out());
		cli.reset();
		assertEquals(0, cli.run("whatif", trace.toString(), "--processors", "4", "--speedup", "0", "--json"), cli.err());
		assertTrue(cli.out().contains("\"location\": \"region kernel.c:10\""), "a candidate: " + cli.out());
	}
}
