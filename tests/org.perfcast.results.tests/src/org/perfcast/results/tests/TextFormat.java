package org.perfcast.results.tests;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A reader of the protobuf text format that {@code protoc --decode} prints: a message is a map from field name to
 * its values in order, each a String (scalars, quotes and escapes removed, enum names as they are) or a nested
 * message.
 */
final class TextFormat {

	/** A decoded message. */
	record Message(Map<String, List<Object>> fields) {

		/** The nested messages of {@code name}. */
		List<Message> messages(String name) {
			return fields.getOrDefault(name, List.of()).stream().map(Message.class::cast).toList();
		}

		/** The only nested message of {@code name}, or null. */
		Message message(String name) {
			List<Message> all = messages(name);
			return all.isEmpty() ? null : all.get(0);
		}

		/** The scalar values of {@code name}. */
		List<String> values(String name) {
			return fields.getOrDefault(name, List.of()).stream().map(String.class::cast).toList();
		}

		/** The only scalar of {@code name}, or null. */
		String value(String name) {
			List<String> all = values(name);
			return all.isEmpty() ? null : all.get(0);
		}
	}

	private final List<String> lines;
	private int next;

	private TextFormat(String text) {
		this.lines = text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
	}

	/** The message {@code text} prints. */
	static Message parse(String text) {
		TextFormat reader = new TextFormat(text);
		Message message = reader.message();
		if (reader.next != reader.lines.size()) {
			throw new IllegalArgumentException("unexpected '" + reader.lines.get(reader.next) + "'");
		}
		return message;
	}

	private Message message() {
		Map<String, List<Object>> fields = new LinkedHashMap<>();
		while (next < lines.size() && !lines.get(next).equals("}")) {
			String line = lines.get(next++);
			if (line.endsWith(" {")) {
				String name = line.substring(0, line.length() - 2);
				Message nested = message();
				if (next >= lines.size() || !lines.get(next).equals("}")) {
					throw new IllegalArgumentException("'" + name + "' not closed");
				}
				next++;
				fields.computeIfAbsent(name, k -> new ArrayList<>()).add(nested);
			} else {
				int colon = line.indexOf(": ");
				if (colon < 0) {
					throw new IllegalArgumentException("not a field: '" + line + "'");
				}
				fields.computeIfAbsent(line.substring(0, colon), k -> new ArrayList<>())
						.add(scalar(line.substring(colon + 2)));
			}
		}
		return new Message(fields);
	}

	private static String scalar(String text) {
		if (!text.startsWith("\"")) {
			return text;
		}
		StringBuilder out = new StringBuilder();
		byte[] bytes = new byte[4 * text.length()];
		int n = 0;
		for (int i = 1; i < text.length() - 1; i++) {
			char c = text.charAt(i);
			if (c == '\\') {
				char e = text.charAt(++i);
				if (e >= '0' && e <= '7') {
					bytes[n++] = (byte) Integer.parseInt(text.substring(i, i + 3), 8);
					i += 2;
				} else {
					bytes[n++] = (byte) switch (e) {
					case 'n' -> '\n';
					case 't' -> '\t';
					case 'r' -> '\r';
					default -> e;
					};
				}
			} else {
				for (byte b : String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
					bytes[n++] = b;
				}
			}
		}
		return out.append(new String(bytes, 0, n, java.nio.charset.StandardCharsets.UTF_8)).toString();
	}
}
