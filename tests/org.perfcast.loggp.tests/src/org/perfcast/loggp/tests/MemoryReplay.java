package org.perfcast.loggp.tests;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.run.Schedule;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.TraceReplay.Options;

/** The replay's former form over a {@link MemoryTrace} read whole: the oracle of the streamed {@code TraceReplay}. */
public final class MemoryReplay {

	/** The most operations whose intervals a result keeps for the timeline. */
	public static final long KEEP_OPERATIONS = 200_000;

	/**
	 * A replay's outcome.
	 *
	 * @param T             the completion time: the latest end of a rank
	 * @param end           each rank's end
	 * @param compute       each rank's computation
	 * @param communication each rank's time engaged in sends and receives
	 * @param waiting       each rank's time blocked on another rank (a message not yet there, a receive not yet
	 *                      posted) or on a gap
	 * @param operations    the operations replayed
	 * @param messages      the messages, collectives' included
	 * @param schedule      the timeline, when at most {@link #KEEP_OPERATIONS} operations
	 */
	public record Result(double T, double[] end, double[] compute, double[] communication, double[] waiting,
			long operations, int messages, Optional<Schedule> schedule) {
	}

	/** lastKind: 0 before any operation. */
	private static final byte SENT = 1;
	private static final byte RECEIVED = 2;

	private final MemoryTrace trace;
	private final LogGP logGP;
	private final LogGPRules rules;
	private final long eager;
	private final double speed;
	private final int P;

	private final double[] ready;
	private final double[] post;
	private final double[] start;

	private final int[] pc;
	private final double[] time;
	private final byte[] lastKind;
	private final double[] lastEnd;
	private final double[] sendStart;
	private final long[] sendBytes;
	private final double[] recvStart;
	private final long[] recvBytes;
	private final int[] blockedOn;
	private final double[] compute;
	private final double[] communication;
	private final double[] waiting;

	private final boolean keep;
	private final List<List<Schedule.Interval>> intervals;
	private final List<Schedule.Message> arrows;

	private MemoryReplay(MemoryTrace trace, Options options) {
		this.trace = trace;
		logGP = options.logGP();
		rules = options.rules();
		eager = options.eager();
		speed = options.speed();
		P = trace.P();
		int M = trace.messages;
		ready = new double[M];
		post = new double[M];
		start = new double[M];
		Arrays.fill(ready, Double.NaN);
		Arrays.fill(post, Double.NaN);
		Arrays.fill(start, Double.NaN);
		pc = new int[P];
		time = new double[P];
		lastKind = new byte[P];
		lastEnd = new double[P];
		sendStart = new double[P];
		sendBytes = new long[P];
		recvStart = new double[P];
		recvBytes = new long[P];
		Arrays.fill(sendStart, Double.NaN);
		Arrays.fill(recvStart, Double.NaN);
		blockedOn = new int[P];
		Arrays.fill(blockedOn, -1);
		compute = new double[P];
		communication = new double[P];
		waiting = new double[P];
		keep = trace.operations() <= KEEP_OPERATIONS;
		intervals = new ArrayList<>();
		arrows = new ArrayList<>();
		if (keep) {
			for (int p = 0; p < P; p++) {
				intervals.add(new ArrayList<>());
			}
		}
	}

	/**
	 * Replays {@code trace}.
	 *
	 * @throws EngineException when the ranks deadlock (a rendezvous send no receive takes, ...): it names each
	 *                         blocked rank's operation at its file and line
	 * @throws org.perfcast.engine.CancelledException if {@code monitor} is cancelled
	 */
	public static Result replay(MemoryTrace trace, Options options, EngineMonitor monitor) throws EngineException {
		return new MemoryReplay(trace, options).run(monitor);
	}

	private Result run(EngineMonitor monitor) throws EngineException {
		monitor.begin("replay of " + P + " ranks", P);
		ArrayDeque<Integer> runnable = new ArrayDeque<>();
		for (int p = 0; p < P; p++) {
			runnable.add(p);
		}
		int done = 0;
		long steps = 0;
		while (!runnable.isEmpty()) {
			int p = runnable.poll();
			blockedOn[p] = -1;
			MemoryTrace.Rank rank = trace.ranks[p];
			while (pc[p] < rank.size) {
				if ((++steps & 0xfffff) == 0) {
					monitor.checkCancelled();
				}
				int m = step(p, rank, pc[p]);
				if (m >= 0) {
					blockedOn[p] = m;
					break;
				}
				pc[p]++;
			}
			if (pc[p] == rank.size) {
				done++;
				monitor.worked(1);
			}
			// ranks woken by this one's messages
			for (int q : woken) {
				runnable.add(q);
			}
			woken.clear();
		}
		if (done < P) {
			StringBuilder text = new StringBuilder("the ranks deadlock:");
			Location first = null;
			for (int p = 0; p < P; p++) {
				MemoryTrace.Rank rank = trace.ranks[p];
				if (pc[p] < rank.size) {
					int m = blockedOn[p];
					text.append(" rank ").append(p).append(" at ").append(rank.file).append(':').append(rank.line[pc[p]])
							.append(" waits for ").append(describe(p, m)).append(';');
					if (first == null) {
						first = Location.at(rank.file, rank.line[pc[p]], 1);
					}
				}
			}
			text.setLength(text.length() - 1);
			// fewer than P ranks done: one at least waits, and first is its place
			throw new EngineException(org.perfcast.engine.Diagnostic.error("replay.deadlock", text.toString(),
					java.util.Objects.requireNonNull(first)));
		}
		double T = 0;
		for (int p = 0; p < P; p++) {
			T = Math.max(T, time[p]);
		}
		Optional<Schedule> schedule = Optional.empty();
		if (keep) {
			List<Schedule.Timeline> rows = new ArrayList<>(P);
			for (int p = 0; p < P; p++) {
				rows.add(new Schedule.Timeline("rank " + p, intervals.get(p)));
			}
			schedule = Optional.of(new Schedule("replay under LogGP", "µs", rows, arrows));
		}
		return new Result(T, time.clone(), compute, communication, waiting, trace.operations(), trace.messages,
				schedule);
	}

	private String describe(int p, int m) {
		if (m < 0) {
			return "nothing";
		}
		if (trace.from[m] == p) {
			return "rank " + trace.to[m] + " to post the receive of its " + trace.bytes[m] + "-byte message (rendezvous)";
		}
		return "the " + trace.bytes[m] + "-byte message of rank " + trace.from[m];
	}

	private final List<Integer> woken = new ArrayList<>();

	private void wake(int m) {
		int a = trace.from[m];
		int b = trace.to[m];
		if (blockedOn[a] == m) {
			blockedOn[a] = -2;
			woken.add(a);
		}
		if (blockedOn[b] == m) {
			blockedOn[b] = -2;
			woken.add(b);
		}
	}

	/** Performs operation {@code i} of rank {@code p}; returns −1 when done, or the message it is blocked on. */
	private int step(int p, MemoryTrace.Rank rank, int i) {
		int arg = rank.arg[i];
		switch (rank.kind[i]) {
		case MemoryTrace.COMPUTE -> {
			double d = rank.durations[arg] / speed;
			interval(p, Schedule.Kind.COMPUTE, time[p], time[p] + d, "compute", rank, i);
			compute[p] += d;
			time[p] += d;
			return -1;
		}
		case MemoryTrace.SEND, MemoryTrace.ISEND -> {
			int m = arg;
			boolean blocking = rank.kind[i] == MemoryTrace.SEND;
			if (Double.isNaN(ready[m])) {
				ready[m] = earliestSend(p, m);
				sendStart[p] = ready[m];
				sendBytes[p] = cost(m);
				resolve(m);
			}
			if (eager(m) || !blocking) {
				if (eager(m)) {
					finishSend(p, m, rank, i);
				}
				return -1;
			}
			if (Double.isNaN(start[m])) {
				return m;
			}
			finishSend(p, m, rank, i);
			return -1;
		}
		case MemoryTrace.WAIT_SEND -> {
			int m = arg;
			if (eager(m)) {
				return -1;
			}
			if (Double.isNaN(start[m])) {
				return m;
			}
			finishSend(p, m, rank, i);
			return -1;
		}
		case MemoryTrace.IRECV -> {
			int m = arg;
			if (Double.isNaN(post[m])) {
				post[m] = time[p];
				resolve(m);
			}
			return -1;
		}
		case MemoryTrace.RECV, MemoryTrace.WAIT_RECV -> {
			int m = arg;
			if (Double.isNaN(post[m])) {
				post[m] = time[p];
				resolve(m);
			}
			if (Double.isNaN(start[m])) {
				return m;
			}
			receive(p, m, rank, i);
			return -1;
		}
		default -> throw new IllegalStateException();
		}
	}

	private boolean eager(int m) {
		return trace.bytes[m] <= eager && !trace.synchronous.get(m);
	}

	/** The transfer of message m starts once its sender is ready and, for a rendezvous, its receive is posted. */
	private void resolve(int m) {
		if (!Double.isNaN(start[m]) || Double.isNaN(ready[m])) {
			return;
		}
		if (eager(m)) {
			start[m] = ready[m];
		} else if (!Double.isNaN(post[m])) {
			start[m] = Math.max(ready[m], post[m]);
		} else {
			return;
		}
		wake(m);
	}

	private long cost(int m) {
		return Math.max(1, trace.bytes[m]);
	}

	private double earliestSend(int p, int m) {
		double t = time[p];
		if (!Double.isNaN(sendStart[p])) {
			t = Math.max(t, sendStart[p] + logGP.sameKindGap(sendBytes[p]));
		}
		if (lastKind[p] == RECEIVED && rules.crossGaps()) {
			t = Math.max(t, lastEnd[p] + logGP.receiveToSendGap());
		}
		return t;
	}

	/** The sender is engaged from the transfer's start for o + (k − 1)G, or waits until it ends. */
	private void finishSend(int p, int m, MemoryTrace.Rank rank, int i) {
		double s = start[m];
		double end = s + logGP.occupancy(cost(m));
		double from = time[p];
		if (end <= from) { // a nonblocking rendezvous send that ended while the rank went on
			return;
		}
		if (s > from) {
			interval(p, Schedule.Kind.WAIT, from, s, "wait for rank " + trace.to[m] + "'s receive", rank, i);
			waiting[p] += s - from;
		}
		double busy = Math.max(s, from);
		interval(p, Schedule.Kind.SEND, busy, end, "to " + trace.to[m] + " (" + trace.bytes[m] + " B)", rank, i);
		communication[p] += end - busy;
		time[p] = end;
		lastKind[p] = SENT;
		lastEnd[p] = end;
	}

	private void receive(int p, int m, MemoryTrace.Rank rank, int i) {
		double arrival = (rules.arrival() == LogGPRules.Arrival.FIRST_BYTE ? start[m] + logGP.o()
				: start[m] + logGP.occupancy(cost(m))) + logGP.L();
		double t = Math.max(time[p], arrival);
		if (!Double.isNaN(recvStart[p])) {
			t = Math.max(t, recvStart[p] + logGP.sameKindGap(recvBytes[p]));
		}
		if (lastKind[p] == SENT && rules.crossGaps()) {
			t = Math.max(t, lastEnd[p] + logGP.g());
		}
		double end = t + (rules.receiveCost() == LogGPRules.ReceiveCost.PER_BYTE ? logGP.occupancy(cost(m)) : logGP.o());
		if (t > time[p]) {
			interval(p, Schedule.Kind.WAIT, time[p], t, "wait for rank " + trace.from[m], rank, i);
			waiting[p] += t - time[p];
		}
		interval(p, Schedule.Kind.RECEIVE, t, end, "from " + trace.from[m] + " (" + trace.bytes[m] + " B)", rank, i);
		if (keep) {
			arrows.add(new Schedule.Message(trace.from[m], start[m], p, t, trace.bytes[m] + " B"));
		}
		communication[p] += end - t;
		recvStart[p] = t;
		recvBytes[p] = cost(m);
		time[p] = end;
		lastKind[p] = RECEIVED;
		lastEnd[p] = end;
	}

	private void interval(int p, Schedule.Kind kind, double from, double to, String label, MemoryTrace.Rank rank, int i) {
		if (keep && to > from) {
			intervals.get(p).add(new Schedule.Interval(kind, from, to, label, Optional.of(Location.at(rank.file,
					rank.line[i], 1))));
		}
	}
}
