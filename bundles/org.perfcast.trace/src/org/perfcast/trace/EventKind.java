package org.perfcast.trace;

import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;

/** The synchronisation events of a trace, with the keyword each has in {@code *.vtrace} files. */
public enum EventKind {
	/** {@code create T}: the thread starts thread T, which is ready at once. */
	CREATE("create", 1),
	/** {@code wait E}: Wait_for(E), blocking until an activation of E is accepted. */
	WAIT("wait", 1),
	/** {@code activate T E}: send event E to thread T, blocking until T accepts it. */
	ACTIVATE("activate", 2),
	/** {@code exit}: the thread terminates. */
	EXIT("exit", 0),
	/** {@code lock M}: acquire mutex M, blocking while another thread holds it. */
	LOCK("lock", 1),
	/** {@code unlock M}: release mutex M. */
	UNLOCK("unlock", 1),
	/** {@code join T}: block until thread T has exited. */
	JOIN("join", 1),
	/**
	 * {@code post S}: signal S without waiting (a semaphore post, a condition signal with a waiter, a queue put);
	 * the signal waits for a {@code take}.
	 */
	POST("post", 1),
	/** {@code take S}: block until a signal of S is there, and consume it. */
	TAKE("take", 1),
	/**
	 * {@code io D}: the thread was off its processor, blocked in I/O, for D just before this event (logged when the
	 * call returns; traces with it carry {@code cpu=} clocks).
	 */
	IO("io", 1),
	/** {@code sleep D}: like {@code io}, for a sleep or a timed wait that timed out. */
	SLEEP("sleep", 1),
	/**
	 * {@code rlock RW}: acquire RW shared, as a reader of a read-write lock: readers hold it together, {@code lock
	 * RW} holds it alone; {@code unlock RW} releases either.
	 */
	RLOCK("rlock", 1);

	private final String keyword;
	private final int arguments;

	EventKind(String keyword, int arguments) {
		this.keyword = keyword;
		this.arguments = arguments;
	}

	/** The keyword in trace files, e.g. "activate". */
	public String keyword() {
		return keyword;
	}

	/** How many arguments the event takes. */
	public int arguments() {
		return arguments;
	}

	/** Whether the argument is a duration: {@code io} and {@code sleep}. */
	public boolean timed() {
		return this == IO || this == SLEEP;
	}

	/** The kind with {@code keyword}, or null. */
	public static @Nullable EventKind of(String keyword) {
		String k = keyword.toLowerCase(Locale.ROOT);
		for (EventKind kind : values()) {
			if (kind.keyword.equals(k)) {
				return kind;
			}
		}
		return null;
	}
}
