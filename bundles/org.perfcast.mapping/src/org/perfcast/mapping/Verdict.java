package org.perfcast.mapping;

/** What the advisor concludes from the ranking: a best technique, or that the two fastest are too close to call. */
public sealed interface Verdict {

	/** The fastest technique, whose interval lies wholly below the runner-up's (or that has no rival). */
	record Best(Evaluation best) implements Verdict {
	}

	/**
	 * The fastest techniques' intervals overlap, so the bounds on the loop body cost cannot tell which is faster.
	 *
	 * @param first  the faster one at the nominal loop body cost
	 * @param second the runner-up
	 */
	record TooCloseToCall(Evaluation first, Evaluation second) implements Verdict {
	}
}
