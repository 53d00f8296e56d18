package org.perfcast.loggp.tests;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.MpiTrace;
import org.perfcast.loggp.TraceReplay;

/**
 * The replay's speed (not a test: run its main with the bundles' classes on the class path): writes a synthetic
 * trace of 10^7 events (8 ranks, 250 000 rounds of compute, irecv, isend and two waits around a ring, every tenth
 * message 100 000 bytes, so rendezvous), then reads and replays it twice, printing events per second and the heap
 * the read trace holds.
 */
public final class ReplayBench {

	private ReplayBench() {
	}

	public static void main(String[] args) throws IOException, EngineException {
		Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("perfcast-replay-bench");
		int P = 8;
		int rounds = 250_000;
		if (!Files.isRegularFile(dir.resolve("trace.mpitrace"))) {
			StringBuilder index = new StringBuilder("ranks " + P + "\n");
			for (int r = 0; r < P; r++) {
				index.append("rank ").append(r).append(" rank-").append(r).append(".txt\n");
				try (BufferedWriter out = Files.newBufferedWriter(dir.resolve("rank-" + r + ".txt"))) {
					for (int i = 0; i < rounds; i++) {
						int b = i % 10 == 0 ? 100_000 : 1000;
						out.write("compute 12.5\nirecv " + (r + P - 1) % P + " 1 0 " + b + " 1\nisend " + (r + 1) % P + " 1 0 "
								+ b + " 2\nwait 1\nwait 2\n");
					}
				}
			}
			Files.writeString(dir.resolve("trace.mpitrace"), index);
		}
		for (int run = 0; run < 2; run++) {
			System.gc();
			long t0 = System.nanoTime();
			MpiTrace trace = MpiTrace.read(dir, "bench", EngineMonitor.NULL);
			long t1 = System.nanoTime();
			System.gc();
			long heap = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
			TraceReplay.Result r = TraceReplay.replay(trace, new TraceReplay.Options(new LogGP(9, 2, 14, 0.03),
					LogGPRules.DEFAULT, 65536, 1), EngineMonitor.NULL);
			long t2 = System.nanoTime();
			long events = trace.operations();
			System.out.printf("%d events, %d messages: read %.2f s (%.2f million events/s), replay %.2f s (%.2f million "
					+ "events/s), heap holding the trace %d MB, T = %.1f µs%n", events, trace.messages(), (t1 - t0) / 1e9,
					events / ((t1 - t0) / 1e3), (t2 - t1) / 1e9, events / ((t2 - t1) / 1e3), heap >> 20, r.T());
		}
	}
}
