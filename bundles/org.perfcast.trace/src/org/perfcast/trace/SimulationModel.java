package org.perfcast.trace;

import java.util.Arrays;
import java.util.Locale;

/** How the simulation pairs Activates with Wait_fors (sections 2 to 4 and 7 of the paper). */
public enum SimulationModel {
	/** A Wait_for accepts an activation of its event from any thread, the one blocked first; a take any signal. */
	DIRECT("direct", "Direct"),
	/**
	 * Each thread is a start list and one list per Wait_for, which waits only for its recorded activation; a
	 * thread between lists starts any remaining list whose activation is available and exits when all are done.
	 * Takes do not start lists; each consumes only the signal it consumed in the recording.
	 */
	CLIENT_SERVER("client-server", "Client-Server"),
	/**
	 * One list per thread; each Wait_for accepts only the activation that satisfied it in the recording, each take
	 * only the signal it consumed.
	 */
	STRICT_SEQUENCE("strict", "Strict Sequence"),
	/** Direct; if it deadlocks, Client-Server; if that deadlocks too, Strict Sequence (section 7). */
	AUTO("auto", "AUTO");

	private final String id;
	private final String label;

	SimulationModel(String id, String label) {
		this.id = id;
		this.label = label;
	}

	/** The name in prose, as the paper writes it, e.g. "Client-Server". */
	public String label() {
		return label;
	}

	/** The name on the command line and in results, e.g. "client-server". */
	public String id() {
		return id;
	}

	/**
	 * The model called {@code id}.
	 *
	 * @throws IllegalArgumentException naming the models there are
	 */
	public static SimulationModel named(String id) {
		String key = id.toLowerCase(Locale.ROOT);
		return Arrays.stream(values()).filter(m -> m.id.equals(key)).findFirst()
				.orElseThrow(() -> new IllegalArgumentException("unknown model '" + id + "' (known: direct, "
						+ "client-server, strict, auto)"));
	}
}
