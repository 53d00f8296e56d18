package org.perfcast.trace;

import org.perfcast.engine.MemoryLimit;

/**
 * What a replay and the simulation fed by it hold for what the trace keeps open, whatever its length: a state per
 * thread and per named event, signal or mutex, and each signal posted and not taken yet. The bytes of each are
 * upper estimates of both sides' (measured: about 1.2 KB a thread, 330 bytes a mutex named m1234567, 60 a post);
 * beyond the {@link MemoryLimit} the trace ends at the line that crossed it.
 */
final class ReplayHoldings {

	/** A thread: the replay's state, its list's arrays when empty, the simulation's thread and timeline. */
	static final int THREAD_BYTES = 2048;
	/** A named event, signal or mutex, besides its name's characters: its index and the simulation's state. */
	static final int OBJECT_BYTES = 384;
	/** A signal posted and not taken: in the replay and in the simulation. */
	static final int POST_BYTES = 128;

	private final long limit = MemoryLimit.bytes();
	private long threads;
	private long objects;
	private long objectBytes;
	private long posts;

	void thread(String name) {
		threads++;
		objectBytes += 2L * name.length();
	}

	void object(String name) {
		objects++;
		objectBytes += OBJECT_BYTES + 2L * name.length();
	}

	void posted() {
		posts++;
	}

	void taken() {
		posts--;
	}

	/** The bytes held. */
	long bytes() {
		return threads * THREAD_BYTES + objectBytes + posts * POST_BYTES;
	}

	/** Ends the replay at line {@code line} of {@code file} when what it holds is beyond the limit. */
	void check(String file, long line) throws TraceException {
		if (bytes() > limit) {
			throw new TraceException(file, line, "the trace holds " + threads + " threads, " + objects + " events, "
					+ "signals and mutexes and " + posts + " signals posted and not taken at this line, more than the "
					+ "simulation's memory limit of " + MemoryLimit.describe());
		}
	}
}
