package org.perfcast.loggp.tests;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.loggp.Message;

/**
 * The replay's former reader, kept as the oracle of the streamed one: the whole trace read into arrays, its
 * collectives decomposed and every receive matched before {@link MemoryReplay} replays it.
 */
public final class MemoryTrace {

	/** How the collectives are decomposed, for results. */
	public static final String ALGORITHMS = "binomial tree (bcast, reduce, gather, scatter), recursive doubling "
			+ "(allreduce, allgather, barrier), pairwise exchange (alltoall)";

	/** The most ranks a trace may have. */
	public static final int MAX_RANKS = 1 << 16;

	static final byte COMPUTE = 0;
	static final byte SEND = 1;
	static final byte ISEND = 2;
	static final byte RECV = 3;
	static final byte IRECV = 4;
	static final byte WAIT_SEND = 5;
	static final byte WAIT_RECV = 6;

	/** One rank's operations: kind, argument (a message, or for a computation an index into its durations), line. */
	static final class Rank {
		final String file;
		byte[] kind = new byte[64];
		int[] arg = new int[64];
		int[] line = new int[64];
		int size;
		double[] durations = new double[16];
		int computes;
		/** Trace requests still open: id to the operation index of their isend or irecv. */
		final Map<Long, Integer> open = new HashMap<>();
		/** Communicators: id to the world ranks of their members. */
		final Map<Integer, int[]> comms = new HashMap<>();
		/** Collectives so far, per communicator id: the next instance's number. */
		final Map<Integer, Integer> instances = new HashMap<>();
		/** Receives from any source or with any tag not yet completed: operation index to communicator. */
		final Map<Integer, Integer> wildcards = new HashMap<>();
		boolean seen;

		Rank(String file) {
			this.file = file;
		}

		int add(byte k, int a, int l) {
			if (size == kind.length) {
				int n = size * 2;
				kind = Arrays.copyOf(kind, n);
				arg = Arrays.copyOf(arg, n);
				line = Arrays.copyOf(line, n);
			}
			kind[size] = k;
			arg[size] = a;
			line[size] = l;
			return size++;
		}

		void compute(double us, int l) {
			if (computes == durations.length) {
				durations = Arrays.copyOf(durations, computes * 2);
			}
			durations[computes] = us;
			add(COMPUTE, computes++, l);
		}

		void trim() {
			kind = Arrays.copyOf(kind, size);
			arg = Arrays.copyOf(arg, size);
			line = Arrays.copyOf(line, size);
			durations = Arrays.copyOf(durations, computes);
		}
	}

	final Rank[] ranks;
	/** Messages: sender, receiver, bytes, synchronous (rendezvous whatever the size). */
	int[] from = new int[64];
	int[] to = new int[64];
	long[] bytes = new long[64];
	final BitSet synchronous = new BitSet();
	int messages;
	long largest;
	private final String indexFile;

	/** A matching key: (source, destination, tag, communicator); collectives use communicator −(id + 1). */
	private record Key(int from, int to, int tag, int comm) {
	}

	private final Map<Key, Integer> keys = new HashMap<>();
	/** Per key, the messages sent, in order. */
	private final List<int[]> sent = new ArrayList<>();
	private int[] sentCount = new int[16];
	private int[] received = new int[16];
	private final List<Key> keyList = new ArrayList<>();

	private MemoryTrace(int P, String indexFile) {
		ranks = new Rank[P];
		this.indexFile = indexFile;
	}

	/** The number of ranks. */
	public int P() {
		return ranks.length;
	}

	/** The operations of all ranks after decomposition. */
	public long operations() {
		long n = 0;
		for (Rank r : ranks) {
			n += r.size;
		}
		return n;
	}

	/** The messages, collectives' included. */
	public int messages() {
		return messages;
	}

	/** The largest message in bytes (0 without messages). */
	public long largest() {
		return largest;
	}

	/**
	 * Reads the trace at {@code path}: a trace folder (its {@code trace.mpitrace}) or an index file. The index has
	 * {@code ranks N} and, per rank, {@code rank R FILE} (its events in FILE, relative to the index) or
	 * {@code rank R} followed by its events inline.
	 *
	 * @param display how to name the index file in diagnostics
	 * @throws EngineException at the file and line of the first error
	 */
	public static MemoryTrace read(Path path, String display, EngineMonitor monitor) throws EngineException {
		Path index = Files.isDirectory(path) ? path.resolve("trace.mpitrace") : path;
		String indexName = Files.isDirectory(path) ? Path.of(display).resolve("trace.mpitrace").toString() : display;
		List<String> lines;
		if (Files.exists(index) && !Files.isRegularFile(index)) {
			throw error(indexName, 0, "not a trace file (a device or a pipe)");
		}
		try {
			lines = readIndexHead(index);
		} catch (NoSuchFileException e) {
			throw error(indexName, 0, "no trace here (a trace folder holds trace.mpitrace)");
		} catch (IOException e) {
			throw error(indexName, 0, "cannot read the trace: " + e.getMessage());
		}
		int P = -1;
		int l = 0;
		for (String text : lines) {
			l++;
			String[] f = fields(text);
			if (f.length == 0) {
				continue;
			}
			if (!f[0].equals("ranks") || f.length != 2) {
				throw error(indexName, l, "a trace begins with 'ranks N', found '" + text.strip() + "'");
			}
			P = (int) integer(f[1], indexName, l, "the number of ranks", 1, MAX_RANKS);
			break;
		}
		if (P < 0) {
			throw error(indexName, 0, "the trace states no 'ranks N'");
		}
		MemoryTrace trace = new MemoryTrace(P, indexName);
		trace.parseIndex(index, indexName, monitor);
		trace.match();
		return trace;
	}

	private static List<String> readIndexHead(Path index) throws IOException {
		List<String> head = new ArrayList<>();
		try (BufferedReader in = Files.newBufferedReader(index, StandardCharsets.UTF_8)) {
			String s;
			while ((s = in.readLine()) != null) {
				head.add(s);
				if (fields(s).length > 0) {
					break;
				}
			}
		}
		return head;
	}

	private void parseIndex(Path index, String indexName, EngineMonitor monitor) throws EngineException {
		try (BufferedReader in = reader(index)) {
			String s;
			int l = 0;
			Rank inline = null;
			boolean header = false;
			while ((s = in.readLine()) != null) {
				l++;
				if (l % 65536 == 0) {
					monitor.checkCancelled();
				}
				String[] f = fields(s);
				if (f.length == 0) {
					continue;
				}
				if (!header) {
					header = true; // "ranks N", read already
					continue;
				}
				if (f[0].equals("rank")) {
					if (f.length != 2 && f.length != 3) {
						throw error(indexName, l, "'rank R' or 'rank R FILE', found '" + s.strip() + "'");
					}
					int r = (int) integer(f[1], indexName, l, "a rank", 0, ranks.length - 1);
					if (ranks[r] != null) {
						throw error(indexName, l, "rank " + r + " is given twice");
					}
					if (f.length == 3) {
						Path file = index.resolveSibling(f[2]);
						String name = Path.of(indexName).resolveSibling(f[2]).toString();
						ranks[r] = new Rank(name);
						parseRank(r, file, name, monitor);
						inline = null;
					} else {
						ranks[r] = new Rank(indexName);
						startRank(r);
						inline = ranks[r];
					}
					continue;
				}
				if (inline == null) {
					throw error(indexName, l, "an event before any 'rank R'");
				}
				event(inline, rankOf(inline), f, indexName, l);
			}
		} catch (IOException e) {
			throw error(indexName, 0, "cannot read the trace: " + e.getMessage());
		}
		for (int r = 0; r < ranks.length; r++) {
			if (ranks[r] == null) {
				throw error(indexName, 0, "rank " + r + " of " + ranks.length + " has no events ('rank " + r + "' missing)");
			}
			finishRank(r);
		}
	}

	private int rankOf(Rank rank) {
		for (int r = 0; r < ranks.length; r++) {
			if (ranks[r] == rank) {
				return r;
			}
		}
		throw new IllegalStateException();
	}

	private static BufferedReader reader(Path file) throws IOException {
		if (Files.exists(file) && !Files.isRegularFile(file)) {
			throw new IOException(file.getFileName() + " is not a file (a device or a pipe)");
		}
		return new BufferedReader(new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8), 1 << 16);
	}

	private void startRank(int r) {
		int[] world = new int[ranks.length];
		for (int i = 0; i < world.length; i++) {
			world[i] = i;
		}
		ranks[r].comms.put(0, world);
		ranks[r].comms.put(1, new int[] { r });
	}

	private void parseRank(int r, Path file, String name, EngineMonitor monitor) throws EngineException {
		startRank(r);
		Rank rank = ranks[r];
		try (BufferedReader in = reader(file)) {
			String s;
			int l = 0;
			while ((s = in.readLine()) != null) {
				l++;
				if ((l & 0xffff) == 0) {
					monitor.checkCancelled();
				}
				String[] f = fields(s);
				if (f.length > 0) {
					event(rank, r, f, name, l);
				}
			}
		} catch (NoSuchFileException e) {
			throw error(name, 0, "no such file: rank " + r + "'s events");
		} catch (IOException e) {
			throw error(name, 0, "cannot read rank " + r + "'s events: " + e.getMessage());
		}
	}

	private void finishRank(int r) throws EngineException {
		Rank rank = ranks[r];
		for (Map.Entry<Long, Integer> open : rank.open.entrySet()) {
			int op = open.getValue();
			if (rank.kind[op] == IRECV && rank.arg[op] < 0) {
				throw error(rank.file, rank.line[op], "the receive of request " + open.getKey() + " from any source or "
						+ "with any tag never completes, so its message is unknown");
			}
		}
	}

	/** Splits on spaces and tabs; a '#' starts a comment. */
	static String[] fields(String line) {
		int hash = line.indexOf('#');
		String s = hash >= 0 ? line.substring(0, hash) : line;
		List<String> out = new ArrayList<>(6);
		int n = s.length();
		int i = 0;
		while (i < n) {
			while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\r')) {
				i++;
			}
			int start = i;
			while (i < n && s.charAt(i) != ' ' && s.charAt(i) != '\t' && s.charAt(i) != '\r') {
				i++;
			}
			if (i > start) {
				out.add(s.substring(start, i));
			}
		}
		return out.toArray(String[]::new);
	}

	private void event(Rank rank, int r, String[] f, String file, int l) throws EngineException {
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
				throw error(file, l, "a computation lasts a finite number of µs of at least 0, not '" + f[1] + "'");
			}
			rank.compute(us, l);
		}
		case "comm" -> {
			if (f.length < 3) {
				throw error(file, l, "'comm ID RANK...' names the communicator's members, found '" + String.join(" ", f) + "'");
			}
			int id = (int) integer(f[1], file, l, "a communicator id", 0, Integer.MAX_VALUE - 1);
			int[] members = new int[f.length - 2];
			boolean self = false;
			for (int i = 2; i < f.length; i++) {
				members[i - 2] = (int) integer(f[i], file, l, "a rank", 0, ranks.length - 1);
				self |= members[i - 2] == r;
			}
			if (!self) {
				throw error(file, l, "communicator " + id + " does not have rank " + r + ", whose events these are");
			}
			rank.comms.put(id, members);
		}
		case "send", "ssend", "isend", "issend", "recv", "irecv" -> p2p(rank, r, f, file, l);
		case "wait" -> waitFor(rank, r, f, file, l);
		case "cancel" -> cancel(rank, f, file, l);
		case "barrier", "bcast", "reduce", "allreduce", "allgather", "alltoall", "gather", "scatter" ->
			collective(rank, r, f, file, l);
		default -> throw error(file, l, "unknown event '" + f[0] + "'; events: compute, comm, send, ssend, recv, isend, "
				+ "issend, irecv, wait, cancel, barrier, bcast, reduce, allreduce, allgather, alltoall, gather, scatter");
		}
	}

	private void p2p(Rank rank, int r, String[] f, String file, int l) throws EngineException {
		boolean nonblocking = f[0].startsWith("i");
		arity(f, nonblocking ? 6 : 5, file, l, f[0] + " PEER TAG COMM BYTES" + (nonblocking ? " REQ" : ""));
		boolean receive = f[0].endsWith("recv");
		int peer = f[1].equals("any") && receive && nonblocking ? -1 : (int) integer(f[1], file, l, "a rank", 0,
				ranks.length - 1);
		int tag = f[2].equals("any") && receive && nonblocking ? Integer.MIN_VALUE : (int) integer(f[2], file, l, "a tag",
				0, Integer.MAX_VALUE);
		int comm = (int) integer(f[3], file, l, "a communicator id", 0, Integer.MAX_VALUE - 1);
		int[] members = rank.comms.get(comm);
		if (members == null) {
			throw error(file, l, "communicator " + comm + " is not declared on rank " + r + " ('comm " + comm + " RANK...')");
		}
		if (peer >= 0 && !has(members, peer)) {
			throw error(file, l, "rank " + peer + " is not in communicator " + comm);
		}
		long size = integer(f[4], file, l, "a byte count", 0, Message.MAX_BYTES);
		long request = nonblocking ? integer(f[5], file, l, "a request id", 0, Long.MAX_VALUE) : -1;
		if (nonblocking && rank.open.containsKey(request)) {
			throw error(file, l, "request " + request + " is still open (no wait completed it)");
		}
		int op;
		if (receive) {
			int key = peer < 0 || tag == Integer.MIN_VALUE ? -1 : key(peer, r, tag, comm);
			op = rank.add(nonblocking ? IRECV : RECV, key, l);
			if (key < 0) {
				rank.wildcards.put(op, comm);
			}
		} else {
			int m = message(r, peer, size, f[0].startsWith("ss") || f[0].startsWith("iss"));
			register(key(r, peer, tag, comm), m);
			op = rank.add(nonblocking ? ISEND : SEND, m, l);
		}
		if (nonblocking) {
			rank.open.put(request, op);
		}
	}

	private void waitFor(Rank rank, int r, String[] f, String file, int l) throws EngineException {
		if (f.length != 2 && f.length != 5) {
			throw error(file, l, "'wait REQ' or, for a receive, 'wait REQ SOURCE TAG BYTES', found '" + String.join(" ", f)
					+ "'");
		}
		long request = integer(f[1], file, l, "a request id", 0, Long.MAX_VALUE);
		Integer op = rank.open.remove(request);
		if (op == null) {
			throw error(file, l, "no open request " + request + " (an isend, issend or irecv names it first)");
		}
		if (rank.kind[op] == ISEND) {
			rank.add(WAIT_SEND, rank.arg[op], l);
			return;
		}
		if (rank.arg[op] < 0) {
			if (f.length != 5) {
				throw error(file, l, "request " + request + " received from any source or with any tag: its wait names "
						+ "the actual source, tag and bytes");
			}
			int source = (int) integer(f[2], file, l, "a rank", 0, ranks.length - 1);
			int tag = (int) integer(f[3], file, l, "a tag", 0, Integer.MAX_VALUE);
			rank.arg[op] = key(source, r, tag, rank.wildcards.remove(op));
		}
		rank.add(WAIT_RECV, op, l); // the irecv's operation index until matched
	}

	/** A receive that MPI_Cancel cancelled: it takes no message, and its operation becomes a computation of no time. */
	private void cancel(Rank rank, String[] f, String file, int l) throws EngineException {
		arity(f, 2, file, l, "cancel REQ");
		long request = integer(f[1], file, l, "a request id", 0, Long.MAX_VALUE);
		Integer op = rank.open.get(request);
		if (op == null) {
			throw error(file, l, "no open request " + request + " (an irecv names it first)");
		}
		if (rank.kind[op] != IRECV) {
			throw error(file, l, "request " + request + " is a send: only a receive's cancel is replayed");
		}
		rank.open.remove(request);
		rank.wildcards.remove(op);
		if (rank.computes == rank.durations.length) {
			rank.durations = Arrays.copyOf(rank.durations, rank.computes * 2);
		}
		rank.durations[rank.computes] = 0;
		rank.kind[op] = COMPUTE;
		rank.arg[op] = rank.computes++;
	}

	private void collective(Rank rank, int r, String[] f, String file, int l) throws EngineException {
		String kind = f[0];
		boolean rooted = kind.equals("bcast") || kind.equals("reduce") || kind.equals("gather") || kind.equals("scatter");
		String usage = kind + (rooted ? " ROOT" : "") + " COMM" + (kind.equals("barrier") ? "" : " BYTES");
		arity(f, kind.equals("barrier") ? 2 : rooted ? 4 : 3, file, l, usage);
		int i = 1;
		int root = rooted ? (int) integer(f[i++], file, l, "a rank", 0, ranks.length - 1) : -1;
		int comm = (int) integer(f[i++], file, l, "a communicator id", 0, Integer.MAX_VALUE - 1);
		long d = kind.equals("barrier") ? 0 : integer(f[i], file, l, "a byte count", 0, Message.MAX_BYTES);
		int[] members = rank.comms.get(comm);
		if (members == null) {
			throw error(file, l, "communicator " + comm + " is not declared on rank " + r + " ('comm " + comm + " RANK...')");
		}
		int p = members.length;
		int me = indexOf(members, r);
		int rt = rooted ? indexOf(members, root) : 0;
		if (rt < 0) {
			throw error(file, l, "the root " + root + " is not in communicator " + comm);
		}
		int instance = rank.instances.merge(comm, 1, Integer::sum) - 1;
		Decomposer x = new Decomposer(rank, r, members, -(comm + 1), instance, l);
		int rel = (me - rt + p) % p;
		switch (kind) {
		case "bcast", "scatter" -> {
			// a binomial tree from the root: the same message for bcast, the subtree's blocks for scatter
			int mask = 1;
			while (mask < p) {
				if ((rel & mask) != 0) {
					x.recv(members[abs(rel - mask, rt, p)]);
					break;
				}
				mask <<= 1;
			}
			for (mask >>= 1; mask > 0; mask >>= 1) {
				if (rel + mask < p) {
					x.send(members[abs(rel + mask, rt, p)], kind.equals("bcast") ? d : d * Math.min(mask, p - rel - mask));
				}
			}
		}
		case "reduce", "gather" -> {
			for (int mask = 1; mask < p; mask <<= 1) {
				if ((rel & mask) == 0) {
					if ((rel | mask) < p) {
						x.recv(members[abs(rel | mask, rt, p)]);
					}
				} else {
					x.send(members[abs(rel & ~mask, rt, p)], kind.equals("reduce") ? d : d * Math.min(mask, p - rel));
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
					x.send(members[me + 1], d);
					newrank = -1;
				} else {
					x.recv(members[me - 1]);
					newrank = me / 2;
				}
			} else {
				newrank = me - rem;
			}
			if (newrank >= 0) {
				for (int mask = 1; mask < pof2; mask <<= 1) {
					int newdst = newrank ^ mask;
					int dst = newdst < rem ? newdst * 2 + 1 : newdst + rem;
					x.exchange(members[dst], gather ? (long) Math.ceil((double) d * p * mask / pof2) : d);
				}
			}
			if (me < 2 * rem) {
				if (me % 2 != 0) {
					x.send(members[me - 1], gather ? d * p : d);
				} else {
					x.recv(members[me + 1]);
				}
			}
		}
		case "alltoall" -> {
			for (int s = 1; s < p; s++) {
				x.exchange(members[(me + s) % p], members[(me - s + p) % p], d);
			}
		}
		default -> throw new IllegalStateException(kind);
		}
	}

	/** Adds a collective's point-to-point operations to a rank. */
	private final class Decomposer {
		private final Rank rank;
		private final int r;
		private final int comm;
		private final int tag;
		private final int line;

		Decomposer(Rank rank, int r, int[] members, int comm, int tag, int line) {
			this.rank = rank;
			this.r = r;
			this.comm = comm;
			this.tag = tag;
			this.line = line;
		}

		void send(int to, long d) {
			int m = message(r, to, d, false);
			register(key(r, to, tag, comm), m);
			rank.add(SEND, m, line);
		}

		void recv(int from) {
			rank.add(RECV, key(from, r, tag, comm), line);
		}

		void exchange(int peer, long d) {
			exchange(peer, peer, d);
		}

		/** As MPI_Sendrecv: post the receive from {@code from}, send to {@code to}, complete both. */
		void exchange(int to, int from, long d) {
			int post = rank.add(IRECV, key(from, r, tag, comm), line);
			int m = message(r, to, d, false);
			register(key(r, to, tag, comm), m);
			rank.add(ISEND, m, line);
			rank.add(WAIT_RECV, post, line);
			rank.add(WAIT_SEND, m, line);
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

	private int message(int src, int dst, long size, boolean sync) {
		if (messages == from.length) {
			int n = messages * 2;
			from = Arrays.copyOf(from, n);
			to = Arrays.copyOf(to, n);
			bytes = Arrays.copyOf(bytes, n);
		}
		from[messages] = src;
		to[messages] = dst;
		bytes[messages] = size;
		largest = Math.max(largest, size);
		if (sync) {
			synchronous.set(messages);
		}
		return messages++;
	}

	private int key(int src, int dst, int tag, int comm) {
		Key k = new Key(src, dst, tag, comm);
		Integer id = keys.get(k);
		if (id == null) {
			id = keyList.size();
			keys.put(k, id);
			keyList.add(k);
			sent.add(new int[2]);
			if (id == sentCount.length) {
				sentCount = Arrays.copyOf(sentCount, id * 2);
				received = Arrays.copyOf(received, id * 2);
			}
		}
		return id;
	}

	private void register(int key, int m) {
		int[] list = sent.get(key);
		int n = sentCount[key];
		if (n == list.length) {
			list = Arrays.copyOf(list, n * 2);
			sent.set(key, list);
		}
		list[n] = m;
		sentCount[key] = n + 1;
	}

	/** Each receive, in each rank's order, takes the next unmatched send of its key; its argument becomes the message. */
	private void match() throws EngineException {
		for (int r = 0; r < ranks.length; r++) {
			Rank rank = ranks[r];
			for (int i = 0; i < rank.size; i++) {
				byte k = rank.kind[i];
				if (k == RECV || k == IRECV) {
					int key = rank.arg[i];
					if (key < 0) { // a wildcard receive never completed: finishRank reported it
						throw error(rank.file, rank.line[i], "a receive from any source or with any tag never completes");
					}
					int n = received[key]++;
					if (n >= sentCount[key]) {
						Key what = keyList.get(key);
						throw error(rank.file, rank.line[i], (what.comm() < 0 ? "the collective's receive" : "the receive")
								+ " from rank " + what.from() + (what.comm() < 0 ? " (collective " + what.tag() + " on "
										+ "communicator " + (-what.comm() - 1) + ")" : " with tag " + what.tag()
										+ " on communicator " + what.comm()) + " has no matching send (" + n + " earlier "
								+ "receives took the " + sentCount[key] + " sends)");
					}
					rank.arg[i] = sent.get(key)[n];
				}
			}
			for (int i = 0; i < rank.size; i++) {
				if (rank.kind[i] == WAIT_RECV) {
					rank.arg[i] = rank.arg[rank.arg[i]];
				}
			}
			rank.trim();
		}
		for (int k = 0; k < keyList.size(); k++) {
			unmatchedSends += Math.max(0, sentCount[k] - received[k]);
		}
		from = Arrays.copyOf(from, messages);
		to = Arrays.copyOf(to, messages);
		bytes = Arrays.copyOf(bytes, messages);
		keys.clear();
		sent.clear();
	}

	private int unmatchedSends;

	/** How many sends no receive takes (the program ended with them undelivered). */
	public int unmatchedSends() {
		return unmatchedSends;
	}

	String indexFile() {
		return indexFile;
	}

	private static void arity(String[] f, int n, String file, int l, String usage) throws EngineException {
		if (f.length != n) {
			throw error(file, l, "'" + usage + "' has " + (n - 1) + " field" + (n == 2 ? "" : "s") + " after '" + f[0]
					+ "', found " + (f.length - 1));
		}
	}

	private static long integer(String text, String file, int l, String what, long min, long max) throws EngineException {
		try {
			long v = Long.parseLong(text);
			if (v >= min && v <= max) {
				return v;
			}
		} catch (NumberFormatException e) {
			// below
		}
		throw error(file, l, what + " is a whole number from " + min + " to " + max + ", not '" + text + "'");
	}

	static EngineException error(String file, int line, String message) {
		return new EngineException(Diagnostic.error("replay.trace", message, line > 0 ? Location.at(file, line, 1)
				: Location.of(file)));
	}
}
