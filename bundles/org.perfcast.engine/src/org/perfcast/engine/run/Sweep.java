package org.perfcast.engine.run;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

import org.perfcast.engine.Numbers;

/**
 * The values one parameter takes in a run: a list ({@code P=1,2,4,8}) or an inclusive range with a step
 * ({@code N=100..1000:100}; the step defaults to 1). Range values are computed in exact decimal arithmetic,
 * so {@code x=0..1:0.1} gives 0, 0.1, ..., 1 without floating-point drift; a range whose end is not a whole
 * number of steps from its start stops at the last value before the end.
 *
 * @param parameter the swept parameter's name
 * @param values    the values in sweep order, at least one, finite, without repetitions
 * @param text      the sweep as written, e.g. "N=100..1000:100"
 */
public record Sweep(String parameter, List<Double> values, String text) {

	/** The most points a sweep, or a grid of sweeps, may have. */
	public static final int MAX_POINTS = 100_000;

	private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

	public Sweep {
		Objects.requireNonNull(parameter, "parameter");
		Objects.requireNonNull(text, "text");
		values = List.copyOf(values);
		if (values.isEmpty()) {
			throw new IllegalArgumentException("sweep of " + parameter + " has no values");
		}
	}

	/**
	 * Parses {@code NAME=v1,v2,...} or {@code NAME=a..b} or {@code NAME=a..b:step}.
	 *
	 * @throws IllegalArgumentException with a message naming the sweep if it is malformed, empty, reversed,
	 *                                  repeats a value, has a step that is not positive or has more than
	 *                                  {@link #MAX_POINTS} values
	 */
	public static Sweep parse(String text) {
		String t = text.strip();
		int eq = t.indexOf('=');
		if (eq < 0) {
			throw new IllegalArgumentException("sweep '" + text + "' is not NAME=v1,v2,... or NAME=a..b:step");
		}
		String name = t.substring(0, eq).strip();
		if (!NAME.matcher(name).matches()) {
			throw new IllegalArgumentException("sweep '" + text + "': '" + name + "' is not a parameter name");
		}
		String spec = t.substring(eq + 1).strip();
		if (spec.isEmpty()) {
			throw new IllegalArgumentException("sweep '" + text + "' has no values");
		}
		List<Double> values = spec.contains("..") ? range(text, spec) : list(text, spec);
		return new Sweep(name, values, name + "=" + spec);
	}

	private static List<Double> list(String text, String spec) {
		Set<Double> values = new LinkedHashSet<>();
		for (String item : spec.split(",", -1)) {
			if (item.isBlank()) {
				throw new IllegalArgumentException("sweep '" + text + "' has an empty value");
			}
			if (!values.add(number(text, item))) {
				throw new IllegalArgumentException("sweep '" + text + "' repeats the value " + item.strip());
			}
			if (values.size() > MAX_POINTS) {
				throw new IllegalArgumentException("sweep '" + text + "' has more than " + MAX_POINTS + " values");
			}
		}
		return new ArrayList<>(values);
	}

	private static List<Double> range(String text, String spec) {
		int dots = spec.indexOf("..");
		int colon = spec.indexOf(':', dots);
		BigDecimal from = decimal(text, spec.substring(0, dots));
		BigDecimal to = decimal(text, colon < 0 ? spec.substring(dots + 2) : spec.substring(dots + 2, colon));
		BigDecimal step = colon < 0 ? BigDecimal.ONE : decimal(text, spec.substring(colon + 1));
		if (step.signum() <= 0) {
			throw new IllegalArgumentException("sweep '" + text + "': the step must be positive, was "
					+ step.toPlainString());
		}
		if (from.compareTo(to) > 0) {
			throw new IllegalArgumentException("sweep '" + text + "' is reversed: " + from.toPlainString()
					+ " is after " + to.toPlainString());
		}
		BigDecimal steps = to.subtract(from).divide(step, 0, RoundingMode.FLOOR);
		if (steps.compareTo(BigDecimal.valueOf(MAX_POINTS - 1L)) > 0) {
			throw new IllegalArgumentException("sweep '" + text + "' has " + steps.add(BigDecimal.ONE).toPlainString()
					+ " values, more than the " + MAX_POINTS + " allowed");
		}
		List<Double> values = new ArrayList<>();
		for (int i = 0; i <= steps.intValueExact(); i++) {
			values.add(from.add(step.multiply(BigDecimal.valueOf(i))).doubleValue());
		}
		return values;
	}

	private static double number(String text, String item) {
		try {
			return Numbers.parseFinite(item);
		} catch (NumberFormatException e) {
			throw new IllegalArgumentException("sweep '" + text + "': " + e.getMessage(), e);
		}
	}

	private static BigDecimal decimal(String text, String item) {
		if (item.isBlank()) {
			throw new IllegalArgumentException("sweep '" + text + "' is not NAME=a..b or NAME=a..b:step");
		}
		number(text, item);
		return new BigDecimal(item.strip());
	}
}
