package org.perfcast.results.export;

/** Escaping of text for HTML and SVG written as well-formed XML. */
final class Xml {

	private Xml() {
	}

	/** {@code text} with {@code & < > " '} replaced by character references. */
	static String escape(String text) {
		StringBuilder out = new StringBuilder(text.length());
		for (char c : text.toCharArray()) {
			switch (c) {
			case '&' -> out.append("&amp;");
			case '<' -> out.append("&lt;");
			case '>' -> out.append("&gt;");
			case '"' -> out.append("&quot;");
			case '\'' -> out.append("&#39;");
			default -> out.append(c < 0x20 && c != '\n' && c != '\t' ? ' ' : c);
			}
		}
		return out.toString();
	}

	/** A coordinate with two decimals, dot-separated whatever the locale. */
	static String coordinate(double value) {
		return String.format(java.util.Locale.ROOT, "%.2f", value);
	}
}
