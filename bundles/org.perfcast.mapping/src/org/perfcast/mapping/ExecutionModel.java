package org.perfcast.mapping;

import java.util.List;
import java.util.Objects;

import org.perfcast.engine.expr.Rational;

/**
 * The general execution model of a mapped program: the parts SEQ_i, CL_i, SD_i and OL_i of every processor
 * and the program's time T = max_i T_i (Sussman, equations (1) and (2)).
 *
 * @param technique  the mapping technique's name, e.g. "block", or "program" for a program model as written
 * @param processors every processor's parts, in processor order
 */
public record ExecutionModel(String technique, List<ProcessorTime> processors) {

	/**
	 * @throws IllegalArgumentException if there is no processor or the processors are not numbered 0, 1, ...
	 */
	public ExecutionModel {
		Objects.requireNonNull(technique, "technique");
		processors = List.copyOf(processors);
		if (processors.isEmpty()) {
			throw new IllegalArgumentException("an execution model needs at least one processor");
		}
		for (int i = 0; i < processors.size(); i++) {
			if (processors.get(i).processor() != i) {
				throw new IllegalArgumentException("processor " + i + " is listed as " + processors.get(i).processor());
			}
		}
	}

	/** T = max_i T_i. */
	public Rational T() {
		return processors.get(critical()).T();
	}

	/** The processor that finishes last (the lowest such index on a tie). */
	public int critical() {
		int worst = 0;
		for (int i = 1; i < processors.size(); i++) {
			if (processors.get(i).T().compareTo(processors.get(worst).T()) > 0) {
				worst = i;
			}
		}
		return worst;
	}
}
