package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code perfcast whatif} on MPI traces: balance, speed-ups, machine edits and the profile, against replays. */
class MpiWhatIfCommandTest {

	/** 2 ranks, 10 rounds of computation (rank 1 three times rank 0's) and an allreduce; in a folder. */
	private static Path trace(Path dir, String name, double us0, double us1) throws Exception {
		Path folder = Files.createDirectories(dir.resolve(name));
		Files.writeString(folder.resolve("trace.mpitrace"), "ranks 2\nrank 0 rank-0.txt\nrank 1 rank-1.txt\n");
		for (int r = 0; r < 2; r++) {
			StringBuilder s = new StringBuilder();
			for (int i = 0; i < 10; i++) {
				s.append("compute ").append(r == 0 ? us0 : us1).append("\nallreduce 0 8\n");
			}
			Files.writeString(folder.resolve("rank-" + r + ".txt"), s);
		}
		return folder;
	}

	private static String value(String json, String key) {
		int i = json.indexOf("\"" + key + "\": ") + key.length() + 4;
		int j = i;
		while (j < json.length() && ",}]".indexOf(json.charAt(j)) < 0) {
			j++;
		}
		return json.substring(i, j);
	}

	@Test
	void balanceGivesTheBalancedTracesReplayAndTheSlowRankRanksFirst(@TempDir Path dir) throws Exception {
		Path imbalanced = trace(dir, "imbalanced", 1000, 3000);
		Path balanced = trace(dir, "balanced", 2000, 2000);
		CommandRunner cli = new CommandRunner();
		assertEquals(0, cli.run("replay", balanced.toString(), "--json"), cli.err());
		String T = value(cli.out(), "T");
		cli.reset();
		assertEquals(0, cli.run("whatif", imbalanced.toString(), "--balance", "--speedup", "0,1", "--json"), cli.err());
		String json = cli.out();
		assertEquals(T, value(json, "baseline"), json);
		assertTrue(json.startsWith("{\"trace\": \"" + imbalanced + "\", \"processors\": 2, \"model\": \"loggp\", "
				+ "\"unit\": \"µs\", \"L\": 9, \"o\": 2, \"g\": 14, \"G\": 0.03, \"eager\": 65536, \"speed\": 1, "
				+ "\"recorded\": "), json);
		assertTrue(json.contains("\"edits\": [{\"kind\": \"balance\"}], \"rankedAt\": 0.5"), json);
		cli.reset();
		assertEquals(0, cli.run("whatif", imbalanced.toString(), "--top", "1"), cli.err());
		String out = cli.out();
		assertTrue(out.startsWith("on 2 processors (a rank each; "), out);
		// rank 1 is the critical path; rank 0's computation is not: its curve is flat
		assertTrue(out.contains("\n  make the computation of rank 1 50 % faster"), out);
		cli.reset();
		assertEquals(0, cli.run("whatif", imbalanced.toString(), "--location", "rank 0", "--json"), cli.err());
		assertTrue(cli.out().contains("\"gain\": 1, "), cli.out());
	}

	@Test
	void machineEditsAndWrongOptionsOnMpiTraces(@TempDir Path dir) throws Exception {
		Path t = trace(dir, "t", 10, 30);
		CommandRunner cli = new CommandRunner();
		assertEquals(0, cli.run("replay", t.toString(), "--L", "100", "--json"), cli.err());
		String T = value(cli.out(), "T");
		cli.reset();
		assertEquals(0, cli.run("whatif", t.toString(), "--loggp", "L=100", "--speedup", "0", "--json"), cli.err());
		assertEquals(T, value(cli.out(), "baseline"), cli.out());
		assertTrue(cli.out().contains("{\"kind\": \"machine\", \"L\": 100}"), cli.out());
		cli.reset();
		assertEquals(2, cli.run("whatif", t.toString(), "--remove-lock", "m"));
		assertTrue(cli.err().contains("--remove-lock is for recordings of threads"), cli.err());
		cli.reset();
		assertEquals(2, cli.run("whatif", t.toString(), "--processors", "4"));
		assertTrue(cli.err().contains("--processors must be its 2 ranks"), cli.err());
		cli.reset();
		assertEquals(2, cli.run("whatif", t.toString(), "--loggp", "Q=1"));
		assertTrue(cli.err().contains("--loggp: the machine is NAME=VALUE"), cli.err());
		cli.reset();
		assertEquals(1, cli.run("whatif", t.toString(), "--faster", "rank 0 bcast..send=0.5"));
		assertTrue(cli.err().contains("no rank computes between a call bcast and a call send"), cli.err());
	}
}
