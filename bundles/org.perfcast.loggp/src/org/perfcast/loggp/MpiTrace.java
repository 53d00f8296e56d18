package org.perfcast.loggp;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.MemoryLimit;
import org.perfcast.engine.Printable;

/**
 * A time-independent trace of an MPI run (the format of the README's "Recorded MPI runs"), read as a stream for
 * {@link TraceReplay}: {@link #read} reads only the index, and each rank's events are read, their collectives
 * decomposed into point-to-point messages and every receive matched to its send as the replay reaches them. MPI
 * matches by (source, tag, communicator), in the order the receives were posted and the sends made; a wildcard
 * is resolved from the actual source and tag recorded at the receive's completion, and a receive's completion
 * (or cancel) is read ahead of it. A message is held only between its first side's reading and its replay, so the
 * memory is that of the messages in flight, the open requests and a read buffer per rank in use, not the trace's
 * length; what the open requests, the messages whose other side is not read yet and the communicators take is
 * limited ({@link MemoryLimit}), and a trace that would hold more ends at the line that crossed the limit.
 * <p>
 * Collectives are decomposed into the usual algorithms: a binomial tree for bcast, reduce, gather and scatter;
 * recursive doubling for allreduce, allgather and barrier (for a size p not a power of two, MPICH's folding: the
 * first 2(p − p') ranks pair up before and after the doubling among p' = the largest power of two ≤ p); pairwise
 * exchange for alltoall (step i: send to rank + i, receive from rank − i). {@link #ALGORITHMS} says so.
 */
public final class MpiTrace {

	/** How the collectives are decomposed, for results. */
	public static final String ALGORITHMS = "binomial tree (bcast, reduce, gather, scatter), recursive doubling "
			+ "(allreduce, allgather, barrier), pairwise exchange (alltoall)";

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
	/** Bytes a request of the completions skipped takes in their set. */
	private static final int SKIPPED_BYTES = 64;
	/** Bytes a message whose other side is not read yet takes in its key's queue. */
	static final int MESSAGE_BYTES = 72;
	/** Bytes a matching key's queue takes, besides its messages. */
	static final int KEY_BYTES = 136;
	/** Bytes a communicator takes, besides 4 a member. */
	static final int COMM_BYTES = 96;

	/**
	 * Where a rank's events are: a file (end −1) of {@code size} bytes, or the bytes from start to end of the index
	 * after its line.
	 */
	record Source(Path path, String name, long start, long end, int line, boolean skipLF, long size) {
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
				for (Rank rank : stream.ranks) {
					while (rank.fill()) {
						rank.pop();
					}
					rank.close();
				}
			} finally {
				stream.close();
			}
			c = new Counts(stream.operations(), stream.messages, stream.largest);
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
	 * A message between its first side's reading and the end of its replay: sender, receiver, bytes (−1 until its
	 * send is read), synchronous (rendezvous whatever the size), and the replay's times: when the sender is ready,
	 * when the receive is posted, when the transfer starts (NaN until known).
	 */
	static final class Transfer {
		final int from;
		final int to;
		long bytes = -1;
		boolean synchronous;
		double ready = Double.NaN;
		double post = Double.NaN;
		double start = Double.NaN;
		/** Whether its send was read first (it waits in its key's queue for its receive). */
		final boolean sentFirst;
		/** The line of its receive, once read. */
		int receiveLine;

		Transfer(int from, int to, boolean sentFirst) {
			this.from = from;
			this.to = to;
			this.sentFirst = sentFirst;
		}
	}

	/** A matching key: (source, destination, tag, communicator); collectives use communicator −(id + 1). */
	record Key(int from, int to, int tag, int comm) {
	}

	/** One reading of the whole trace: its ranks' readers and the messages not yet matched, per key. */
	static final class Stream {
		final MpiTrace trace;
		/** Whether receives are matched (not when only counting, or draining after a deadlock). */
		boolean matching;
		final EngineMonitor monitor;
		final Rank[] ranks;
		final MpiTraceLines.Pool pool = new MpiTraceLines.Pool();
		final int[] world;
		/**
		 * Per key, the messages whose one side only has been read, in order; empty queues are dropped when the keys
		 * have doubled since the last sweep.
		 */
		final Map<Key, ArrayDeque<Transfer>> queues = new HashMap<>();
		private int swept = 4096;
		long messages;
		long largest;
		/** What the ranks hold: open requests, messages in the queues, communicators' bytes. */
		long openRequests;
		long queued;
		long commBytes;
		/** The bytes of the lines the ranks read ahead and of the completions they remember. */
		long aheadBytes;
		private final long limit = MemoryLimit.bytes();
		/**
		 * While draining after a deadlock: per key of a receive still waiting, the sends read since and the first's
		 * bytes.
		 */
		@Nullable
		Map<Key, long[]> toCome;

		Stream(MpiTrace trace, boolean matching, EngineMonitor monitor) {
			this.trace = trace;
			this.matching = matching;
			this.monitor = monitor;
			int P = trace.P();
			world = new int[P];
			for (int i = 0; i < P; i++) {
				world[i] = i;
			}
			ranks = new Rank[P];
			int lookahead = Math.max(64, LOOKAHEAD / P);
			// at most an eighth of the memory limit
			int remembered = (int) Math.max(1024, Math.min(REMEMBERED, MemoryLimit.items(8L * AHEAD_BYTES)) / P);
			for (int r = 0; r < P; r++) {
				Source s = trace.sources[r];
				ranks[r] = new Rank(this, r, s.name(), new MpiTraceLines(s.path(), s.name(), s.start(), s.end(), s.line(),
						s.skipLF(), pool), lookahead, remembered, s.start(), s.size());
			}
		}

		long operations() {
			long n = 0;
			for (Rank r : ranks) {
				n += r.operations;
			}
			return n;
		}

		/** The message of a send, matched to its receive if that was read. */
		@Nullable
		Transfer send(int from, int to, int tag, int comm, long bytes, boolean synchronous) {
			messages++;
			largest = Math.max(largest, bytes);
			Key key = new Key(from, to, tag, comm);
			Map<Key, long[]> c = toCome;
			if (c != null) {
				long[] n = c.get(key);
				if (n != null && n[0]++ == 0) {
					n[1] = bytes;
				}
			}
			if (!matching) {
				return null;
			}
			Transfer m = match(key, true);
			m.bytes = bytes;
			m.synchronous = synchronous;
			return m;
		}

		/** The message of a receive, matched to its send if that was read. */
		@Nullable
		Transfer receive(int from, int to, int tag, int comm, int line) {
			if (!matching) {
				return null;
			}
			Transfer m = match(new Key(from, to, tag, comm), false);
			m.receiveLine = line;
			return m;
		}

		private Transfer match(Key key, boolean send) {
			ArrayDeque<Transfer> queue = queues.get(key);
			if (queue != null) {
				Transfer first = queue.peekFirst();
				if (first != null && first.sentFirst != send) {
					queue.pollFirst();
					queued--;
					return first;
				}
			} else {
				if (queues.size() >= swept * 2) {
					queues.values().removeIf(ArrayDeque::isEmpty);
					swept = Math.max(4096, queues.size());
				}
				queue = new ArrayDeque<>(4);
				queues.put(key, queue);
			}
			Transfer m = new Transfer(key.from(), key.to(), send);
			queue.addLast(m);
			queued++;
			return m;
		}

		/** The bytes held for what the trace keeps open. */
		long held() {
			return openRequests * OpenRequests.BYTES + queued * MESSAGE_BYTES + (long) queues.size() * KEY_BYTES
					+ commBytes + aheadBytes;
		}

		/** Ends the replay when what it holds is beyond the limit, as rank {@code r} reaches line {@code l}. */
		void checkHeld(Rank rank, int l) throws EngineException {
			if (held() > limit) {
				throw error(rank.file, l, "rank " + rank.r + " reaches this line with " + openRequests + " requests not "
						+ "completed, " + queued + " messages whose other side is not read yet and " + MemoryLimit.size(
								aheadBytes) + " of lines read ahead (of all ranks), more than the replay's memory limit "
						+ "of " + MemoryLimit.describe());
			}
		}

		void close() {
			pool.close();
		}
	}

	/** A line read ahead. */
	private record Ahead(String[] fields, int line) {
		/** The bytes it takes (estimated: the array, and each field a string). */
		long bytes() {
			long n = 32 + 4L * fields.length;
			for (String f : fields) {
				n += 48 + f.length();
			}
			return n;
		}
	}

	/**
	 * One rank's reader: its events as operations, read as the replay takes them. {@link #fill} makes the next
	 * operation current ({@link #kind}, {@link #message}, {@link #duration}, {@link #line}); {@link #pop} drops it.
	 */
	static final class Rank {
		final Stream stream;
		final int r;
		final String file;
		private final MpiTraceLines lines;
		private final int lookahead;
		private final ArrayDeque<Ahead> ahead = new ArrayDeque<>();
		/**
		 * The completions ('wait REQ', 'cancel REQ') after the current line up to {@link #known}, by request, in the
		 * order of their lines: those read ahead, and those that scans beyond found (at most {@link #remembered}).
		 */
		private final Map<Long, ArrayDeque<Ahead>> completions = new HashMap<>();
		private final int remembered;
		private int completionCount;
		/** The last line whose completion, if it is one, is in {@link #completions}. */
		private int known;
		/** Where a scan goes on after {@link #known}, when that is beyond what {@link #lines} read; its line end. */
		private long knownPosition = -1;
		private boolean knownSkipLF;
		/** Whether {@link #known} is the rank's last line: every completion to come is known, no scan finds more. */
		private boolean knownEnd;
		/**
		 * The lines after {@link #known} up to {@link #skippedTo} that scans read without remembering (beyond
		 * {@link #remembered}), with the requests their completions name: a scan for a request not among them goes on
		 * after them instead of reading them again, so that many receives completed far ahead, in the order they were
		 * posted, are found in one pass.
		 */
		private int skippedTo;
		private long skippedPosition;
		private boolean skippedSkipLF;
		private final java.util.Set<Long> skippedRequests = new java.util.HashSet<>();
		/** The reader of the last scan, kept where it stopped. */
		private @Nullable MpiTraceLines scanner;
		private final OpenRequests open = new OpenRequests();
		/** Communicators: id to the world ranks of their members. */
		private final Map<Integer, int[]> comms = new HashMap<>();
		/** Collectives so far, per communicator id: the next instance's number. */
		private final Map<Integer, Integer> instances = new HashMap<>();
		/** Decoded operations not yet replayed, a ring. */
		private byte[] kinds = new byte[8];
		private @Nullable Transfer[] messages = new Transfer[8];
		private double[] durations = new double[8];
		private int[] lineOf = new int[8];
		private int head;
		private int count;
		/** An alltoall being decomposed, its steps made as they are needed. */
		private int @Nullable [] alltoall;
		private int alltoallMe;
		private int alltoallStep;
		private long alltoallBytes;
		private int alltoallTag;
		private int alltoallComm;
		private int alltoallLine;
		private boolean ended;
		long operations;
		/** Where its events start, and their bytes. */
		private final long start;
		final long size;

		byte kind;
		@Nullable
		Transfer message;
		double duration;
		int line;

		Rank(Stream stream, int r, String file, MpiTraceLines lines, int lookahead, int remembered, long start, long size) {
			this.stream = stream;
			this.r = r;
			this.file = file;
			this.lines = lines;
			this.lookahead = lookahead;
			this.remembered = remembered;
			this.known = lines.line;
			this.start = start;
			this.size = size;
			comms.put(0, stream.world);
			comms.put(1, new int[] { r });
			stream.commBytes += 2 * COMM_BYTES + 4;
		}

		/** Makes the next operation current; false at the rank's end. */
		boolean fill() throws EngineException {
			while (count == 0) {
				int[] members = alltoall;
				if (members != null) {
					int p = members.length;
					int s = alltoallStep++;
					if (alltoallStep == p) {
						alltoall = null;
					}
					exchange(members[(alltoallMe + s) % p], members[(alltoallMe - s + p) % p], alltoallBytes, alltoallTag,
							alltoallComm, alltoallLine);
					stream.checkHeld(this, alltoallLine);
					continue;
				}
				if (ended) {
					return false;
				}
				Ahead a = ahead.pollFirst();
				if (a != null) {
					stream.aheadBytes -= a.bytes();
				}
				if (a != null) {
					passed(a.fields(), a.line());
					if (a.fields().length > 0) {
						event(a.fields(), a.line());
						stream.checkHeld(this, a.line());
					}
					continue;
				}
				String[] f = lines.fields();
				if (f == null) {
					end();
					return false;
				}
				if ((lines.line & 0xffff) == 0) {
					stream.monitor.checkCancelled();
				}
				passed(f, lines.line);
				if (f.length > 0) {
					event(f, lines.line);
					stream.checkHeld(this, lines.line);
				}
			}
			kind = kinds[head];
			message = messages[head];
			duration = durations[head];
			line = lineOf[head];
			return true;
		}

		/** The bytes of its events read so far (the progress). */
		long consumed() {
			return ended ? size : Math.min(size, lines.position() - start);
		}

		/** Drops the current operation. */
		void pop() {
			messages[head] = null;
			head = (head + 1) & (kinds.length - 1);
			count--;
			operations++;
		}

		/** Reads the rest without replaying it (after a deadlock, for errors in it and the sends it still makes). */
		void drain() throws EngineException {
			while (count > 0) {
				messages[head] = null;
				head = (head + 1) & (kinds.length - 1);
				count--;
			}
			while (fill()) {
				messages[head] = null;
				head = (head + 1) & (kinds.length - 1);
				count--;
			}
		}

		void close() {
			lines.release();
			MpiTraceLines s = scanner;
			scanner = null;
			if (s != null) {
				s.release();
			}
			for (Ahead a : ahead) {
				stream.aheadBytes -= a.bytes();
			}
			ahead.clear();
			for (ArrayDeque<Ahead> list : completions.values()) {
				for (Ahead a : list) {
					stream.aheadBytes -= a.bytes();
				}
			}
			completions.clear();
			completionCount = 0;
			stream.aheadBytes -= (long) skippedRequests.size() * SKIPPED_BYTES;
			skippedRequests.clear();
		}

		private void end() throws EngineException {
			ended = true;
			close();
			int first = open.firstWildcard();
			if (first >= 0) {
				long id = open.id(first);
				throw error(file, open.line(first), "the receive of request " + id + " from any source or with any tag never "
						+ "completes, so its message is unknown");
			}
		}

		private void emit(byte k, @Nullable Transfer m, double d, int l) {
			if (count == kinds.length) {
				int n = kinds.length * 2;
				byte[] k2 = new byte[n];
				Transfer[] m2 = new Transfer[n];
				double[] d2 = new double[n];
				int[] l2 = new int[n];
				for (int i = 0; i < count; i++) {
					int j = (head + i) & (kinds.length - 1);
					k2[i] = kinds[j];
					m2[i] = messages[j];
					d2[i] = durations[j];
					l2[i] = lineOf[j];
				}
				kinds = k2;
				messages = m2;
				durations = d2;
				lineOf = l2;
				head = 0;
			}
			int i = (head + count) & (kinds.length - 1);
			kinds[i] = k;
			messages[i] = m;
			durations[i] = d;
			lineOf[i] = l;
			count++;
		}

		private void event(String[] f, int l) throws EngineException {
			switch (f[0]) {
			case "compute" -> {
				arity(f, 2, file, l, "compute US");
				double us;
				try {
					us = Double.parseDouble(f[1]);
				} catch (NumberFormatException e) {
					us = Double.NaN;
				}
				if (!(us >= 0) || Double.isInfinite(us)) {
					throw error(file, l, "a computation lasts a finite number of µs of at least 0, not " + Printable.quote(f[1]));
				}
				emit(COMPUTE, null, us, l);
			}
			case "comm" -> {
				if (f.length < 3) {
					throw error(file, l, "'comm ID RANK...' names the communicator's members, found " + Printable.quote(
							String.join(" ", f)));
				}
				int id = (int) integer(f[1], file, l, "a communicator id", 0, Integer.MAX_VALUE - 1);
				int[] members = new int[f.length - 2];
				boolean self = false;
				for (int i = 2; i < f.length; i++) {
					members[i - 2] = (int) integer(f[i], file, l, "a rank", 0, stream.ranks.length - 1);
					self |= members[i - 2] == r;
				}
				if (!self) {
					throw error(file, l, "communicator " + id + " does not have rank " + r + ", whose events these are");
				}
				int[] was = comms.put(id, members);
				stream.commBytes += 4L * members.length - (was == null ? -COMM_BYTES : 4L * was.length);
			}
			case "send", "ssend", "isend", "issend", "recv", "irecv" -> p2p(f, l);
			case "wait" -> waitFor(f, l);
			case "cancel" -> cancel(f, l);
			case "barrier", "bcast", "reduce", "allreduce", "allgather", "alltoall", "gather", "scatter" -> collective(f,
					l);
			default -> throw error(file, l, "unknown event " + Printable.quote(f[0]) + "; events: compute, comm, send, "
					+ "ssend, recv, isend, issend, irecv, wait, cancel, barrier, bcast, reduce, allreduce, allgather, "
					+ "alltoall, gather, scatter");
			}
		}

		private void p2p(String[] f, int l) throws EngineException {
			boolean nonblocking = f[0].startsWith("i");
			arity(f, nonblocking ? 6 : 5, file, l, f[0] + " PEER TAG COMM BYTES" + (nonblocking ? " REQ" : ""));
			boolean receive = f[0].endsWith("recv");
			int P = stream.ranks.length;
			int peer = f[1].equals("any") && receive && nonblocking ? -1 : (int) integer(f[1], file, l, "a rank", 0, P - 1);
			int tag = f[2].equals("any") && receive && nonblocking ? Integer.MIN_VALUE : (int) integer(f[2], file, l,
					"a tag", 0, Integer.MAX_VALUE);
			int comm = (int) integer(f[3], file, l, "a communicator id", 0, Integer.MAX_VALUE - 1);
			int[] members = comms.get(comm);
			if (members == null) {
				throw error(file, l, "communicator " + comm + " is not declared on rank " + r + " ('comm " + comm
						+ " RANK...')");
			}
			if (peer >= 0 && members != stream.world && !has(members, peer)) {
				throw error(file, l, "rank " + peer + " is not in communicator " + comm);
			}
			long size = integer(f[4], file, l, "a byte count", 0, Message.MAX_BYTES);
			long request = nonblocking ? integer(f[5], file, l, "a request id", 0, Long.MAX_VALUE) : -1;
			if (nonblocking && open.find(request) >= 0) {
				throw error(file, l, "request " + request + " is still open (no wait completed it)");
			}
			if (!receive) {
				Transfer m = stream.send(r, peer, tag, comm, size, f[0].startsWith("ss") || f[0].startsWith("iss"));
				emit(nonblocking ? ISEND : SEND, m, 0, l);
				if (nonblocking) {
					opened(request, ISEND, m, l, false);
				}
				return;
			}
			boolean wildcard = peer < 0 || tag == Integer.MIN_VALUE;
			if (!nonblocking) {
				emit(RECV, stream.receive(peer, r, tag, comm, l), 0, l);
				return;
			}
			if (!stream.matching) {
				emit(IRECV, null, 0, l);
				opened(request, IRECV, null, l, wildcard);
				return;
			}
			// the receive is matched where it is posted: its completion, read ahead, says whether it takes a message
			// (not when cancelled) and which (a wildcard's actual source and tag)
			Ahead done = completion(request, l);
			if (done == null) {
				if (wildcard) {
					throw error(file, l, "the receive of request " + request + " from any source or with any tag never "
							+ "completes, so its message is unknown");
				}
			} else if (done.fields()[0].equals("cancel")) {
				emit(COMPUTE, null, 0, l);
				opened(request, IRECV, null, l, false);
				return;
			} else if (wildcard) {
				String[] w = done.fields();
				int wl = done.line();
				if (w.length != 2 && w.length != 5) {
					throw error(file, wl, "'wait REQ' or, for a receive, 'wait REQ SOURCE TAG BYTES', found " + Printable
							.quote(String.join(" ", w)));
				}
				if (w.length != 5) {
					throw error(file, wl, "request " + request + " received from any source or with any tag: its wait "
							+ "names the actual source, tag and bytes");
				}
				peer = (int) integer(w[2], file, wl, "a rank", 0, P - 1);
				tag = (int) integer(w[3], file, wl, "a tag", 0, Integer.MAX_VALUE);
			}
			Transfer m = stream.receive(peer, r, tag, comm, l);
			emit(IRECV, m, 0, l);
			opened(request, IRECV, m, l, false);
		}

		/**
		 * The first 'wait REQ' or 'cancel REQ' after the current line: among the completions known, else read ahead,
		 * else beyond that scanned for (remembering the completions met, up to {@link #remembered}). Line {@code l}
		 * asks: what it holds beyond the memory limit is an error there.
		 */
		private @Nullable Ahead completion(long request, int l) throws EngineException {
			ArrayDeque<Ahead> found = completions.get(request);
			if (found != null) {
				return found.peekFirst();
			}
			while (ahead.size() < lookahead) {
				String[] f = lines.fields();
				if (f == null) {
					return null;
				}
				Ahead a = new Ahead(f, lines.line);
				ahead.addLast(a);
				stream.aheadBytes += a.bytes();
				stream.checkHeld(this, l);
				if (lines.line > known) { // else a scan has remembered it already
					known = lines.line;
					if (remember(a, l) == request) {
						return a;
					}
				}
			}
			if (knownEnd) {
				return null;
			}
			// every completion up to what the reader read is known (read ahead, or passed); a scan goes on after
			// the last line known
			boolean resume = known > lines.line;
			if (!resume) {
				known = lines.line;
			}
			if (skippedTo <= known) {
				forgetSkipped();
			}
			boolean skip = resume && skippedTo > known && !skippedRequests.contains(request);
			MpiTraceLines scan = skip ? scanner(skippedPosition, skippedTo, skippedSkipLF)
					: resume ? scanner(knownPosition, known, knownSkipLF) : scanner(lines.position(), lines.line,
							lines.skipLF);
			try {
				String[] f;
				while ((f = scan.completionFields()) != null) {
					if ((scan.line & 0xffff) == 0) {
						stream.monitor.checkCancelled();
					}
					if (f.length == 0) { // not a completion (or blank)
						if (scan.line == known + 1 && completionCount < remembered) {
							known = scan.line;
							knownPosition = scan.position();
							knownSkipLF = scan.skipLF;
						} else {
							skipped(scan, -1, l);
						}
						continue;
					}
					Ahead a = new Ahead(f, scan.line);
					if (scan.line == known + 1 && completionCount < remembered) {
						known = scan.line;
						knownPosition = scan.position();
						knownSkipLF = scan.skipLF;
						if (remember(a, l) == request) {
							return a;
						}
					} else {
						long q = requestOf(f);
						skipped(scan, q, l);
						if (q == request) {
							return a;
						}
					}
				}
				knownEnd = known == scan.line;
				scan.release();
				scanner = null;
				return null;
			} catch (EngineException | RuntimeException e) {
				scan.release();
				scanner = null;
				throw e;
			}
		}

		/**
		 * A reader of this rank's events from file position {@code position}, after line {@code line}: the last scan's
		 * when it stopped there (the next scan often goes on where the last found its completion), else a new one.
		 */
		private MpiTraceLines scanner(long position, int line, boolean skipLF) {
			MpiTraceLines s = scanner;
			if (s != null && s.line == line && s.position() == position) {
				return s;
			}
			if (s != null) {
				s.release();
			}
			s = lines.copyAt(position, line, skipLF, stream.pool);
			scanner = s;
			return s;
		}

		/**
		 * A scan read the line it is at without remembering it, a completion of request {@code q} (−1: none): the
		 * skipped lines grow by it when it follows them (or {@link #known}); else it was skipped already.
		 */
		private void skipped(MpiTraceLines scan, long q, int l) throws EngineException {
			if (scan.line != Math.max(known, skippedTo) + 1) {
				return;
			}
			skippedTo = scan.line;
			skippedPosition = scan.position();
			skippedSkipLF = scan.skipLF;
			if (q >= 0 && skippedRequests.add(q)) {
				stream.aheadBytes += SKIPPED_BYTES;
				stream.checkHeld(this, l);
			}
		}

		private void forgetSkipped() {
			stream.aheadBytes -= (long) skippedRequests.size() * SKIPPED_BYTES;
			skippedRequests.clear();
			skippedTo = known;
		}

		/** Keeps {@code a} among the known completions if it is one; returns its request, or -1. */
		private long remember(Ahead a, int l) throws EngineException {
			long request = requestOf(a.fields());
			if (request >= 0) {
				completions.computeIfAbsent(request, k -> new ArrayDeque<>()).addLast(a);
				completionCount++;
				stream.aheadBytes += a.bytes();
				stream.checkHeld(this, l);
			}
			return request;
		}

		/** The replay has reached line {@code line}: no longer a completion to come. */
		private void passed(String[] f, int line) {
			long request = completionCount == 0 ? -1 : requestOf(f);
			ArrayDeque<Ahead> list = request < 0 ? null : completions.get(request);
			if (list != null && !list.isEmpty() && list.peekFirst().line() == line) {
				stream.aheadBytes -= list.pollFirst().bytes();
				completionCount--;
				if (list.isEmpty()) {
					completions.remove(request);
				}
			}
		}

		/** The request a 'wait REQ' or 'cancel REQ' line completes, or -1 for any other line. */
		private static long requestOf(String[] f) {
			if (f.length < 2 || !f[0].equals("wait") && !f[0].equals("cancel")) {
				return -1;
			}
			try {
				long request = Long.parseLong(f[1]);
				return request >= 0 ? request : -1;
			} catch (NumberFormatException e) {
				return -1;
			}
		}

		private void waitFor(String[] f, int l) throws EngineException {
			if (f.length != 2 && f.length != 5) {
				throw error(file, l, "'wait REQ' or, for a receive, 'wait REQ SOURCE TAG BYTES', found " + Printable.quote(
						String.join(" ", f)));
			}
			long request = integer(f[1], file, l, "a request id", 0, Long.MAX_VALUE);
			int q = open.find(request);
			if (q < 0) {
				throw error(file, l, "no open request " + request + " (an isend, issend or irecv names it first)");
			}
			byte kind = open.kind(q);
			Transfer message = open.message(q);
			boolean wildcard = open.wildcard(q);
			closed(q);
			if (kind == ISEND) {
				emit(WAIT_SEND, message, 0, l);
				return;
			}
			if (wildcard) {
				if (f.length != 5) {
					throw error(file, l, "request " + request + " received from any source or with any tag: its wait "
							+ "names the actual source, tag and bytes");
				}
				integer(f[2], file, l, "a rank", 0, stream.ranks.length - 1);
				integer(f[3], file, l, "a tag", 0, Integer.MAX_VALUE);
			}
			emit(WAIT_RECV, message, 0, l);
		}

		private void opened(long request, byte kind, @Nullable Transfer message, int l, boolean wildcard) {
			open.put(request, kind, message, l, wildcard);
			stream.openRequests++;
		}

		private void closed(int slot) {
			open.remove(slot);
			stream.openRequests--;
		}

		/** A receive that MPI_Cancel cancelled: it took no message, and its operation was a computation of no time. */
		private void cancel(String[] f, int l) throws EngineException {
			arity(f, 2, file, l, "cancel REQ");
			long request = integer(f[1], file, l, "a request id", 0, Long.MAX_VALUE);
			int q = open.find(request);
			if (q < 0) {
				throw error(file, l, "no open request " + request + " (an irecv names it first)");
			}
			if (open.kind(q) != IRECV) {
				throw error(file, l, "request " + request + " is a send: only a receive's cancel is replayed");
			}
			closed(q);
		}

		private void collective(String[] f, int l) throws EngineException {
			String kind = f[0];
			boolean rooted = kind.equals("bcast") || kind.equals("reduce") || kind.equals("gather") || kind.equals(
					"scatter");
			String usage = kind + (rooted ? " ROOT" : "") + " COMM" + (kind.equals("barrier") ? "" : " BYTES");
			arity(f, kind.equals("barrier") ? 2 : rooted ? 4 : 3, file, l, usage);
			int i = 1;
			int root = rooted ? (int) integer(f[i++], file, l, "a rank", 0, stream.ranks.length - 1) : -1;
			int comm = (int) integer(f[i++], file, l, "a communicator id", 0, Integer.MAX_VALUE - 1);
			long d = kind.equals("barrier") ? 0 : integer(f[i], file, l, "a byte count", 0,
					Message.MAX_BYTES);
			int[] members = comms.get(comm);
			if (members == null) {
				throw error(file, l, "communicator " + comm + " is not declared on rank " + r + " ('comm " + comm
						+ " RANK...')");
			}
			int p = members.length;
			int me = indexOf(members, r);
			int rt = rooted ? indexOf(members, root) : 0;
			if (rt < 0) {
				throw error(file, l, "the root " + root + " is not in communicator " + comm);
			}
			int tag = instances.merge(comm, 1, Integer::sum) - 1;
			int c = -(comm + 1);
			int rel = (me - rt + p) % p;
			switch (kind) {
			case "bcast", "scatter" -> {
				// a binomial tree from the root: the same message for bcast, the subtree's blocks for scatter
				int mask = 1;
				while (mask < p) {
					if ((rel & mask) != 0) {
						recv(members[abs(rel - mask, rt, p)], tag, c, l);
						break;
					}
					mask <<= 1;
				}
				for (mask >>= 1; mask > 0; mask >>= 1) {
					if (rel + mask < p) {
						send(members[abs(rel + mask, rt, p)], kind.equals("bcast") ? d : d * Math.min(mask, p - rel - mask),
								tag, c, l);
					}
				}
			}
			case "reduce", "gather" -> {
				for (int mask = 1; mask < p; mask <<= 1) {
					if ((rel & mask) == 0) {
						if ((rel | mask) < p) {
							recv(members[abs(rel | mask, rt, p)], tag, c, l);
						}
					} else {
						send(members[abs(rel & ~mask, rt, p)], kind.equals("reduce") ? d : d * Math.min(mask, p - rel), tag,
								c, l);
						break;
					}
				}
			}
			case "allreduce", "barrier", "allgather" -> {
				boolean gather = kind.equals("allgather");
				int pof2 = Integer.highestOneBit(p);
				int rem = p - pof2;
				int newrank;
				if (me < 2 * rem) {
					if (me % 2 == 0) {
						send(members[me + 1], d, tag, c, l);
						newrank = -1;
					} else {
						recv(members[me - 1], tag, c, l);
						newrank = me / 2;
					}
				} else {
					newrank = me - rem;
				}
				if (newrank >= 0) {
					for (int mask = 1; mask < pof2; mask <<= 1) {
						int newdst = newrank ^ mask;
						int dst = newdst < rem ? newdst * 2 + 1 : newdst + rem;
						exchange(members[dst], members[dst], gather ? (long) Math.ceil((double) d * p * mask / pof2) : d, tag,
								c, l);
					}
				}
				if (me < 2 * rem) {
					if (me % 2 != 0) {
						send(members[me - 1], gather ? d * p : d, tag, c, l);
					} else {
						recv(members[me + 1], tag, c, l);
					}
				}
			}
			case "alltoall" -> {
				if (p > 1) {
					alltoall = members;
					alltoallMe = me;
					alltoallStep = 1;
					alltoallBytes = d;
					alltoallTag = tag;
					alltoallComm = c;
					alltoallLine = l;
				}
			}
			default -> throw new IllegalStateException(kind);
			}
		}

		private void send(int to, long d, int tag, int comm, int l) {
			emit(SEND, stream.send(r, to, tag, comm, d, false), 0, l);
		}

		private void recv(int from, int tag, int comm, int l) {
			emit(RECV, stream.receive(from, r, tag, comm, l), 0, l);
		}

		/** As MPI_Sendrecv: post the receive from {@code from}, send to {@code to}, complete both. */
		private void exchange(int to, int from, long d, int tag, int comm, int l) {
			Transfer post = stream.receive(from, r, tag, comm, l);
			emit(IRECV, post, 0, l);
			Transfer m = stream.send(r, to, tag, comm, d, false);
			emit(ISEND, m, 0, l);
			emit(WAIT_RECV, post, 0, l);
			emit(WAIT_SEND, m, 0, l);
		}
	}

	private static int abs(int rel, int root, int p) {
		return (rel + root) % p;
	}

	private static int indexOf(int[] members, int r) {
		for (int i = 0; i < members.length; i++) {
			if (members[i] == r) {
				return i;
			}
		}
		return -1;
	}

	private static boolean has(int[] members, int r) {
		return indexOf(members, r) >= 0;
	}

	private static void arity(String[] f, int n, String file, int l, String usage) throws EngineException {
		if (f.length != n) {
			throw error(file, l, "'" + usage + "' has " + (n - 1) + " field" + (n == 2 ? "" : "s") + " after "
					+ Printable.quote(f[0]) + ", found " + (f.length - 1));
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
