package org.perfcast.trace;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The multiprocessor to predict: its processors and the binding of threads to them. Unbound threads are
 * scheduled globally: each runs on any processor that no higher-priority ready thread takes. On every
 * processor the highest-priority ready thread runs, preemptively; equal priorities run first come first served.
 *
 * @param processors how many processors, at least 1
 * @param binding    thread name to processor index (0 .. processors − 1); threads not named are unbound
 */
public record TargetMachine(int processors, Map<String, Integer> binding) {

	/** The most processors. */
	public static final int MAX_PROCESSORS = 1 << 16;

	public TargetMachine {
		if (processors < 1 || processors > MAX_PROCESSORS) {
			throw new IllegalArgumentException("the processor count must be 1 to " + MAX_PROCESSORS + ", was "
					+ processors);
		}
		binding = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(binding));
		binding.forEach((thread, p) -> {
			if (p == null || p < 0 || p >= processors) {
				throw new IllegalArgumentException("thread " + thread + " is bound to processor " + p + ", but the "
						+ "processors are 0 to " + (processors - 1));
			}
		});
	}

	/** {@code processors} processors, every thread unbound. */
	public static TargetMachine unbound(int processors) {
		return new TargetMachine(processors, Map.of());
	}

	/**
	 * Parses a binding such as {@code P1=0,P2=0,P3=1}.
	 *
	 * @throws IllegalArgumentException naming the part that is not THREAD=PROCESSOR
	 */
	public static Map<String, Integer> parseBinding(@Nullable String text) {
		Map<String, Integer> binding = new LinkedHashMap<>();
		if (text == null || text.isBlank()) {
			return binding;
		}
		for (String part : text.split(",")) {
			String[] kv = part.strip().split("=");
			if (kv.length != 2 || kv[0].isBlank() || !kv[1].strip().matches("[0-9]{1,9}")) {
				throw new IllegalArgumentException("'" + part.strip() + "' is not THREAD=PROCESSOR, e.g. P1=0");
			}
			if (binding.put(kv[0].strip(), Integer.parseInt(kv[1].strip())) != null) {
				throw new IllegalArgumentException("thread " + kv[0].strip() + " is bound twice");
			}
		}
		return binding;
	}
}
