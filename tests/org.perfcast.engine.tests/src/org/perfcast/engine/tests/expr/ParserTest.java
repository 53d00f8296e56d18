package org.perfcast.engine.tests.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.Severity;
import org.perfcast.engine.expr.Builtin;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.ExpressionParser;
import org.perfcast.engine.expr.Position;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Token;
import org.perfcast.engine.expr.TokenCursor;

class ParserTest {

	@ParameterizedTest
	@CsvSource(delimiterString = " => ", quoteCharacter = '"', value = { //
			"a + b * c => (a + (b * c))", //
			"a - b - c => ((a - b) - c)", //
			"a / b * c => ((a / b) * c)", //
			"a * b mod c => ((a * b) mod c)", //
			"a mod b * c => ((a mod b) * c)", //
			"a + b mod c => (a + (b mod c))", //
			"(P + q - p) mod P => (((P + q) - p) mod P)", //
			"a ^ b ^ c => (a ^ (b ^ c))", //
			"-2^2 => (- (2 ^ 2))", //
			"2^-1 => (2 ^ (- 1))", //
			"2^-a^b => (2 ^ (- (a ^ b)))", //
			"-a * b => ((- a) * b)", //
			"a * -b => (a * (- b))", //
			"- - a => (- (- a))", //
			"a × b ÷ c => ((a * b) / c)", //
			"a + b < c * d => ((a + b) < (c * d))", //
			"a <= b and c > d or e != f => (((a <= b) and (c > d)) or (e != f))", //
			"a or b and c => (a or (b and c))", //
			"not a < b => (not (a < b))", //
			"!a && b || c => (((not a) and b) or c)", //
			"not not a => (not (not a))", //
			"a ? b : c ? d : e => (a ? b : (c ? d : e))", //
			"a ? b ? c : d : e => (a ? (b ? c : d) : e)", //
			"a or b ? c + 1 : d => ((a or b) ? (c + 1) : d)", //
			"a == b ? 1 : 0 => ((a == b) ? 1 : 0)", //
			"min(a, b + 1, c) * 2 => (min(a, (b + 1), c) * 2)", //
			"mod(a, b) mod c => (mod(a, b) mod c)", //
			"a mod (b) => (a mod b)", //
			"floor((a + b) / 2) => floor(((a + b) / 2))", //
			"b*(p + 1) - 1 => ((b * (p + 1)) - 1)", //
			"2.5e-6 * .5 => (2.5e-6 * .5)" })
	void testPrecedenceAndAssociativity(String source, String shape) {
		assertEquals(shape, Trees.shape(Expression.parse(source)));
	}

	@ParameterizedTest
	@CsvSource(delimiterString = " => ", quoteCharacter = '"', value = { //
			"(a+b)*c => (a + b) * c", //
			"((a)) => a", //
			"a-(b-c) => a - (b - c)", //
			"(a-b)-c => a - b - c", //
			"(a^b)^c => (a^b)^c", //
			"a^(b^c) => a^b^c", //
			"(-2)^2 => (-2)^2", //
			"-(2^2) => -2^2", //
			"-(a*b) => -(a * b)", //
			"2^(-1) => 2^-1", //
			"a*(-b) => a * -b", //
			"a - (-b) => a - -b", //
			"a/(b*c) => a / (b * c)", //
			"(a < b) == (c < d) => (a < b) == (c < d)", //
			"not (a and b) => not (a and b)", //
			"(not a) and b => not a and b", //
			"-(not a) => -(not a)", //
			"(a ? b : c) ? d : e => (a ? b : c) ? d : e", //
			"a ? (b ? c : d) : (e ? f : g) => a ? b ? c : d : e ? f : g", //
			"(a or b) and c => (a or b) and c", //
			"2^(a+1) => 2^(a + 1)", //
			"mod( a ,b ) => mod(a, b)", //
			"a×b÷c => a * b / c", //
			"a && !b || c => a and not b or c", //
			"MAX(1,2) + max(1, 2) => MAX(1, 2) + max(1, 2)" })
	void testCanonicalPrinting(String source, String printed) {
		Expression expression;
		try {
			expression = Expression.parse(source);
		} catch (ExpressionException e) {
			// MAX is not a function: names are case-sensitive
			assertEquals("unknown function 'MAX'", e.getMessage());
			return;
		}
		assertEquals(printed, expression.toString());
		assertEquals(printed, Expression.parse(printed).toString());
	}

	@Test
	void testNodesCarryTheirPositions() {
		Expression.Binary mod = assertInstanceOf(Expression.Binary.class, Expression.parse("(P + q - p)\n  mod P"));
		assertEquals(new Position(14, 2, 3, 3), mod.position());
		assertEquals(Expression.Binary.Operator.MOD, mod.operator());
		Expression.Binary minus = assertInstanceOf(Expression.Binary.class, mod.left());
		assertEquals(new Position(7, 1, 8, 1), minus.position());
		assertEquals(new Position(9, 1, 10, 1), ((Expression.Variable) minus.right()).position());
		assertEquals(new Position(18, 2, 7, 1), mod.right().position());

		Expression.Binary sum = assertInstanceOf(Expression.Binary.class, Expression.parse("1 + log2(N)"));
		Expression.Call call = assertInstanceOf(Expression.Call.class, sum.right());
		assertEquals(Builtin.LOG2, call.function());
		assertEquals(new Position(4, 1, 5, 4), call.position());
		Expression.Conditional conditional = assertInstanceOf(Expression.Conditional.class,
				Expression.parse("a ? 2.50 : b"));
		assertEquals(3, conditional.position().column());
		Expression.NumberLiteral literal = assertInstanceOf(Expression.NumberLiteral.class, conditional.whenTrue());
		assertEquals("2.50", literal.text());
		assertEquals("5/2", literal.value().toString());
		assertEquals(new Position(4, 1, 5, 4), literal.position());
	}

	@Test
	void testFreeVariablesInOrderOfFirstAppearance() {
		assertEquals(List.of("b", "p", "P", "q"), Expression.parse("b*(p + 1) - 1 + (P + q - p) mod P + b").freeVariables());
		assertEquals(List.of(), Expression.parse("min(1, 2) ^ 3").freeVariables());
		assertEquals(List.of("c", "x", "y"), Expression.parse("c ? max(x, 1) : -y").freeVariables());
	}

	/** A host grammar: "seq(i = a .. b)" with the range bounds parsed as expressions. */
	@Test
	void testParsingStopsWhereTheHostGrammarContinues() {
		TokenCursor tokens = TokenCursor.of("seq(k = 0 .. K-1) use(l[(p+k) mod P], t_l); x");
		assertEquals("seq", tokens.next().text());
		tokens.expect(Token.Kind.LEFT_PAREN, "'('");
		assertEquals("k", tokens.expect(Token.Kind.IDENTIFIER, "a name").text());
		tokens.expect(Token.Kind.ASSIGN, "'='");
		assertEquals("0", ExpressionParser.parse(tokens).toString());
		tokens.expect(Token.Kind.RANGE, "'..'");
		assertEquals("K - 1", ExpressionParser.parse(tokens).toString());
		tokens.expect(Token.Kind.RIGHT_PAREN, "')'");
		assertEquals("use", tokens.next().text());
		tokens.expect(Token.Kind.LEFT_PAREN, "'('");
		assertEquals("l", tokens.next().text());
		tokens.expect(Token.Kind.LEFT_BRACKET, "'['");
		assertEquals("(p + k) mod P", ExpressionParser.parse(tokens).toString());
		tokens.expect(Token.Kind.RIGHT_BRACKET, "']'");
		tokens.expect(Token.Kind.COMMA, "','");
		assertEquals("t_l", ExpressionParser.parse(tokens).toString());
		tokens.expect(Token.Kind.RIGHT_PAREN, "')'");
		assertEquals(Token.Kind.SEMICOLON, tokens.next().kind());
		assertEquals("x", ExpressionParser.parse(tokens).toString());
		assertEquals(Token.Kind.END, tokens.peek().kind());

		TokenCursor braces = TokenCursor.of("N = 60 { a }");
		braces.next();
		braces.next();
		assertEquals("60", ExpressionParser.parse(braces).toString());
		assertEquals(Token.Kind.LEFT_BRACE, braces.peek().kind());
	}

	@ParameterizedTest
	@CsvSource(delimiterString = " => ", quoteCharacter = '"', value = { //
			"(1, 2) => expected ')' but found ',' => 3 => expr.syntax", //
			"1 + => unexpected end of expression => 4 => expr.syntax", //
			"(1 + 2 => expected ')' but found end of input => 7 => expr.syntax", //
			"1 + $ => unexpected character '$' => 5 => expr.syntax", //
			"1 + * 2 => expected an expression but found '*' => 5 => expr.syntax", //
			"a b => expected end of expression but found 'b' => 3 => expr.syntax", //
			"a) => expected end of expression but found ')' => 2 => expr.syntax", //
			"a .. b => expected end of expression but found '..' => 3 => expr.syntax", //
			"a < b < c => comparisons cannot be chained: use 'and' or parentheses => 7 => expr.syntax", //
			"a == b != c => comparisons cannot be chained: use 'and' or parentheses => 8 => expr.syntax", //
			"a ? b => expected ':' but found end of input => 6 => expr.syntax", //
			"mod => expected an expression but found 'mod' => 1 => expr.syntax", //
			"a mod => unexpected end of expression => 6 => expr.syntax", //
			"1 + flor(2.5) => unknown function 'flor' => 5 => expr.unknownFunction", //
			"min(1, 2 3) => expected ',' or ')' but found '3' => 10 => expr.syntax", //
			"floor() => 'floor' takes 1 argument but got 0 => 1 => expr.arity", //
			"2 * floor(1, 2) => 'floor' takes 1 argument but got 2 => 5 => expr.arity", //
			"min(1) => 'min' takes at least 2 arguments but got 1 => 1 => expr.arity", //
			"mod(1, 2, 3) => 'mod' takes 2 arguments but got 3 => 1 => expr.arity", //
			"1e100000 => number 1e100000 would need more than 10000 bits => 1 => expr.tooLarge", //
			"x + 1e-5000 => number 1e-5000 would need more than 10000 bits => 5 => expr.tooLarge" })
	void testSyntaxErrors(String source, String message, int column, String code) {
		ExpressionException e = assertThrows(ExpressionException.class, () -> Expression.parse(source));
		assertEquals(message, e.getMessage());
		assertEquals(1, e.line());
		assertEquals(column, e.column());
		assertEquals(code, e.kind().code());
	}

	@Test
	void testEmptyAndArgumentlessInput() {
		ExpressionException empty = assertThrows(ExpressionException.class, () -> Expression.parse("  # nothing"));
		assertEquals("unexpected end of expression", empty.getMessage());
		assertEquals(12, empty.column());
		ExpressionException max = assertThrows(ExpressionException.class, () -> Expression.parse("max()"));
		assertEquals("'max' takes at least 2 arguments but got 0", max.getMessage());
		assertEquals(1, max.column());
	}

	@Test
	void testMultiLineErrorAndDiagnostic() {
		ExpressionException e = assertThrows(ExpressionException.class,
				() -> Expression.parse("b * (p + 1)   # block end\n  - ceil(N / P\n  , 2)"));
		assertEquals("'ceil' takes 1 argument but got 2", e.getMessage());
		assertEquals(2, e.line());
		assertEquals(5, e.column());
		assertEquals(4, e.length());
		Diagnostic d = e.toDiagnostic("matvec.program");
		assertEquals(new Diagnostic(Severity.ERROR, "'ceil' takes 1 argument but got 2",
				new Location.TextLocation("matvec.program", 2, 5, 4), "expr.arity"), d);
		assertEquals("matvec.program:2:5: error: 'ceil' takes 1 argument but got 2", d.toString());

		ExpressionException missing = assertThrows(ExpressionException.class, () -> Expression.parse("(a +\n b\n"));
		assertEquals("expected ')' but found end of input", missing.getMessage());
		assertEquals(3, missing.line());
		assertEquals(1, missing.column());
	}

	@Test
	void testUnpositionedExceptionBecomesFileDiagnostic() {
		ExpressionException e = new ExpressionException(ExpressionException.Kind.DOMAIN, "division by zero");
		assertEquals(0, e.line());
		assertEquals("m.machine: error: division by zero", e.toDiagnostic("m.machine").toString());
		ExpressionException located = e.at(new Position(3, 1, 4, 1));
		assertEquals(4, located.column());
		assertEquals(located, located.at(new Position(0, 1, 1, 1)));
	}

	@ParameterizedTest
	@ValueSource(ints = { 99, 10_000 })
	void testDeepParenthesesParseOrFailClearly(int depth) {
		String source = "(".repeat(depth) + "x" + ")".repeat(depth);
		if (depth < ExpressionParser.MAX_NESTING) {
			assertEquals("x", Expression.parse(source).toString());
			return;
		}
		ExpressionException e = assertThrows(ExpressionException.class, () -> Expression.parse(source));
		assertEquals("expression is nested too deeply (more than 100 levels)", e.getMessage());
		assertEquals(101, e.column());
		assertEquals("expr.tooLarge", e.kind().code());
	}

	@ParameterizedTest
	@ValueSource(strings = { "-", "not ", "2^", "abs(", "a ? b : ", "min(1, " })
	void testDeepPrefixChainsFailClearly(String prefix) {
		ExpressionException e = assertThrows(ExpressionException.class,
				() -> Expression.parse(prefix.repeat(10_000) + "1"));
		assertEquals("expression is nested too deeply (more than 100 levels)", e.getMessage());
	}

	@Test
	void testLongSumsParseUpToTheLimit() {
		Expression sum = Expression.parse("1" + " + 1".repeat(ExpressionParser.MAX_DEPTH - 1));
		assertEquals("1000", sum.evaluate(Scope.EMPTY).toString());
		assertEquals(sum.toString(), Expression.parse(sum.toString()).toString());
		Expression power = Expression.parse("2" + "^1".repeat(ExpressionParser.MAX_NESTING - 1));
		assertEquals("2", power.evaluate(Scope.EMPTY).toString());
		ExpressionException e = assertThrows(ExpressionException.class,
				() -> Expression.parse("1" + " - 1".repeat(10_000)));
		assertEquals("expression is too deep (more than 1000 nested operations)", e.getMessage());
		assertEquals("expr.tooLarge", e.kind().code());
	}
}
