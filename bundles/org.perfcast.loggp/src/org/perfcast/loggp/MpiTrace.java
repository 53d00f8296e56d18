package org.perfcast.loggp;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.MemoryLimit;
import org.perfcast.engine.Printable;

/**
 * A time-independent trace of an MPI run (the format of docs/mpi.md, "Recorded MPI runs"), read as a stream for
 * {@link TraceReplay}: {@link #read} reads only the index, and each rank's events are read, their collectives
 * decomposed into point-to-point messages and every receive matched to its send as the replay reaches them. MPI
 * matches by (source, tag, communicator), in the order the receives were posted and the sends made; a wildcard
 * is resolved from the actual source and tag recorded at the receive's completion, and a receive's completion
 * (or cancel) is read ahead of it. A message is held only between its first side's reading and its replay, so the
 * memory is that of the messages in flight, the open requests and a read buffer per rank in use, not the trace's
 * length; what the open requests, the messages whose other side is not read yet and the communicators take is
 * limited ({@link MemoryLimit}), and a trace that would hold more ends at the line that crossed the limit.
 * <p>
 * {@link MpiTraceIndex} reads the index; per rank, a {@link RankLineReader} reads the lines and finds completions
 * ahead, and a {@link RankDecoder} makes them operations, its collectives decomposed by {@link CollectiveSchedules}
 * ({@link #ALGORITHMS} says how); a {@link MessageMatcher} matches the receives to the sends.
 */
public final class MpiTrace {

	/** How the collectives are decomposed, for results. */
	public static final String ALGORITHMS = CollectiveSchedules.ALGORITHMS;

	/** The most ranks a trace may have. */
	public static final int MAX_RANKS = 1 << 16;

	/** The longest line read, in bytes. */
	static final int MAX_LINE = 1 << 20;

	static final byte COMPUTE = 0;
	static final byte SEND = 1;
	static final byte ISEND = 2;
	static final byte RECV = 3;
	static final byte IRECV = 4;
	static final byte WAIT_SEND = 5;
	static final byte WAIT_RECV = 6;

	/** How many lines all ranks together read ahead to find a receive's completion before scanning for it. */
	private static final int LOOKAHEAD = 1 << 16;
	/**
	 * How many completions beyond the lines read ahead all ranks together remember from their scans, so that a run of
	 * receives completed far ahead (many irecvs, then their waits) is scanned once, not once per receive.
	 */
	private static final int REMEMBERED = 1 << 18;
	/** Bytes a remembered completion takes at most (its fields). */
	private static final int AHEAD_BYTES = 256;
	/** Bytes a message whose other side is not read yet takes in its key's queue. */
	static final int MESSAGE_BYTES = 72;
	/** Bytes a matching key's queue takes, besides its messages. */
	static final int KEY_BYTES = 136;
	/** Bytes a communicator takes, besides 4 a member. */
	static final int COMM_BYTES = 96;

	/**
	 * Where a rank's events are: a file (end −1) of {@code size} bytes, or the bytes from start to end of the index
	 * after its line. No line after {@code lastCompletion} completes a request ({@link Integer#MAX_VALUE}: not
	 * known), so that no scan looks beyond it for a completion.
	 */
	record Source(Path path, String name, long start, long end, int line, boolean skipLF, long size,
			int lastCompletion) {
	}

	private final Source[] sources;
	private @Nullable Counts counts;

	MpiTrace(Source[] sources) {
		this.sources = sources;
	}

	/** The files the trace is read from: its index and the ranks' files it names. */
	public List<Path> files() {
		return Arrays.stream(sources).filter(java.util.Objects::nonNull).map(Source::path).distinct().toList();
	}

	/** Where rank {@code r}'s events are. */
	Source source(int r) {
		return sources[r];
	}

	/** The number of ranks. */
	public int P() {
		return sources.length;
	}

	/**
	 * What a pass over the whole trace counts.
	 *
	 * @param operations the operations of all ranks after decomposition
	 * @param messages   the messages, collectives' included
	 * @param largest    the largest message in bytes (0 without messages)
	 */
	public record Counts(long operations, long messages, long largest) {
	}

	/**
	 * Reads every rank's events once, without replaying them, for their counts (kept: a second call does not read
	 * again). Receives are not matched here: the replay reports a receive without its send.
	 *
	 * @throws EngineException at the file and line of the first malformed event
	 */
	public Counts counts(EngineMonitor monitor) throws EngineException {
		Counts c = counts;
		if (c == null) {
			Stream stream = new Stream(this, false, monitor);
			try {
				for (RankDecoder rank : stream.ranks) {
					while (rank.fill()) {
						rank.pop();
					}
					rank.close();
				}
			} finally {
				stream.close();
			}
			c = new Counts(stream.operations(), stream.matcher.messages, stream.matcher.largest);
			counts = c;
		}
		return c;
	}

	/**
	 * Reads the index of the trace at {@code path}: a trace folder (its {@code trace.mpitrace}) or an index file.
	 * The index has {@code ranks N} and, per rank, {@code rank R FILE} (its events in FILE, relative to the index and
	 * inside its folder: {@link MpiTraceIndex}) or {@code rank R} followed by its events inline. The events are read
	 * by {@link TraceReplay} or {@link #counts}.
	 *
	 * @param display how to name the index file in diagnostics
	 * @throws EngineException at the file and line of the first error in the index, a rank's file among them (missing,
	 *                         or outside the index's folder)
	 */
	public static MpiTrace read(Path path, String display, EngineMonitor monitor) throws EngineException {
		return MpiTraceIndex.read(path, display, monitor);
	}

	/** Splits on spaces and tabs; a '#' starts a comment. */
	static String[] fields(String line) {
		int hash = line.indexOf('#');
		int n = hash >= 0 ? hash : line.length();
		int count = 0;
		for (int i = 0; i < n; i++) {
			if (!blank(line.charAt(i)) && (i == 0 || blank(line.charAt(i - 1)))) {
				count++;
			}
		}
		String[] out = new String[count];
		int k = 0;
		int i = 0;
		while (k < count) {
			while (blank(line.charAt(i))) {
				i++;
			}
			int start = i;
			while (i < n && !blank(line.charAt(i))) {
				i++;
			}
			out[k++] = line.substring(start, i);
		}
		return out;
	}

	private static boolean blank(char c) {
		return c == ' ' || c == '\t' || c == '\r';
	}

	/**
	 * One reading of the whole trace: its ranks' decoders, the messages not yet matched, and what all ranks hold
	 * against the memory limit.
	 */
	static final class Stream {
		final MpiTrace trace;
		final EngineMonitor monitor;
		final RankDecoder[] ranks;
		final MpiTraceLines.Pool pool = new MpiTraceLines.Pool();
		final int[] world;
		final MessageMatcher matcher;
		/** What the ranks hold: open requests, communicators' bytes. */
		long openRequests;
		long commBytes;
		/** The bytes of the lines the ranks read ahead and of the completions they remember. */
		long aheadBytes;
		private final long limit = MemoryLimit.bytes();

		Stream(MpiTrace trace, boolean matching, EngineMonitor monitor) {
			this.trace = trace;
			this.matcher = new MessageMatcher(matching);
			this.monitor = monitor;
			int P = trace.P();
			world = new int[P];
			for (int i = 0; i < P; i++) {
				world[i] = i;
			}
			ranks = new RankDecoder[P];
			int lookahead = Math.max(64, LOOKAHEAD / P);
			// at most an eighth of the memory limit
			int remembered = (int) Math.max(1024, Math.min(REMEMBERED, MemoryLimit.items(8L * AHEAD_BYTES)) / P);
			for (int r = 0; r < P; r++) {
				Source s = trace.sources[r];
				MpiTraceLines lines = new MpiTraceLines(s.path(), s.name(), s.start(), s.end(), s.line(), s.skipLF(),
						pool);
				ranks[r] = new RankDecoder(this, r, s.name(), new RankLineReader(this, r, s.name(), lines, lookahead,
						remembered, s.lastCompletion()), s.start(), s.size());
			}
		}

		long operations() {
			long n = 0;
			for (RankDecoder r : ranks) {
				n += r.operations;
			}
			return n;
		}

		/** The bytes held for what the trace keeps open. */
		long held() {
			return openRequests * OpenRequests.BYTES + matcher.queued * MESSAGE_BYTES + (long) matcher.queues.size()
					* KEY_BYTES + commBytes + aheadBytes;
		}

		/** Ends the replay when what it holds is beyond the limit, as rank {@code r} reaches line {@code l}. */
		void checkHeld(int r, String file, int l) throws EngineException {
			if (held() > limit) {
				throw error(file, l, "rank " + r + " reaches this line with " + openRequests + " requests not "
						+ "completed, " + matcher.queued + " messages whose other side is not read yet and " + MemoryLimit
								.size(aheadBytes) + " of lines read ahead (of all ranks), more than the replay's memory "
						+ "limit of " + MemoryLimit.describe());
			}
		}

		void close() {
			pool.close();
		}
	}

	static long integer(String text, String file, int l, String what, long min, long max) throws EngineException {
		try {
			long v = Long.parseLong(text);
			if (v >= min && v <= max) {
				return v;
			}
		} catch (NumberFormatException e) {
			// below
		}
		throw error(file, l, what + " is a whole number from " + min + " to " + max + ", not " + Printable.quote(text));
	}

	static EngineException error(String file, int line, String message) {
		return new EngineException(Diagnostic.error("replay.trace", message, line > 0 ? Location.at(file, line, 1)
				: Location.of(file)));
	}
}
