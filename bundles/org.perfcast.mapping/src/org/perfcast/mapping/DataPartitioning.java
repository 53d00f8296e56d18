package org.perfcast.mapping;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.expr.Rational;

/**
 * Data partitioning (Sussman, section 3.1): the host streams the data set through the array, each processor
 * keeps its own ⌈N/P⌉ items (the data set padded to P·⌈N/P⌉ items when P does not divide N) and then runs
 * the loop body on them. For processor i (from 1), with c the communication cost per item and N' = P·⌈N/P⌉:
 * <ul>
 * <li>SEQ_i = ⌈N/P⌉·BB;
 * <li>CL_i = 2N'·c: processor i receives the input of processors i … P and passes on that of i+1 … P, and
 * receives the output of 1 … i−1 and sends on that of 1 … i, 2N' items in all;
 * <li>OL_i = K·CL_i;
 * <li>SD_i: how long processor i waits before its own input arrives, which the subclass defines.
 * </ul>
 * The techniques generate the same (SPMD) code on every processor, so only SD_i differs between processors.
 */
public abstract sealed class DataPartitioning implements MappingTechnique
		permits BlockDataPartitioning, InterleavedDataPartitioning {

	DataPartitioning() {
	}

	/** SD_i of processor {@code i} (from 1), for items of {@code perProcessor} items each. */
	abstract Rational synchronizationDelay(ParallelLoop loop, int i, Rational perProcessor);

	@Override
	public final ExecutionModel model(ParallelLoop loop) {
		notApplicable(loop).ifPresent(reason -> {
			throw new IllegalArgumentException(reason);
		});
		Rational perProcessor = Rational.of(Math.ceilDiv(loop.N(), loop.P()));
		Rational seq = perProcessor.multiply(loop.BB());
		Rational cl = Rational.of(2 * loop.P()).multiply(perProcessor).multiply(loop.itemCost());
		Rational ol = loop.K().multiply(cl);
		List<ProcessorTime> processors = new ArrayList<>(loop.P());
		for (int i = 1; i <= loop.P(); i++) {
			processors.add(new ProcessorTime(i - 1, seq, cl, synchronizationDelay(loop, i, perProcessor), ol));
		}
		return new ExecutionModel(name(), processors);
	}
}
