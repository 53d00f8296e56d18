package org.perfcast.loggp;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A synthetic MPI trace for measuring {@link TraceReplay}: 8 ranks around a ring, each round a compute, an irecv
 * from the rank before, an isend to the rank after and the two waits, every tenth message 100 000 bytes (beyond
 * the usual eager limit, so rendezvous), the others 1000.
 */
public final class SyntheticMpiTrace {

	/** The ranks of the ring. */
	public static final int RANKS = 8;

	private SyntheticMpiTrace() {
	}

	/** The events of the trace that {@link #write} writes when asked for about {@code events}: whole rounds. */
	public static long events(long events) {
		return rounds(events) * 5 * RANKS;
	}

	private static long rounds(long events) {
		return Math.max(1, events / (5 * RANKS));
	}

	/**
	 * Writes a trace of about {@code events} events ({@link #events}) into {@code dir}: its index
	 * {@code trace.mpitrace} and one file per rank.
	 *
	 * @return the index
	 * @throws IOException when a file cannot be written
	 */
	public static Path write(Path dir, long events) throws IOException {
		Files.createDirectories(dir);
		long rounds = rounds(events);
		StringBuilder index = new StringBuilder("ranks " + RANKS + "\n");
		for (int r = 0; r < RANKS; r++) {
			index.append("rank ").append(r).append(" rank-").append(r).append(".txt\n");
			try (BufferedWriter out = Files.newBufferedWriter(dir.resolve("rank-" + r + ".txt"))) {
				for (long i = 0; i < rounds; i++) {
					int bytes = i % 10 == 0 ? 100_000 : 1000;
					out.write("compute 12.5\nirecv " + (r + RANKS - 1) % RANKS + " 1 0 " + bytes + " 1\nisend "
							+ (r + 1) % RANKS + " 1 0 " + bytes + " 2\nwait 1\nwait 2\n");
				}
			}
		}
		Path trace = dir.resolve("trace.mpitrace");
		Files.writeString(trace, index);
		return trace;
	}
}
