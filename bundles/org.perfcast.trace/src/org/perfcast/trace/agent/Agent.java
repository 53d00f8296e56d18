package org.perfcast.trace.agent;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;

/**
 * The Java recorder, as a {@code -javaagent}: {@code -javaagent:recorder.jar=out=FILE} rewrites the program's
 * classes as they load ({@link Instrumenter}) and writes the trace of its run to FILE at exit ({@link Hooks}).
 * Run the program on one processor ({@code taskset -c 0}), as VPPB's Recorder requires.
 */
public final class Agent {

	private Agent() {
	}

	/** The agent's entry: {@code args} is {@code out=FILE} (default {@code recording.vtrace}). */
	public static void premain(String args, Instrumentation instrumentation) {
		String file = "recording.vtrace";
		if (args != null) {
			for (String arg : args.split(",")) {
				if (arg.startsWith("out=")) {
					file = arg.substring(4);
				}
			}
		}
		Hooks.begin(Path.of(file).toAbsolutePath());
		instrumentation.addTransformer(new Instrumenter());
	}
}
