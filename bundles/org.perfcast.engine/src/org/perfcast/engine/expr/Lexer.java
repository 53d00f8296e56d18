package org.perfcast.engine.expr;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Printable;

/**
 * Splits text into {@link Token}s on demand. Skips whitespace and {@code #} comments to the end of the line;
 * lines end at "\n", "\r\n" or "\r".
 * <p>
 * A number's '.' must not be followed by another '.', so {@code 0..5} is a number, a {@link Token.Kind#RANGE}
 * and a number. The lexer also produces tokens that expressions do not use ({@code { } [ ] ; , = ..}) so that
 * a host language can share it.
 */
public final class Lexer {

	private final String source;
	private int offset;
	private int line = 1;
	private int lineStart;

	/** A lexer at the start of {@code source}. */
	public Lexer(String source) {
		this.source = source;
	}

	/** All tokens of {@code source}, ending with one {@link Token.Kind#END}. */
	public static List<Token> tokenize(String source) {
		Lexer lexer = new Lexer(source);
		List<Token> tokens = new ArrayList<>();
		Token token;
		do {
			token = lexer.next();
			tokens.add(token);
		} while (!token.is(Token.Kind.END));
		return tokens;
	}

	/**
	 * The next token; {@link Token.Kind#END} at the end of the input, however often it is called.
	 *
	 * @throws ExpressionException of kind {@link ExpressionException.Kind#SYNTAX} at an unexpected character or
	 *                             a malformed number
	 */
	public Token next() {
		skipSpaceAndComments();
		int start = offset;
		if (start >= source.length()) {
			return token(Token.Kind.END, start);
		}
		char c = source.charAt(start);
		if (isDigit(c) || c == '.' && isDigit(charAt(start + 1))) {
			return number(start);
		}
		if (isIdentifierStart(c)) {
			offset++;
			while (offset < source.length() && isIdentifierPart(source.charAt(offset))) {
				offset++;
			}
			return token(keyword(source.substring(start, offset)), start);
		}
		offset++;
		char d = charAt(offset);
		Token.Kind kind = switch (c) {
			case '+' -> Token.Kind.PLUS;
			case '-', '\u2212' -> Token.Kind.MINUS;
			case '*', '\u00d7' -> Token.Kind.STAR;
			case '/', '\u00f7' -> Token.Kind.SLASH;
			case '^' -> Token.Kind.CARET;
			case '?' -> Token.Kind.QUESTION;
			case ':' -> Token.Kind.COLON;
			case '(' -> Token.Kind.LEFT_PAREN;
			case ')' -> Token.Kind.RIGHT_PAREN;
			case ',' -> Token.Kind.COMMA;
			case '[' -> Token.Kind.LEFT_BRACKET;
			case ']' -> Token.Kind.RIGHT_BRACKET;
			case '{' -> Token.Kind.LEFT_BRACE;
			case '}' -> Token.Kind.RIGHT_BRACE;
			case ';' -> Token.Kind.SEMICOLON;
			case '<' -> pair(d == '=', Token.Kind.LESS_EQUAL, Token.Kind.LESS);
			case '>' -> pair(d == '=', Token.Kind.GREATER_EQUAL, Token.Kind.GREATER);
			case '=' -> pair(d == '=', Token.Kind.EQUAL, Token.Kind.ASSIGN);
			case '!' -> pair(d == '=', Token.Kind.NOT_EQUAL, Token.Kind.NOT);
			case '&' -> pair(d == '&', Token.Kind.AND, null);
			case '|' -> pair(d == '|', Token.Kind.OR, null);
			case '.' -> pair(d == '.', Token.Kind.RANGE, null);
			default -> null;
		};
		if (kind == null) {
			offset = start;
			int codePoint = source.codePointAt(start);
			throw error("unexpected character " + Printable.quote(Character.toString(codePoint)), start,
					Character.charCount(codePoint));
		}
		return token(kind, start);
	}

	/** {@code twoChars} if the second character is there (and consumes it), else {@code oneChar}. */
	private Token.@Nullable Kind pair(boolean second, Token.Kind twoChars, Token.@Nullable Kind oneChar) {
		if (second) {
			offset++;
			return twoChars;
		}
		return oneChar;
	}

	private Token number(int start) {
		skipDigits();
		// "0..5" is a range: a '.' followed by another '.' does not belong to the number
		if (charAt(offset) == '.' && charAt(offset + 1) != '.') {
			offset++;
			skipDigits();
		}
		char e = charAt(offset);
		if (e == 'e' || e == 'E') {
			offset++;
			if (charAt(offset) == '+' || charAt(offset) == '-') {
				offset++;
			}
			if (!isDigit(charAt(offset))) {
				throw error("malformed number " + Printable.quote(source.substring(start, offset)), start, offset - start);
			}
			skipDigits();
		}
		if (isIdentifierPart(charAt(offset)) || charAt(offset) == '.' && charAt(offset + 1) != '.') {
			int end = offset + 1;
			throw error("malformed number " + Printable.quote(source.substring(start, end)), start, end - start);
		}
		return token(Token.Kind.NUMBER, start);
	}

	private void skipDigits() {
		while (isDigit(charAt(offset))) {
			offset++;
		}
	}

	private void skipSpaceAndComments() {
		while (offset < source.length()) {
			char c = source.charAt(offset);
			if (c == '\n' || c == '\r') {
				offset += c == '\r' && charAt(offset + 1) == '\n' ? 2 : 1;
				line++;
				lineStart = offset;
			} else if (Character.isWhitespace(c)) {
				offset++;
			} else if (c == '#') {
				while (offset < source.length() && source.charAt(offset) != '\n' && source.charAt(offset) != '\r') {
					offset++;
				}
			} else {
				return;
			}
		}
	}

	private Token token(Token.Kind kind, int start) {
		return new Token(kind, source.substring(start, offset), start, line, start - lineStart + 1);
	}

	private ExpressionException error(String message, int start, int length) {
		return new ExpressionException(ExpressionException.Kind.SYNTAX, message,
				new Position(start, line, start - lineStart + 1, length));
	}

	private char charAt(int index) {
		return index < source.length() ? source.charAt(index) : '\0';
	}

	private static Token.Kind keyword(String word) {
		return switch (word) {
			case "mod" -> Token.Kind.MOD;
			case "and" -> Token.Kind.AND;
			case "or" -> Token.Kind.OR;
			case "not" -> Token.Kind.NOT;
			default -> Token.Kind.IDENTIFIER;
		};
	}

	private static boolean isDigit(char c) {
		return c >= '0' && c <= '9';
	}

	private static boolean isIdentifierStart(char c) {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
	}

	private static boolean isIdentifierPart(char c) {
		return isIdentifierStart(c) || isDigit(c);
	}
}
