package org.perfcast.trace;

/**
 * The threads' lists as a simulation reads them: a {@link Recording} holds them all; a {@link Recording.Stream}
 * replays its trace only as far as the simulation has got, and drops what it has passed.
 */
interface ThreadLists {

	/** The threads known so far; a stream discovers them as it reads (a create names its thread first). */
	int threadCount();

	/** The name of thread {@code t}. */
	String threadName(int t);

	/** The names the trace gives its threads, as far as it has been read (all of them after {@link #readToEnd()}). */
	ThreadNames names();

	/** The priority rank of thread {@code t}: 0 is the highest. */
	int rank(int t);

	/** Thread {@code t}'s list (a window of it, for a stream). */
	ThreadProgram program(int t);

	/** The name of event {@code e}. */
	String eventName(int e);

	/** The name of mutex {@code m}. */
	String mutexName(int m);

	/**
	 * Whether operation {@code i} of thread {@code t} exists and is complete (a wait knows the activation that
	 * satisfied it in the recording); a stream reads on until it knows.
	 *
	 * @throws Recording.StreamException when the trace cannot be read
	 */
	boolean has(int t, int i);

	/**
	 * Makes operation {@code i} of {@code t} available, as {@link #has(int, int)} does, and lets the operations
	 * before {@code release}, at most {@code i}, go (the simulation has passed them and needs them no more: a stream
	 * may drop them).
	 *
	 * @return how many operations of {@code t}, from its first, are complete and stay readable until the next call
	 *         for {@code t}: more than {@code i}, or {@code i} when there is no operation {@code i}
	 * @throws Recording.StreamException when the trace cannot be read
	 */
	int available(int t, int i, int release);

	/** Thread {@code t} has finished: a stream may drop its list. */
	void finished(int t);

	/**
	 * The simulation is over: a stream reads the rest of its trace (to know every thread and the replay's remarks),
	 * dropping the operations.
	 *
	 * @throws Recording.StreamException when the trace cannot be read
	 */
	void readToEnd();
}
