package org.perfcast.mapping;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.Location;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.resource.PerfcastResource;

/**
 * Evaluates the expressions of a model's elements as exact numbers and turns problems into diagnostics
 * located at the element ({@code file:line: Element 'name': message}).
 */
final class ModelValues {

	private final String file;

	ModelValues(String file) {
		this.file = file;
	}

	/** Whether an expression attribute is set. */
	static boolean isSet(@Nullable String text) {
		return text != null && !text.isBlank();
	}

	/**
	 * The value of the expression {@code text}, the {@code feature} of {@code element}, as an exact number (an
	 * inexact result is taken at its decimal value).
	 *
	 * @throws EngineException located at the element if the expression is malformed, uses an unbound name or
	 *                         is not a number
	 */
	Rational number(EObject element, EStructuralFeature feature, String text, Scope scope) throws EngineException {
		try {
			Value value = Expression.parse(text).evaluate(scope);
			if (!value.isNumber()) {
				throw error(element, feature.getName() + ": '" + text + "' is a boolean, not a number");
			}
			return value instanceof Rational r ? r : Rational.valueOf(value.toDouble());
		} catch (ExpressionException e) {
			String hint = e.kind() == ExpressionException.Kind.UNBOUND ? " (give it a value with --set NAME=VALUE)" : "";
			throw error(element, feature.getName() + ": " + e.getMessage() + hint);
		}
	}

	/**
	 * The value of {@code text} as an integer.
	 *
	 * @throws EngineException located at the element if it is not an integer that fits in a long
	 */
	long integer(EObject element, EStructuralFeature feature, String text, Scope scope) throws EngineException {
		Rational value = number(element, feature, text, scope);
		if (!value.isInteger() || value.numerator().bitLength() > 62) {
			throw error(element, feature.getName() + ": '" + text + "' is " + value.format() + ", not an integer");
		}
		return value.longValueExact();
	}

	/** An exception with one error located at {@code element}. */
	EngineException error(EObject element, String message) {
		return new EngineException(Diagnostic.error("mapping.input", message, at(element)));
	}

	/** Where {@code element} is: its file, line and label. */
	Location at(EObject element) {
		int line = element.eResource() instanceof PerfcastResource r ? r.lineOf(element) : 0;
		String fragment = element.eResource() == null ? "" : element.eResource().getURIFragment(element);
		return new Location.ElementLocation(file, fragment, label(element), line);
	}

	/** "Program 'parallel loop'", "Step 'update own rows'", "Ring". */
	static String label(EObject element) {
		String type = element.eClass().getName();
		EStructuralFeature name = element.eClass().getEStructuralFeature("name");
		Object value = name == null ? null : element.eGet(name);
		return value instanceof String s && !s.isBlank() ? type + " '" + s + "'" : type;
	}
}
