package org.perfcast.loggp;

/**
 * How a replay decomposes MPI's collectives into point-to-point messages: a binomial tree for bcast, reduce, gather
 * and scatter; recursive doubling for allreduce, allgather and barrier (for a size p not a power of two, MPICH's
 * folding: the first 2(p − p') ranks pair up before and after the doubling among p' = the largest power of two ≤
 * p); pairwise exchange for alltoall (step i: send to rank + i, receive from rank − i).
 * <p>
 * Each method gives one member's part, in its order, as {@link Steps} naming the other members by their index in
 * the communicator (0 to p − 1); {@code me} and {@code root} are indices too, and {@code bytes} is the collective's
 * count of bytes (a member's block for gather, scatter and allgather).
 */
public final class CollectiveSchedules {

	/** How the collectives are decomposed, for results. */
	public static final String ALGORITHMS = "binomial tree (bcast, reduce, gather, scatter), recursive doubling "
			+ "(allreduce, allgather, barrier), pairwise exchange (alltoall)";

	/** One member's point-to-point operations, in order. */
	public interface Steps {
		/** A blocking send of {@code bytes} to member {@code to}. */
		void send(int to, long bytes);

		/** A blocking receive from member {@code from}. */
		void receive(int from);

		/** As MPI_Sendrecv: post the receive from {@code from}, send {@code bytes} to {@code to}, complete both. */
		void exchange(int to, int from, long bytes);
	}

	private CollectiveSchedules() {
	}

	/** Bcast from {@code root}: a binomial tree, the same message on every edge. */
	public static void bcast(int p, int me, int root, long bytes, Steps out) {
		binomialDown(p, me, root, bytes, false, out);
	}

	/** Scatter from {@code root}: a binomial tree, each edge carrying the blocks of the subtree below it. */
	public static void scatter(int p, int me, int root, long bytes, Steps out) {
		binomialDown(p, me, root, bytes, true, out);
	}

	/** Reduce to {@code root}: a binomial tree towards the root, the same message on every edge. */
	public static void reduce(int p, int me, int root, long bytes, Steps out) {
		binomialUp(p, me, root, bytes, false, out);
	}

	/** Gather to {@code root}: a binomial tree towards the root, each edge carrying its subtree's blocks. */
	public static void gather(int p, int me, int root, long bytes, Steps out) {
		binomialUp(p, me, root, bytes, true, out);
	}

	/** Allreduce: recursive doubling, the same message in every round. */
	public static void allreduce(int p, int me, long bytes, Steps out) {
		doubling(p, me, bytes, false, out);
	}

	/** Barrier: recursive doubling of empty messages. */
	public static void barrier(int p, int me, Steps out) {
		doubling(p, me, 0, false, out);
	}

	/** Allgather: recursive doubling, each round carrying the blocks gathered so far. */
	public static void allgather(int p, int me, long bytes, Steps out) {
		doubling(p, me, bytes, true, out);
	}

	/**
	 * Step {@code step} (1 to p − 1) of alltoall's pairwise exchange: send to me + step, receive from me − step. A
	 * replay makes the steps one at a time, as they are needed.
	 */
	public static void alltoall(int p, int me, int step, long bytes, Steps out) {
		out.exchange((me + step) % p, (me - step + p) % p, bytes);
	}

	private static void binomialDown(int p, int me, int root, long d, boolean scatter, Steps out) {
		int rel = (me - root + p) % p;
		int mask = 1;
		while (mask < p) {
			if ((rel & mask) != 0) {
				out.receive(abs(rel - mask, root, p));
				break;
			}
			mask <<= 1;
		}
		for (mask >>= 1; mask > 0; mask >>= 1) {
			if (rel + mask < p) {
				out.send(abs(rel + mask, root, p), scatter ? d * Math.min(mask, p - rel - mask) : d);
			}
		}
	}

	private static void binomialUp(int p, int me, int root, long d, boolean gather, Steps out) {
		int rel = (me - root + p) % p;
		for (int mask = 1; mask < p; mask <<= 1) {
			if ((rel & mask) == 0) {
				if ((rel | mask) < p) {
					out.receive(abs(rel | mask, root, p));
				}
			} else {
				out.send(abs(rel & ~mask, root, p), gather ? d * Math.min(mask, p - rel) : d);
				break;
			}
		}
	}

	private static void doubling(int p, int me, long d, boolean gather, Steps out) {
		int pof2 = Integer.highestOneBit(p);
		int rem = p - pof2;
		int newrank;
		if (me < 2 * rem) {
			if (me % 2 == 0) {
				out.send(me + 1, d);
				newrank = -1;
			} else {
				out.receive(me - 1);
				newrank = me / 2;
			}
		} else {
			newrank = me - rem;
		}
		if (newrank >= 0) {
			for (int mask = 1; mask < pof2; mask <<= 1) {
				int newdst = newrank ^ mask;
				int dst = newdst < rem ? newdst * 2 + 1 : newdst + rem;
				out.exchange(dst, dst, gather ? (long) Math.ceil((double) d * p * mask / pof2) : d);
			}
		}
		if (me < 2 * rem) {
			if (me % 2 != 0) {
				out.send(me - 1, gather ? d * p : d);
			} else {
				out.receive(me + 1);
			}
		}
	}

	/** The index of the member {@code rel} places after the root. */
	private static int abs(int rel, int root, int p) {
		return (rel + root) % p;
	}
}
