package org.perfcast.model.cost;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.distribution.DataDistribution;
import org.perfcast.model.distribution.LayoutEvaluation;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.machine.BasicOperation;
import org.perfcast.model.program.OperationCount;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;

/**
 * The computation time of a process in a program step given as operation counts: for each count, the
 * machine's cost of its basic operation at the count's size, times the count per block, times the blocks
 * the process owns under the program's layout (one block per process when the program has no layout).
 * The step's own {@code cost} expression comes on top; this class evaluates the counts only.
 */
public final class StepComputation {

	private final long[] blocks;

	private StepComputation(long[] blocks) {
		this.blocks = blocks;
	}

	/**
	 * The computation of {@code program}'s steps with the parameter values of {@code scope}; evaluates the
	 * program's layout (if it has one) once.
	 *
	 * @throws IllegalArgumentException if the layout cannot be evaluated or does not fit
	 * @throws org.perfcast.engine.expr.ExpressionException if a layout expression is wrong
	 */
	public static StepComputation of(Program program, Scope scope) {
		Layout layout = program.getLayout();
		if (layout == null || layout.eIsProxy()) {
			return new StepComputation(null);
		}
		DataDistribution distribution = LayoutEvaluation.of(layout, scope);
		return new StepComputation(distribution.blocksPerProcessor());
	}

	/** The number of blocks process {@code p} owns: 0 outside the layout's processors, 1 without a layout. */
	public long blocksOf(int p) {
		return blocks == null ? 1 : p >= 0 && p < blocks.length ? blocks[p] : 0;
	}

	/**
	 * The time of {@code step}'s operation counts on process {@code p}; {@code scope} holds the parameters
	 * and {@code p}.
	 *
	 * @throws IllegalArgumentException naming the count if its operation is missing, has no cost, or a count,
	 *                                  size or cost is negative
	 * @throws org.perfcast.engine.expr.ExpressionException if an expression is wrong
	 */
	public Rational time(Step step, int p, Scope scope) {
		Rational total = Rational.ZERO;
		long owned = blocksOf(p);
		if (owned == 0) {
			return total;
		}
		for (OperationCount count : step.getOperations()) {
			BasicOperation operation = count.getOperation();
			if (operation == null || operation.eIsProxy()) {
				throw new IllegalArgumentException("an operation count names no basic operation of the machine");
			}
			Rational perBlock = evaluate(count.getCountPerBlock(), scope, "countPerBlock of " + operation.getName(),
					Rational.ONE);
			Rational size = evaluate(count.getSize(), scope, "size of " + operation.getName(), Rational.ZERO);
			double cost = OperationCosts.at(operation, size.toDouble(), scope).value();
			if (!(cost >= 0) || Double.isInfinite(cost)) {
				throw new IllegalArgumentException("basic operation " + operation.getName() + " costs " + cost
						+ " at size " + size.format() + "; costs must be finite and not negative");
			}
			total = total.add(perBlock.multiply(Rational.of(owned)).multiply(Rational.valueOf(cost)));
		}
		return total;
	}

	/** The value of {@code text}, or {@code absent} when it is empty. */
	private static Rational evaluate(String text, Scope scope, String what, Rational absent) {
		if (text == null || text.isBlank()) {
			return absent;
		}
		Value value = Expression.parse(text).evaluate(scope);
		Rational r = value instanceof Rational exact ? exact : Rational.valueOf(value.toDouble());
		if (r.signum() < 0) {
			throw new IllegalArgumentException(what + " must not be negative, was " + r.format());
		}
		return r;
	}
}
