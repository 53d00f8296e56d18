package org.perfcast.pamela;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
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
 * @param origins     the file each imported declaration comes from, by name; absent for the file's own
 * @param sources     the other files the model reads (imported PAMELA and machine files, transitively), as
 *                    resolved paths
 */
public record PamelaModel(Map<String, Expression> parameters, Map<String, Resource> resources,
		Map<String, Expression> definitions, Map<String, Process> processes, List<Budget> budgets,
		Map<String, String> origins, List<Path> sources) {

	/**
	 * A resource declaration: {@code resource l[P]}, a single resource without a size, or the links of a
	 * machine (its size and names come from the machine's network).
	 */
	public record Resource(String name, Expression size, Position position, MachineLinks links) {

		/** Whether the resource is an array, used with an index. */
		public boolean array() {
			return size != null || links != null;
		}
	}

	/**
	 * The process {@code call} names, checked: defined, given as many arguments as it has parameters, and not
	 * among the calls being evaluated ({@code active}, innermost first: PAMELA models do not recurse).
	 *
	 * @throws ExpressionException at the call if one of these does not hold
	 */
	public Process callee(ProcessExpression.Call call, Deque<String> active) {
		Process process = processes.get(call.name());
		if (process == null) {
			throw new ExpressionException(ExpressionException.Kind.UNBOUND, "undefined process '" + call.name() + "'",
					call.position());
		}
		if (process.parameters().size() != call.arguments().size()) {
			throw new ExpressionException(ExpressionException.Kind.ARITY, "'" + call.name() + "' takes "
					+ process.parameters().size() + " arguments, not " + call.arguments().size(), call.position());
		}
		if (active.contains(call.name())) {
			List<String> cycle = new ArrayList<>(active.reversed());
			cycle.add(call.name());
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, "recursion: " + String.join(" -> ", cycle)
					+ " (PAMELA models cannot call themselves)", call.position());
		}
		return process;
	}

	/** A process definition: {@code send(q) = ...}. */
	public record Process(String name, List<String> parameters, ProcessExpression body, Position position) {
	}

	/** {@code budget T < 5000}. */
	public record Budget(Expression limit, Position position) {
	}
}
