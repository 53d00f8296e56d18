package org.perfcast.jdt;

/** The bundle's constants. */
public final class PerfcastJdt {

	/** The bundle's id. */
	public static final String PLUGIN_ID = "org.perfcast.jdt";

	private PerfcastJdt() {
	}
}
