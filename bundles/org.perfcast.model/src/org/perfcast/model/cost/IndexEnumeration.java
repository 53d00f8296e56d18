package org.perfcast.model.cost;

import java.util.List;
import java.util.function.Consumer;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.model.program.IndexRange;

/**
 * The combinations of a program's index ranges, e.g. {@code p = 0 .. P - 1, q = 0 .. P - 1} of a message or
 * {@code t = 0 .. 3 (n - 1)} of a repeated step: the first range is outermost, and a range's bounds may use the
 * variables of the ranges before it. An empty range (to below from) gives no combination.
 */
public final class IndexEnumeration {

	/** The most combinations one enumeration may visit; more is almost surely a mistake in the model. */
	public static final long MAX_COMBINATIONS = 100_000_000L;

	private final List<IndexRange> ranges;
	private final Expression condition;
	private final Expression[] from;
	private final Expression[] to;
	private long visited;

	private IndexEnumeration(List<IndexRange> ranges, String condition) {
		this.ranges = ranges;
		this.condition = condition == null || condition.isBlank() ? null : Expression.parse(condition);
		from = new Expression[ranges.size()];
		to = new Expression[ranges.size()];
		for (int i = 0; i < ranges.size(); i++) {
			IndexRange range = ranges.get(i);
			if (range.getVariable() == null || range.getVariable().isBlank()) {
				throw new ExpressionException(ExpressionException.Kind.SYNTAX, "index range " + (i + 1) + " has no variable");
			}
			from[i] = parse(range.getFrom(), range.getVariable(), "from");
			to[i] = parse(range.getTo(), range.getVariable(), "to");
		}
	}

	/**
	 * Calls {@code action} with {@code scope} extended by every combination of {@code ranges} that satisfies
	 * {@code condition} (blank: every combination), in order.
	 *
	 * @throws ExpressionException if a bound or the condition is wrong, a bound is not whole, or there are more
	 *                             than {@link #MAX_COMBINATIONS} combinations
	 */
	public static void forEach(List<IndexRange> ranges, String condition, Scope scope, Consumer<Scope> action) {
		new IndexEnumeration(ranges, condition).visit(0, scope, action);
	}

	private void visit(int level, Scope at, Consumer<Scope> action) {
		if (level == ranges.size()) {
			if (++visited > MAX_COMBINATIONS) {
				throw new ExpressionException(ExpressionException.Kind.TOO_LARGE,
						"the index ranges have more than " + MAX_COMBINATIONS + " combinations");
			}
			if (condition == null || condition.evaluate(at).toBoolean()) {
				action.accept(at);
			}
			return;
		}
		String variable = ranges.get(level).getVariable();
		long low = from[level].evaluate(at).longValueExact();
		long high = to[level].evaluate(at).longValueExact();
		for (long i = low; i <= high; i++) {
			visit(level + 1, at.with(variable, Rational.of(i)), action);
		}
	}

	private static Expression parse(String text, String variable, String bound) {
		if (text == null || text.isBlank()) {
			throw new ExpressionException(ExpressionException.Kind.SYNTAX, "index " + variable + " has no '" + bound + "'");
		}
		return Expression.parse(text);
	}
}
