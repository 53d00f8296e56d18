package org.perfcast.engine.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * A position in a stream of tokens, with lookahead. The {@link ExpressionParser} reads from it, and a host
 * parser can read the same cursor before and after an expression.
 */
public final class TokenCursor {

	private final Lexer lexer;
	private final List<Token> lookahead = new ArrayList<>();

	/** A cursor at the first token {@code lexer} produces. */
	public TokenCursor(Lexer lexer) {
		this.lexer = lexer;
	}

	/** A cursor at the first token of {@code source}. */
	public static TokenCursor of(String source) {
		return new TokenCursor(new Lexer(source));
	}

	/** The next token, not consumed. */
	public Token peek() {
		return peek(0);
	}

	/** The token {@code ahead} tokens after the next one (0 is the next one), not consumed. */
	public Token peek(int ahead) {
		while (lookahead.size() <= ahead) {
			lookahead.add(lexer.next());
		}
		return lookahead.get(ahead);
	}

	/** Consumes and returns the next token; at the end, the {@link Token.Kind#END} token again. */
	public Token next() {
		Token token = peek();
		if (!token.is(Token.Kind.END)) {
			lookahead.remove(0);
		}
		return token;
	}

	/** Whether the next token is of {@code kind}. */
	public boolean at(Token.Kind kind) {
		return peek().is(kind);
	}

	/** Consumes the next token if it is of {@code kind}; whether it did. */
	public boolean accept(Token.Kind kind) {
		if (at(kind)) {
			next();
			return true;
		}
		return false;
	}

	/**
	 * Consumes the next token, which must be of {@code kind}.
	 *
	 * @param expected how to name what is expected, e.g. "')'"
	 * @throws ExpressionException "expected ')' but found ','" at the token if it is of another kind
	 */
	public Token expect(Token.Kind kind, String expected) {
		Token token = peek();
		if (!token.is(kind)) {
			throw error("expected " + expected + " but found " + token.describe(), token);
		}
		return next();
	}

	/** A syntax error at {@code token}. */
	public static ExpressionException error(String message, Token token) {
		return new ExpressionException(ExpressionException.Kind.SYNTAX, message, token.position());
	}
}
