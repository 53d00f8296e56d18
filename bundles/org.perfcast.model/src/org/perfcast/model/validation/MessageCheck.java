package org.perfcast.model.validation;

import java.util.List;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.program.Message;
import org.perfcast.model.program.ProgramPackage;

/**
 * Enumerates the messages one {@link Message} generates over its index ranges, with the parameters'
 * defaults, and checks that each goes from and to an existing process with a size that is not negative.
 * Stops after {@link PerfcastValidator#MESSAGE_CHECK_LIMIT} messages and after the first problem of each kind.
 */
final class MessageCheck {

	private final PerfcastValidator.Check check;
	private final Message message;
	private final String[] indices;
	private final List<Expression[]> ranges;
	private final Expression from;
	private final Expression to;
	private final Expression size;
	private final Expression condition;
	private final long processes;
	private long generated;
	private boolean reportedFrom;
	private boolean reportedTo;
	private boolean reportedSize;
	private boolean stopped;

	MessageCheck(PerfcastValidator.Check check, Message message, String[] indices, List<Expression[]> ranges,
			Expression from, Expression to, Expression size, Expression condition, long processes) {
		this.check = check;
		this.message = message;
		this.indices = indices;
		this.ranges = ranges;
		this.from = from;
		this.to = to;
		this.size = size;
		this.condition = condition;
		this.processes = processes;
	}

	void run() {
		try {
			enumerate(0, check.scope());
		} catch (ExpressionException e) {
			if (e.kind() != ExpressionException.Kind.UNBOUND) {
				check.error(ProgramPackage.Literals.MESSAGE__FROM, PerfcastValidator.EVALUATION, "message " + name() + ": "
						+ e.getMessage());
			}
		}
	}

	private void enumerate(int level, Scope scope) {
		if (stopped) {
			return;
		}
		if (level == indices.length) {
			one(scope);
			return;
		}
		long low = ranges.get(level)[0].evaluate(scope).longValueExact();
		long high = ranges.get(level)[1].evaluate(scope).longValueExact();
		for (long i = low; i <= high && !stopped; i++) {
			enumerate(level + 1, scope.with(indices[level], Rational.of(i)));
		}
	}

	private void one(Scope scope) {
		if (++generated > PerfcastValidator.MESSAGE_CHECK_LIMIT) {
			stopped = true;
			return;
		}
		if (condition != null && !condition.evaluate(scope).toBoolean()) {
			return;
		}
		Value source = from.evaluate(scope);
		Value target = to.evaluate(scope);
		if (!reportedFrom && outside(source)) {
			reportedFrom = true;
			check.error(ProgramPackage.Literals.MESSAGE__FROM, PerfcastValidator.MISSING_PROCESS, "from: message " + name()
					+ " comes from the missing process " + source.format() + where(scope) + "; processes are 0 .. "
					+ (processes - 1));
		}
		if (!reportedTo && outside(target)) {
			reportedTo = true;
			check.error(ProgramPackage.Literals.MESSAGE__TO, PerfcastValidator.MISSING_PROCESS, "to: message " + name()
					+ " goes to the missing process " + target.format() + where(scope) + "; processes are 0 .. "
					+ (processes - 1));
		}
		if (size != null && !reportedSize) {
			Value bytes = size.evaluate(scope);
			if (!bytes.isNumber() || bytes.toDouble() < 0) {
				reportedSize = true;
				check.error(ProgramPackage.Literals.MESSAGE__SIZE, PerfcastValidator.NEGATIVE, "size: message " + name()
						+ " has the size " + bytes.format() + where(scope) + "; sizes must be numbers of at least 0");
			}
		}
	}

	private boolean outside(Value process) {
		return !process.isInteger() || process.toDouble() < 0 || process.toDouble() >= processes;
	}

	private String where(Scope scope) {
		if (indices.length == 0) {
			return "";
		}
		StringBuilder text = new StringBuilder(" for ");
		for (int i = 0; i < indices.length; i++) {
			text.append(i == 0 ? "" : ", ").append(indices[i]).append(" = ").append(scope.lookup(indices[i]).format());
		}
		return text.toString();
	}

	private String name() {
		return message.getName() == null ? "" : "'" + message.getName() + "'";
	}
}
