package org.perfcast.loggp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;

import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.run.Schedule;

/**
 * Replays an {@link MpiTrace} under LogGP, reading it as a stream. Each rank follows its operations in order from
 * time 0:
 * <ul>
 * <li>a computation of d µs takes d / speed;</li>
 * <li>a send of k bytes is ready at the rank's earliest send time under {@link StepTimelines}' rules (the rank's
 * current time, (k' − 1)G + g after its previous send of k' bytes started, max(2o, g) − 2o after a receive just
 * before); an <em>eager</em> send (k ≤ the eager limit, not synchronous) starts when ready, a <em>rendezvous</em>
 * send (k above the limit, or ssend/issend) when ready and the receiver has posted its receive; it engages the
 * sender for o + (k − 1)G ({@link LogGP#occupancy}); a blocking send returns then; a nonblocking one returns at
 * once when rendezvous, and its wait returns when the transfer has ended;</li>
 * <li>the message can be received o + L after its send starts (or L after it ends: {@link LogGPRules#arrival()});
 * a receive (blocking, or the wait of a nonblocking one) starts at the latest of the rank's time, that arrival,
 * (k' − 1)G + g after its previous receive started and g after a send just before, and engages the receiver for
 * o + (k − 1)G ({@link LogGPRules#receiveCost()}: or o);</li>
 * <li>posting a nonblocking receive takes no time; a message of 0 bytes costs as one of 1 byte.</li>
 * </ul>
 * Without network contention, a rank's times depend only on its own operations and its messages' times, so the
 * order in which ranks are advanced does not matter: each runs until it needs a message time not yet known (or,
 * once past {@link #KEEP_OPERATIONS} operations, for at most {@link #SLICE} operations, so that a rank far ahead
 * does not pile up messages). O(operations) time; memory O(ranks + messages in flight + open requests), whatever
 * the trace's length.
 */
public final class TraceReplay {

	/** The most operations whose intervals a result keeps for the timeline. */
	public static final long KEEP_OPERATIONS = 200_000;

	/**
	 * What to replay with.
	 *
	 * @param logGP the machine's L, o, g, G (µs)
	 * @param rules the reading of LogGP ({@link LogGPRules#DEFAULT} for the step simulator's)
	 * @param eager the largest message sent eagerly, in bytes
	 * @param speed the computation speed-up: each computation takes its recorded time / speed
	 */
	public record Options(LogGP logGP, LogGPRules rules, long eager, double speed) {
		public Options {
			if (!(speed > 0)) {
				throw new IllegalArgumentException("the speed factor must be more than 0, was " + speed);
			}
			if (eager < 0) {
				throw new IllegalArgumentException("the eager limit must be at least 0 bytes, was " + eager);
			}
		}
	}

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
	 * @param unmatchedSends the sends no receive takes (the program ended with them undelivered)
	 * @param schedule      the timeline, when at most {@link #KEEP_OPERATIONS} operations
	 */
	public record Result(double T, double[] end, double[] compute, double[] communication, double[] waiting,
			long operations, long messages, long unmatchedSends, Optional<Schedule> schedule) {
	}

	/**
	 * A factor on each computation's time, for what-if edits ({@link MpiWhatIf}): called with the rank and the line of
	 * its {@code compute} event, in the order the rank's events come; one replay calls it from one thread.
	 */
	@FunctionalInterface
	public interface ComputeScale {
		/** The factor on the computation of rank {@code rank} at line {@code line} of its events (at least 0). */
		double factor(int rank, int line);
	}

	/** The most operations a rank runs before the others' turn, once the timeline is not kept. */
	static final int SLICE = 1 << 16;


	/** lastKind: 0 before any operation. */
	private static final byte SENT = 1;
	private static final byte RECEIVED = 2;

	private final MpiTrace.Stream stream;
	private final LogGP logGP;
	private final LogGPRules rules;
	private final long eager;
	private final double speed;
	private final int P;
	private final @Nullable ComputeScale scale;

	private final double[] time;
	private final byte[] lastKind;
	private final double[] lastEnd;
	private final double[] sendStart;
	private final long[] sendBytes;
	private final double[] recvStart;
	private final long[] recvBytes;
	/** What each rank waits for: a message, or null when it runs or has ended. */
	private final MessageMatcher.@Nullable Transfer[] blockedOn;
	private final boolean[] queued;
	private final double[] compute;
	private final double[] communication;
	private final double[] waiting;
	private long operations;

	private boolean keep = true;
	private final List<List<Schedule.Interval>> intervals;
	private final List<Schedule.Message> arrows;

	private TraceReplay(MpiTrace.Stream stream, Options options, @Nullable ComputeScale scale) {
		this.stream = stream;
		this.scale = scale;
		logGP = options.logGP();
		rules = options.rules();
		eager = options.eager();
		speed = options.speed();
		P = stream.ranks.length;
		time = new double[P];
		lastKind = new byte[P];
		lastEnd = new double[P];
		sendStart = new double[P];
		sendBytes = new long[P];
		recvStart = new double[P];
		recvBytes = new long[P];
		Arrays.fill(sendStart, Double.NaN);
		Arrays.fill(recvStart, Double.NaN);
		blockedOn = new MessageMatcher.Transfer[P];
		queued = new boolean[P];
		compute = new double[P];
		communication = new double[P];
		waiting = new double[P];
		intervals = new ArrayList<>();
		arrows = new ArrayList<>();
		for (int p = 0; p < P; p++) {
			intervals.add(new ArrayList<>());
		}
	}

	/**
	 * Replays {@code trace}, reading each rank's events as it reaches them.
	 *
	 * @throws EngineException at the file and line of a malformed event, a receive without its send, or, when the
	 *                         ranks deadlock (a rendezvous send no receive takes, ...), each blocked rank's
	 *                         operation
	 * @throws org.perfcast.engine.CancelledException if {@code monitor} is cancelled
	 */
	public static Result replay(MpiTrace trace, Options options, EngineMonitor monitor) throws EngineException {
		return replay(trace, options, null, monitor);
	}

	/**
	 * Replays {@code trace} with each computation's time also multiplied by {@code scale}'s factor (none: 1).
	 *
	 * @throws EngineException as {@link #replay(MpiTrace, Options, EngineMonitor)}
	 */
	public static Result replay(MpiTrace trace, Options options, @Nullable ComputeScale scale, EngineMonitor monitor)
			throws EngineException {
		MpiTrace.Stream stream = new MpiTrace.Stream(trace, true, monitor);
		try {
			return new TraceReplay(stream, options, scale).run(monitor);
		} finally {
			stream.close();
		}
	}

	private Result run(EngineMonitor monitor) throws EngineException {
		// the work: each rank's bytes read, and one when it ends
		long total = P;
		for (RankDecoder rank : stream.ranks) {
			total += rank.size;
		}
		monitor.begin("replay of " + P + " ranks", total);
		long[] reported = new long[P];
		ArrayDeque<Integer> runnable = new ArrayDeque<>();
		for (int p = 0; p < P; p++) {
			runnable.add(p);
			queued[p] = true;
		}
		int done = 0;
		long steps = 0;
		while (!runnable.isEmpty()) {
			int p = runnable.poll();
			queued[p] = false;
			blockedOn[p] = null;
			RankDecoder rank = stream.ranks[p];
			boolean blocked = false;
			int run = 0;
			while (rank.fill()) {
				if ((++steps & 0xfffff) == 0) {
					monitor.checkCancelled();
					for (int q = 0; q < P; q++) {
						long read = stream.ranks[q].consumed();
						if (read > reported[q]) {
							monitor.worked(read - reported[q]);
							reported[q] = read;
						}
					}
				}
				MessageMatcher.Transfer m = step(p, rank);
				if (m != null) {
					blockedOn[p] = m;
					blocked = true;
					break;
				}
				rank.pop();
				if (++operations > KEEP_OPERATIONS && keep) {
					keep = false;
					intervals.clear();
					arrows.clear();
				}
				if (!keep && ++run == SLICE) {
					blocked = true;
					runnable.add(p);
					queued[p] = true;
					break;
				}
			}
			if (!blocked) {
				done++;
				monitor.worked(rank.size - reported[p] + 1);
				reported[p] = rank.size;
			}
			// ranks woken by this one's messages
			for (int q : woken) {
				if (!queued[q]) {
					runnable.add(q);
					queued[q] = true;
				}
			}
			woken.clear();
		}
		if (done < P) {
			throw stalled();
		}
		unmatchedReceive();
		long unmatchedSends = 0;
		for (ArrayDeque<MessageMatcher.Transfer> q : stream.matcher.queues.values()) {
			unmatchedSends += q.size(); // sends only: a receive without its send was reported
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
		return new Result(T, time.clone(), compute, communication, waiting, operations, stream.matcher.messages,
				unmatchedSends, schedule);
	}

	/** Reports the first receive (by rank, then line) whose send never came, if any. */
	private void unmatchedReceive() throws EngineException {
		MessageMatcher.Transfer first = null;
		MessageMatcher.Key at = null;
		for (Map.Entry<MessageMatcher.Key, ArrayDeque<MessageMatcher.Transfer>> e : stream.matcher.queues.entrySet()) {
			MessageMatcher.Transfer m = e.getValue().peekFirst();
			if (m != null && !m.sentFirst && (first == null || m.to < first.to || m.to == first.to
					&& m.receiveLine < first.receiveLine)) {
				first = m;
				at = e.getKey();
			}
		}
		if (first != null && at != null) {
			throw unmatched(first, at);
		}
	}

	private EngineException unmatched(MessageMatcher.Transfer m, MessageMatcher.Key what) {
		boolean collective = what.comm() < 0;
		return MpiTrace.error(stream.ranks[m.to].file, m.receiveLine, (collective ? "the collective's receive"
				: "the receive") + " from rank " + what.from() + (collective ? " (collective " + what.tag() + " on "
						+ "communicator " + (-what.comm() - 1) + ")" : " with tag " + what.tag() + " on communicator "
								+ what.comm()) + " has no matching send (rank " + what.from() + " makes no more "
				+ (collective ? "in that collective" : "with that tag on that communicator") + ")");
	}

	/**
	 * The error when no rank can go on: a malformed event further on in a blocked rank's events, else a receive
	 * whose send never comes, else the deadlock, naming each blocked rank's operation.
	 */
	private EngineException stalled() throws EngineException {
		// what each receive still waiting would take: the sends of its key read from here on
		Map<MessageMatcher.Key, long[]> toCome = new java.util.HashMap<>();
		for (Map.Entry<MessageMatcher.Key, ArrayDeque<MessageMatcher.Transfer>> e : stream.matcher.queues.entrySet()) {
			MessageMatcher.Transfer m = e.getValue().peekFirst();
			if (m != null && !m.sentFirst) {
				toCome.put(e.getKey(), new long[2]);
			}
		}
		stream.matcher.toCome = toCome;
		stream.matcher.matching = false;
		int[] lineAt = new int[P];
		for (int p = 0; p < P; p++) {
			if (blockedOn[p] != null) {
				lineAt[p] = stream.ranks[p].line;
				stream.ranks[p].drain();
			}
		}
		MessageMatcher.Transfer first = null;
		MessageMatcher.Key at = null;
		for (Map.Entry<MessageMatcher.Key, ArrayDeque<MessageMatcher.Transfer>> e : stream.matcher.queues.entrySet()) {
			long[] n = toCome.get(e.getKey());
			if (n == null || e.getValue().size() <= n[0]) {
				continue;
			}
			// the receives beyond the sends to come take none
			int i = 0;
			for (MessageMatcher.Transfer m : e.getValue()) {
				if (i++ == n[0]) {
					if (first == null || m.to < first.to || m.to == first.to && m.receiveLine < first.receiveLine) {
						first = m;
						at = e.getKey();
					}
				}
			}
		}
		if (first != null && at != null) {
			return unmatched(first, at);
		}
		StringBuilder text = new StringBuilder("the ranks deadlock:");
		Location place = null;
		for (int p = 0; p < P; p++) {
			MessageMatcher.Transfer m = blockedOn[p];
			if (m != null) {
				RankDecoder rank = stream.ranks[p];
				text.append(" rank ").append(p).append(" at ").append(rank.file).append(':').append(lineAt[p])
						.append(" waits for ").append(describe(p, m, toCome)).append(';');
				if (place == null) {
					place = Location.at(rank.file, lineAt[p], 1);
				}
			}
		}
		text.setLength(text.length() - 1);
		// fewer than P ranks done: one at least waits, and place is its place
		return new EngineException(Diagnostic.error("replay.deadlock", text.toString(), Objects.requireNonNull(place)));
	}

	private String describe(int p, MessageMatcher.Transfer m, Map<MessageMatcher.Key, long[]> toCome) {
		long bytes = m.bytes;
		if (bytes < 0) { // its send is further on in its sender's events
			for (Map.Entry<MessageMatcher.Key, ArrayDeque<MessageMatcher.Transfer>> e : stream.matcher.queues.entrySet()) {
				if (e.getValue().peekFirst() == m) {
					long[] n = toCome.get(e.getKey());
					bytes = n != null ? n[1] : -1;
				}
			}
		}
		if (m.from == p) {
			return "rank " + m.to + " to post the receive of its " + bytes + "-byte message (rendezvous)";
		}
		return "the " + (bytes < 0 ? "" : bytes + "-byte ") + "message of rank " + m.from;
	}

	private final List<Integer> woken = new ArrayList<>();

	private void wake(MessageMatcher.Transfer m) {
		int a = m.from;
		int b = m.to;
		if (blockedOn[a] == m) {
			blockedOn[a] = null;
			woken.add(a);
		}
		if (blockedOn[b] == m) {
			blockedOn[b] = null;
			woken.add(b);
		}
	}

	/** Performs the current operation of rank {@code p}; returns null when done, or the message it is blocked on. */
	private MessageMatcher.@Nullable Transfer step(int p, RankDecoder rank) {
		if (rank.kind == MpiTrace.COMPUTE) {
			double d = rank.duration / speed;
			ComputeScale sc = scale;
			if (sc != null && d > 0) {
				d *= sc.factor(p, rank.line);
			}
			interval(p, Schedule.Kind.COMPUTE, time[p], time[p] + d, "compute", rank);
			compute[p] += d;
			time[p] += d;
			return null;
		}
		MessageMatcher.Transfer m = Objects.requireNonNull(rank.message);
		switch (rank.kind) {
		case MpiTrace.SEND, MpiTrace.ISEND -> {
			boolean blocking = rank.kind == MpiTrace.SEND;
			if (Double.isNaN(m.ready)) {
				m.ready = earliestSend(p);
				sendStart[p] = m.ready;
				sendBytes[p] = cost(m);
				resolve(m);
			}
			if (eager(m) || !blocking) {
				if (eager(m)) {
					finishSend(p, m, rank);
				}
				return null;
			}
			if (Double.isNaN(m.start)) {
				return m;
			}
			finishSend(p, m, rank);
			return null;
		}
		case MpiTrace.WAIT_SEND -> {
			if (eager(m)) {
				return null;
			}
			if (Double.isNaN(m.start)) {
				return m;
			}
			finishSend(p, m, rank);
			return null;
		}
		case MpiTrace.IRECV -> {
			if (Double.isNaN(m.post)) {
				m.post = time[p];
				resolve(m);
			}
			return null;
		}
		case MpiTrace.RECV, MpiTrace.WAIT_RECV -> {
			if (Double.isNaN(m.post)) {
				m.post = time[p];
				resolve(m);
			}
			if (Double.isNaN(m.start)) {
				return m;
			}
			receive(p, m, rank);
			return null;
		}
		default -> throw new IllegalStateException();
		}
	}

	private boolean eager(MessageMatcher.Transfer m) {
		return m.bytes <= eager && !m.synchronous;
	}

	/** The transfer of message m starts once its sender is ready and, for a rendezvous, its receive is posted. */
	private void resolve(MessageMatcher.Transfer m) {
		if (!Double.isNaN(m.start) || Double.isNaN(m.ready)) {
			return;
		}
		if (eager(m)) {
			m.start = m.ready;
		} else if (!Double.isNaN(m.post)) {
			m.start = Math.max(m.ready, m.post);
		} else {
			return;
		}
		wake(m);
	}

	private static long cost(MessageMatcher.Transfer m) {
		return Math.max(1, m.bytes);
	}

	private double earliestSend(int p) {
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
	private void finishSend(int p, MessageMatcher.Transfer m, RankDecoder rank) {
		double s = m.start;
		double end = s + logGP.occupancy(cost(m));
		double from = time[p];
		if (end <= from) { // a nonblocking rendezvous send that ended while the rank went on
			return;
		}
		if (s > from) {
			interval(p, Schedule.Kind.WAIT, from, s, "wait for rank " + m.to + "'s receive", rank);
			waiting[p] += s - from;
		}
		double busy = Math.max(s, from);
		interval(p, Schedule.Kind.SEND, busy, end, "to " + m.to + " (" + m.bytes + " B)", rank);
		communication[p] += end - busy;
		time[p] = end;
		lastKind[p] = SENT;
		lastEnd[p] = end;
	}

	private void receive(int p, MessageMatcher.Transfer m, RankDecoder rank) {
		double arrival = (rules.arrival() == LogGPRules.Arrival.FIRST_BYTE ? m.start + logGP.o()
				: m.start + logGP.occupancy(cost(m))) + logGP.L();
		double t = Math.max(time[p], arrival);
		if (!Double.isNaN(recvStart[p])) {
			t = Math.max(t, recvStart[p] + logGP.sameKindGap(recvBytes[p]));
		}
		if (lastKind[p] == SENT && rules.crossGaps()) {
			t = Math.max(t, lastEnd[p] + logGP.g());
		}
		double end = t + (rules.receiveCost() == LogGPRules.ReceiveCost.PER_BYTE ? logGP.occupancy(cost(m)) : logGP.o());
		if (t > time[p]) {
			interval(p, Schedule.Kind.WAIT, time[p], t, "wait for rank " + m.from, rank);
			waiting[p] += t - time[p];
		}
		interval(p, Schedule.Kind.RECEIVE, t, end, "from " + m.from + " (" + m.bytes + " B)", rank);
		if (keep) {
			arrows.add(new Schedule.Message(m.from, m.start, p, t, m.bytes + " B"));
		}
		communication[p] += end - t;
		recvStart[p] = t;
		recvBytes[p] = cost(m);
		time[p] = end;
		lastKind[p] = RECEIVED;
		lastEnd[p] = end;
	}

	private void interval(int p, Schedule.Kind kind, double from, double to, String label, RankDecoder rank) {
		if (keep && to > from) {
			intervals.get(p).add(new Schedule.Interval(kind, from, to, label, Optional.of(Location.at(rank.file,
					rank.line, 1))));
		}
	}
}
