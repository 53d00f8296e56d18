package org.perfcast.engine.tests.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Lexer;
import org.perfcast.engine.expr.Token;
import org.perfcast.engine.expr.Token.Kind;
import org.perfcast.engine.expr.TokenCursor;

class LexerTest {

	/** The tokens of {@code source} as "KIND:text" separated by spaces, without the final END. */
	private static String kinds(String source) {
		List<Token> tokens = Lexer.tokenize(source);
		assertEquals(Kind.END, tokens.get(tokens.size() - 1).kind());
		return tokens.subList(0, tokens.size() - 1).stream().map(t -> t.kind() + ":" + t.text())
				.collect(Collectors.joining(" "));
	}

	@ParameterizedTest
	@CsvSource(delimiterString = " => ", quoteCharacter = '"', value = { //
			"0..5 => NUMBER:0 RANGE:.. NUMBER:5", //
			"0 .. b-1 => NUMBER:0 RANGE:.. IDENTIFIER:b MINUS:- NUMBER:1", //
			"1.5..2 => NUMBER:1.5 RANGE:.. NUMBER:2", //
			"2.5e-6 .5 7. 1E3 => NUMBER:2.5e-6 NUMBER:.5 NUMBER:7. NUMBER:1E3", //
			"a×b÷c−d => IDENTIFIER:a STAR:× IDENTIFIER:b SLASH:÷ IDENTIFIER:c MINUS:− IDENTIFIER:d", //
			"x mod y and not z or w => IDENTIFIER:x MOD:mod IDENTIFIER:y AND:and NOT:not IDENTIFIER:z OR:or IDENTIFIER:w", //
			"a&&b||!c => IDENTIFIER:a AND:&& IDENTIFIER:b OR:|| NOT:! IDENTIFIER:c", //
			"< <= > >= == != = => LESS:< LESS_EQUAL:<= GREATER:> GREATER_EQUAL:>= EQUAL:== NOT_EQUAL:!= ASSIGN:=", //
			"{ } [ ] ; , ? : ( ) ^ => LEFT_BRACE:{ RIGHT_BRACE:} LEFT_BRACKET:[ RIGHT_BRACKET:] SEMICOLON:; COMMA:, "
					+ "QUESTION:? COLON:: LEFT_PAREN:( RIGHT_PAREN:) CARET:^", //
			"modulo t_l2 _x => IDENTIFIER:modulo IDENTIFIER:t_l2 IDENTIFIER:_x", //
			"l[(p+k) mod P] # the link => IDENTIFIER:l LEFT_BRACKET:[ LEFT_PAREN:( IDENTIFIER:p PLUS:+ IDENTIFIER:k "
					+ "RIGHT_PAREN:) MOD:mod IDENTIFIER:P RIGHT_BRACKET:]" })
	void testTokens(String source, String expected) {
		assertEquals(expected, kinds(source));
	}

	@Test
	void testPositionsAcrossLinesAndComments() {
		List<Token> tokens = Lexer.tokenize("a # comment + b\r\n  bb\n\n\t..c");
		assertEquals(List.of("a 0 1 1", "bb 19 2 3", ".. 24 4 2", "c 26 4 4", " 27 4 5"),
				tokens.stream().map(t -> t.text() + " " + t.offset() + " " + t.line() + " " + t.column()).toList());
		assertEquals(2, tokens.get(2).position().length());
		assertEquals("end of input", tokens.get(4).describe());
		assertEquals("'bb'", tokens.get(1).describe());
	}

	@ParameterizedTest
	@CsvSource(delimiterString = " => ", quoteCharacter = '"', value = { //
			"x.y => unexpected character '.' => 2", //
			"1 + $ => unexpected character '$' => 5", //
			"a & b => unexpected character '&' => 3", //
			"a | b => unexpected character '|' => 3", //
			"2e => malformed number '2e' => 1", //
			"1e+x => malformed number '1e+' => 1", //
			"2x => malformed number '2x' => 1", //
			"1.2.3 => malformed number '1.2.' => 1", //
			"é => unexpected character 'é' => 1" })
	void testErrors(String source, String message, int column) {
		ExpressionException e = assertThrows(ExpressionException.class, () -> Lexer.tokenize(source));
		assertEquals(message, e.getMessage());
		assertEquals(column, e.column());
		assertEquals(1, e.line());
		assertEquals(ExpressionException.Kind.SYNTAX, e.kind());
	}

	@Test
	void testErrorOnLaterLine() {
		ExpressionException e = assertThrows(ExpressionException.class, () -> Lexer.tokenize("a +\n  b @"));
		assertEquals(2, e.line());
		assertEquals(5, e.column());
		assertEquals(8, e.position().orElseThrow().offset());
	}

	@Test
	void testCursorLooksAheadAndStaysAtEnd() {
		TokenCursor cursor = TokenCursor.of("f ( x");
		assertEquals(Kind.LEFT_PAREN, cursor.peek(1).kind());
		assertEquals("f", cursor.next().text());
		assertEquals(false, cursor.accept(Kind.COMMA));
		assertEquals(true, cursor.accept(Kind.LEFT_PAREN));
		assertEquals("x", cursor.expect(Kind.IDENTIFIER, "a name").text());
		ExpressionException e = assertThrows(ExpressionException.class, () -> cursor.expect(Kind.RIGHT_PAREN, "')'"));
		assertEquals("expected ')' but found end of input", e.getMessage());
		assertEquals(6, e.column());
		assertEquals(Kind.END, cursor.next().kind());
		assertEquals(Kind.END, cursor.next().kind());
	}
}
