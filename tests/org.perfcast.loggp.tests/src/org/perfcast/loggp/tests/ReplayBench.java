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
 * The replay's speed and memory (not a test: run its main with the bundles' classes on the class path; see the
 * README): {@code ReplayBench [EVENTS [DIR [whole]]]} writes into DIR (default: a temporary folder), unless there
 * already, a synthetic trace of EVENTS events (default 10^7; 8 ranks, rounds of compute, irecv, isend and two
 * waits around a ring, every tenth message 100 000 bytes, so rendezvous), then replays it as a stream, or with
 * {@code whole} reads it whole first as the replay did before it streamed ({@link MemoryTrace}), printing the
 * time, the events per second and the heap in use at the end.
 */
public final class ReplayBench {

	private ReplayBench() {
	}

	public static void main(String[] args) throws IOException, EngineException {
		long events = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000;
		Path dir = args.length > 1 ? Files.createDirectories(Path.of(args[1])) : Files.createTempDirectory(
				"perfcast-replay-bench");
		boolean whole = args.length > 2 && args[2].equals("whole");
		int P = 8;
		long rounds = events / (5 * P);
		if (!Files.isRegularFile(dir.resolve("trace.mpitrace"))) {
			StringBuilder index = new StringBuilder("ranks " + P + "\n");
			for (int r = 0; r < P; r++) {
				index.append("rank ").append(r).append(" rank-").append(r).append(".txt\n");
				try (BufferedWriter out = Files.newBufferedWriter(dir.resolve("rank-" + r + ".txt"))) {
					for (long i = 0; i < rounds; i++) {
						int b = i % 10 == 0 ? 100_000 : 1000;
						out.write("compute 12.5\nirecv " + (r + P - 1) % P + " 1 0 " + b + " 1\nisend " + (r + 1) % P + " 1 0 "
								+ b + " 2\nwait 1\nwait 2\n");
					}
				}
			}
			Files.writeString(dir.resolve("trace.mpitrace"), index);
		}
		TraceReplay.Options options = new TraceReplay.Options(new LogGP(9, 2, 14, 0.03), LogGPRules.DEFAULT, 65536, 1);
		long t0 = System.nanoTime();
		double T;
		long operations;
		long messages;
		if (whole) {
			MemoryTrace trace = MemoryTrace.read(dir, "bench", EngineMonitor.NULL);
			MemoryReplay.Result r = MemoryReplay.replay(trace, options, EngineMonitor.NULL);
			T = r.T();
			operations = r.operations();
			messages = r.messages();
		} else {
			TraceReplay.Result r = TraceReplay.replay(MpiTrace.read(dir, "bench", EngineMonitor.NULL), options,
					EngineMonitor.NULL);
			T = r.T();
			operations = r.operations();
			messages = r.messages();
		}
		double seconds = (System.nanoTime() - t0) / 1e9;
		System.gc();
		long heap = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
		System.out.printf("%s: %d events, %d messages: %.2f s (%.2f million events/s), heap in use after %d MB, "
				+ "T = %.1f µs%n", whole ? "read whole, then replayed" : "streamed replay", operations, messages,
				seconds, operations / seconds / 1e6, heap >> 20, T);
	}
}
