package org.perfcast.mapping;

import java.util.List;
import java.util.Optional;

/**
 * A structured technique for mapping the parallel loop onto the linear array, with its execution model.
 * Implementations are stateless.
 */
public sealed interface MappingTechnique permits DataPartitioning, LoopBodyPipelining {

	/** The techniques of the paper, in the order the paper introduces them. */
	static List<MappingTechnique> all() {
		return List.of(BlockDataPartitioning.INSTANCE, InterleavedDataPartitioning.INSTANCE, LoopBodyPipelining.INSTANCE);
	}

	/**
	 * The technique called {@code name} ("block", "interleaved" or "pipeline").
	 *
	 * @throws IllegalArgumentException naming the known techniques if there is none of that name
	 */
	static MappingTechnique named(String name) {
		return all().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException(
				"unknown mapping technique '" + name + "'; expected block, interleaved or pipeline"));
	}

	/** The short name used on the command line and in JSON, e.g. "block". */
	String name();

	/** The paper's name, e.g. "block data partitioning". */
	String title();

	/** Why the technique cannot be applied to {@code loop}, or empty if it can. */
	default Optional<String> notApplicable(ParallelLoop loop) {
		return Optional.empty();
	}

	/**
	 * The execution model of {@code loop} mapped with this technique, in exact arithmetic.
	 *
	 * @throws IllegalArgumentException with the reason if the technique is {@link #notApplicable not applicable}
	 */
	ExecutionModel model(ParallelLoop loop);
}
