package org.perfcast.diagram.server;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.cost.IndexEnumeration;
import org.perfcast.model.program.Message;

/**
 * The messages one {@link Message} element stands for: one per combination of its index ranges that meets its
 * condition, with the parameters' defaults, each from one process to another with a size.
 */
public final class MessageInstances {

	/**
	 * One message.
	 *
	 * @param from  the sending process
	 * @param to    the receiving process
	 * @param bytes the size, or NaN if it does not evaluate
	 */
	public record Instance(long from, long to, double bytes) {
	}

	/**
	 * The instances of {@code message}, at most {@code limit} of them (more are dropped).
	 *
	 * @throws ExpressionException if a range, end or condition does not evaluate
	 */
	public static List<Instance> of(Message message, Scope scope, int limit) {
		List<Instance> out = new ArrayList<>();
		try {
			IndexEnumeration.forEach(message.getIndices(), message.getCondition(), scope, at -> {
				if (out.size() >= limit) {
					throw new Enough();
				}
				long from = Expressions.value(message.getFrom(), at).longValueExact();
				long to = Expressions.value(message.getTo(), at).longValueExact();
				double bytes;
				try {
					Value size = Expressions.value(message.getSize(), at);
					bytes = size.isNumber() ? size.toDouble() : Double.NaN;
				} catch (ExpressionException e) {
					bytes = Double.NaN;
				}
				out.add(new Instance(from, to, bytes));
			});
		} catch (Enough e) {
			// the limit is reached
		}
		return out;
	}

	/** Stops an enumeration at the limit. */
	private static final class Enough extends RuntimeException {
		private static final long serialVersionUID = 1L;

		Enough() {
			super(null, null, false, false);
		}
	}

	private MessageInstances() {
	}
}
