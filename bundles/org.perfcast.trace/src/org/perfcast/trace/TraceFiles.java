package org.perfcast.trace;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens a trace file in either form, telling them apart by the binary form's magic number. */
public final class TraceFiles {

	private TraceFiles() {
	}

	/**
	 * A source reading {@code file} as it goes, named {@code name} in messages.
	 *
	 * @throws TraceException at a malformed header
	 * @throws IOException    when the file cannot be read
	 */
	public static TraceSource open(Path file, String name) throws TraceException, IOException {
		InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
		try {
			in.mark(BinaryTrace.MAGIC.length);
			byte[] head = in.readNBytes(BinaryTrace.MAGIC.length);
			in.reset();
			if (java.util.Arrays.equals(head, BinaryTrace.MAGIC)) {
				return new BinaryTrace.Reader(in, name);
			}
			return new TraceReader(new InputStreamReader(in, StandardCharsets.UTF_8), name);
		} catch (TraceException | IOException | RuntimeException e) {
			in.close();
			throw e;
		}
	}

	/** Replays {@code file}, read and replayed on a thread of its own where there is a second processor. */
	public static Recording record(Path file, String name, org.perfcast.engine.EngineMonitor monitor)
			throws TraceException, IOException {
		try (TraceSource source = open(file, name)) {
			return Recording.ofAhead(source, monitor);
		}
	}
}
