package org.perfcast.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.perfcast.trace.SyntheticTrace;

/** {@code perfcast bench --write-trace}: the trace benchmarks' input, a synthetic recording, written to a file. */
final class BenchTraceWriter {

	private BenchTraceWriter() {
	}

	/** Writes a synthetic recording as --write-trace, --events, --shape and --seed say. */
	static int write(Arguments arguments, Console console) throws UsageException {
		Path file = Path.of(arguments.value("write-trace").orElseThrow());
		long events;
		long seed;
		try {
			events = (long) Double.parseDouble(arguments.value("events").orElse("1000000"));
			seed = Long.parseLong(arguments.value("seed").orElse("1"));
		} catch (NumberFormatException e) {
			throw new UsageException("--events takes a count (e.g. 1e8) and --seed an integer: " + e.getMessage());
		}
		if (events < 1) {
			throw new UsageException("--events must be at least 1");
		}
		String name = arguments.value("shape").orElse("workers");
		SyntheticTrace.Shape shape = Arrays.stream(SyntheticTrace.Shape.values()).filter(v -> v.id().equals(name))
				.findFirst().orElseThrow(() -> new UsageException("unknown shape '" + name + "'; known: " + String.join(
						", ", Arrays.stream(SyntheticTrace.Shape.values()).map(SyntheticTrace.Shape::id).toList())));
		// written beside it and moved over it at the end: never a half-written trace under its name
		Path part = file.toAbsolutePath().resolveSibling(file.getFileName() + ".part");
		try {
			long written;
			try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(part), 1 << 16)) {
				written = SyntheticTrace.writeBinary(out, shape, events, seed);
			}
			Files.move(part, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
			console.out().println(file + ": " + written + " events (" + shape.id() + ")");
			return ExitCode.OK;
		} catch (IOException e) {
			try {
				Files.deleteIfExists(part);
			} catch (IOException ignored) {
				// the message below says what went wrong
			}
			console.err().println(file + ": error: cannot write: " + e.getMessage());
			return ExitCode.INPUT_ERROR;
		}
	}
}
