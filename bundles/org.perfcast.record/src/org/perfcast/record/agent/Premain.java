package org.perfcast.record.agent;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.InvocationTargetException;

/**
 * The agent jar's {@code Premain-Class}, compiled for Java 8 so that an older JVM than the recorder supports loads
 * it and is told so, instead of aborting on the recorder's Java 11 classes ("processing of -javaagent failed"): on
 * Java 11 and later it starts {@link Agent}, on older JVMs it says why nothing is recorded and lets the program run.
 */
public final class Premain {

	/** The oldest Java the recorder runs on. */
	static final int OLDEST = 11;

	private Premain() {
	}

	/** The agent's entry: {@link Agent#premain(String, Instrumentation)} on Java 11 and later. */
	public static void premain(String args, Instrumentation instrumentation) {
		String version = System.getProperty("java.specification.version", "");
		if (feature(version) < OLDEST) {
			System.err.println("perfcast recorder: the Java recorder needs Java " + OLDEST + " or newer; this JVM ("
					+ System.getProperty("java.home") + ") is Java " + System.getProperty("java.version")
					+ ": the program runs without recording");
			return;
		}
		try {
			Class.forName(Premain.class.getName().replace("Premain", "Agent"))
					.getMethod("premain", String.class, Instrumentation.class).invoke(null, args, instrumentation);
		} catch (InvocationTargetException e) {
			Throwable cause = e.getCause();
			if (cause instanceof RuntimeException) {
				throw (RuntimeException) cause;
			}
			if (cause instanceof Error) {
				throw (Error) cause;
			}
			throw new IllegalStateException(cause);
		} catch (ReflectiveOperationException e) {
			throw new IllegalStateException("the Perfcast recorder's agent cannot start", e);
		}
	}

	/** The feature release of a specification version: "1.8" is 8, "17" is 17; 0 if unknown. */
	static int feature(String version) {
		String v = version.startsWith("1.") ? version.substring(2) : version;
		int end = 0;
		while (end < v.length() && Character.isDigit(v.charAt(end))) {
			end++;
		}
		return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
	}
}
