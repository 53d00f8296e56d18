package org.perfcast.engine.expr;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import org.eclipse.jdt.annotation.NonNull;

/**
 * An arithmetic or logical expression over named parameters, as parsed from text such as
 * {@code (P + q - p) mod P}: a syntax tree whose nodes carry their source position.
 * <p>
 * {@code toString()} prints the canonical form: re-parseable, with the fewest parentheses the precedences
 * allow and spaces around binary operators other than '^'.
 */
public sealed interface Expression {

	/**
	 * Parses {@code source}, which must hold exactly one expression.
	 *
	 * @throws ExpressionException with the position of the first error
	 */
	static Expression parse(String source) {
		TokenCursor tokens = TokenCursor.of(source);
		Expression expression = ExpressionParser.parse(tokens);
		Token rest = tokens.peek();
		if (!rest.is(Token.Kind.END)) {
			throw TokenCursor.error("expected end of expression but found " + rest.describe(), rest);
		}
		return expression;
	}

	/**
	 * The source position of the node: the token of a literal or name, the operator of an operation, the name
	 * of a call, the '?' of a conditional. Evaluation errors point there.
	 */
	Position position();

	/**
	 * The value of the expression with its names bound by {@code scope}. Only the taken branch of a
	 * conditional, and only the needed operand of {@code and} and {@code or}, are evaluated.
	 *
	 * @throws ExpressionException at the node that failed: an unbound name, a value of the wrong type, an
	 *                             operation outside its domain
	 */
	Value evaluate(Scope scope);

	/** The names the expression uses, in order of first appearance. */
	default List<String> freeVariables() {
		Set<String> names = new LinkedHashSet<>();
		collectNames(this, names);
		return List.copyOf(names);
	}

	private static void collectNames(Expression expression, Set<String> names) {
		if (expression instanceof Variable v) {
			names.add(v.name());
		}
		for (Expression child : children(expression)) {
			collectNames(child, names);
		}
	}

	/**
	 * A number as written, with its exact value.
	 *
	 * @param text  the literal as written, e.g. "2.5e-6"
	 * @param value its exact value
	 * @param position where it is; see {@link Expression#position()}
	 */
	record NumberLiteral(String text, Rational value, @NonNull Position position) implements Expression {

		public NumberLiteral {
			Objects.requireNonNull(text, "text");
			Objects.requireNonNull(value, "value");
			Objects.requireNonNull(position, "position");
		}

		@Override
		public Value evaluate(Scope scope) {
			return value;
		}

		@Override
		public String toString() {
			return text;
		}
	}

	/**
	 * A reference to a named parameter.
	 *
	 * @param name the parameter's name
	 * @param position where it is; see {@link Expression#position()}
	 */
	record Variable(String name, @NonNull Position position) implements Expression {

		public Variable {
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(position, "position");
		}

		@Override
		public Value evaluate(Scope scope) {
			Value value = scope.lookup(name);
			if (value == null) {
				throw new ExpressionException(ExpressionException.Kind.UNBOUND, "unbound parameter '" + name + "'",
						position);
			}
			return value;
		}

		@Override
		public String toString() {
			return name;
		}
	}

	/**
	 * A prefix operator applied to an operand.
	 *
	 * @param operator the operator
	 * @param operand  the operand
	 * @param position where it is; see {@link Expression#position()}
	 */
	record Unary(Operator operator, Expression operand, @NonNull Position position) implements Expression {

		/** The prefix operators. */
		public enum Operator {
			/** Arithmetic negation, "-x". */
			NEGATE("-", Printer.NEGATE),
			/** Logical negation, "not x" (also written "!x"). */
			NOT("not", Printer.NOT);

			private final String symbol;
			private final int precedence;

			Operator(String symbol, int precedence) {
				this.symbol = symbol;
				this.precedence = precedence;
			}

			/** The operator as printed. */
			public String symbol() {
				return symbol;
			}

			/** How tightly it binds; higher binds tighter. The precedence table is in the package documentation. */
			public int precedence() {
				return precedence;
			}

			/** Applies the operator; errors carry no position. */
			public Value apply(Value operand) {
				return switch (this) {
					case NEGATE -> operand.negate();
					case NOT -> Value.of(!operand.toBoolean());
				};
			}
		}

		public Unary {
			Objects.requireNonNull(operator, "operator");
			Objects.requireNonNull(operand, "operand");
			Objects.requireNonNull(position, "position");
		}

		@Override
		public Value evaluate(Scope scope) {
			Value value = operand.evaluate(scope);
			try {
				return operator.apply(value);
			} catch (ExpressionException e) {
				throw e.at(position);
			}
		}

		@Override
		public String toString() {
			return Printer.print(this);
		}
	}

	/**
	 * An infix operator applied to two operands.
	 *
	 * @param operator the operator
	 * @param left     the left operand
	 * @param right    the right operand
	 * @param position where it is; see {@link Expression#position()}
	 */
	record Binary(Operator operator, Expression left, Expression right, @NonNull Position position)
			implements Expression {

		/** The infix operators. */
		public enum Operator {
			/** Logical "or" (also "||"). */
			OR("or", Printer.OR),
			/** Logical "and" (also "&amp;&amp;"). */
			AND("and", Printer.AND),
			/** "&lt;". */
			LESS("<", Printer.COMPARISON),
			/** "&lt;=". */
			LESS_EQUAL("<=", Printer.COMPARISON),
			/** "&gt;". */
			GREATER(">", Printer.COMPARISON),
			/** "&gt;=". */
			GREATER_EQUAL(">=", Printer.COMPARISON),
			/** "==", of two numbers or two booleans. */
			EQUAL("==", Printer.COMPARISON),
			/** "!=", of two numbers or two booleans. */
			NOT_EQUAL("!=", Printer.COMPARISON),
			/** "+". */
			ADD("+", Printer.ADDITIVE),
			/** "-". */
			SUBTRACT("-", Printer.ADDITIVE),
			/** "*" (also "×"). */
			MULTIPLY("*", Printer.MULTIPLICATIVE),
			/** "/" (also "÷"). */
			DIVIDE("/", Printer.MULTIPLICATIVE),
			/** "mod", with the sign of the divisor. */
			MOD("mod", Printer.MULTIPLICATIVE),
			/** "^", right-associative. */
			POWER("^", Printer.POWER);

			private final String symbol;
			private final int precedence;

			Operator(String symbol, int precedence) {
				this.symbol = symbol;
				this.precedence = precedence;
			}

			/** The operator as printed. */
			public String symbol() {
				return symbol;
			}

			/** How tightly it binds; higher binds tighter. The precedence table is in the package documentation. */
			public int precedence() {
				return precedence;
			}

			/** Applies the operator to two values, both evaluated; errors carry no position. */
			public Value apply(Value left, Value right) {
				return switch (this) {
					case OR -> Value.of(left.toBoolean() | right.toBoolean());
					case AND -> Value.of(left.toBoolean() & right.toBoolean());
					case LESS -> Value.of(left.compare(right) < 0);
					case LESS_EQUAL -> Value.of(left.compare(right) <= 0);
					case GREATER -> Value.of(left.compare(right) > 0);
					case GREATER_EQUAL -> Value.of(left.compare(right) >= 0);
					case EQUAL -> Value.of(left.sameAs(right));
					case NOT_EQUAL -> Value.of(!left.sameAs(right));
					case ADD -> left.add(right);
					case SUBTRACT -> left.subtract(right);
					case MULTIPLY -> left.multiply(right);
					case DIVIDE -> left.divide(right);
					case MOD -> left.mod(right);
					case POWER -> left.power(right);
				};
			}
		}

		public Binary {
			Objects.requireNonNull(operator, "operator");
			Objects.requireNonNull(left, "left");
			Objects.requireNonNull(right, "right");
			Objects.requireNonNull(position, "position");
		}

		@Override
		public Value evaluate(Scope scope) {
			Value l = left.evaluate(scope);
			try {
				// and/or skip the right operand when the left one decides
				if ((operator == Operator.AND || operator == Operator.OR) && l.toBoolean() == (operator == Operator.OR)) {
					return l;
				}
				return operator.apply(l, right.evaluate(scope));
			} catch (ExpressionException e) {
				throw e.at(position);
			}
		}

		@Override
		public String toString() {
			return Printer.print(this);
		}
	}

	/**
	 * A call of a built-in function.
	 *
	 * @param function  the function
	 * @param arguments the arguments, as many as the function takes
	 * @param position where it is; see {@link Expression#position()}
	 */
	record Call(Builtin function, List<Expression> arguments, @NonNull Position position) implements Expression {

		/**
		 * @throws ExpressionException of kind {@link ExpressionException.Kind#ARITY}, without a position, if the
		 *                             function does not take that many arguments
		 */
		public Call {
			Objects.requireNonNull(function, "function");
			arguments = List.copyOf(arguments);
			Objects.requireNonNull(position, "position");
			function.checkArity(arguments.size());
		}

		@Override
		public Value evaluate(Scope scope) {
			Value[] values = new Value[arguments.size()];
			for (int i = 0; i < values.length; i++) {
				values[i] = arguments.get(i).evaluate(scope);
			}
			try {
				return function.contextual() ? scope.call(function, values) : function.apply(values);
			} catch (ExpressionException e) {
				throw e.at(position);
			}
		}

		@Override
		public String toString() {
			return Printer.print(this);
		}
	}

	/**
	 * {@code condition ? whenTrue : whenFalse}.
	 *
	 * @param condition a boolean expression
	 * @param whenTrue  the value if it holds
	 * @param whenFalse the value otherwise
	 * @param position where it is; see {@link Expression#position()}
	 */
	record Conditional(Expression condition, Expression whenTrue, Expression whenFalse, @NonNull Position position)
			implements Expression {

		public Conditional {
			Objects.requireNonNull(condition, "condition");
			Objects.requireNonNull(whenTrue, "whenTrue");
			Objects.requireNonNull(whenFalse, "whenFalse");
			Objects.requireNonNull(position, "position");
		}

		@Override
		public Value evaluate(Scope scope) {
			Value test = condition.evaluate(scope);
			boolean holds;
			try {
				holds = test.toBoolean();
			} catch (ExpressionException e) {
				throw e.at(position);
			}
			return (holds ? whenTrue : whenFalse).evaluate(scope);
		}

		@Override
		public String toString() {
			return Printer.print(this);
		}
	}

	/** The direct subexpressions of {@code expression}, left to right. */
	static List<Expression> children(Expression expression) {
		return switch (expression) {
			case NumberLiteral n -> List.of();
			case Variable v -> List.of();
			case Unary u -> List.of(u.operand());
			case Binary b -> List.of(b.left(), b.right());
			case Call c -> c.arguments();
			case Conditional c -> List.of(c.condition(), c.whenTrue(), c.whenFalse());
		};
	}
}
