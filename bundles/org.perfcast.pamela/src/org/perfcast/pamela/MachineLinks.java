package org.perfcast.pamela;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Scope;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.Mesh;
import org.perfcast.model.routing.Network;
import org.perfcast.model.routing.NetworkLink;

/**
 * The links of a {@code *.machine} model's topology as one PAMELA resource array: element k is the link
 * with id k of the machine's {@link Network} for the evaluated processor count, named as the network names
 * it ({@code l[3]} on a unidirectional ring, {@code l[0->1]} on a linear array, {@code bus}).
 *
 * @param machine the loaded machine
 * @param file    how messages name the machine file
 */
public record MachineLinks(Machine machine, String file) {

	/** The network for the processor count (and a mesh's rows and columns) evaluated in {@code scope}. */
	public Network network(Scope scope) {
		int processors = evaluate(machine.getProcessorCount(), "processorCount", scope);
		try {
			if (machine.getTopology() instanceof Mesh mesh) {
				return Network.of(mesh, processors, evaluate(mesh.getRows(), "rows", scope),
						evaluate(mesh.getColumns(), "columns", scope));
			}
			if (machine.getTopology() == null) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, file + " has no topology");
			}
			return Network.of(machine.getTopology(), processors);
		} catch (IllegalArgumentException e) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, file + ": " + e.getMessage());
		}
	}

	/** The names of the links, by id. */
	List<String> names(Scope scope) {
		return network(scope).links().stream().map(NetworkLink::name).toList();
	}

	private int evaluate(@Nullable String text, String what, Scope scope) {
		if (text == null || text.isBlank()) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, file + ": the machine has no " + what);
		}
		try {
			long value = Expression.parse(text).evaluate(scope).longValueExact();
			if (value > 1_000_000) {
				throw new ExpressionException(ExpressionException.Kind.TOO_LARGE, value + " is too many");
			}
			return (int) value;
		} catch (ExpressionException e) {
			throw new ExpressionException(e.kind(), file + ": " + what + " '" + text + "': " + e.getMessage());
		}
	}
}
