package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** How {@code perfcast bench} times a benchmark: warm-up, repeated runs, and for a large one its rate and memory. */
final class BenchHarness {

	private BenchHarness() {
	}

	/**
	 * Runs a large benchmark (see {@link BenchCatalogue.Scale}), prints its line unless {@code json}, and returns its
	 * JSON object, which adds {@code perSecond} (units of work per second at the median) and {@code peakResidentMiB}.
	 */
	static String measureLarge(BenchCatalogue.Benchmark benchmark, int iterations, boolean json, Console console) {
		BenchCatalogue.Scale scale = benchmark.scale();
		int runs = Math.min(iterations, scale.iterations());
		Runnable setup = scale.setup();
		if (setup != null) {
			setup.run();
		}
		System.gc();
		boolean reset = ResidentMemory.resetPeak();
		double[] millis;
		if (runs <= 3) {
			millis = new double[runs];
			for (int i = 0; i < runs; i++) {
				long start = System.nanoTime();
				benchmark.operation().run();
				millis[i] = (System.nanoTime() - start) / 1e6;
			}
			Arrays.sort(millis);
		} else {
			millis = measure(benchmark.operation(), runs);
		}
		double median = millis[millis.length / 2];
		double perSecond = scale.work() * 1000.0 / median;
		long peak = ResidentMemory.peakKiB();
		String peakMiB = peak < 0 ? "null" : String.format(java.util.Locale.ROOT, "%.0f", peak / 1024.0);
		if (!json) {
			console.out().printf(java.util.Locale.ROOT, "%-24s median %10.3f ms   min %10.3f ms   (%d iteration%s)  %.3g %s/s,"
					+ " peak resident %s MiB%s  %s%n", benchmark.name(), median, millis[0], runs, runs == 1 ? "" : "s",
					perSecond, scale.unit(), peakMiB, reset ? "" : " (the process's, not reset)", benchmark.description());
		}
		return "{\"name\": " + Json.string(benchmark.name()) + ", \"medianMs\": " + median + ", \"minMs\": " + millis[0]
				+ ", \"iterations\": " + runs + ", \"perSecond\": " + perSecond + ", \"unit\": " + Json.string(scale.unit())
				+ ", \"peakResidentMiB\": " + peakMiB + "}";
	}

	/** The process's resident memory from /proc (Linux). */
	static final class ResidentMemory {
		private ResidentMemory() {
		}

		/** Resets the peak resident memory (VmHWM) to the current; false where that is not possible. */
		static boolean resetPeak() {
			try {
				Files.writeString(Path.of("/proc/self/clear_refs"), "5");
				return true;
			} catch (IOException | UnsupportedOperationException | SecurityException e) {
				return false;
			}
		}

		/** The peak resident memory (VmHWM) in KiB, or −1 where it cannot be read. */
		static long peakKiB() {
			try {
				for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
					if (line.startsWith("VmHWM:")) {
						return Long.parseLong(line.replaceAll("[^0-9]", ""));
					}
				}
			} catch (IOException | NumberFormatException e) {
				// below
			}
			return -1;
		}
	}

	/** Times of {@code iterations} runs after about a second of warm-up, sorted, in milliseconds. */
	static double[] measure(Runnable operation, int iterations) {
		long warmUpEnd = System.nanoTime() + 1_000_000_000L;
		do {
			operation.run();
		} while (System.nanoTime() < warmUpEnd);
		double[] millis = new double[iterations];
		for (int i = 0; i < iterations; i++) {
			long start = System.nanoTime();
			operation.run();
			millis[i] = (System.nanoTime() - start) / 1e6;
		}
		Arrays.sort(millis);
		return millis;
	}
}
