package org.perfcast.loggp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One communication step: the paper's directed multigraph whose nodes are processors and whose edges are
 * messages, each processor's messages in its send order. Messages from a processor to itself are local memory
 * transfers: they cost nothing and are kept apart in {@link #local()}, as the paper's simulation leaves them out
 * (its section 5.3).
 *
 * @param processors the processor ids, ascending, without repeats: P is their number
 * @param messages   the messages between different processors, in file order (so in each sender's send order)
 * @param local      the messages from a processor to itself, in file order
 */
public record CommunicationPattern(List<Integer> processors, List<Message> messages, List<Message> local) {

	/** @throws IllegalArgumentException if the ids are not ascending, or a message names a processor not listed */
	public CommunicationPattern {
		processors = List.copyOf(processors);
		messages = List.copyOf(messages);
		local = List.copyOf(local);
		int[] ids = new int[processors.size()];
		for (int i = 0; i < ids.length; i++) {
			ids[i] = processors.get(i);
			if (i > 0 && ids[i - 1] >= ids[i]) {
				throw new IllegalArgumentException("processor ids must be ascending without repeats");
			}
		}
		for (Message m : messages) {
			if (m.local()) {
				throw new IllegalArgumentException("message " + m + " is local; it belongs in local()");
			}
			if (!has(ids, m.from()) || !has(ids, m.to())) {
				throw new IllegalArgumentException("message " + m.from() + " -> " + m.to() + " names a processor not in "
						+ "the pattern");
			}
		}
		for (Message m : local) {
			if (!m.local()) {
				throw new IllegalArgumentException("message " + m + " is not local");
			}
		}
	}

	/** The pattern of {@code messages} on the processors they name (local ones kept apart). */
	public static CommunicationPattern of(List<Message> messages) {
		int[] named = new int[2 * messages.size()];
		int n = 0;
		for (Message m : messages) {
			named[n++] = m.from();
			named[n++] = m.to();
		}
		Arrays.sort(named);
		List<Integer> ids = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			if (i == 0 || named[i] != named[i - 1]) {
				ids.add(named[i]);
			}
		}
		return split(ids, messages);
	}

	/**
	 * The pattern of {@code messages} on processors 0..P − 1.
	 *
	 * @throws IllegalArgumentException if a message names a processor outside 0..P − 1
	 */
	public static CommunicationPattern of(List<Message> messages, int P) {
		if (P < 1) {
			throw new IllegalArgumentException("P must be at least 1, was " + P);
		}
		List<Integer> ids = new ArrayList<>(P);
		for (int p = 0; p < P; p++) {
			ids.add(p);
		}
		return split(ids, messages);
	}

	/**
	 * A seeded random pattern, for tests and benchmarks: {@code messages} messages on processors 0..P − 1, each
	 * from a uniform source to a uniform other processor, of 1 to {@code maxBytes} bytes.
	 *
	 * @throws IllegalArgumentException if P is less than 2 or maxBytes less than 1
	 */
	public static CommunicationPattern random(long seed, int P, int messages, int maxBytes) {
		if (P < 2 || maxBytes < 1) {
			throw new IllegalArgumentException("a random pattern needs P >= 2 and maxBytes >= 1, was " + P + ", " + maxBytes);
		}
		java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
		List<Message> list = new ArrayList<>(messages);
		for (int i = 0; i < messages; i++) {
			int from = random.nextInt(P);
			list.add(new Message(from, (from + 1 + random.nextInt(P - 1)) % P, 1 + random.nextInt(maxBytes)));
		}
		return of(list, P);
	}

	private static CommunicationPattern split(List<Integer> ids, List<Message> messages) {
		List<Message> remote = new ArrayList<>(messages.size());
		List<Message> local = new ArrayList<>();
		for (Message m : messages) {
			(m.local() ? local : remote).add(m);
		}
		return new CommunicationPattern(ids, remote, local);
	}

	/** Whether ascending {@code ids} has {@code id}: a range check when they are 0..P − 1. */
	private static boolean has(int[] ids, int id) {
		return ids.length > 0 && ids[0] == 0 && ids[ids.length - 1] == ids.length - 1 ? id >= 0 && id < ids.length
				: Arrays.binarySearch(ids, id) >= 0;
	}

	/** P, the number of processors. */
	public int P() {
		return processors.size();
	}

	/** The position of processor {@code id} in {@link #processors()}, or a negative number if it is not there. */
	public int indexOf(int id) {
		return java.util.Collections.binarySearch(processors, id);
	}
}
