package org.perfcast.engine.expr;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
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
	@Nullable Value lookup(String name);

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

	/**
	 * The value of a call of a {@link Builtin#contextual() contextual} function such as {@code owner(i, j)}; this
	 * scope gives it no meaning.
	 *
	 * @throws ExpressionException of kind {@link ExpressionException.Kind#UNBOUND} if the scope gives the function
	 *                             no meaning, or another kind if the arguments are wrong
	 */
	default Value call(Builtin function, Value[] arguments) {
		throw new ExpressionException(ExpressionException.Kind.UNBOUND, "'" + function.functionName()
				+ "' has no meaning here" + (function == Builtin.OWNER ? "; it needs a program with a layout" : ""));
	}

	/** This scope with {@code name} bound to {@code value}, hiding any other value of that name, e.g. a loop index. */
	default Scope with(String name, Value value) {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(value, "value");
		Scope outer = this;
		return new Scope() {
			@Override
			public @Nullable Value lookup(String n) {
				return name.equals(n) ? value : outer.lookup(n);
			}

			@Override
			public Value call(Builtin function, Value[] arguments) {
				return outer.call(function, arguments);
			}
		};
	}

	/**
	 * A scope looking names up here first and then, if not bound here, in {@code outer}; contextual functions
	 * likewise.
	 */
	default Scope orElse(Scope outer) {
		Objects.requireNonNull(outer, "outer");
		Scope inner = this;
		return new Scope() {
			@Override
			public @Nullable Value lookup(String n) {
				Value value = inner.lookup(n);
				return value != null ? value : outer.lookup(n);
			}

			@Override
			public Value call(Builtin function, Value[] arguments) {
				try {
					return inner.call(function, arguments);
				} catch (ExpressionException e) {
					if (e.kind() != ExpressionException.Kind.UNBOUND) {
						throw e;
					}
					return outer.call(function, arguments);
				}
			}
		};
	}

	/**
	 * This scope with {@code function} given by {@code body}, e.g. {@code owner} by a layout's owner function.
	 */
	default Scope withFunction(Builtin function, java.util.function.Function<Value[], Value> body) {
		Objects.requireNonNull(function, "function");
		Objects.requireNonNull(body, "body");
		Scope outer = this;
		return new Scope() {
			@Override
			public @Nullable Value lookup(String n) {
				return outer.lookup(n);
			}

			@Override
			public Value call(Builtin f, Value[] arguments) {
				return f == function ? body.apply(arguments) : outer.call(f, arguments);
			}
		};
	}
}
