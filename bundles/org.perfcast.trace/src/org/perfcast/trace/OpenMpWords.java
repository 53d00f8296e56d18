package org.perfcast.trace;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;

/**
 * OpenMP's synchronisation in words, for people reading a timeline. The OpenMP recorder ({@code ompt.c}) writes a
 * program's constructs as trace objects: {@code omp.fork.R} (parallel region R starting its team),
 * {@code omp.barrier.R.K} and {@code omp.release.R.K} (barrier K of region R, numbered from 0 as in the trace),
 * {@code omp.critical.ADDR}, {@code omp.lock.ADDR}, {@code omp.atomic.ADDR}, {@code omp.ordered.ID.K}, and explicit
 * tasks as threads {@code taskN}. A blocked interval's detail, as {@link TraceSimulator} writes it ("taking
 * omp.release.1.0 posted by main"), reads here as "at barrier 0 of parallel region 1, released by main". The trace and
 * the simulator's details keep the recorded names ({@link WaitingPoints} reads the details); only what is shown
 * changes.
 */
public final class OpenMpWords {

	private static final Pattern TAKING = Pattern.compile("taking (\\S+)( posted by (\\S+))?");
	private static final Pattern LOCKING = Pattern.compile("locking (omp\\.(critical|lock|atomic)\\.\\S+?)((?: to read)?"
			+ "(?:, (?:held|read) by .*)?)");
	private static final Pattern JOINING = Pattern.compile("joining (task[0-9]+)");
	private static final Pattern FORK = Pattern.compile("omp\\.fork\\.([0-9]+)");
	private static final Pattern BARRIER = Pattern.compile("omp\\.(barrier|release)\\.([0-9]+)\\.([0-9]+)");
	private static final Pattern ORDERED = Pattern.compile("omp\\.ordered\\.\\S+");

	private OpenMpWords() {
	}

	/**
	 * {@code detail}, a blocked interval's detail as {@link TraceSimulator} writes it, in OpenMP's words when it names
	 * an OpenMP object or task:
	 * <ul>
	 * <li>"taking omp.fork.R" → "waiting for parallel region R to start" (", started by T" when the model knows
	 * who);</li>
	 * <li>"taking omp.release.R.K" or "taking omp.barrier.R.K" → "at barrier K of parallel region R" (", released by
	 * T" or ", waiting for T");</li>
	 * <li>"locking omp.critical.ADDR, held by T" → "waiting for critical section, held by T"; omp.lock → "waiting
	 * for OpenMP lock", omp.atomic → "waiting for atomic update";</li>
	 * <li>"taking omp.ordered.…" → "waiting for its turn in ordered";</li>
	 * <li>"joining taskN" → "waiting for taskN to finish".</li>
	 * </ul>
	 * Anything else is returned as it is (null as "").
	 */
	public static String detail(@Nullable String detail) {
		if (detail == null) {
			return "";
		}
		Matcher m = TAKING.matcher(detail);
		if (m.matches()) {
			String by = m.group(3);
			String object = m.group(1);
			Matcher fork = FORK.matcher(object);
			if (fork.matches()) {
				return "waiting for parallel region " + fork.group(1) + " to start" + (by == null ? ""
						: ", started by " + by);
			}
			Matcher barrier = BARRIER.matcher(object);
			if (barrier.matches()) {
				return "at barrier " + barrier.group(3) + " of parallel region " + barrier.group(2) + (by == null ? ""
						: barrier.group(1).equals("release") ? ", released by " + by : ", waiting for " + by);
			}
			if (ORDERED.matcher(object).matches()) {
				return "waiting for its turn in ordered" + (by == null ? "" : ", after " + by);
			}
			return detail;
		}
		m = LOCKING.matcher(detail);
		if (m.matches()) {
			String what = switch (m.group(2)) {
			case "critical" -> "critical section";
			case "atomic" -> "atomic update";
			default -> "OpenMP lock";
			};
			return "waiting for " + what + m.group(3);
		}
		m = JOINING.matcher(detail);
		if (m.matches()) {
			return "waiting for " + m.group(1) + " to finish";
		}
		return detail;
	}
}
