package org.perfcast.results.tests;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A strict reader of the JSON the exports write, for checking it: objects, arrays, strings, numbers, null. */
final class JsonReader {

	private final String text;
	private int pos;

	private JsonReader(String text) {
		this.text = text;
	}

	/** The value {@code text} holds: a Map, List, String, Double, Boolean or null. */
	static Object parse(String text) {
		JsonReader reader = new JsonReader(text);
		Object value = reader.value();
		reader.space();
		if (reader.pos != text.length()) {
			throw reader.error("trailing text");
		}
		return value;
	}

	private Object value() {
		space();
		char c = peek();
		if (c == '{') {
			Map<String, Object> object = new LinkedHashMap<>();
			pos++;
			space();
			if (peek() == '}') {
				pos++;
				return object;
			}
			do {
				space();
				String key = string();
				space();
				expect(':');
				if (object.put(key, value()) != null) {
					throw error("duplicate key " + key);
				}
				space();
			} while (next() == ',');
			pos--;
			expect('}');
			return object;
		}
		if (c == '[') {
			List<Object> array = new ArrayList<>();
			pos++;
			space();
			if (peek() == ']') {
				pos++;
				return array;
			}
			do {
				array.add(value());
				space();
			} while (next() == ',');
			pos--;
			expect(']');
			return array;
		}
		if (c == '"') {
			return string();
		}
		if (text.startsWith("null", pos)) {
			pos += 4;
			return null;
		}
		if (text.startsWith("true", pos) || text.startsWith("false", pos)) {
			pos += text.startsWith("true", pos) ? 4 : 5;
			return text.charAt(pos - 1) == 'e' && text.charAt(pos - 2) == 'u';
		}
		int start = pos;
		while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
			pos++;
		}
		String number = text.substring(start, pos);
		if (!number.matches("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?")) {
			throw error("bad number '" + number + "'");
		}
		return Double.valueOf(number);
	}

	private String string() {
		expect('"');
		StringBuilder out = new StringBuilder();
		for (char c = next(); c != '"'; c = next()) {
			if (c < 0x20) {
				throw error("control character in string");
			}
			if (c == '\\') {
				char e = next();
				switch (e) {
				case 'n' -> out.append('\n');
				case 't' -> out.append('\t');
				case 'r' -> out.append('\r');
				case 'u' -> {
					out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
					pos += 4;
				}
				case '"', '\\', '/' -> out.append(e);
				default -> throw error("bad escape");
				}
			} else {
				out.append(c);
			}
		}
		return out.toString();
	}

	private void space() {
		while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
			pos++;
		}
	}

	private char peek() {
		if (pos >= text.length()) {
			throw error("unexpected end");
		}
		return text.charAt(pos);
	}

	private char next() {
		char c = peek();
		pos++;
		return c;
	}

	private void expect(char c) {
		if (next() != c) {
			throw error("expected '" + c + "'");
		}
	}

	private IllegalArgumentException error(String message) {
		return new IllegalArgumentException(message + " at " + pos + ": "
				+ text.substring(Math.max(0, pos - 20), Math.min(text.length(), pos + 20)));
	}
}
