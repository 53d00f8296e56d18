package org.perfcast.model.cost;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Scope;
import org.perfcast.model.program.IndexRange;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;

/**
 * A program's steps as they execute: each step once, or once for every combination of its indices
 * ({@link Step#getIndices()}), with the indices bound in the instance's scope.
 */
public final class StepInstances {

	/** The most step instances a program may have. */
	public static final int MAX_INSTANCES = 1_000_000;

	/**
	 * One execution of a step.
	 *
	 * @param step  the step
	 * @param scope the program's parameters with the step's indices bound
	 * @param label the step's name, with the index values of a repeated step, e.g. "wave [t = 3]"
	 */
	public record Instance(Step step, Scope scope, String label) {
	}

	/** Thrown when a step cannot be repeated: names the step. */
	public static final class Failure extends RuntimeException {
		private static final long serialVersionUID = 1L;

		private final transient Step step;

		Failure(Step step, String message, Throwable cause) {
			super(message, cause);
			this.step = step;
		}

		/** The step whose indices fail. */
		public Step step() {
			return step;
		}
	}

	private StepInstances() {
	}

	/**
	 * The step instances of {@code program} in execution order, with the parameter values of {@code scope}.
	 *
	 * @throws Failure if a step's index ranges cannot be evaluated, or there are more than {@link #MAX_INSTANCES}
	 */
	public static List<Instance> of(Program program, Scope scope) {
		List<Instance> instances = new ArrayList<>();
		for (Step step : program.getSteps()) {
			String name = step.getName() == null || step.getName().isBlank() ? "step " + (program.getSteps().indexOf(step) + 1)
					: step.getName();
			if (step.getIndices().isEmpty()) {
				add(instances, new Instance(step, scope, name), step);
				continue;
			}
			try {
				IndexEnumeration.forEach(step.getIndices(), null, scope,
						at -> add(instances, new Instance(step, at, name + " [" + values(step.getIndices(), at) + "]"), step));
			} catch (ExpressionException e) {
				throw new Failure(step, "the indices of step '" + name + "': " + e.getMessage(), e);
			}
		}
		return instances;
	}

	private static void add(List<Instance> instances, Instance instance, Step step) {
		if (instances.size() >= MAX_INSTANCES) {
			throw new Failure(step, "the program repeats its steps more than " + MAX_INSTANCES + " times", null);
		}
		instances.add(instance);
	}

	private static String values(List<IndexRange> ranges, Scope at) {
		StringBuilder text = new StringBuilder();
		for (IndexRange range : ranges) {
			if (!text.isEmpty()) {
				text.append(", ");
			}
			text.append(range.getVariable()).append(" = ").append(at.lookup(range.getVariable()));
		}
		return text.toString();
	}
}
