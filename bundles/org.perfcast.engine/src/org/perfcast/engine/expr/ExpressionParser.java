package org.perfcast.engine.expr;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.expr.Expression.Binary;
import org.perfcast.engine.expr.Expression.Call;
import org.perfcast.engine.expr.Expression.Conditional;
import org.perfcast.engine.expr.Expression.NumberLiteral;
import org.perfcast.engine.expr.Expression.Unary;
import org.perfcast.engine.expr.Expression.Variable;

/**
 * A recursive-descent parser of one expression from a {@link TokenCursor}, for {@link Expression#parse(String)}
 * and for host languages that embed expressions. The grammar and precedences are in the package
 * documentation.
 * <p>
 * Parsing stops at the first token that cannot continue the expression ({@code ..}, {@code )}, {@code ,},
 * {@code ;}, {@code =}, a brace, a bracket, the end, ...) and leaves it to the caller. Expressions nested more
 * than {@value #MAX_NESTING} levels deep, or whose tree is more than {@value #MAX_DEPTH} levels deep (a sum of
 * that many terms), are refused, so that neither parsing nor evaluation can overflow the stack.
 */
public final class ExpressionParser {

	/** The deepest nesting of parentheses, calls, prefix operators, exponents and conditionals accepted. */
	public static final int MAX_NESTING = 100;

	/** The greatest depth of a syntax tree accepted. */
	public static final int MAX_DEPTH = 1000;

	private final TokenCursor tokens;
	/** How many parentheses, calls, prefix operators, exponents and conditionals enclose the current token. */
	private int nesting;

	private ExpressionParser(TokenCursor tokens) {
		this.tokens = tokens;
	}

	/**
	 * Parses one expression from {@code tokens}, leaving the cursor at the first token after it.
	 *
	 * @throws ExpressionException with the position of the first error
	 */
	public static Expression parse(TokenCursor tokens) {
		Expression expression = new ExpressionParser(tokens).conditional();
		checkDepth(expression);
		return expression;
	}

	// conditional := or ('?' conditional ':' conditional)?
	private Expression conditional() {
		enter();
		Expression result = or();
		if (tokens.at(Token.Kind.QUESTION)) {
			Token question = tokens.next();
			Expression whenTrue = conditional();
			tokens.expect(Token.Kind.COLON, "':'");
			Expression whenFalse = conditional();
			result = new Conditional(result, whenTrue, whenFalse, question.position());
		}
		nesting--;
		return result;
	}

	// or := and (('or' | '||') and)*
	private Expression or() {
		Expression left = and();
		while (tokens.at(Token.Kind.OR)) {
			Token operator = tokens.next();
			left = new Binary(Binary.Operator.OR, left, and(), operator.position());
		}
		return left;
	}

	// and := not (('and' | '&&') not)*
	private Expression and() {
		Expression left = not();
		while (tokens.at(Token.Kind.AND)) {
			Token operator = tokens.next();
			left = new Binary(Binary.Operator.AND, left, not(), operator.position());
		}
		return left;
	}

	// not := ('not' | '!') not | comparison
	private Expression not() {
		if (!tokens.at(Token.Kind.NOT)) {
			return comparison();
		}
		Token operator = tokens.next();
		enter();
		Expression operand = not();
		nesting--;
		return new Unary(Unary.Operator.NOT, operand, operator.position());
	}

	// comparison := additive (('<' | '<=' | '>' | '>=' | '==' | '!=') additive)?
	private Expression comparison() {
		Expression left = additive();
		Binary.Operator operator = comparisonOperator(tokens.peek());
		if (operator == null) {
			return left;
		}
		Token token = tokens.next();
		Expression result = new Binary(operator, left, additive(), token.position());
		Token next = tokens.peek();
		if (comparisonOperator(next) != null) {
			throw TokenCursor.error("comparisons cannot be chained: use 'and' or parentheses", next);
		}
		return result;
	}

	// additive := multiplicative (('+' | '-') multiplicative)*
	private Expression additive() {
		Expression left = multiplicative();
		while (tokens.at(Token.Kind.PLUS) || tokens.at(Token.Kind.MINUS)) {
			Token operator = tokens.next();
			Binary.Operator op = operator.is(Token.Kind.PLUS) ? Binary.Operator.ADD : Binary.Operator.SUBTRACT;
			left = new Binary(op, left, multiplicative(), operator.position());
		}
		return left;
	}

	// multiplicative := unary (('*' | '/' | 'mod') unary)*
	private Expression multiplicative() {
		Expression left = unary();
		while (true) {
			Binary.Operator op = switch (tokens.peek().kind()) {
				case STAR -> Binary.Operator.MULTIPLY;
				case SLASH -> Binary.Operator.DIVIDE;
				case MOD -> Binary.Operator.MOD;
				default -> null;
			};
			// after an operand, "mod (" is the operator, not a call
			if (op == null) {
				return left;
			}
			Token operator = tokens.next();
			left = new Binary(op, left, unary(), operator.position());
		}
	}

	// unary := '-' unary | power
	private Expression unary() {
		if (!tokens.at(Token.Kind.MINUS)) {
			return power();
		}
		Token operator = tokens.next();
		enter();
		Expression operand = unary();
		nesting--;
		return new Unary(Unary.Operator.NEGATE, operand, operator.position());
	}

	// power := primary ('^' unary)?
	private Expression power() {
		Expression base = primary();
		if (!tokens.at(Token.Kind.CARET)) {
			return base;
		}
		Token operator = tokens.next();
		enter();
		Expression exponent = unary();
		nesting--;
		return new Binary(Binary.Operator.POWER, base, exponent, operator.position());
	}

	// primary := NUMBER | IDENTIFIER | IDENTIFIER '(' arguments ')' | 'mod' '(' arguments ')' | '(' conditional ')'
	private Expression primary() {
		Token token = tokens.peek();
		switch (token.kind()) {
			case NUMBER -> {
				tokens.next();
				try {
					return new NumberLiteral(token.text(), Rational.parse(token.text()), token.position());
				} catch (ExpressionException e) {
					throw e.at(token.position());
				}
			}
			case IDENTIFIER, MOD -> {
				if (tokens.peek(1).is(Token.Kind.LEFT_PAREN)) {
					return call();
				}
				if (token.is(Token.Kind.IDENTIFIER)) {
					tokens.next();
					return new Variable(token.text(), token.position());
				}
			}
			case LEFT_PAREN -> {
				tokens.next();
				Expression inner = conditional();
				tokens.expect(Token.Kind.RIGHT_PAREN, "')'");
				return inner;
			}
			case END -> throw TokenCursor.error("unexpected end of expression", token);
			default -> {
				// reported below
			}
		}
		throw TokenCursor.error("expected an expression but found " + token.describe(), token);
	}

	private Expression call() {
		Token name = tokens.next();
		Builtin function = Builtin.lookup(name.text()).orElseThrow(() -> new ExpressionException(
				ExpressionException.Kind.UNKNOWN_FUNCTION, "unknown function '" + name.text() + "'", name.position()));
		tokens.next();
		List<Expression> arguments = new ArrayList<>();
		if (!tokens.at(Token.Kind.RIGHT_PAREN)) {
			do {
				arguments.add(conditional());
			} while (tokens.accept(Token.Kind.COMMA));
		}
		tokens.expect(Token.Kind.RIGHT_PAREN, arguments.isEmpty() ? "')'" : "',' or ')'");
		try {
			return new Call(function, arguments, name.position());
		} catch (ExpressionException e) {
			throw e.at(name.position());
		}
	}

	private void enter() {
		if (++nesting > MAX_NESTING) {
			throw new ExpressionException(ExpressionException.Kind.TOO_LARGE,
					"expression is nested too deeply (more than " + MAX_NESTING + " levels)", tokens.peek().position());
		}
	}

	private static Binary.@Nullable Operator comparisonOperator(Token token) {
		return switch (token.kind()) {
			case LESS -> Binary.Operator.LESS;
			case LESS_EQUAL -> Binary.Operator.LESS_EQUAL;
			case GREATER -> Binary.Operator.GREATER;
			case GREATER_EQUAL -> Binary.Operator.GREATER_EQUAL;
			case EQUAL -> Binary.Operator.EQUAL;
			case NOT_EQUAL -> Binary.Operator.NOT_EQUAL;
			default -> null;
		};
	}

	/** Refuses trees deeper than {@link #MAX_DEPTH}, such as very long sums, without recursing. */
	private static void checkDepth(Expression root) {
		Deque<Expression> nodes = new ArrayDeque<>();
		Deque<Integer> depths = new ArrayDeque<>();
		nodes.push(root);
		depths.push(1);
		while (!nodes.isEmpty()) {
			Expression node = nodes.pop();
			int level = depths.pop();
			if (level > MAX_DEPTH) {
				throw new ExpressionException(ExpressionException.Kind.TOO_LARGE,
						"expression is too deep (more than " + MAX_DEPTH + " nested operations)", node.position());
			}
			for (Expression child : Expression.children(node)) {
				nodes.push(child);
				depths.push(level + 1);
			}
		}
	}
}
