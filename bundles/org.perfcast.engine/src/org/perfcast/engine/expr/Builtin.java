package org.perfcast.engine.expr;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.eclipse.jdt.annotation.Nullable;

/** The functions expressions can call; adding a constant here adds a function to the language. */
public enum Builtin {
	/** {@code floor(x)}: the largest integer not above x. */
	FLOOR("floor", 1, 1, args -> args[0].floor()),
	/** {@code ceil(x)}: the smallest integer not below x. */
	CEIL("ceil", 1, 1, args -> args[0].ceil()),
	/** {@code min(x, y, ...)}: the smallest argument. */
	MIN("min", 2, Integer.MAX_VALUE, args -> extreme(args, -1)),
	/** {@code max(x, y, ...)}: the largest argument. */
	MAX("max", 2, Integer.MAX_VALUE, args -> extreme(args, 1)),
	/** {@code mod(x, y)}: the same as {@code x mod y}. */
	MOD("mod", 2, 2, args -> args[0].mod(args[1])),
	/** {@code log2(x)}: the base-2 logarithm, exact for exact powers of two. */
	LOG2("log2", 1, 1, args -> args[0].log2()),
	/** {@code sqrt(x)}: the square root, exact for squares of exact numbers. */
	SQRT("sqrt", 1, 1, args -> args[0].sqrt()),
	/** {@code abs(x)}: the absolute value. */
	ABS("abs", 1, 1, args -> args[0].abs()),
	/**
	 * {@code owner(i, j)}: the process that owns block (i, j) of the program's layout. Its meaning comes from
	 * the scope ({@link Scope#call(Builtin, Value[])}): program models with a layout give it.
	 */
	OWNER("owner", 2, 2, null);

	private static final Map<String, Builtin> BY_NAME = Arrays.stream(values())
			.collect(Collectors.toUnmodifiableMap(Builtin::functionName, f -> f));

	private final String functionName;
	private final int minArguments;
	private final int maxArguments;
	private final @Nullable Function<Value[], Value> body;

	Builtin(String functionName, int minArguments, int maxArguments, @Nullable Function<Value[], Value> body) {
		this.functionName = functionName;
		this.minArguments = minArguments;
		this.maxArguments = maxArguments;
		this.body = body;
	}

	/** The function named {@code name} as written in expressions, if there is one. */
	public static Optional<Builtin> lookup(String name) {
		return Optional.ofNullable(BY_NAME.get(name));
	}

	/** The name as written in expressions, e.g. "log2". */
	public String functionName() {
		return functionName;
	}

	/**
	 * Checks the number of arguments of a call.
	 *
	 * @throws ExpressionException of kind {@link ExpressionException.Kind#ARITY}, e.g. "'floor' takes 1
	 *                             argument but got 2", if it is wrong
	 */
	public void checkArity(int count) {
		if (count >= minArguments && count <= maxArguments) {
			return;
		}
		String takes = minArguments == maxArguments ? "takes " + minArguments
				: "takes at least " + minArguments;
		throw new ExpressionException(ExpressionException.Kind.ARITY, "'" + functionName + "' " + takes + " argument"
				+ (minArguments == 1 ? "" : "s") + " but got " + count);
	}

	/**
	 * Applies the function to evaluated arguments, as many as {@link #checkArity(int)} accepts.
	 *
	 * @throws ExpressionException without a position if an argument is of the wrong type or outside the domain
	 */
	public Value apply(Value... arguments) {
		Function<Value[], Value> function = body;
		if (function == null) {
			throw new ExpressionException(ExpressionException.Kind.UNBOUND, "'" + functionName + "' has no meaning here");
		}
		return function.apply(arguments);
	}

	/** Whether the scope gives the function its meaning ({@link Scope#call(Builtin, Value[])}), as for {@code owner}. */
	public boolean contextual() {
		return body == null;
	}

	/** The smallest ({@code sign} -1) or largest (1) argument; a real if any argument is. */
	private static Value extreme(Value[] args, int sign) {
		Value best = args[0];
		boolean exact = best.isExact();
		for (int i = 1; i < args.length; i++) {
			exact &= args[i].isExact();
			if (args[i].compare(best) * sign > 0) {
				best = args[i];
			}
		}
		return exact ? best : Value.of(best.toDouble());
	}
}
