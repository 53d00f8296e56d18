/**
 * Execution models for mapping programs onto distributed memory machines (Sussman, "Execution models for
 * mapping programs onto distributed memory parallel computers", ICASE 92-8) and the mapping advisor built on
 * them.
 * <p>
 * The general model gives each processor i the time T_i = SEQ_i + CL_i + SD_i − OL_i (local computation,
 * communication, synchronization delay, overlap of computation and communication) and the program the time
 * T = max_i T_i ({@link org.perfcast.mapping.ExecutionModel}). For the paper's parallel loop on a linear array
 * with a host ({@link org.perfcast.mapping.ParallelLoop}), each {@link org.perfcast.mapping.MappingTechnique}
 * ({@link org.perfcast.mapping.BlockDataPartitioning}, {@link org.perfcast.mapping.InterleavedDataPartitioning},
 * {@link org.perfcast.mapping.LoopBodyPipelining}) builds the model in exact rationals; the
 * {@link org.perfcast.mapping.MappingAdvisor} ranks them, refusing to pick between overlapping intervals, and
 * finds the {@link org.perfcast.mapping.Crossover}s where the ranking flips. Any other program model gets the
 * general model from its steps and messages ({@link org.perfcast.mapping.GeneralExecutionModel}).
 * {@link org.perfcast.mapping.MappingAnalysis} is the entry point for the command line and the IDE.
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.mapping;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
