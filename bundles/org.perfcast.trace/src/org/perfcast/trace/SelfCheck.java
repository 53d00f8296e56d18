package org.perfcast.trace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Quantities;

/**
 * Whether a recording accounts for its own run. A program recorded on one processor ran on one processor, so
 * <ul>
 * <li>the whole run: the recording simulated on one processor must give back the recorded elapsed time (less the
 * processor time of threads the trace does not have, {@code @end cpu=}, which can only lengthen the recorded run);
 * <li>each thread: its lifetime (creation to exit) must be its CPU time, its recorded I/O and sleeps, the time it was
 * blocked in recorded waits and the time it was runnable but not running (the kernel's run-queue delay, {@code rq=}).
 * What is left is <em>unexplained time</em>: a wait the recorder does not see (spinning, a raw futex, polling).
 * </ul>
 * Unexplained time is attributed to the interval between two events of the thread, named by their source locations,
 * so that a message can say where. A check off by more than {@link #TOLERANCE} makes the prediction unreliable.
 *
 * @param recorded        the recorded elapsed time (the last event's time; the trace's times start with the run)
 * @param simulated       the recording simulated on one processor; NaN when it deadlocks
 * @param unrecordedCpu   processor time of threads the trace does not have; 0 when not recorded
 * @param othersCpu       processor time other programs took from the recording's processor; 0 when not recorded
 * @param othersResolution how far {@code othersCpu} may be off: the kernel counts it in ticks of 1/100 s, read at the
 *                        start and at the end ({@link #OTHERS_RESOLUTION}); 0 when it was not recorded
 * @param threadsChecked  whether the trace has CPU clocks and run-queue delays, without which no thread is checked
 * @param threads         the threads checked, in order of first appearance
 * @param gaps            the intervals with the most unexplained time, largest first (at most {@link #GAPS})
 */
public record SelfCheck(double recorded, double simulated, double unrecordedCpu, double othersCpu,
		double othersResolution, boolean threadsChecked,
		List<ThreadAccount> threads, List<Gap> gaps) {

	/** The largest part of the recorded time a check may miss before the prediction is unreliable. */
	public static final double TOLERANCE = 0.05;
	/** Two ticks of /proc/stat (USER_HZ, 100 per second on Linux), in seconds: the error of a recorded others=. */
	public static final double OTHERS_RESOLUTION = 0.02;
	/** How many of the intervals with unexplained time are kept. */
	public static final int GAPS = 10;

	public SelfCheck {
		threads = List.copyOf(threads);
		gaps = List.copyOf(gaps);
	}

	/**
	 * Where a thread's lifetime went, in the trace's unit.
	 *
	 * @param blocked     time off the processor in recorded waits (before a lock or a take, which are written once
	 *                    acquired, and before a join of a thread that has exited; after a wait, an activate or a join
	 *                    of a thread still running, which are written as they begin) less its run-queue delay there
	 * @param runQueue    time runnable but not running
	 * @param unexplained time off the processor before events that do not wait, beyond their I/O, sleeps and run-queue
	 *                    delay
	 */
	public record ThreadAccount(String thread, double lifetime, double cpu, double io, double sleep, double blocked,
			double runQueue, double unexplained) {
	}

	/**
	 * Unexplained time of a thread between events at {@code from} and {@code to} (source locations, or the events'
	 * kinds and objects), summed over {@code times} intervals; {@code fromLine} and {@code toLine} are the trace lines of
	 * the interval with the most.
	 */
	public record Gap(String thread, String from, String to, long fromLine, long toLine, double unexplained,
			int times) {
	}

	/**
	 * {@code (recorded − simulated − the part of the processor time of unrecorded threads and other programs that
	 * can explain it) / recorded}.
	 */
	public double deviation() {
		if (!(recorded > 0) || Double.isNaN(simulated)) {
			return Double.NaN;
		}
		double excess = recorded - simulated;
		double explained = Math.min(unrecordedCpu + othersCpu + othersResolution, Math.max(0, excess));
		return (excess - explained) / recorded;
	}

	/**
	 * The threads whose unexplained time is at least {@link #TOLERANCE} of the recorded time beyond the processor time
	 * of threads the trace does not have and of other programs: on one processor, a thread stopped while a runtime's
	 * collector ran (a JVM's safepoint) waited at most that long, and the time another program or the kernel's
	 * interrupts took from the processor can fall inside any thread's interval without being its run-queue delay.
	 */
	public List<ThreadAccount> unexplainedThreads() {
		double allowed = unrecordedCpu + othersCpu + othersResolution;
		return threads.stream().filter(t -> t.unexplained() - allowed >= TOLERANCE * recorded && t.unexplained() > 0)
				.toList();
	}

	/** Whether the prediction rests on a recording that accounts for its run. */
	public boolean reliable() {
		double d = deviation();
		return (Double.isNaN(d) || Math.abs(d) <= TOLERANCE) && !Double.isNaN(simulated)
				&& unexplainedThreads().isEmpty();
	}

	/** The total unexplained time of the threads checked. */
	public double unexplained() {
		return threads.stream().mapToDouble(ThreadAccount::unexplained).sum();
	}

	/** One line: the recorded and the replayed time, the unexplained time. */
	public String summary(String unit) {
		StringBuilder text = new StringBuilder("self-check: recorded ").append(Quantities.format(recorded, unit))
				.append(", replayed on one processor ").append(Double.isNaN(simulated) ? "(deadlocks)"
						: Quantities.format(simulated, unit));
		double d = deviation();
		if (!Double.isNaN(d)) {
			text.append(" (").append(percent(-d)).append(')');
		}
		if (threadsChecked) {
			text.append("; unexplained ").append(Quantities.format(unexplained(), unit)).append(" over ")
					.append(threads.size()).append(threads.size() == 1 ? " thread" : " threads");
		} else {
			text.append("; threads not checked (no run-queue delays rq= in the trace)");
		}
		return text.append(reliable() ? ": holds" : ": UNRELIABLE").toString();
	}

	/** What makes the prediction unreliable, each as a sentence beginning "unreliable: "; empty when it holds. */
	public List<String> findings(String unit) {
		List<String> findings = new ArrayList<>();
		if (Double.isNaN(simulated)) {
			findings.add("unreliable: the recording does not replay on one processor (it deadlocks there), so it is not "
					+ "the run that was recorded");
		}
		double d = deviation();
		if (!Double.isNaN(d) && Math.abs(d) > TOLERANCE) {
			findings.add("unreliable: the program ran " + Quantities.format(recorded, unit) + " when recorded but its "
					+ "recording replays in " + Quantities.format(simulated, unit) + " on one processor (" + percent(-d)
					+ ")" + (d > 0 ? ": " + percent(d) + " of the recorded time is in no thread of the trace (waits "
							+ "Perfcast does not see, or another program on the processor)"
							: ": the trace holds more work than the run had time for (clocks of threads that ran "
									+ "elsewhere?)"));
		}
		for (ThreadAccount t : unexplainedThreads()) {
			Gap gap = gaps.stream().filter(g -> g.thread().equals(t.thread())).findFirst().orElse(null);
			findings.add("unreliable: " + t.thread() + " spends " + Quantities.format(t.unexplained(), unit) + " ("
					+ percent(t.lifetime() > 0 ? t.unexplained() / t.lifetime() : 0) + " of its life) unexplained"
					+ (gap == null ? "" : (gap.times() > 1 ? ", most of it (" + Quantities.format(gap.unexplained(), unit)
							 + " in " + gap.times() + " intervals)" : "") + " between " + gap.from() + " and "
							+ gap.to()) + ": a wait Perfcast does not see (spinning, a raw futex, polling?)");
		}
		return findings;
	}

	/** What the check allowed for and the prediction leaves out, as notes; empty when nothing. */
	public List<String> notes(String unit) {
		List<String> notes = new ArrayList<>();
		if (unrecordedCpu > TOLERANCE * recorded) {
			notes.add("threads the trace does not have used " + Quantities.format(unrecordedCpu, unit)
					 + " of processor time (" + percent(unrecordedCpu / recorded)
					+ " of the run: a runtime's compiler and collector, or threads started inside a library); the "
					+ "prediction leaves them out");
		}
		if (othersCpu > TOLERANCE * recorded) {
			notes.add("other programs had the recording's processor for " + Quantities.format(othersCpu, unit)
					 + " (" + percent(othersCpu / recorded) + " of the run); the "
					+ "threads' clocks leave that out, but their waits for the processor and its caches were not those "
					+ "of an idle machine: record on an idle processor for the best fidelity");
		}
		return notes;
	}

	/** A fraction as a percentage, one decimal below 10 %. */
	public static String percent(double fraction) {
		double p = fraction * 100 + 0.0; // no "-0.0"
		return (Math.abs(p) < 10 ? String.format(Locale.ROOT, "%.1f", p) : String.format(Locale.ROOT, "%.0f", p))
				+ " %";
	}

	/**
	 * The self-check of {@code trace}: one streamed pass that simulates it on one processor and accounts for its
	 * threads as it is read.
	 *
	 * @throws TraceException at an event that does not parse or fit the recorded schedule
	 * @throws IOException    when the trace cannot be read
	 */
	public static SelfCheck of(TraceSimulator.Opener trace, TraceSimulator.Options options,
			org.perfcast.engine.EngineMonitor monitor) throws TraceException, IOException {
		Accounts accounts = new Accounts();
		double simulated = TraceSimulator.oneProcessor(() -> accounts.observe(trace.open()), options, monitor);
		return accounts.check(simulated);
	}

	/**
	 * The self-check of a recording read whole ({@code processCpu} and {@code othersCpu} as its {@code @end} gives
	 * them, or NaN), simulated on one processor in {@code simulated}.
	 */
	public static SelfCheck of(Iterable<TraceEvent> events, double processCpu, double othersCpu, double simulated) {
		Accounts accounts = new Accounts();
		events.forEach(accounts::accept);
		accounts.processCpu = processCpu;
		accounts.othersCpu = othersCpu;
		return accounts.check(simulated);
	}

	/** Accounts for each thread's time as the events go by. */
	static final class Accounts {
		private final Map<String, Account> threads = new LinkedHashMap<>();
		private final Map<String, Double> created = new HashMap<>();
		private final Map<String, GapSum> gaps = new HashMap<>();
		private final java.util.Set<String> exited = new java.util.HashSet<>();
		private double last;
		private boolean clocks = true;
		private boolean anyRunQueue;
		private double processCpu = Double.NaN;
		private double othersCpu = Double.NaN;

		/** {@code source}, whose events are accounted for as they are read. */
		TraceSource observe(TraceSource source) {
			return new ForwardingTraceSource(source) {
				@Override
				public @Nullable TraceEvent next() throws TraceException, IOException {
					TraceEvent e = source.next();
					if (e != null) {
						accept(e);
					} else {
						processCpu = source.processCpu();
						othersCpu = source.othersCpu();
					}
					return e;
				}
			};
		}

		void accept(TraceEvent e) {
			last = Math.max(last, e.time());
			if (Double.isNaN(e.cpu())) {
				clocks = false;
			}
			Account a = threads.get(e.thread());
			if (a == null) {
				Double born = created.remove(e.thread());
				a = new Account(e.thread(), born != null ? born : threads.isEmpty() ? 0 : e.time(), born != null
						|| threads.isEmpty());
				threads.put(e.thread(), a);
			}
			if (e.kind() == EventKind.CREATE && e.target() != null) {
				created.put(e.target(), e.time());
			}
			a.accept(e, this);
		}

		void gap(Account a, String to, long toLine, double unexplained) {
			String key = a.thread + '\0' + a.lastAt + '\0' + to;
			GapSum sum = gaps.get(key);
			if (sum == null) {
				if (gaps.size() >= 4096) {
					forgetSmallGaps();
				}
				sum = new GapSum(a.thread, a.lastAt, to);
				gaps.put(key, sum);
			}
			sum.total += unexplained;
			sum.times++;
			if (unexplained > sum.largest) {
				sum.largest = unexplained;
				sum.fromLine = a.lastLine;
				sum.toLine = toLine;
			}
		}

		/** Keeps the larger half of the intervals' sums, so that memory stays bounded on long traces. */
		private void forgetSmallGaps() {
			double[] totals = gaps.values().stream().mapToDouble(g -> g.total).sorted().toArray();
			double median = totals[totals.length / 2];
			gaps.values().removeIf(g -> g.total < median);
			if (gaps.size() >= 4096) {
				gaps.clear();
			}
		}

		SelfCheck check(double simulated) {
			List<ThreadAccount> accounts = new ArrayList<>();
			boolean checked = clocks && anyRunQueue;
			if (checked) {
				for (Account a : threads.values()) {
					if (a.runQueueSeen && a.born) {
						accounts.add(new ThreadAccount(a.thread, a.lastTime - a.start, a.lastCpu, a.io, a.sleep,
								a.blocked, a.runQueue, a.unexplained));
					}
				}
			}
			double threadCpu = threads.values().stream().mapToDouble(a -> Double.isNaN(a.lastCpu) ? 0 : a.lastCpu)
					.sum();
			double unrecorded = clocks && processCpu >= 0 ? Math.max(0, processCpu - threadCpu) : 0;
			List<Gap> top = !checked ? List.of() : gaps.values().stream()
					.filter(g -> g.total >= MIN_GAP && accounts.stream().anyMatch(t -> t.thread().equals(g.thread)))
					.sorted(Comparator.comparingDouble((GapSum g) -> -g.total)).limit(GAPS)
					.map(g -> new Gap(g.thread, g.from, g.to, g.fromLine, g.toLine, g.total, g.times)).toList();
			double others = othersCpu >= 0 ? othersCpu : 0;
			double resolution = othersCpu >= 0 ? OTHERS_RESOLUTION : 0;
			return new SelfCheck(last, simulated, unrecorded, others, resolution, checked, accounts, top);
		}
	}

	/** Intervals with less unexplained time than this (in seconds of a recorder's trace) are not named. */
	static final double MIN_GAP = 10e-6;

	/** One thread's account. */
	private static final class Account {
		final String thread;
		final double start;
		final boolean born;
		double lastTime;
		double lastCpu;
		double lastRunQueue;
		double pendingAway;
		double pendingQueued;
		boolean lastWaitsAfter;
		String lastAt;
		long lastLine;
		boolean runQueueSeen;
		double io;
		double sleep;
		double blocked;
		double runQueue;
		double unexplained;

		Account(String thread, double start, boolean born) {
			this.thread = thread;
			this.start = start;
			this.born = born;
			this.lastTime = start;
			this.lastAt = "its start";
		}

		/**
		 * Accounts for the interval that ends at {@code e}. An {@code io} or {@code sleep} event's clock is the one at
		 * the start of its call, so its interval goes on to the next other event, with its duration set aside.
		 */
		void accept(TraceEvent e, Accounts accounts) {
			double queued = 0;
			if (!Double.isNaN(e.runQueue())) {
				queued = Math.max(0, e.runQueue() - lastRunQueue);
				lastRunQueue = e.runQueue();
				runQueue += queued;
				runQueueSeen = true;
				accounts.anyRunQueue = true;
			}
			if (e.kind() == EventKind.IO || e.kind() == EventKind.SLEEP) {
				if (e.kind() == EventKind.IO) {
					io += e.duration();
				} else {
					sleep += e.duration();
				}
				pendingAway += e.duration();
				pendingQueued += queued;
				return;
			}
			double gapWall = e.time() - lastTime;
			double gapCpu = Double.isNaN(e.cpu()) ? 0 : Math.max(0, e.cpu() - lastCpu);
			double left = Math.max(0, gapWall - gapCpu - pendingAway - pendingQueued - queued);
			pendingAway = 0;
			pendingQueued = 0;
			String at = where(e);
			// a join written once the thread joined has exited (the Java recorder's) waited before it, one written as it
			// begins (the pthreads recorder's) waits after it
			boolean joinedAlready = e.kind() == EventKind.JOIN && accounts.exited.contains(e.target());
			boolean waited = waitsBefore(e.kind()) || joinedAlready || lastWaitsAfter;
			lastWaitsAfter = waitsAfter(e.kind()) && !joinedAlready;
			if (e.kind() == EventKind.EXIT) {
				accounts.exited.add(thread);
			}
			if (waited) {
				blocked += left;
			} else if (left > 0) {
				unexplained += left;
				if (left >= MIN_GAP) {
					accounts.gap(this, at, e.line(), left);
				}
			}
			lastTime = e.time();
			if (!Double.isNaN(e.cpu())) {
				lastCpu = Math.max(lastCpu, e.cpu());
			}
			lastAt = at;
			lastLine = e.line();
		}

		/** Whether a recorder writes the event once its wait is over (a lock or a take: the wait comes before it). */
		private static boolean waitsBefore(EventKind kind) {
			return kind == EventKind.LOCK || kind == EventKind.RLOCK || kind == EventKind.TAKE;
		}

		/** Whether the event starts a wait (a join, a wait or an activate: the wait comes after it). */
		private static boolean waitsAfter(EventKind kind) {
			return kind == EventKind.JOIN || kind == EventKind.WAIT || kind == EventKind.ACTIVATE;
		}

		private static String where(TraceEvent e) {
			String at = e.at();
			if (at != null) {
				return at;
			}
			String object = e.object() != null ? e.object() : e.target();
			return e.kind().keyword() + (object != null ? " " + object : "");
		}
	}

	/** The unexplained time summed over the intervals between two places of one thread. */
	private static final class GapSum {
		final String thread;
		final String from;
		final String to;
		double total;
		double largest;
		long fromLine;
		long toLine;
		int times;

		GapSum(String thread, String from, String to) {
			this.thread = thread;
			this.from = from;
			this.to = to;
		}
	}
}
