package org.perfcast.engine.run;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

import org.perfcast.engine.Numbers;

/**
 * One option an engine takes: its name, kind, default, help text and, for a choice, the allowed values.
 * Values travel as text (command line, launch configurations, results files) and are checked by
 * {@link #parse(String)}.
 *
 * @param name         an identifier, e.g. "maxEvents"
 * @param kind         the kind of value
 * @param defaultValue the default as text; valid for the kind
 * @param help         one sentence for the user
 * @param choices      the allowed values of a {@link Kind#CHOICE}, empty for other kinds
 */
public record OptionSpec(String name, Kind kind, String defaultValue, String help, List<String> choices) {

	/** The kinds of option value and the Java type {@link #parse} returns for each. */
	public enum Kind {
		/** A whole number ({@code Long}). */
		INTEGER,
		/** A finite decimal number ({@code Double}). */
		REAL,
		/** {@code true} or {@code false} ({@code Boolean}). */
		BOOLEAN,
		/** One of the listed choices ({@code String}). */
		CHOICE,
		/** Any text ({@code String}). */
		TEXT
	}

	private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

	/**
	 * @throws IllegalArgumentException if the name is not an identifier, a choice has no choices or another
	 *                                  kind has some, or the default is not a valid value
	 */
	public OptionSpec {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(defaultValue, "defaultValue");
		Objects.requireNonNull(help, "help");
		choices = List.copyOf(choices);
		if (!NAME.matcher(name).matches()) {
			throw new IllegalArgumentException("'" + name + "' is not an option name");
		}
		if ((kind == Kind.CHOICE) == choices.isEmpty()) {
			throw new IllegalArgumentException("option " + name + ": " + (kind == Kind.CHOICE
					? "a choice needs at least one choice" : "only a choice has choices"));
		}
		parse(name, kind, choices, defaultValue);
	}

	/** A whole-number option. */
	public static OptionSpec integer(String name, long defaultValue, String help) {
		return new OptionSpec(name, Kind.INTEGER, Long.toString(defaultValue), help, List.of());
	}

	/** A decimal-number option. */
	public static OptionSpec real(String name, double defaultValue, String help) {
		return new OptionSpec(name, Kind.REAL, Numbers.format(defaultValue), help, List.of());
	}

	/** A yes/no option. */
	public static OptionSpec bool(String name, boolean defaultValue, String help) {
		return new OptionSpec(name, Kind.BOOLEAN, Boolean.toString(defaultValue), help, List.of());
	}

	/** An option taking one of {@code choices}. */
	public static OptionSpec choice(String name, String defaultValue, String help, List<String> choices) {
		return new OptionSpec(name, Kind.CHOICE, defaultValue, help, choices);
	}

	/** A free-text option. */
	public static OptionSpec text(String name, String defaultValue, String help) {
		return new OptionSpec(name, Kind.TEXT, defaultValue, help, List.of());
	}

	/**
	 * The value {@code text} stands for: a {@code Long}, {@code Double}, {@code Boolean} or {@code String} as
	 * the kind says.
	 *
	 * @throws IllegalArgumentException with a message naming the option and what it expects
	 */
	public Object parse(String text) {
		return parse(name, kind, choices, text);
	}

	/** The default value, parsed. */
	public Object defaultParsed() {
		return parse(defaultValue);
	}

	private static Object parse(String name, Kind kind, List<String> choices, String text) {
		String t = Objects.requireNonNull(text, "text").strip();
		return switch (kind) {
		case INTEGER -> {
			try {
				yield Long.valueOf(t);
			} catch (NumberFormatException e) {
				throw new IllegalArgumentException("option " + name + " needs a whole number, not '" + text + "'", e);
			}
		}
		case REAL -> {
			try {
				yield Numbers.parseFinite(t);
			} catch (NumberFormatException e) {
				throw new IllegalArgumentException("option " + name + " needs a number: " + e.getMessage(), e);
			}
		}
		case BOOLEAN -> switch (t.toLowerCase(Locale.ROOT)) {
		case "true" -> Boolean.TRUE;
		case "false" -> Boolean.FALSE;
		default -> throw new IllegalArgumentException("option " + name + " needs true or false, not '" + text + "'");
		};
		case CHOICE -> {
			if (!choices.contains(t)) {
				throw new IllegalArgumentException("option " + name + " needs one of " + String.join(", ", choices)
						+ ", not '" + text + "'");
			}
			yield t;
		}
		case TEXT -> text;
		};
	}
}
