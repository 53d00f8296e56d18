package org.perfcast.loggp;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.Location;
import org.perfcast.engine.Printable;

/**
 * Reads a communication pattern, {@code *.pattern}: one message per line as {@code src dst bytes} (processor ids
 * are whole numbers from 0, the length a whole number of bytes from 1 to 2⁴⁰), {@code #} starting a comment, blank
 * lines ignored. A processor's messages are sent in the order of their lines. A message from a processor to itself
 * is accepted with a warning: it is a local memory transfer and costs nothing.
 */
public final class PatternParser {

	/** The most processors a pattern may declare with P. */
	public static final int MAX_PROCESSORS = 10_000_000;

	/** The most errors reported before giving up. */
	private static final int MAX_ERRORS = 20;

	private static final Pattern FIELD = Pattern.compile("\\S+");
	private static final Pattern WHOLE = Pattern.compile("[+-]?[0-9]+");

	/**
	 * A pattern read from a file, with the warnings about it.
	 *
	 * @param pattern  the pattern
	 * @param warnings one per message from a processor to itself
	 */
	public record Parsed(CommunicationPattern pattern, List<Diagnostic> warnings) {
		public Parsed {
			warnings = List.copyOf(warnings);
		}
	}

	private PatternParser() {
	}

	/**
	 * Parses {@code text}, read from {@code file}.
	 *
	 * @param P the number of processors, whose ids are then 0..P − 1; empty for the processors the messages name
	 * @throws EngineException with a {@code file:line:column} diagnostic per malformed line (at most 20)
	 */
	public static Parsed parse(String text, String file, OptionalInt P) throws EngineException {
		if (P.isPresent() && (P.getAsInt() < 1 || P.getAsInt() > MAX_PROCESSORS)) {
			throw new EngineException(Diagnostic.error("loggp.processors", "P must be 1 to " + MAX_PROCESSORS + ", was "
					+ P.getAsInt(), Location.of(file)));
		}
		List<Message> messages = new ArrayList<>();
		List<Diagnostic> errors = new ArrayList<>();
		List<Diagnostic> warnings = new ArrayList<>();
		int number = 0;
		int start = 0;
		while (start <= text.length() && errors.size() < MAX_ERRORS) {
			int end = text.indexOf('\n', start);
			if (end < 0) {
				end = text.length();
			}
			number++;
			if (!plainLine(text, start, end, number, P, messages)) {
				String line = text.substring(start, end);
				int hash = line.indexOf('#');
				line(hash >= 0 ? line.substring(0, hash) : line, number, file, P, messages, errors, warnings);
			}
			start = end + 1;
		}
		if (!errors.isEmpty()) {
			throw new EngineException(errors);
		}
		if (messages.isEmpty() && P.isEmpty()) {
			throw new EngineException(Diagnostic.error("loggp.empty", "the pattern has no messages; write one per line: "
					+ "src dst bytes", Location.of(file)));
		}
		CommunicationPattern pattern = P.isPresent() ? CommunicationPattern.of(messages, P.getAsInt())
				: CommunicationPattern.of(messages);
		return new Parsed(pattern, warnings);
	}

	/**
	 * Reads the common line fast: three unsigned whole numbers separated by blanks, a valid message between
	 * different processors, maybe a comment. Returns false for anything else, which {@link #line} then reads with
	 * its diagnostics.
	 */
	private static boolean plainLine(String text, int start, int end, int number, OptionalInt P,
			List<Message> messages) {
		long[] value = new long[3];
		int fields = 0;
		int i = start;
		while (i < end) {
			char c = text.charAt(i);
			if (c == '#') {
				break;
			}
			if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B) {
				i++;
				continue;
			}
			if (fields == 3) {
				return false;
			}
			long v = 0;
			int digits = 0;
			while (i < end && (c = text.charAt(i)) >= '0' && c <= '9') {
				v = v * 10 + (c - '0');
				i++;
				if (++digits > 15) {
					return false;
				}
			}
			if (digits == 0 || (i < end && c != ' ' && c != '\t' && c != '\r' && c != '#')) {
				return false;
			}
			value[fields++] = v;
		}
		if (fields == 0) {
			return true;
		}
		long limit = P.isPresent() ? P.getAsInt() : Integer.MAX_VALUE;
		if (fields != 3 || value[0] >= limit || value[1] >= limit || value[0] == value[1] || value[2] < 1
				|| value[2] > Message.MAX_BYTES) {
			return false;
		}
		messages.add(new Message((int) value[0], (int) value[1], value[2], number));
		return true;
	}

	private static void line(String content, int number, String file, OptionalInt P, List<Message> messages,
			List<Diagnostic> errors, List<Diagnostic> warnings) {
		List<int[]> spans = new ArrayList<>();
		Matcher fields = FIELD.matcher(content);
		while (fields.find()) {
			spans.add(new int[] { fields.start(), fields.end() });
		}
		if (spans.isEmpty()) {
			return;
		}
		if (spans.size() != 3) {
			// too few: where the missing field belongs; too many: the first extra one
			int at = spans.size() < 3 ? spans.get(spans.size() - 1)[1] : spans.get(3)[0];
			errors.add(error(file, number, at, "expected 'src dst bytes', found " + spans.size() + " field"
					+ (spans.size() == 1 ? "" : "s")));
			return;
		}
		String[] words = new String[3];
		for (int i = 0; i < 3; i++) {
			words[i] = content.substring(spans.get(i)[0], spans.get(i)[1]);
		}
		int before = errors.size();
		int from = processor(words[0], "source", spans.get(0)[0], file, number, P, errors);
		int to = processor(words[1], "destination", spans.get(1)[0], file, number, P, errors);
		long bytes = bytes(words[2], spans.get(2)[0], file, number, errors);
		if (errors.size() > before) {
			return;
		}
		if (from == to) {
			warnings.add(Diagnostic.warning("loggp.local", "a message from processor " + from + " to itself is a local "
					+ "memory transfer; it costs nothing and is not simulated", Location.at(file, number, spans.get(0)[0] + 1)));
		}
		messages.add(new Message(from, to, bytes, number));
	}

	private static int processor(String word, String role, int column, String file, int number, OptionalInt P,
			List<Diagnostic> errors) {
		if (!WHOLE.matcher(word).matches()) {
			errors.add(error(file, number, column, "the " + role + " processor must be a whole number, not "
					+ Printable.quote(word)));
			return -1;
		}
		if (word.startsWith("-")) {
			errors.add(error(file, number, column, "the " + role + " processor must not be negative, was " + word));
			return -1;
		}
		long id;
		try {
			id = Long.parseLong(word);
		} catch (NumberFormatException e) {
			id = Long.MAX_VALUE;
		}
		int limit = P.isPresent() ? P.getAsInt() : Integer.MAX_VALUE;
		if (id >= limit) {
			errors.add(error(file, number, column, "the " + role + " processor " + word + " is out of range "
					+ (P.isPresent() ? "0.." + (limit - 1) + " (P = " + limit + ")" : "(at most " + (limit - 1) + ")")));
			return -1;
		}
		return (int) id;
	}

	private static long bytes(String word, int column, String file, int number, List<Diagnostic> errors) {
		if (!WHOLE.matcher(word).matches()) {
			errors.add(error(file, number, column, "the size must be a whole number of bytes, not " + Printable.quote(word)));
			return -1;
		}
		if (word.startsWith("-")) {
			errors.add(error(file, number, column, "the size must not be negative, was " + word + " bytes"));
			return -1;
		}
		long bytes;
		try {
			bytes = Long.parseLong(word);
		} catch (NumberFormatException e) {
			bytes = Long.MAX_VALUE;
		}
		if (bytes < 1) {
			errors.add(error(file, number, column, "a message has at least 1 byte, was " + word));
			return -1;
		}
		if (bytes > Message.MAX_BYTES) {
			errors.add(error(file, number, column, "the size " + word + " is absurd: a message has at most 2^40 bytes"));
			return -1;
		}
		return bytes;
	}

	private static Diagnostic error(String file, int line, int offset, String message) {
		return Diagnostic.error("loggp.pattern", message, Location.at(file, line, offset + 1));
	}
}
