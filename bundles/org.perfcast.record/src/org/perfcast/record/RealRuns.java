package org.perfcast.record;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.perfcast.engine.NativeTools;
import org.perfcast.record.PthreadRecorder.RecorderException;

/**
 * Times a program for real on a number of processors ({@code taskset -c 0-(N-1)}), to check predictions against:
 * the median of several runs of the time the program prints as {@code elapsed SECONDS} (its parallel part), or of
 * its wall time when it prints none.
 */
public final class RealRuns {

	private static final Pattern ELAPSED = Pattern.compile("(?m)^elapsed\\s+([0-9.eE+-]+)\\s*$");

	/**
	 * A timing.
	 *
	 * @param median  the median time in seconds
	 * @param times   every run's time, sorted
	 * @param printed whether the times are the program's own {@code elapsed} lines (else wall times)
	 */
	public record Timing(double median, double[] times, boolean printed) {
	}

	private RealRuns() {
	}

	/**
	 * Runs {@code command} {@code runs} times on processors 0 .. {@code processors} − 1.
	 *
	 * @throws RecorderException if {@code taskset} is missing, the program cannot start or fails
	 */
	public static Timing time(List<String> command, int processors, int runs) throws RecorderException, IOException {
		return time(command, processors, runs, null);
	}

	/**
	 * {@link #time(List, int, int)}, each run ended with the processes it started after {@code timeout} (null: no
	 * limit).
	 *
	 * @throws org.perfcast.engine.Processes.TimeoutException when a run took longer
	 */
	public static Timing time(List<String> command, int processors, int runs, java.time.Duration timeout)
			throws RecorderException, IOException {
		if (NativeTools.onPath("taskset") == null) {
			throw new RecorderException("taskset is needed to run on a chosen number of processors (util-linux)");
		}
		int available = Runtime.getRuntime().availableProcessors();
		if (processors > available) {
			throw new RecorderException("this machine has " + available + " processors; cannot run on " + processors);
		}
		double[] times = new double[runs];
		boolean printed = true;
		for (int r = 0; r < runs; r++) {
			List<String> full = new ArrayList<>(List.of("taskset", "-c", processors == 1 ? "0" : "0-" + (processors - 1)));
			full.addAll(command);
			long start = System.nanoTime();
			org.perfcast.engine.Processes.Finished finished;
			try {
				finished = org.perfcast.engine.Processes.run(new ProcessBuilder(full), timeout, null, command.get(0));
			} catch (org.perfcast.engine.Processes.TimeoutException e) {
				throw e;
			} catch (IOException e) {
				throw new RecorderException("cannot start " + command.get(0) + ": " + e.getMessage());
			}
			String output = finished.output();
			int status = finished.status();
			double wall = Math.max(1e-9, (System.nanoTime() - start) / 1e9);
			if (status != 0) {
				throw new RecorderException(command.get(0) + " failed on " + processors + " processors (exit code " + status
						+ "): " + output.strip());
			}
			Matcher m = ELAPSED.matcher(output);
			String last = null;
			int at = 0;
			while (m.find()) {
				last = m.group(1);
				at = m.start();
			}
			if (last != null) {
				double seconds;
				try {
					seconds = Double.parseDouble(last);
				} catch (NumberFormatException e) {
					seconds = Double.NaN;
				}
				if (!(seconds > 0) || Double.isInfinite(seconds)) {
					int line = 1 + (int) output.substring(0, at).chars().filter(c -> c == '\n').count();
					throw new RecorderException(command.get(0) + " printed 'elapsed " + last + "' (line " + line
							+ " of its output): the time of its parallel part must be a number of seconds greater than 0");
				}
				times[r] = seconds;
			} else {
				times[r] = wall;
				printed = false;
			}
		}
		Arrays.sort(times);
		double median = runs % 2 == 1 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
		return new Timing(median, times, printed);
	}
}
