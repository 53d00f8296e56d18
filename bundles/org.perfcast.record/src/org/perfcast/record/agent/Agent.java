package org.perfcast.record.agent;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;

/**
 * The Java recorder, as a {@code -javaagent} (started by {@link Premain}, which checks the JVM's version first):
 * {@code -javaagent:recorder.jar=out=FILE} rewrites the program's
 * classes as they load ({@link Instrumenter}) and writes the trace of its run to FILE ({@link Hooks}). The program
 * must run on one processor, as VPPB's Recorder requires: under {@code taskset -c 0}, or with the option
 * {@code pin=0}, which pins the JVM's threads to processor 0 itself (for launches that cannot prefix a command).
 * <p>
 * The agent runs inside the recorded program's JVM, any Java from 11 up: this package is compiled for Java 11 (see
 * the bundle's pom.xml) and must use only Java 11's language and API.
 */
public final class Agent {

	private Agent() {
	}

	/**
	 * The agent's entry: {@code args} is {@code out=FILE} (default {@code recording.vtrace}), optionally followed
	 * by {@code ,pin=CPU}.
	 */
	public static void premain(String args, Instrumentation instrumentation) {
		String file = "recording.vtrace";
		String pin = null;
		if (args != null) {
			for (String arg : args.split(",")) {
				if (arg.startsWith("out=")) {
					file = arg.substring(4);
				} else if (arg.startsWith("pin=")) {
					pin = arg.substring(4);
				}
			}
		}
		if (pin != null) {
			pin(pin);
		}
		Hooks.begin(Path.of(file).toAbsolutePath());
		// loaded before the transformer sees classes load: it refers to them
		JdkClasses.changes("");
		instrumentation.addTransformer(new Instrumenter(), true);
		JdkClasses.install(instrumentation);
	}

	/** Pins every thread of this JVM, and so the threads they start, to {@code cpus} with {@code taskset}. */
	private static void pin(String cpus) {
		try {
			Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(ProcessHandle.current().pid()))
					.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
			if (p.waitFor() != 0) {
				System.err.println("perfcast recorder: taskset could not pin the program to processor " + cpus);
			}
		} catch (java.io.IOException e) {
			System.err.println("perfcast recorder: cannot pin the program to one processor (taskset: " + e.getMessage()
					+ "); the recording is not on one processor");
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}
}
