package org.perfcast.pamela;

import java.util.List;

import org.eclipse.jdt.annotation.NonNull;
import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.Position;

/** A PAMELA process expression, as parsed, with its source position. */
public sealed interface ProcessExpression {

	/** Where the process expression starts. */
	Position position();

	/** {@code delay(t)}: takes time t, using no resource. */
	record Delay(Expression time, @NonNull Position position) implements ProcessExpression {
	}

	/** {@code use(r[i], t)}: holds resource r (element i of an array) for time t. */
	record Use(String resource, @Nullable Expression index, Expression time, @NonNull Position position)
			implements ProcessExpression {
	}

	/** {@code seq(i = a .. b) E} or {@code par(i = a .. b) E}: E for every i from a to b, in sequence or in parallel. */
	record Loop(boolean parallel, String index, Expression from, Expression to, ProcessExpression body,
			@NonNull Position position) implements ProcessExpression {
	}

	/** {@code seq { E; E }} or {@code par { E; E }}. */
	record Block(boolean parallel, List<ProcessExpression> parts, @NonNull Position position)
			implements ProcessExpression {
	}

	/** A use of a process definition, with its arguments. */
	record Call(String name, List<Expression> arguments, @NonNull Position position) implements ProcessExpression {
	}
}
