package org.perfcast.engine.expr;

/**
 * A span of source text: where a token or a syntax-tree node starts and how many characters it covers.
 *
 * @param offset 0-based character offset from the start of the source
 * @param line   1-based line
 * @param column 1-based column (characters from the start of the line, a tab counting as one)
 * @param length number of characters, 0 at the end of the input
 */
public record Position(int offset, int line, int column, int length) {

	public Position {
		if (offset < 0 || line < 1 || column < 1 || length < 0) {
			throw new IllegalArgumentException("bad position: offset " + offset + ", line " + line + ", column "
					+ column + ", length " + length);
		}
	}
}
