package org.perfcast.glamis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Printable;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Position;

/**
 * Reads {@code *.glamis} text: {@code param NAME = expr} lines, one {@code machine < … >} and one
 * {@code program …} statement; a statement goes on over further lines while a {@code <} is open or after a
 * line that ends in {@code ;} or {@code ,}, and
 * {@code #} starts a comment. Expressions are those of every Perfcast model (without comparisons, since
 * {@code <} and {@code >} delimit tuples). Errors carry the line and column.
 */
public final class GlamisParser {

	/**
	 * A number or a fraction with a non-zero denominator: it evaluates without error, so it is parsed alone and
	 * not at its place in the text (which costs the text's length, too much for derived models).
	 */
	private static final java.util.regex.Pattern LITERAL = java.util.regex.Pattern
			.compile("\\d+(\\.\\d+)?([eE][+-]?\\d+)?|\\d+ ?/ ?0*[1-9]\\d*");

	private final String text;
	private int @Nullable [] lineStarts;
	private final Map<String, Expression> parameters = new LinkedHashMap<>();
	private @Nullable List<GlamisModel.Centre> machine;
	private @Nullable List<GlamisModel.Section> sections;

	private GlamisParser(String text) {
		this.text = withoutComments(text);
	}

	/**
	 * Parses {@code text}.
	 *
	 * @throws ExpressionException of kind SYNTAX at the first error
	 */
	public static GlamisModel parse(String text) {
		GlamisParser parser = new GlamisParser(text);
		parser.statements();
		if (parser.machine == null) {
			throw parser.error("the model has no 'machine < … >' statement", parser.text.length(), 0);
		}
		if (parser.sections == null) {
			throw parser.error("the model has no 'program' statement", parser.text.length(), 0);
		}
		return new GlamisModel(parser.parameters, parser.machine, parser.sections);
	}

	private static String withoutComments(String text) {
		StringBuilder out = new StringBuilder(text);
		boolean comment = false;
		for (int i = 0; i < out.length(); i++) {
			char c = out.charAt(i);
			if (c == '\n') {
				comment = false;
			} else if (c == '#' || comment) {
				comment = true;
				out.setCharAt(i, ' ');
			}
		}
		return out.toString();
	}

	private void statements() {
		int i = 0;
		while (i < text.length()) {
			i = skipSpace(i);
			if (i >= text.length()) {
				return;
			}
			int end = statementEnd(i);
			statement(i, end);
			i = end;
		}
	}

	/** The end of the statement starting at {@code start}: a newline outside angle brackets, or the end. */
	private int statementEnd(int start) {
		int depth = 0;
		for (int i = start; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '<') {
				depth++;
			} else if (c == '>') {
				depth--;
			} else if (c == '\n' && depth <= 0 && !continues(start, i)) {
				return i;
			}
		}
		return text.length();
	}

	/** Whether the line ending at {@code newline} ends in ';' or ',', so the statement goes on. */
	private boolean continues(int start, int newline) {
		int i = newline - 1;
		while (i >= start && Character.isWhitespace(text.charAt(i))) {
			i--;
		}
		return i >= start && (text.charAt(i) == ';' || text.charAt(i) == ',');
	}

	private void statement(int start, int end) {
		int wordEnd = start;
		while (wordEnd < end && Character.isLetter(text.charAt(wordEnd))) {
			wordEnd++;
		}
		String keyword = text.substring(start, wordEnd);
		switch (keyword) {
		case "param" -> parameter(wordEnd, end);
		case "machine" -> {
			if (machine != null) {
				throw error("a second 'machine' statement; a model has one", start, keyword.length());
			}
			machine = centres(wordEnd, end);
		}
		case "program" -> {
			if (sections != null) {
				throw error("a second 'program' statement; separate sections with ';'", start, keyword.length());
			}
			sections = sections(wordEnd, end);
		}
		default -> throw error("expected 'param', 'machine' or 'program'", start, Math.max(1, wordEnd - start));
		}
	}

	private void parameter(int from, int end) {
		int equals = text.indexOf('=', from);
		if (equals < 0 || equals >= end) {
			throw error("expected 'param NAME = value'", from, end - from);
		}
		String name = text.substring(from, equals).strip();
		if (!name.matches("[A-Za-z_][A-Za-z_0-9]*")) {
			throw error("expected a parameter name before '=', found " + Printable.quote(name), skipSpace(from),
					Math.max(1, name.length()));
		}
		if (parameters.containsKey(name)) {
			throw error("parameter " + name + " is declared twice", skipSpace(from), name.length());
		}
		parameters.put(name, expression(equals + 1, end, "a value"));
	}

	private List<GlamisModel.Centre> centres(int from, int end) {
		int[] tuple = tuple(from, end, "the machine");
		List<GlamisModel.Centre> centres = new ArrayList<>();
		for (int[] item : split(tuple[0], tuple[1], ',')) {
			centres.add(centre(item[0], item[1]));
		}
		expectNothing(tuple[1] + 1, end);
		return centres;
	}

	private GlamisModel.Centre centre(int from, int end) {
		int start = skipSpace(from);
		String name = null;
		int colon = indexAtDepthZero(start, end, ':');
		if (colon >= 0) {
			name = text.substring(start, colon).strip();
			if (!name.matches("[A-Za-z_][A-Za-z_0-9]*")) {
				throw error("expected a centre name before ':', found " + Printable.quote(name), start, Math.max(1, colon - start));
			}
			start = skipSpace(colon + 1);
		}
		if (start >= end || (text.charAt(start) != 'I' && text.charAt(start) != 'Q')) {
			throw error("expected a centre: I(t) for a delay, Q(t) for a queue, Q^m(t) for m queues", start, 1);
		}
		Station.Kind kind = text.charAt(start) == 'I' ? Station.Kind.DELAY : Station.Kind.QUEUE;
		int i = skipSpace(start + 1);
		Expression multiplicity = null;
		if (i < end && text.charAt(i) == '^') {
			if (kind == Station.Kind.DELAY) {
				throw error("a delay centre serves everyone at once; I^m makes no sense", i, 1);
			}
			int mStart = skipSpace(i + 1);
			int mEnd;
			if (mStart < end && text.charAt(mStart) == '(') {
				mEnd = closing(mStart, end) + 1;
			} else {
				mEnd = mStart;
				while (mEnd < end && (Character.isLetterOrDigit(text.charAt(mEnd)) || text.charAt(mEnd) == '_'
						|| text.charAt(mEnd) == '.')) {
					mEnd++;
				}
			}
			if (mEnd == mStart) {
				throw error("expected the number of centres after '^'", mStart, 1);
			}
			multiplicity = expression(mStart, mEnd, "the number of centres");
			i = skipSpace(mEnd);
		}
		if (i >= end || text.charAt(i) != '(') {
			throw error("expected '(' and the service time", i, 1);
		}
		int close = closing(i, end);
		Expression time = expression(i + 1, close, "a service time");
		expectNothing(close + 1, end);
		String shown = name != null ? name : text.substring(skipSpace(from), close + 1).replaceAll("\\s+", "");
		return new GlamisModel.Centre(shown, kind, multiplicity, time, position(skipSpace(from), close + 1 - skipSpace(from)));
	}

	private List<GlamisModel.Section> sections(int from, int end) {
		List<GlamisModel.Section> result = new ArrayList<>();
		for (int[] part : split(from, end, ';')) {
			List<GlamisModel.TaskClass> classes = new ArrayList<>();
			for (int[] member : split(part[0], part[1], ',')) {
				classes.add(taskClass(member[0], member[1]));
			}
			int start = skipSpace(part[0]);
			GlamisModel.TaskClass last = classes.get(classes.size() - 1);
			result.add(new GlamisModel.Section(classes,
					position(start, last.position().offset() + last.position().length() - start)));
		}
		return result;
	}

	private GlamisModel.TaskClass taskClass(int from, int end) {
		int colon = indexAtDepthZero(from, end, ':');
		if (colon < 0) {
			throw error("expected a section 'n : < v1, v2, … >' (task classes separated by ',')", skipSpace(from), 1);
		}
		Expression tasks = expression(from, colon, "the number of tasks");
		int[] tuple = tuple(colon + 1, end, "the section");
		List<Expression> visits = new ArrayList<>();
		for (int[] item : split(tuple[0], tuple[1], ',')) {
			visits.add(expression(item[0], item[1], "a visit count"));
		}
		expectNothing(tuple[1] + 1, end);
		int start = skipSpace(from);
		return new GlamisModel.TaskClass(tasks, visits, position(start, tuple[1] + 1 - start));
	}

	/** The content of {@code < … >} in [from, end): its start and the index of '>'. */
	private int[] tuple(int from, int end, String what) {
		int open = skipSpace(from);
		if (open >= end || text.charAt(open) != '<') {
			throw error("expected '<' to start " + what + "'s tuple", open, 1);
		}
		int close = text.lastIndexOf('>', end - 1);
		if (close <= open) {
			throw error("'<' without '>'", open, 1);
		}
		return new int[] { open + 1, close };
	}

	private void expectNothing(int from, int end) {
		int i = skipSpace(from);
		if (i < end && i < text.length()) {
			throw error("unexpected " + Printable.quote(String.valueOf(text.charAt(i))), i, 1);
		}
	}

	/** The parts of [from, end) between separators outside parentheses. */
	private List<int[]> split(int from, int end, char separator) {
		List<int[]> parts = new ArrayList<>();
		int depth = 0;
		int start = from;
		for (int i = from; i < end; i++) {
			char c = text.charAt(i);
			if (c == '(' || c == '<') {
				depth++;
			} else if (c == ')' || c == '>') {
				depth--;
			} else if (c == separator && depth == 0) {
				parts.add(new int[] { start, i });
				start = i + 1;
			}
		}
		parts.add(new int[] { start, end });
		return parts;
	}

	private int indexAtDepthZero(int from, int end, char wanted) {
		int depth = 0;
		for (int i = from; i < end; i++) {
			char c = text.charAt(i);
			if (c == '(' || c == '<') {
				depth++;
			} else if (c == ')' || c == '>') {
				depth--;
			} else if (c == wanted && depth == 0) {
				return i;
			}
		}
		return -1;
	}

	private int closing(int open, int end) {
		int depth = 0;
		for (int i = open; i < end; i++) {
			if (text.charAt(i) == '(') {
				depth++;
			} else if (text.charAt(i) == ')' && --depth == 0) {
				return i;
			}
		}
		throw error("'(' without ')'", open, 1);
	}

	/** Parses [from, end) alone, with positions in the whole text. */
	private Expression expression(int from, int end, String what) {
		int start = skipSpace(from);
		if (start >= end || text.substring(start, end).isBlank()) {
			throw error("expected " + what, Math.min(start, text.length()), 1);
		}
		String alone = text.substring(start, end).strip();
		if (LITERAL.matcher(alone).matches()) {
			return Expression.parse(alone);
		}
		char[] masked = new char[end];
		for (int i = 0; i < end; i++) {
			char c = text.charAt(i);
			masked[i] = i >= from || c == '\n' ? c : ' ';
		}
		return Expression.parse(new String(masked));
	}

	private int skipSpace(int i) {
		while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
			i++;
		}
		return i;
	}

	private Position position(int offset, int length) {
		int[] starts = lineStarts;
		if (starts == null) {
			List<Integer> offsets = new ArrayList<>();
			offsets.add(0);
			for (int i = 0; i < text.length(); i++) {
				if (text.charAt(i) == '\n') {
					offsets.add(i + 1);
				}
			}
			starts = offsets.stream().mapToInt(Integer::intValue).toArray();
			lineStarts = starts;
		}
		int found = java.util.Arrays.binarySearch(starts, offset);
		int line = found >= 0 ? found : -found - 2;
		return new Position(offset, line + 1, offset - starts[line] + 1, Math.max(0, length));
	}

	private ExpressionException error(String message, int offset, int length) {
		return new ExpressionException(ExpressionException.Kind.SYNTAX, message, position(offset, length));
	}
}
