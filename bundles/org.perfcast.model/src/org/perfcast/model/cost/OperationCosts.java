package org.perfcast.model.cost;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.model.machine.BasicOperation;
import org.perfcast.model.machine.CostPoint;

/**
 * The cost of a machine's basic operation at a size: its cost expression over {@code size} when it has
 * one, otherwise its cost table, interpolated. The lower and upper bounds, when stated, give an interval.
 */
public final class OperationCosts {

	/** A cost with the interval its bounds give (both equal to the cost when no bound is stated). */
	public record Cost(double value, double lower, double upper) {
	}

	private OperationCosts() {
	}

	/**
	 * The cost of {@code operation} at {@code size}, with the model's parameters in {@code parameters}.
	 *
	 * @throws IllegalArgumentException if the operation has neither a cost expression nor a table, or its
	 *                                  table is malformed
	 * @throws org.perfcast.engine.expr.ExpressionException if an expression is wrong or depends on an
	 *                                                      unbound name
	 */
	public static Cost at(BasicOperation operation, double size, Scope parameters) {
		Scope scope = parameters.with("size", Rational.valueOf(size));
		double value;
		if (isSet(operation.getCost())) {
			value = Expression.parse(operation.getCost()).evaluate(scope).toDouble();
		} else if (!operation.getCostTable().isEmpty()) {
			value = table(operation).costAt(size);
		} else {
			throw new IllegalArgumentException("basic operation " + operation.getName() + " has no cost expression and no cost table");
		}
		double lower = isSet(operation.getLowerBound())
				? Expression.parse(operation.getLowerBound()).evaluate(scope).toDouble() : value;
		double upper = isSet(operation.getUpperBound())
				? Expression.parse(operation.getUpperBound()).evaluate(scope).toDouble() : value;
		return new Cost(value, Math.min(lower, value), Math.max(upper, value));
	}

	/** The operation's cost table. */
	public static CostTable table(BasicOperation operation) {
		double[] sizes = operation.getCostTable().stream().mapToDouble(CostPoint::getSize).toArray();
		double[] costs = operation.getCostTable().stream().mapToDouble(CostPoint::getCost).toArray();
		return new CostTable(sizes, costs);
	}

	private static boolean isSet(String text) {
		return text != null && !text.isBlank();
	}
}
