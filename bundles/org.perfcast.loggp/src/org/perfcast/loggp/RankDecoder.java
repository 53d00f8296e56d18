package org.perfcast.loggp;

import static org.perfcast.loggp.MpiTrace.COMM_BYTES;
import static org.perfcast.loggp.MpiTrace.COMPUTE;
import static org.perfcast.loggp.MpiTrace.IRECV;
import static org.perfcast.loggp.MpiTrace.ISEND;
import static org.perfcast.loggp.MpiTrace.RECV;
import static org.perfcast.loggp.MpiTrace.SEND;
import static org.perfcast.loggp.MpiTrace.WAIT_RECV;
import static org.perfcast.loggp.MpiTrace.WAIT_SEND;
import static org.perfcast.loggp.MpiTrace.error;
import static org.perfcast.loggp.MpiTrace.integer;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.Printable;
import org.perfcast.loggp.MessageMatcher.Transfer;
import org.perfcast.loggp.RankLineReader.Ahead;

/**
 * One rank's events as operations, decoded as the replay takes them: its communicators, its open requests, its
 * point-to-point events matched by the stream's {@link MessageMatcher}, and its collectives decomposed by
 * {@link CollectiveSchedules}. {@link #fill} makes the next operation current ({@link #kind}, {@link #message},
 * {@link #duration}, {@link #line}); {@link #pop} drops it.
 */
final class RankDecoder {
	final MpiTrace.Stream stream;
	final int r;
	final String file;
	private final RankLineReader lines;
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
	/** The collective being decomposed: its members, matching tag and communicator, and line. */
	private final CollectiveSteps steps = new CollectiveSteps();
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

	RankDecoder(MpiTrace.Stream stream, int r, String file, RankLineReader lines, long start, long size) {
		this.stream = stream;
		this.r = r;
		this.file = file;
		this.lines = lines;
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
				steps.start(members, alltoallTag, alltoallComm, alltoallLine);
				CollectiveSchedules.alltoall(p, alltoallMe, s, alltoallBytes, steps);
				stream.checkHeld(r, file, alltoallLine);
				continue;
			}
			if (ended) {
				return false;
			}
			String[] f = lines.next();
			if (f == null) {
				end();
				return false;
			}
			if (f.length > 0) {
				event(f, lines.line());
				stream.checkHeld(r, file, lines.reached());
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
		lines.close();
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
			Transfer m = stream.matcher.send(r, peer, tag, comm, size, f[0].startsWith("ss") || f[0].startsWith("iss"));
			emit(nonblocking ? ISEND : SEND, m, 0, l);
			if (nonblocking) {
				opened(request, ISEND, m, l, false);
			}
			return;
		}
		boolean wildcard = peer < 0 || tag == Integer.MIN_VALUE;
		if (!nonblocking) {
			emit(RECV, stream.matcher.receive(peer, r, tag, comm, l), 0, l);
			return;
		}
		if (!stream.matcher.matching) {
			emit(IRECV, null, 0, l);
			opened(request, IRECV, null, l, wildcard);
			return;
		}
		// the receive is matched where it is posted: its completion, read ahead, says whether it takes a message
		// (not when cancelled) and which (a wildcard's actual source and tag)
		Ahead done = lines.completion(request, l);
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
		Transfer m = stream.matcher.receive(peer, r, tag, comm, l);
		emit(IRECV, m, 0, l);
		opened(request, IRECV, m, l, false);
	}

	/**
	 * The first 'wait REQ' or 'cancel REQ' after the current line: among the completions known, else read ahead,
	 * else beyond that scanned for (remembering the completions met, up to {@link #remembered}). Line {@code l}
	 * asks: what it holds beyond the memory limit is an error there.
	 */
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
		steps.start(members, tag, c, l);
		switch (kind) {
		case "bcast" -> CollectiveSchedules.bcast(p, me, rt, d, steps);
		case "scatter" -> CollectiveSchedules.scatter(p, me, rt, d, steps);
		case "reduce" -> CollectiveSchedules.reduce(p, me, rt, d, steps);
		case "gather" -> CollectiveSchedules.gather(p, me, rt, d, steps);
		case "allreduce" -> CollectiveSchedules.allreduce(p, me, d, steps);
		case "barrier" -> CollectiveSchedules.barrier(p, me, steps);
		case "allgather" -> CollectiveSchedules.allgather(p, me, d, steps);
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

	/** A collective's steps as this rank's operations, its members' indices made world ranks. */
	private final class CollectiveSteps implements CollectiveSchedules.Steps {
		private int[] members = new int[0];
		private int tag;
		private int comm;
		private int l;

		void start(int[] members, int tag, int comm, int l) {
			this.members = members;
			this.tag = tag;
			this.comm = comm;
			this.l = l;
		}

		@Override
		public void send(int to, long bytes) {
			emit(SEND, stream.matcher.send(r, members[to], tag, comm, bytes, false), 0, l);
		}

		@Override
		public void receive(int from) {
			emit(RECV, stream.matcher.receive(members[from], r, tag, comm, l), 0, l);
		}

		@Override
		public void exchange(int to, int from, long bytes) {
			Transfer post = stream.matcher.receive(members[from], r, tag, comm, l);
			emit(IRECV, post, 0, l);
			Transfer m = stream.matcher.send(r, members[to], tag, comm, bytes, false);
			emit(ISEND, m, 0, l);
			emit(WAIT_RECV, post, 0, l);
			emit(WAIT_SEND, m, 0, l);
		}
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
}
