package org.perfcast.engine;

/**
 * How much an engine may hold for what its input keeps open (an MPI replay's open requests and unmatched messages, a
 * thread simulation's threads, objects and signals not taken): an eighth of the Java heap's maximum, so that a
 * crafted or broken input ends at once in a message naming where it crossed the limit, instead of in minutes of
 * garbage collection before the heap runs out. The system property {@value #PROPERTY} sets it in MiB instead.
 */
public final class MemoryLimit {

	/** The system property that sets the limit in MiB (e.g. {@code -Dperfcast.memoryLimit=64}). */
	public static final String PROPERTY = "perfcast.memoryLimit";

	private MemoryLimit() {
	}

	/**
	 * The limit in bytes: {@value #PROPERTY} MiB when set to a positive number, else an eighth of the heap (what the
	 * rest of the run holds besides, the garbage it makes and the collector's room take the other seven).
	 */
	public static long bytes() {
		Long mib = Long.getLong(PROPERTY);
		if (mib != null && mib > 0) {
			return Math.min(mib, Long.MAX_VALUE >> 20) << 20;
		}
		return Runtime.getRuntime().maxMemory() / 8;
	}

	/** How many things of {@code bytesEach} the limit holds (at least 1024). */
	public static long items(long bytesEach) {
		return Math.max(1024, bytes() / Math.max(1, bytesEach));
	}

	/**
	 * The limit for a message: "64 MiB, an eighth of the Java heap (a larger heap, -Xmx, raises it)", or "... MiB,
	 * as -Dperfcast.memoryLimit says".
	 */
	public static String describe() {
		return size(bytes()) + (Long.getLong(PROPERTY, 0) > 0 ? ", as -D" + PROPERTY + " says"
				: ", an eighth of the Java heap (a larger heap, -Xmx, raises it)");
	}

	/** {@code bytes} in whole MiB, or KiB below one MiB: "72 MiB", "256 KiB". */
	public static String size(long bytes) {
		return bytes >= 1 << 20 ? (bytes >> 20) + " MiB" : (bytes >> 10) + " KiB";
	}
}
