package org.perfcast.revprof;

/** How the startup term grows with the processes p (log is log2). */
public enum StartupForm {
	/** p. */
	P("p"),
	/** log2 p. */
	LOG_P("log p"),
	/** p². */
	P2("p^2");

	private final String id;

	StartupForm(String id) {
		this.id = id;
	}

	/** The name in JSON and equations, e.g. "log p". */
	public String id() {
		return id;
	}

	/** The term's value at {@code p}. */
	public double value(double p) {
		return switch (this) {
		case P -> p;
		case LOG_P -> Math.log(p) / Math.log(2);
		case P2 -> p * p;
		};
	}
}
