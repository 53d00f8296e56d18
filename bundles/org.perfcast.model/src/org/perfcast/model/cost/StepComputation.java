package org.perfcast.model.cost;

import java.util.OptionalInt;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.distribution.DataDistribution;
import org.perfcast.model.distribution.LayoutEvaluation;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.machine.BasicOperation;
import org.perfcast.model.program.IndexRange;
import org.perfcast.model.program.OperationCount;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;

/**
 * The computation time of a process in a program step given as operation counts: for each count, the
 * machine's cost of its basic operation at the count's size, times the count per block, times the blocks
 * the process owns under the program's layout (one block per process when the program has no layout).
 * A count with a row and a column applies instead to block (row, column), once for every combination of its
 * indices that satisfies its condition, and is charged to that block's owner.
 * The step's own {@code cost} expression comes on top; this class evaluates the counts only.
 */
public final class StepComputation {

	private final DataDistribution distribution;
	private final long[] blocks;

	private StepComputation(DataDistribution distribution) {
		this.distribution = distribution;
		this.blocks = distribution == null ? null : distribution.blocksPerProcessor();
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
		return new StepComputation(LayoutEvaluation.of(layout, scope));
	}

	/** Whether {@code count} applies to the blocks its row and column name rather than to every owned block. */
	public static boolean targetsBlocks(OperationCount count) {
		return isSet(count.getRow()) || isSet(count.getColumn());
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
		boolean targeted = false;
		for (OperationCount count : step.getOperations()) {
			if (targetsBlocks(count)) {
				targeted = true;
			} else if (owned > 0) {
				total = total.add(evaluate(count.getCountPerBlock(), scope, "countPerBlock of " + name(count), Rational.ONE)
						.multiply(Rational.of(owned)).multiply(Rational.valueOf(cost(count, scope))));
			}
		}
		if (targeted) {
			double[] onBlocks = new double[Math.max(p + 1, blocks == null ? 1 : blocks.length)];
			charge(step, scope, onBlocks);
			total = total.add(Rational.valueOf(onBlocks[p]));
		}
		return total;
	}

	/**
	 * The times of {@code step}'s operation counts on processes 0 .. processes − 1, in one pass over the counts
	 * that target blocks; {@code scope} holds the parameters (and the step's indices), not p.
	 *
	 * @throws IllegalArgumentException as {@link #time(Step, int, Scope)}, or if a block's owner is not one of the
	 *                                  processes
	 * @throws org.perfcast.engine.expr.ExpressionException if an expression is wrong
	 */
	public double[] times(Step step, Scope scope, int processes) {
		double[] times = new double[processes];
		for (OperationCount count : step.getOperations()) {
			if (targetsBlocks(count)) {
				continue;
			}
			for (int p = 0; p < processes; p++) {
				long owned = blocksOf(p);
				if (owned > 0) {
					Scope at = scope.with("p", Rational.of(p));
					times[p] += evaluate(count.getCountPerBlock(), at, "countPerBlock of " + name(count), Rational.ONE)
							.toDouble() * owned * cost(count, at);
				}
			}
		}
		charge(step, scope, times);
		return times;
	}

	/** Adds the time of every block-targeted count of {@code step} to its block's owner in {@code times}. */
	private void charge(Step step, Scope scope, double[] times) {
		for (OperationCount count : step.getOperations()) {
			if (!targetsBlocks(count)) {
				continue;
			}
			if (distribution == null) {
				throw new IllegalArgumentException("the count of " + name(count) + " names a block, but the program has no layout");
			}
			if (!isSet(count.getRow()) || !isSet(count.getColumn())) {
				throw new IllegalArgumentException("the count of " + name(count) + " needs both a row and a column");
			}
			Expression row = Expression.parse(count.getRow());
			Expression column = Expression.parse(count.getColumn());
			// the usual count does not depend on the indices: its cost is evaluated once
			boolean constant = !dependsOnIndices(count);
			double fixed = constant ? perBlock(count, scope) : 0;
			IndexEnumeration.forEach(count.getIndices(), count.getCondition(), scope, at -> {
				int i = (int) row.evaluate(at).longValueExact();
				int j = (int) column.evaluate(at).longValueExact();
				if (i < 0 || j < 0 || i >= distribution.blockRows() || j >= distribution.blockColumns()) {
					throw new IllegalArgumentException(name(count) + " on block (" + i + ", " + j + "), outside the layout's "
							+ distribution.blockRows() + " x " + distribution.blockColumns() + " blocks");
				}
				OptionalInt owner = distribution.owner(i, j);
				if (owner.isEmpty()) {
					throw new IllegalArgumentException(name(count) + " on block (" + i + ", " + j + "), which has no owner");
				}
				int p = owner.getAsInt();
				if (p >= 0 && p < times.length) {
					times[p] += constant ? fixed : perBlock(count, at);
				} else {
					throw new IllegalArgumentException("block (" + i + ", " + j + ") of " + name(count) + " is owned by processor "
							+ p + ", outside the processes 0 .. " + (times.length - 1));
				}
			});
		}
	}

	private static boolean dependsOnIndices(OperationCount count) {
		for (IndexRange range : count.getIndices()) {
			String v = range.getVariable();
			if (mentions(count.getCountPerBlock(), v) || mentions(count.getSize(), v)) {
				return true;
			}
		}
		return false;
	}

	private static boolean mentions(String text, String variable) {
		return isSet(text) && Expression.parse(text).freeVariables().contains(variable);
	}

	private double perBlock(OperationCount count, Scope scope) {
		return evaluate(count.getCountPerBlock(), scope, "countPerBlock of " + name(count), Rational.ONE).toDouble()
				* cost(count, scope);
	}

	/** The cost of one execution of {@code count}'s operation at its size. */
	private static double cost(OperationCount count, Scope scope) {
		BasicOperation operation = count.getOperation();
		if (operation == null || operation.eIsProxy()) {
			throw new IllegalArgumentException("an operation count names no basic operation of the machine");
		}
		Rational size = evaluate(count.getSize(), scope, "size of " + operation.getName(), Rational.ZERO);
		double cost = OperationCosts.at(operation, size.toDouble(), scope).value();
		if (!(cost >= 0) || Double.isInfinite(cost)) {
			throw new IllegalArgumentException("basic operation " + operation.getName() + " costs " + cost
					+ " at size " + size.format() + "; costs must be finite and not negative");
		}
		return cost;
	}

	private static String name(OperationCount count) {
		BasicOperation operation = count.getOperation();
		return operation == null || operation.eIsProxy() ? "an operation" : operation.getName();
	}

	private static boolean isSet(String text) {
		return text != null && !text.isBlank();
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
