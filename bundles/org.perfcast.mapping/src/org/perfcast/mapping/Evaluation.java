package org.perfcast.mapping;

import java.util.Objects;

import org.perfcast.engine.expr.Rational;

/**
 * A technique's predicted time for the loop: its execution model at the nominal loop body cost, and the
 * interval [Tlower, Tupper] that the lower- and upper-bound sequential estimates of BB give (T grows with BB
 * for every technique, so the interval holds T).
 *
 * @param technique the technique
 * @param model     its execution model at the nominal BB
 * @param Tlower    T with the lower-bound BB
 * @param Tupper    T with the upper-bound BB
 */
public record Evaluation(MappingTechnique technique, ExecutionModel model, Rational Tlower, Rational Tupper) {

	public Evaluation {
		Objects.requireNonNull(technique, "technique");
		Objects.requireNonNull(model, "model");
		Objects.requireNonNull(Tlower, "Tlower");
		Objects.requireNonNull(Tupper, "Tupper");
	}

	/** Evaluates {@code technique} on {@code loop} at its nominal, lower- and upper-bound loop body costs. */
	public static Evaluation of(MappingTechnique technique, ParallelLoop loop) {
		return new Evaluation(technique, technique.model(loop), technique.model(loop.atBound(false)).T(),
				technique.model(loop.atBound(true)).T());
	}

	/** The predicted time at the nominal BB. */
	public Rational T() {
		return model.T();
	}

	/** Whether the intervals of the two evaluations share a point. */
	public boolean overlaps(Evaluation other) {
		return Tlower.compareTo(other.Tupper) <= 0 && other.Tlower.compareTo(Tupper) <= 0;
	}
}
