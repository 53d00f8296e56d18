package org.perfcast.model.distribution;

/**
 * A block of a distribution that no valid processor owns, or an owner table entry that cannot apply.
 *
 * @param kind       what is wrong
 * @param block      the block concerned
 * @param tableEntry the index of the owner table entry concerned, or −1 if the problem is not one entry's
 * @param message    one sentence for the user, naming the block
 */
public record OwnershipProblem(Kind kind, Block block, int tableEntry, String message) {

	/** What can be wrong with the ownership of a block. */
	public enum Kind {
		/** No table entry, or no owner, for the block. */
		UNOWNED,
		/** The block's owner is not one of the processors 0 … P−1. */
		PROCESSOR_OUT_OF_RANGE,
		/** A table entry names a block outside the array. */
		BLOCK_OUT_OF_RANGE,
		/** A table entry names a block that an earlier entry already gave an owner. */
		DUPLICATE_ENTRY
	}
}
