package org.perfcast.engine.expr;

import java.util.stream.Collectors;

import org.perfcast.engine.expr.Expression.Binary;
import org.perfcast.engine.expr.Expression.Call;
import org.perfcast.engine.expr.Expression.Conditional;
import org.perfcast.engine.expr.Expression.Unary;

/** Prints expressions in canonical form, with the fewest parentheses the precedences allow. */
final class Printer {

	/** Precedence levels, loosest first. */
	static final int CONDITIONAL = 1;
	static final int OR = 2;
	static final int AND = 3;
	static final int NOT = 4;
	static final int COMPARISON = 5;
	static final int ADDITIVE = 6;
	static final int MULTIPLICATIVE = 7;
	static final int NEGATE = 8;
	static final int POWER = 9;
	static final int ATOM = 10;

	private Printer() {
	}

	static String print(Expression expression) {
		StringBuilder out = new StringBuilder();
		print(expression, out);
		return out.toString();
	}

	private static void print(Expression expression, StringBuilder out) {
		switch (expression) {
			case Unary u -> {
				out.append(u.operator().symbol());
				if (u.operator() == Unary.Operator.NOT) {
					out.append(' ');
				}
				operand(u.operand(), u.operator().precedence(), out);
			}
			case Binary b -> {
				int level = b.operator().precedence();
				// '^' is right-associative and takes a signed exponent; comparisons do not chain
				int leftLevel = level == POWER ? ATOM : level == COMPARISON ? level + 1 : level;
				int rightLevel = level == POWER ? NEGATE : level + 1;
				operand(b.left(), leftLevel, out);
				out.append(level == POWER ? "^" : " " + b.operator().symbol() + " ");
				operand(b.right(), rightLevel, out);
			}
			case Call c -> out.append(c.function().functionName()).append('(')
					.append(c.arguments().stream().map(Printer::print).collect(Collectors.joining(", "))).append(')');
			case Conditional c -> {
				operand(c.condition(), OR, out);
				out.append(" ? ");
				operand(c.whenTrue(), CONDITIONAL, out);
				out.append(" : ");
				operand(c.whenFalse(), CONDITIONAL, out);
			}
			default -> out.append(expression);
		}
	}

	/** Prints {@code operand}, in parentheses if it binds more loosely than {@code level}. */
	private static void operand(Expression operand, int level, StringBuilder out) {
		boolean parenthesize = level(operand) < level;
		if (parenthesize) {
			out.append('(');
		}
		print(operand, out);
		if (parenthesize) {
			out.append(')');
		}
	}

	private static int level(Expression expression) {
		return switch (expression) {
			case Unary u -> u.operator().precedence();
			case Binary b -> b.operator().precedence();
			case Conditional c -> CONDITIONAL;
			default -> ATOM;
		};
	}
}
