package org.perfcast.engine.expr;

/**
 * A token of expression text, or of a host language (such as PAMELA) that embeds expressions.
 *
 * @param kind   what the token is
 * @param text   the characters as written ("×" for a {@link Kind#STAR}); empty for {@link Kind#END}
 * @param offset 0-based character offset of the first character
 * @param line   1-based line
 * @param column 1-based column
 */
public record Token(Kind kind, String text, int offset, int line, int column) {

	/** The kinds of token. Words that are operators are keywords; every other word is an identifier. */
	public enum Kind {
		/** A decimal number: "60", "0.2", ".5", "2.5e-6". */
		NUMBER,
		/** A name: letters, digits and '_', not starting with a digit. */
		IDENTIFIER,
		/** "+". */
		PLUS,
		/** "-" or "−". */
		MINUS,
		/** "*" or "×". */
		STAR,
		/** "/" or "÷". */
		SLASH,
		/** "^". */
		CARET,
		/** The keyword "mod". */
		MOD,
		/** "&lt;". */
		LESS,
		/** "&lt;=". */
		LESS_EQUAL,
		/** "&gt;". */
		GREATER,
		/** "&gt;=". */
		GREATER_EQUAL,
		/** "==". */
		EQUAL,
		/** "!=". */
		NOT_EQUAL,
		/** The keyword "and" or "&amp;&amp;". */
		AND,
		/** The keyword "or" or "||". */
		OR,
		/** The keyword "not" or "!". */
		NOT,
		/** "?". */
		QUESTION,
		/** ":". */
		COLON,
		/** "(". */
		LEFT_PAREN,
		/** ")". */
		RIGHT_PAREN,
		/** "," (function arguments; also for host languages). */
		COMMA,
		/** "[", for host languages. */
		LEFT_BRACKET,
		/** "]", for host languages. */
		RIGHT_BRACKET,
		/** "{", for host languages. */
		LEFT_BRACE,
		/** "}", for host languages. */
		RIGHT_BRACE,
		/** ";", for host languages. */
		SEMICOLON,
		/** "=", for host languages. */
		ASSIGN,
		/** "..", for host languages' ranges. */
		RANGE,
		/** The end of the input; repeated if read again. */
		END
	}

	/** Where the token is. */
	public Position position() {
		return new Position(offset, line, column, text.length());
	}

	/** Whether the token is of {@code kind}. */
	public boolean is(Kind kind) {
		return this.kind == kind;
	}

	/** The token as error messages name it: its text in quotes, or "end of input". */
	public String describe() {
		return kind == Kind.END ? "end of input" : "'" + text + "'";
	}
}
