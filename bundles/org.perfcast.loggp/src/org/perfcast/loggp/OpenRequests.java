package org.perfcast.loggp;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A rank's open requests by id, compact: an open-addressing table of parallel arrays (at most 48 bytes a request
 * instead of a map's 80), hashed with a seed of its own so that no choice of ids makes it slow. A request is its kind
 * ({@link MpiTrace#ISEND} or {@link MpiTrace#IRECV}), its message (none for a cancelled receive), its line and
 * whether it receives from any source or with any tag with its completion not read yet.
 */
final class OpenRequests {

	/** Bytes a request takes at most, the table's slack included (for the memory limit). */
	static final int BYTES = 48;

	/** The id of a free slot: request ids are never negative. */
	private static final long EMPTY = -1;
	private static final byte WILDCARD = (byte) 0x80;

	private final long seed = new SplittableRandom().nextLong();
	private long[] ids = empty(16);
	/** The kind, with {@link #WILDCARD}. */
	private byte[] kinds = new byte[16];
	private int[] lines = new int[16];
	private MessageMatcher.@Nullable Transfer[] messages = new MessageMatcher.Transfer[16];
	private int size;

	int size() {
		return size;
	}

	/** The slot of request {@code id}, or −1 when it is not open. */
	int find(long id) {
		int mask = ids.length - 1;
		for (int i = slot(id, mask);; i = (i + 1) & mask) {
			long here = ids[i];
			if (here == id) {
				return i;
			}
			if (here == EMPTY) {
				return -1;
			}
		}
	}

	byte kind(int slot) {
		return (byte) (kinds[slot] & ~WILDCARD);
	}

	boolean wildcard(int slot) {
		return (kinds[slot] & WILDCARD) != 0;
	}

	int line(int slot) {
		return lines[slot];
	}

	long id(int slot) {
		return ids[slot];
	}

	MessageMatcher.@Nullable Transfer message(int slot) {
		return messages[slot];
	}

	/** Opens request {@code id}, which is not open. */
	void put(long id, byte kind, MessageMatcher.@Nullable Transfer message, int line, boolean wildcard) {
		if (4 * (size + 1) > 3 * ids.length) {
			grow();
		}
		int mask = ids.length - 1;
		int i = slot(id, mask);
		while (ids[i] != EMPTY) {
			i = (i + 1) & mask;
		}
		ids[i] = id;
		kinds[i] = (byte) (kind | (wildcard ? WILDCARD : 0));
		lines[i] = line;
		messages[i] = message;
		size++;
	}

	/** Closes the request at {@code slot}, moving back those that probed past it. */
	void remove(int slot) {
		int mask = ids.length - 1;
		int hole = slot;
		for (int i = (hole + 1) & mask; ids[i] != EMPTY; i = (i + 1) & mask) {
			int home = slot(ids[i], mask);
			// the entry at i may fill the hole unless its home lies cyclically in (hole, i]
			if (((i - home) & mask) >= ((i - hole) & mask)) {
				ids[hole] = ids[i];
				kinds[hole] = kinds[i];
				lines[hole] = lines[i];
				messages[hole] = messages[i];
				hole = i;
			}
		}
		ids[hole] = EMPTY;
		messages[hole] = null;
		size--;
	}

	/** The slot of the wildcard receive with the earliest line, or −1. */
	int firstWildcard() {
		int first = -1;
		for (int i = 0; i < kinds.length; i++) {
			if (ids[i] != EMPTY && wildcard(i) && (first < 0 || lines[i] < lines[first])) {
				first = i;
			}
		}
		return first;
	}

	private int slot(long id, int mask) {
		long h = (id ^ seed) * 0xff51afd7ed558ccdL;
		h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
		return (int) (h ^ (h >>> 33)) & mask;
	}

	private static long[] empty(int n) {
		long[] a = new long[n];
		Arrays.fill(a, EMPTY);
		return a;
	}

	private void grow() {
		long[] oldIds = ids;
		byte[] oldKinds = kinds;
		int[] oldLines = lines;
		MessageMatcher.@Nullable Transfer[] oldMessages = messages;
		int n = oldIds.length * 2;
		ids = empty(n);
		kinds = new byte[n];
		lines = new int[n];
		messages = new MessageMatcher.Transfer[n];
		int mask = n - 1;
		for (int j = 0; j < oldIds.length; j++) {
			if (oldIds[j] != EMPTY) {
				int i = slot(oldIds[j], mask);
				while (ids[i] != EMPTY) {
					i = (i + 1) & mask;
				}
				ids[i] = oldIds[j];
				kinds[i] = oldKinds[j];
				lines[i] = oldLines[j];
				messages[i] = oldMessages[j];
			}
		}
	}
}
