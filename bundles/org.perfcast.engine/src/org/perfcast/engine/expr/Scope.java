package org.perfcast.engine.expr;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import org.perfcast.engine.ParameterBindings;

/**
 * The values of the names an expression may use: parameters, loop indices, local definitions. Lookups happen
 * on every evaluation of a name, so implementations should be fast.
 */
@FunctionalInterface
public interface Scope {

	/** A scope that binds no name. */
	Scope EMPTY = name -> null;

	/** The value bound to {@code name}, or null if the scope does not bind it. */
	Value lookup(String name);

	/** A scope binding the given names to the given values (copied). */
	static Scope of(Map<String, ? extends Value> values) {
		Map<String, Value> copy = new HashMap<>(values);
		return copy::get;
	}

	/**
	 * A scope binding the parameters of {@code bindings}, converted with {@link Rational#valueOf(double)}: 60
	 * becomes the exact 60 and 0.2 the exact 1/5.
	 */
	static Scope of(ParameterBindings bindings) {
		Map<String, Value> values = new HashMap<>();
		bindings.asMap().forEach((name, value) -> values.put(name, Rational.valueOf(value)));
		return values::get;
	}

	/** This scope with {@code name} bound to {@code value}, hiding any other value of that name, e.g. a loop index. */
	default Scope with(String name, Value value) {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(value, "value");
		return n -> name.equals(n) ? value : lookup(n);
	}

	/** A scope looking names up here first and then, if not bound here, in {@code outer}. */
	default Scope orElse(Scope outer) {
		Objects.requireNonNull(outer, "outer");
		return n -> {
			Value value = lookup(n);
			return value != null ? value : outer.lookup(n);
		};
	}
}
