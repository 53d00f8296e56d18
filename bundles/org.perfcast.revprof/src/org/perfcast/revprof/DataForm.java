package org.perfcast.revprof;

/** How the data term grows with the message size d and the processes p (log is log2). */
public enum DataForm {
	/** d. */
	D("d"),
	/** p·d. */
	P_D("p*d"),
	/** log2 p · d. */
	LOG_P_D("log p*d"),
	/** p²·d. */
	P2_D("p^2*d");

	private final String id;

	DataForm(String id) {
		this.id = id;
	}

	/** The name in JSON and equations, e.g. "log p*d". */
	public String id() {
		return id;
	}

	/** The term's value at {@code p} and {@code d}. */
	public double value(double p, double d) {
		return switch (this) {
		case D -> d;
		case P_D -> p * d;
		case LOG_P_D -> Math.log(p) / Math.log(2) * d;
		case P2_D -> p * p * d;
		};
	}
}
