package org.perfcast.pamela;

import java.util.List;
import java.util.Map;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.Position;

/**
 * A parsed PAMELA file: parameters with their defaults, resources, expression definitions (such as
 * {@code K = (P + q - p) mod P}, evaluated where they are used), process definitions and budgets.
 *
 * @param parameters  parameter defaults, in declaration order
 * @param resources   resource arrays and their sizes (null size for a single resource)
 * @param definitions expression definitions by name
 * @param processes   process definitions by name; {@code main} is the program
 * @param budgets     declared upper bounds on T ({@code budget T < 5000})
 */
public record PamelaModel(Map<String, Expression> parameters, Map<String, Resource> resources,
		Map<String, Expression> definitions, Map<String, Process> processes, List<Budget> budgets) {

	/** A resource declaration: {@code resource l[P]}, or a single resource without a size. */
	public record Resource(String name, Expression size, Position position) {
	}

	/** A process definition: {@code send(q) = ...}. */
	public record Process(String name, List<String> parameters, ProcessExpression body, Position position) {
	}

	/** {@code budget T < 5000}. */
	public record Budget(Expression limit, Position position) {
	}
}
