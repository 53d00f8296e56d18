package org.perfcast.trace;

/** What becomes of a recorded event in a team resize. */
enum Fate {
	/** Kept as recorded. */
	COPY,
	/** Its work folded into its member's phase of a resized region. */
	FOLD,
	/** Dropped (a worker beyond the new team), its work carried to its thread's next event. */
	DROP,
	/** The first fork post of a resized region: where the region with the new team is written. */
	ANCHOR
}
