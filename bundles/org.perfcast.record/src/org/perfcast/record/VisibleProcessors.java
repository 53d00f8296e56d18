package org.perfcast.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The processors a recorded program sees. It runs pinned to one processor, but a program that sizes its thread pool
 * from the processor count must make the pool it would make on the machine the prediction is for: a native program
 * sees N processors through the recorder's interposition ({@code visible.c}, told by {@value #VARIABLE}), a Java
 * program through {@code -XX:ActiveProcessorCount=N}. Every thread still runs on the one processor. The trace says
 * what the program saw ({@code @visible-processors N}).
 */
public final class VisibleProcessors {

	/** The environment variable that tells the native recorder N. */
	public static final String VARIABLE = "PERFCAST_VISIBLE_PROCESSORS";
	/** The most processors a program can be shown. */
	public static final int MAX = 4096;
	/** The JVM's option that fixes the processor count it reports. */
	static final String JAVA_OPTION = "-XX:ActiveProcessorCount=";

	private VisibleProcessors() {
	}

	/** The default: the processors this process may run on ({@code nproc} of the unpinned perfcast). */
	public static int machine() {
		return Runtime.getRuntime().availableProcessors();
	}

	/**
	 * The count {@code variables} give ({@value #VARIABLE}), else {@link #machine()}.
	 *
	 * @throws IllegalArgumentException when the variable is not a count from 1 to {@value #MAX}
	 */
	public static int of(Map<String, String> variables) {
		String text = variables.get(VARIABLE);
		return text == null ? machine() : check(text);
	}

	/**
	 * {@code text} as a count of visible processors.
	 *
	 * @throws IllegalArgumentException when it is not a whole number from 1 to {@value #MAX}
	 */
	public static int check(String text) {
		int n;
		try {
			n = Integer.parseInt(text.strip());
		} catch (NumberFormatException e) {
			n = 0;
		}
		if (n < 1 || n > MAX) {
			throw new IllegalArgumentException("the visible processors must be a whole number from 1 to " + MAX
					+ ", not " + text);
		}
		return n;
	}

	/**
	 * The java command {@code command} with {@code -XX:ActiveProcessorCount=n} after the program, unless it sets the
	 * option itself.
	 */
	public static List<String> javaCommand(List<String> command, int n) {
		if (command.stream().anyMatch(a -> a.startsWith(JAVA_OPTION))) {
			return command;
		}
		List<String> full = new ArrayList<>(command);
		full.add(1, JAVA_OPTION + n);
		return full;
	}

	/** The JVM option that shows {@code n} processors to a Java program. */
	public static String javaOption(int n) {
		return JAVA_OPTION + n;
	}
}
