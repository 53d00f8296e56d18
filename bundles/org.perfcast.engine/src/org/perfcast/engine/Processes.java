package org.perfcast.engine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Running external programs (compilers, recorded programs, {@code mpirun}) to their end: their output is read while
 * they run (a program that fills its pipe never stalls), a time limit ends them, and so does the monitor's cancel;
 * ending a program ends every process it started too (the ranks of {@code mpirun}, the commands of a script).
 */
public final class Processes {

	/** A program that did not end within its time limit; it and the processes it started were ended. */
	public static final class TimeoutException extends IOException {
		private static final long serialVersionUID = 1L;

		TimeoutException(String message) {
			super(message);
		}
	}

	/** How a program ended: its exit code and what it wrote (standard output and error, merged). */
	public record Finished(int status, String output) {
	}

	private static final long POLL_MS = 100;

	private Processes() {
	}

	/**
	 * Starts {@code builder} with its error stream merged into its output, reads the output while the program runs,
	 * and waits for its end.
	 *
	 * @param timeout at most this long; null or zero for no limit
	 * @param monitor polled for cancellation (which ends the program and its processes, then is thrown)
	 * @param what    the program, for messages: "mpirun", "the recorded program"
	 * @throws TimeoutException when the time ran out
	 * @throws IOException      when it cannot start, or the wait was interrupted
	 */
	public static Finished run(ProcessBuilder builder, @Nullable Duration timeout, @Nullable EngineMonitor monitor,
			String what) throws IOException {
		Process process = builder.redirectErrorStream(true).start();
		ByteArrayOutputStream output = new ByteArrayOutputStream();
		Thread reader = Thread.ofPlatform().daemon().name("perfcast output of " + what).start(() -> {
			try (InputStream in = process.getInputStream()) {
				in.transferTo(output);
			} catch (IOException e) {
				// the program was ended: what it wrote so far is kept
			}
		});
		int status = await(process, timeout, monitor, what);
		try {
			reader.join(1000); // a process the program left running may hold the pipe open
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
		synchronized (output) {
			return new Finished(status, output.toString(StandardCharsets.UTF_8));
		}
	}

	/**
	 * Waits for {@code process}, whose output goes elsewhere, at most {@code timeout} (null or zero: no limit),
	 * polling {@code monitor}; on a timeout, a cancel or an interrupt, ends it and every process it started.
	 *
	 * @return its exit code
	 * @throws TimeoutException when the time ran out
	 * @throws IOException      when the wait was interrupted
	 */
	public static int await(Process process, @Nullable Duration timeout, @Nullable EngineMonitor monitor, String what)
			throws IOException {
		Duration limit = timeout == null || timeout.isZero() || timeout.isNegative() ? null : timeout;
		long deadline = limit == null ? 0 : System.nanoTime() + limit.toNanos();
		try {
			while (!process.waitFor(POLL_MS, TimeUnit.MILLISECONDS)) {
				if (monitor != null) {
					monitor.checkCancelled();
				}
				if (limit != null && System.nanoTime() - deadline > 0) {
					end(process.toHandle());
					throw new TimeoutException(what + " did not end within " + seconds(limit)
							+ " (the time limit): it and the processes it started were ended");
				}
			}
			return process.exitValue();
		} catch (InterruptedException e) {
			end(process.toHandle());
			Thread.currentThread().interrupt();
			throw new IOException("interrupted while waiting for " + what, e);
		} catch (RuntimeException e) { // cancelled
			end(process.toHandle());
			throw e;
		}
	}

	/**
	 * Ends {@code process} and every process it started: all of them are found first (a child whose parent has
	 * ended can no longer be found), then killed, twice over for processes started meanwhile.
	 */
	public static void end(ProcessHandle process) {
		for (int round = 0; round < 2; round++) {
			List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
			all.add(process);
			all.forEach(ProcessHandle::destroyForcibly);
		}
		try {
			process.onExit().get(2, TimeUnit.SECONDS);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		} catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
			// gone or going: nothing more to do
		}
	}

	/** "90 s", "1.5 s". */
	private static String seconds(Duration timeout) {
		double s = timeout.toMillis() / 1000.0;
		return (s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s)) + " s";
	}

	/**
	 * A time limit given in seconds on a command line or as an engine option: "0" (no limit) or a positive number.
	 *
	 * @throws IllegalArgumentException when it is not
	 */
	public static Duration limit(String seconds) {
		double s;
		try {
			s = Double.parseDouble(seconds.strip());
		} catch (NumberFormatException e) {
			throw new IllegalArgumentException("a time limit is a number of seconds, not '" + seconds + "'");
		}
		if (!(s >= 0) || s > 1e7) {
			throw new IllegalArgumentException("a time limit is 0 (none) to 10000000 seconds, not " + seconds);
		}
		return Duration.ofMillis(Math.round(s * 1000));
	}
}
