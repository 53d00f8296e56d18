package org.perfcast.engine;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Values bound to a model's symbolic parameters (N, P, b, ...) for one engine call. Immutable; names keep
 * the order in which they were first bound. Values are finite numbers: NaN and infinities are refused
 * where they enter.
 */
public final class ParameterBindings {

	/** No parameter bound. */
	public static final ParameterBindings EMPTY = new ParameterBindings(Map.of());

	private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

	private final Map<String, Double> values;

	private ParameterBindings(Map<String, Double> values) {
		this.values = values;
	}

	/**
	 * Bindings holding the given values.
	 *
	 * @throws IllegalArgumentException if a name is not an identifier or a value is not finite
	 */
	public static ParameterBindings of(Map<String, ? extends Number> values) {
		Map<String, Double> copy = new LinkedHashMap<>();
		values.forEach((name, value) -> copy.put(checkName(name), checkValue(name, value.doubleValue())));
		return new ParameterBindings(Collections.unmodifiableMap(copy));
	}

	/**
	 * Parses {@code NAME=VALUE} assignments as given to {@code --set}; a later assignment of the same name
	 * wins.
	 *
	 * @throws IllegalArgumentException naming the assignment if one is malformed
	 */
	public static ParameterBindings parse(List<String> assignments) {
		Map<String, Double> parsed = new LinkedHashMap<>();
		for (String assignment : assignments) {
			int eq = assignment.indexOf('=');
			if (eq < 0) {
				throw new IllegalArgumentException("'" + assignment + "' is not NAME=VALUE");
			}
			String name = assignment.substring(0, eq).strip();
			String text = assignment.substring(eq + 1);
			double value;
			try {
				value = Numbers.parseFinite(text);
			} catch (NumberFormatException e) {
				throw new IllegalArgumentException("value of " + name + ": " + e.getMessage(), e);
			}
			parsed.put(checkName(name), value);
		}
		return new ParameterBindings(Collections.unmodifiableMap(parsed));
	}

	/** The bound names, in binding order. */
	public Set<String> names() {
		return values.keySet();
	}

	/** Whether {@code name} is bound. */
	public boolean isBound(String name) {
		return values.containsKey(name);
	}

	/** The value of {@code name}, if bound. */
	public OptionalDouble get(String name) {
		Double value = values.get(name);
		return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
	}

	/**
	 * The value of {@code name}.
	 *
	 * @throws IllegalArgumentException naming the parameter if it is not bound
	 */
	public double value(String name) {
		Double value = values.get(name);
		if (value == null) {
			throw new IllegalArgumentException("parameter " + name + " is not bound");
		}
		return value;
	}

	/** These bindings with {@code name} bound to {@code value} (replacing an earlier value). */
	public ParameterBindings with(String name, double value) {
		Map<String, Double> copy = new LinkedHashMap<>(values);
		copy.put(checkName(name), checkValue(name, value));
		return new ParameterBindings(Collections.unmodifiableMap(copy));
	}

	/** These bindings with every binding of {@code overrides} added, replacing values of the same name. */
	public ParameterBindings overriddenBy(ParameterBindings overrides) {
		if (overrides.values.isEmpty()) {
			return this;
		}
		Map<String, Double> copy = new LinkedHashMap<>(values);
		copy.putAll(overrides.values);
		return new ParameterBindings(Collections.unmodifiableMap(copy));
	}

	/** The bindings as an unmodifiable map in binding order. */
	public Map<String, Double> asMap() {
		return values;
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		return obj instanceof ParameterBindings other && values.equals(other.values);
	}

	@Override
	public int hashCode() {
		return values.hashCode();
	}

	/** The bindings as {@code N=60, P=6}. */
	@Override
	public String toString() {
		return values.entrySet().stream().map(e -> e.getKey() + "=" + Numbers.format(e.getValue()))
				.collect(Collectors.joining(", "));
	}

	private static String checkName(String name) {
		Objects.requireNonNull(name, "name");
		if (!NAME.matcher(name).matches()) {
			throw new IllegalArgumentException("'" + name + "' is not a parameter name (letters, digits and _, "
					+ "not starting with a digit)");
		}
		return name;
	}

	private static double checkValue(String name, double value) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			throw new IllegalArgumentException("value of " + name + " must be a finite number, was " + value);
		}
		return value;
	}
}
