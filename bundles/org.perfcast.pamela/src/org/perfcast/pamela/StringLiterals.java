package org.perfcast.pamela;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Position;

/**
 * The quoted file names of a PAMELA text ({@code import "ring.pamela"}, {@code machine "ring.machine"}),
 * taken out before the text goes to the expression language's {@link org.perfcast.engine.expr.Lexer}, which
 * has no strings: each literal is replaced by as many spaces, so every other token keeps its line and column.
 *
 * @param masked   the text with the literals blanked out
 * @param literals the literals in order
 */
record StringLiterals(String masked, List<Literal> literals) {

	/** A string literal: its value and where it is, quotes included. */
	record Literal(String value, Position position) {
	}

	/**
	 * Finds the literals of {@code text}, skipping {@code #} comments.
	 *
	 * @throws ExpressionException of kind SYNTAX for a string not closed on its line, or one that does not
	 *                             follow {@code import} or {@code machine}
	 */
	static StringLiterals of(String text) {
		StringBuilder masked = new StringBuilder(text);
		List<Literal> literals = new ArrayList<>();
		int line = 1;
		int lineStart = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '\n' || c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
				line++;
				lineStart = i + 1;
			} else if (c == '#') {
				while (i + 1 < text.length() && text.charAt(i + 1) != '\n' && text.charAt(i + 1) != '\r') {
					i++;
				}
			} else if (c == '"') {
				int end = i + 1;
				while (end < text.length() && text.charAt(end) != '"' && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
					end++;
				}
				Position position = new Position(i, line, i - lineStart + 1, end - i + 1);
				if (end >= text.length() || text.charAt(end) != '"') {
					throw new ExpressionException(ExpressionException.Kind.SYNTAX, "the string is not closed on its line",
							position);
				}
				if (!afterKeyword(text, i)) {
					throw new ExpressionException(ExpressionException.Kind.SYNTAX,
							"a quoted file name may only follow 'import' or 'machine'", position);
				}
				literals.add(new Literal(text.substring(i + 1, end), position));
				for (int k = i; k <= end; k++) {
					masked.setCharAt(k, ' ');
				}
				i = end;
			}
		}
		return new StringLiterals(masked.toString(), List.copyOf(literals));
	}

	private static boolean afterKeyword(String text, int quote) {
		int end = quote;
		while (end > 0 && (text.charAt(end - 1) == ' ' || text.charAt(end - 1) == '\t')) {
			end--;
		}
		int start = end;
		while (start > 0 && (Character.isLetterOrDigit(text.charAt(start - 1)) || text.charAt(start - 1) == '_')) {
			start--;
		}
		String word = text.substring(start, end);
		return word.equals("import") || word.equals("machine");
	}
}
