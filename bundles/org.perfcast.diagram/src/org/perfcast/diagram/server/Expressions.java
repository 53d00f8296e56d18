package org.perfcast.diagram.server;

import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.core.Model;
import org.perfcast.model.validation.ParameterEnvironment;

/** Evaluation of a model's expressions with its parameters' defaults, as the diagrams draw them. */
final class Expressions {

	private Expressions() {
	}

	/** The parameters of {@code model} (and for a program its machine's and layout's) with their defaults. */
	static Scope scope(Model model) {
		return ParameterEnvironment.of(model, ParameterBindings.EMPTY).scope();
	}

	/** {@code text} evaluated in {@code scope}; throws {@link ExpressionException} if it does not evaluate. */
	static Value value(String text, Scope scope) {
		if (text == null || text.isBlank()) {
			throw new ExpressionException(ExpressionException.Kind.SYNTAX, "the expression is empty", null);
		}
		return Expression.parse(text).evaluate(scope);
	}

	/** {@code text} as a whole number, or {@code fallback} if it is empty or does not evaluate to one. */
	static long integer(String text, Scope scope, long fallback) {
		try {
			return value(text, scope).longValueExact();
		} catch (ExpressionException | ArithmeticException e) {
			return fallback;
		}
	}
}
