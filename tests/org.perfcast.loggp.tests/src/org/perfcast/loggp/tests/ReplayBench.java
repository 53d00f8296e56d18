package org.perfcast.loggp.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.MpiTrace;
import org.perfcast.loggp.SyntheticMpiTrace;
import org.perfcast.loggp.TraceReplay;

/**
 * The replay's speed and memory (not a test: run its main with the bundles' classes on the class path; see
 * docs/mpi.md): {@code ReplayBench [EVENTS [DIR [whole]]]} writes into DIR (default: a temporary folder), unless there
 * already, a synthetic trace of EVENTS events (default 10^7; see {@link SyntheticMpiTrace}), then replays it as a
 * stream ({@code perfcast bench replay-1eN} does too), or with
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
		if (!Files.isRegularFile(dir.resolve("trace.mpitrace"))) {
			SyntheticMpiTrace.write(dir, events);
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
