package org.perfcast.loggp;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Matches every receive of a trace to its send as MPI does: by (source, destination, tag, communicator), in the order
 * the receives were posted and the sends made. A message waits in its key's queue from its first side's reading to
 * its other side's; it counts the messages and the largest.
 */
final class MessageMatcher {

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
		// written out: a record's generated methods run slowly until compiled, and a replay's first lines call them
		@Override
		public boolean equals(@Nullable Object o) {
			return o instanceof Key k && k.from == from && k.to == to && k.tag == tag && k.comm == comm;
		}

		@Override
		public int hashCode() {
			return ((from * 31 + to) * 31 + tag) * 31 + comm;
		}
	}

	/** Whether receives are matched (not when only counting, or draining after a deadlock). */
	boolean matching;
	/**
	 * Per key, the messages whose one side only has been read, in order; empty queues are dropped when the keys
	 * have doubled since the last sweep.
	 */
	final Map<Key, ArrayDeque<Transfer>> queues = new HashMap<>();
	private int swept = 4096;
	long messages;
	long largest;
	/** The messages in the queues. */
	long queued;
	/**
	 * While draining after a deadlock: per key of a receive still waiting, the sends read since and the first's
	 * bytes.
	 */
	@Nullable
	Map<Key, long[]> toCome;

	MessageMatcher(boolean matching) {
		this.matching = matching;
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
}
