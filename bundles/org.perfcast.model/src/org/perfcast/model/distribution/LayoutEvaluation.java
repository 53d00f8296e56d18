package org.perfcast.model.distribution;

import java.util.function.IntBinaryOperator;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.layout.Layout;

/**
 * A layout model evaluated for parameter values: its sizes as a {@link LayoutShape} and the
 * {@link DataDistribution} of its blocks, as the validator checks it and the engines use it.
 */
public final class LayoutEvaluation {

	private LayoutEvaluation() {
	}

	/**
	 * The distribution of {@code layout}'s blocks with the parameter values of {@code scope} (the layout's
	 * or a program's that uses it).
	 *
	 * @throws IllegalArgumentException if a size is missing, not a whole number, or the sizes do not fit
	 * @throws org.perfcast.engine.expr.ExpressionException if a size or the owner expression is wrong
	 */
	public static DataDistribution of(Layout layout, Scope scope) {
		Value rows = value("rows", layout.getRows(), scope);
		if (rows == null) {
			throw new IllegalArgumentException("the layout needs rows");
		}
		Value processors = value("processors", layout.getProcessors(), scope);
		if (processors == null) {
			throw new IllegalArgumentException("the layout needs processors");
		}
		Value columns = value("columns", layout.getColumns(), scope);
		Value block = value("blockSize", layout.getBlockSize(), scope);
		Value gridRows = value("gridRows", layout.getGridRows(), scope);
		Value gridColumns = value("gridColumns", layout.getGridColumns(), scope);
		LayoutShape shape = new LayoutShape(toInt(rows), columns == null ? 0 : toInt(columns),
				block == null ? 1 : toInt(block), toInt(processors), gridRows == null ? 0 : toInt(gridRows),
				gridColumns == null ? 0 : toInt(gridColumns));
		String owner = layout.getOwner();
		return of(layout, shape, owner == null || owner.isBlank() ? null : Expression.parse(owner), scope);
	}

	/**
	 * The distribution of {@code layout} with {@code shape}; a custom layout without an owner table takes its
	 * owners from {@code owner}, an expression over the block indices i and j.
	 *
	 * @throws IllegalArgumentException if the distribution does not fit the shape
	 */
	public static DataDistribution of(Layout layout, LayoutShape shape, Expression owner, Scope scope) {
		IntBinaryOperator owners = owner == null ? null
				: (i, j) -> toInt(owner.evaluate(scope.with("i", Rational.of(i)).with("j", Rational.of(j))));
		return DataDistribution.of(layout, shape, owners);
	}

	/**
	 * A whole number as an int.
	 *
	 * @throws ArithmeticException if it is not whole or too large
	 */
	public static int toInt(Value value) {
		return Math.toIntExact(value.longValueExact());
	}

	private static Value value(String name, String text, Scope scope) {
		if (text == null || text.isBlank()) {
			return null;
		}
		try {
			return Expression.parse(text).evaluate(scope);
		} catch (org.perfcast.engine.expr.ExpressionException e) {
			throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
		}
	}
}
