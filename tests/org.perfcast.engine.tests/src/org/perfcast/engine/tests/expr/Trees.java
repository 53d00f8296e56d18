package org.perfcast.engine.tests.expr;

import java.util.Map;
import java.util.stream.Collectors;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;

/** Helpers for the expression tests: a fully parenthesised printing that shows a tree's shape, and scopes. */
final class Trees {

	private Trees() {
	}

	/** Every operation in parentheses, e.g. "(a + (b * c))", independent of the printer under test. */
	static String shape(Expression expression) {
		return switch (expression) {
			case Expression.NumberLiteral n -> n.text();
			case Expression.Variable v -> v.name();
			case Expression.Unary u -> "(" + u.operator().symbol() + " " + shape(u.operand()) + ")";
			case Expression.Binary b -> "(" + shape(b.left()) + " " + b.operator().symbol() + " " + shape(b.right()) + ")";
			case Expression.Call c -> c.function().functionName() + "("
					+ c.arguments().stream().map(Trees::shape).collect(Collectors.joining(", ")) + ")";
			case Expression.Conditional c -> "(" + shape(c.condition()) + " ? " + shape(c.whenTrue()) + " : "
					+ shape(c.whenFalse()) + ")";
		};
	}

	/** A scope binding the names to exact integers. */
	static Scope ints(Map<String, Integer> values) {
		return Scope.of(values.entrySet().stream()
				.collect(Collectors.toMap(Map.Entry::getKey, e -> (Value) Rational.of(e.getValue()))));
	}

	/** The value of {@code source} with the names bound to exact integers. */
	static Value eval(String source, Map<String, Integer> values) {
		return Expression.parse(source).evaluate(ints(values));
	}

	/** The value of {@code source}, which uses no names. */
	static Value eval(String source) {
		return Expression.parse(source).evaluate(Scope.EMPTY);
	}
}
