package org.perfcast.engine.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.jdt.annotation.Nullable;

/**
 * An engine's option values for a run: every option of the engine, given or defaulted, checked against its
 * {@link OptionSpec}. Immutable; options keep the engine's order.
 */
public final class OptionValues {

	/** The values of an engine without options. */
	public static final OptionValues NONE = new OptionValues(Map.of(), Map.of());

	private final Map<String, String> texts;
	private final Map<String, Object> values;

	private OptionValues(Map<String, String> texts, Map<String, Object> values) {
		this.texts = texts;
		this.values = values;
	}

	/**
	 * The values of {@code specs} given as text in {@code given}, defaults for the others.
	 *
	 * @throws IllegalArgumentException naming the option if one is unknown or its value invalid
	 */
	public static OptionValues of(List<OptionSpec> specs, Map<String, String> given) {
		Map<String, OptionSpec> byName = new LinkedHashMap<>();
		specs.forEach(spec -> byName.put(spec.name(), spec));
		for (String name : given.keySet()) {
			if (!byName.containsKey(name)) {
				throw new IllegalArgumentException("unknown option '" + name + "'; " + (byName.isEmpty()
						? "the engine takes no options" : "known: " + String.join(", ", byName.keySet())));
			}
		}
		Map<String, String> texts = new LinkedHashMap<>();
		Map<String, Object> values = new LinkedHashMap<>();
		for (OptionSpec spec : byName.values()) {
			String text = given.getOrDefault(spec.name(), spec.defaultValue());
			values.put(spec.name(), spec.parse(text));
			texts.put(spec.name(), text.strip());
		}
		return new OptionValues(Collections.unmodifiableMap(texts), Collections.unmodifiableMap(values));
	}

	/**
	 * Parses {@code NAME=VALUE} assignments as given to {@code --option}; a later one of the same name wins.
	 *
	 * @throws IllegalArgumentException if an assignment is malformed or names an unknown option
	 */
	public static OptionValues parse(List<OptionSpec> specs, List<String> assignments) {
		Map<String, String> given = new LinkedHashMap<>();
		for (String assignment : assignments) {
			int eq = assignment.indexOf('=');
			if (eq < 1) {
				throw new IllegalArgumentException("'" + assignment + "' is not NAME=VALUE");
			}
			given.put(assignment.substring(0, eq).strip(), assignment.substring(eq + 1));
		}
		return of(specs, given);
	}

	/** The values as text, by option name in the engine's order. */
	public Map<String, String> texts() {
		return texts;
	}

	/** The whole-number value of option {@code name}. */
	public long integer(String name) {
		return (Long) value(name);
	}

	/** The number value of option {@code name}. */
	public double real(String name) {
		return (Double) value(name);
	}

	/** The yes/no value of option {@code name}. */
	public boolean bool(String name) {
		return (Boolean) value(name);
	}

	/** The text of a choice or text option {@code name}. */
	public String text(String name) {
		return (String) value(name);
	}

	private Object value(String name) {
		Object value = values.get(name);
		if (value == null) {
			throw new IllegalArgumentException("no option " + name);
		}
		return value;
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		return obj instanceof OptionValues other && texts.equals(other.texts);
	}

	@Override
	public int hashCode() {
		return texts.hashCode();
	}

	/** The values as {@code name=value, name=value}. */
	@Override
	public String toString() {
		return texts.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
	}
}
