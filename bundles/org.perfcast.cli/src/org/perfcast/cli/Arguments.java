package org.perfcast.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.perfcast.engine.ParameterBindings;

/**
 * A command's arguments split into options and operands. Options are {@code --name} flags or
 * {@code --name VALUE} / {@code --name=VALUE} valued options (repeatable); {@code --} ends the options.
 * Commands declare the options they accept, so that a misspelt option is an error rather than an operand.
 */
public final class Arguments {

	private final Map<String, List<String>> values = new LinkedHashMap<>();
	private final Set<String> flagsGiven = new LinkedHashSet<>();
	private final List<String> operands = new ArrayList<>();

	private Arguments() {
	}

	/**
	 * Parses {@code args}.
	 *
	 * @param flags  the accepted flags without "--", e.g. "json"
	 * @param valued the accepted valued options without "--", e.g. "set"
	 * @throws UsageException for an unknown option or a valued option without its value
	 */
	public static Arguments parse(List<String> args, Set<String> flags, Set<String> valued) throws UsageException {
		Arguments parsed = new Arguments();
		boolean optionsEnded = false;
		for (int i = 0; i < args.size(); i++) {
			String arg = args.get(i);
			if (optionsEnded || !arg.startsWith("--")) {
				parsed.operands.add(arg);
				continue;
			}
			if (arg.equals("--")) {
				optionsEnded = true;
				continue;
			}
			String name = arg.substring(2);
			String inline = null;
			int eq = name.indexOf('=');
			if (eq >= 0) {
				inline = name.substring(eq + 1);
				name = name.substring(0, eq);
			}
			if (flags.contains(name)) {
				if (inline != null) {
					throw new UsageException("option --" + name + " takes no value");
				}
				parsed.flagsGiven.add(name);
			} else if (valued.contains(name)) {
				String value = inline;
				if (value == null) {
					if (i + 1 >= args.size()) {
						throw new UsageException("option --" + name + " needs a value");
					}
					value = args.get(++i);
				}
				parsed.values.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
			} else {
				throw new UsageException("unknown option --" + name);
			}
		}
		return parsed;
	}

	/** Whether the flag {@code --name} was given. */
	public boolean flag(String name) {
		return flagsGiven.contains(name);
	}

	/** Every value given to {@code --name}, in order. */
	public List<String> values(String name) {
		return Collections.unmodifiableList(values.getOrDefault(name, List.of()));
	}

	/** The last value given to {@code --name}, if any. */
	public Optional<String> value(String name) {
		List<String> all = values(name);
		return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
	}

	/**
	 * The whole number of at least 1 given to {@code --name}, or {@code defaultValue}.
	 *
	 * @throws UsageException if the value is not such a number
	 */
	public int positive(String name, int defaultValue) throws UsageException {
		Optional<String> text = value(name);
		if (text.isEmpty()) {
			return defaultValue;
		}
		try {
			int value = Integer.parseInt(text.get().strip());
			if (value >= 1) {
				return value;
			}
		} catch (NumberFormatException e) {
			// reported below
		}
		throw new UsageException("--" + name + " needs a whole number of at least 1, not '" + text.get() + "'");
	}

	/** The arguments that are not options, in order. */
	public List<String> operands() {
		return Collections.unmodifiableList(operands);
	}

	/**
	 * The parameter bindings of every {@code --set NAME=VALUE}.
	 *
	 * @throws UsageException naming the malformed assignment
	 */
	public ParameterBindings bindings() throws UsageException {
		try {
			return ParameterBindings.parse(values("set"));
		} catch (IllegalArgumentException e) {
			throw new UsageException("--set " + e.getMessage());
		}
	}
}
