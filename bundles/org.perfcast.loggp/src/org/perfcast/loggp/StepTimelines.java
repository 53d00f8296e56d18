package org.perfcast.loggp;

import java.util.ArrayList;
import java.util.List;

/**
 * The state both algorithms share while they simulate a step: each processor's current time and last operation,
 * its send queue (FIFO, in the pattern's order) and receive queue (by arrival), and the log of operations. Its
 * {@link #earliestSend} and {@link #earliestReceive} are the LogGP timing rules; {@link #send} and
 * {@link #receive} perform an operation at the earliest time they allow. Processors are numbered densely
 * 0..P − 1 by their position among the ids, ascending.
 */
final class StepTimelines {

	private static final byte SEND = 1;
	private static final byte RECV = 2;

	private final LogGP logGP;
	private final LogGPRules rules;
	/** The id of each processor, ascending. */
	private final int[] ids;
	final int P;
	final int M;
	private final int localMessages;
	/** Each message's source and destination (positions in ids) and length; only the first M entries count. */
	private final int[] from;
	private final int[] to;
	private final long[] bytes;
	/** When each message can start being received; valid once it is sent. */
	private final double[] arrival;

	/** Processor p's messages in send order are sendOrder[sendOffset[p] .. sendOffset[p + 1]). */
	private final int[] sendOffset;
	private final int[] sendOrder;
	private final int[] nextSend;

	/** The current time of each processor: the end of its last operation. */
	final double[] ctime;
	private final byte[] lastKind;
	/** Start and length of each processor's latest send, and of its latest receive; NaN start if none. */
	private final double[] sendStart;
	private final long[] sendBytes;
	private final double[] recvStart;
	private final long[] recvBytes;
	private final IndexHeap[] inbox;
	private final int[] incoming;

	/** The log of operations in the order they were simulated, when kept: message, kind, start, end. */
	private final boolean logOperations;
	private final int[] opMessage;
	private final byte[] opKind;
	private final double[] opStart;
	private final double[] opEnd;
	private int ops;
	private double lastSendStart;
	private long forcedCount;

	/** The state of {@code pattern}'s step, on every processor of the pattern, logging every operation. */
	StepTimelines(CommunicationPattern pattern, LogGP logGP, LogGPRules rules) {
		this(ids(pattern), pattern, logGP, rules);
	}

	private StepTimelines(int[] ids, CommunicationPattern pattern, LogGP logGP, LogGPRules rules) {
		this(ids, dense(ids, pattern, true), dense(ids, pattern, false), lengths(pattern), pattern.messages().size(),
				pattern.local().size(), logGP, rules, true);
	}

	/**
	 * The state of a step of {@code M} messages, message m going from processor {@code from[m]} to {@code to[m]}
	 * (positions in {@code ids}) with {@code bytes[m]} bytes, in each sender's send order.
	 *
	 * @param ids           the processors' ids, ascending; ties of equal time go to the lower position
	 * @param localMessages the messages from a processor to itself, which cost nothing
	 * @param logOperations whether to log every operation (for {@link #result}); without, only each processor's
	 *                      finish and the step time are known
	 */
	StepTimelines(int[] ids, int[] from, int[] to, long[] bytes, int M, int localMessages, LogGP logGP,
			LogGPRules rules, boolean logOperations) {
		this.logGP = logGP;
		this.rules = rules;
		this.ids = ids;
		P = ids.length;
		this.M = M;
		this.localMessages = localMessages;
		this.from = from;
		this.to = to;
		this.bytes = bytes;
		arrival = new double[M];
		sendOffset = new int[P + 1];
		incoming = new int[P];
		for (int m = 0; m < M; m++) {
			sendOffset[from[m] + 1]++;
			incoming[to[m]]++;
		}
		for (int p = 0; p < P; p++) {
			sendOffset[p + 1] += sendOffset[p];
		}
		sendOrder = new int[M];
		nextSend = new int[P];
		System.arraycopy(sendOffset, 0, nextSend, 0, P);
		for (int m = 0; m < M; m++) {
			sendOrder[nextSend[from[m]]++] = m;
		}
		System.arraycopy(sendOffset, 0, nextSend, 0, P);
		ctime = new double[P];
		lastKind = new byte[P];
		sendStart = new double[P];
		sendBytes = new long[P];
		recvStart = new double[P];
		recvBytes = new long[P];
		java.util.Arrays.fill(sendStart, Double.NaN);
		java.util.Arrays.fill(recvStart, Double.NaN);
		inbox = new IndexHeap[P];
		for (int p = 0; p < P; p++) {
			inbox[p] = new IndexHeap(arrival, null, incoming[p]);
		}
		this.logOperations = logOperations;
		int logged = logOperations ? 2 * M : 0;
		opMessage = new int[logged];
		opKind = new byte[logged];
		opStart = new double[logged];
		opEnd = new double[logged];
	}

	private static int[] ids(CommunicationPattern pattern) {
		int[] ids = new int[pattern.P()];
		for (int p = 0; p < ids.length; p++) {
			ids[p] = pattern.processors().get(p);
		}
		return ids;
	}

	/** Each message's source (or destination) as a position in {@code ids}. */
	private static int[] dense(int[] ids, CommunicationPattern pattern, boolean source) {
		int[] dense = new int[pattern.messages().size()];
		boolean identity = ids.length == 0 || ids[0] == 0 && ids[ids.length - 1] == ids.length - 1; // 0..P-1
		for (int m = 0; m < dense.length; m++) {
			Message message = pattern.messages().get(m);
			int id = source ? message.from() : message.to();
			dense[m] = identity ? id : java.util.Arrays.binarySearch(ids, id);
		}
		return dense;
	}

	private static long[] lengths(CommunicationPattern pattern) {
		long[] bytes = new long[pattern.messages().size()];
		for (int m = 0; m < bytes.length; m++) {
			bytes[m] = pattern.messages().get(m).bytes();
		}
		return bytes;
	}

	/** How many messages are sent to processor {@code p} in the whole step. */
	int incoming(int p) {
		return incoming[p];
	}

	/** Whether processor {@code p} still has messages to send. */
	boolean wantsToSend(int p) {
		return nextSend[p] < sendOffset[p + 1];
	}

	/** The destination of message {@code m}. */
	int destination(int m) {
		return to[m];
	}

	/** Whether a message sent to processor {@code p} waits in its receive queue. */
	boolean hasWaiting(int p) {
		return !inbox[p].isEmpty();
	}

	/** When the earliest message waiting for processor {@code p} can start being received. */
	double nextArrival(int p) {
		return arrival[inbox[p].peek()];
	}

	/**
	 * The earliest start of processor {@code p}'s next send: its current time, at least (k − 1)G + g after the
	 * start of its previous send of k bytes, and max(2o, g) − 2o after the end of a receive just before.
	 */
	double earliestSend(int p) {
		double t = ctime[p];
		if (!Double.isNaN(sendStart[p])) {
			t = Math.max(t, sendStart[p] + logGP.sameKindGap(sendBytes[p]));
		}
		return lastKind[p] == RECV && rules.crossGaps() ? Math.max(t, ctime[p] + logGP.receiveToSendGap()) : t;
	}

	/**
	 * The earliest start of processor {@code p}'s receive of its earliest waiting message: not before it arrives
	 * nor before the current time, at least (k − 1)G + g after the start of its previous receive of k bytes, and g
	 * after the end of a send just before.
	 */
	double earliestReceive(int p) {
		double t = Math.max(ctime[p], nextArrival(p));
		if (!Double.isNaN(recvStart[p])) {
			t = Math.max(t, recvStart[p] + logGP.sameKindGap(recvBytes[p]));
		}
		return lastKind[p] == SEND && rules.crossGaps() ? Math.max(t, ctime[p] + logGP.g()) : t;
	}

	/** Processor {@code p} sends its next message at its earliest send time; returns the message. */
	int send(int p) {
		int m = sendOrder[nextSend[p]++];
		double start = earliestSend(p);
		double end = start + logGP.occupancy(bytes[m]);
		arrival[m] = (rules.arrival() == LogGPRules.Arrival.FIRST_BYTE ? start + logGP.o() : end) + logGP.L();
		inbox[to[m]].add(m);
		log(p, m, SEND, start, end);
		return m;
	}

	/** Processor {@code p} receives its earliest waiting message at its earliest receive time. */
	void receive(int p) {
		double start = earliestReceive(p);
		int m = inbox[p].poll();
		double cost = rules.receiveCost() == LogGPRules.ReceiveCost.PER_BYTE ? logGP.occupancy(bytes[m]) : logGP.o();
		log(p, m, RECV, start, start + cost);
	}

	/** Processor {@code p} receives every waiting message, in arrival order. */
	void drain(int p) {
		while (!inbox[p].isEmpty()) {
			receive(p);
		}
	}

	private void log(int p, int m, byte kind, double start, double end) {
		if (logOperations) {
			opMessage[ops] = m;
			opKind[ops] = kind;
			opStart[ops] = start;
			opEnd[ops] = end;
		}
		ops++;
		ctime[p] = end;
		lastKind[p] = kind;
		if (kind == SEND) {
			lastSendStart = start;
			sendStart[p] = start;
			sendBytes[p] = bytes[m];
		} else {
			recvStart[p] = start;
			recvBytes[p] = bytes[m];
		}
	}

	/** A forced transmission record of message {@code m}, just sent; counts it. */
	ForcedTransmission forced(int m) {
		forcedCount++;
		return new ForcedTransmission(ids[from[m]], ids[to[m]], bytes[m], lastSendStart, m);
	}

	/** Counts a forced transmission without a record. */
	void countForced() {
		forcedCount++;
	}

	/** The transmissions forced so far. */
	long forcedTransmissions() {
		return forcedCount;
	}

	/** The id of processor {@code p}. */
	int id(int p) {
		return ids[p];
	}

	/** Whether processor {@code p} has sent or received anything. */
	boolean busy(int p) {
		return lastKind[p] != 0;
	}

	/** The step time: the latest finish of a processor. */
	double T() {
		double T = 0;
		for (int p = 0; p < P; p++) {
			T = Math.max(T, ctime[p]);
		}
		return T;
	}

	/**
	 * The step as simulated: each processor's operations in order (read from the log when asked for, so the
	 * result holds a few arrays rather than an object per operation), the step time T.
	 *
	 * @throws IllegalStateException if the operations were not logged
	 */
	StepResult result(Algorithm algorithm, List<ForcedTransmission> forced) {
		if (!logOperations) {
			throw new IllegalStateException("the operations were not logged");
		}
		int[] offset = new int[P + 1];
		for (int i = 0; i < ops; i++) {
			offset[self(i) + 1]++;
		}
		for (int p = 0; p < P; p++) {
			offset[p + 1] += offset[p];
		}
		int[] order = new int[ops];
		int[] next = java.util.Arrays.copyOf(offset, P);
		for (int i = 0; i < ops; i++) {
			order[next[self(i)]++] = i;
		}
		OperationList.Log log = new OperationList.Log(ids, from, to, bytes, opMessage, opKind, opStart,
				opEnd, order);
		List<ProcessorSchedule> processors = new ArrayList<>(P);
		double T = 0;
		for (int p = 0; p < P; p++) {
			processors.add(new ProcessorSchedule(ids[p], new OperationList(log, offset[p], offset[p + 1] - offset[p]),
					ctime[p]));
			T = Math.max(T, ctime[p]);
		}
		return new StepResult(algorithm, T, processors, forced, localMessages);
	}

	/** The processor that did logged operation {@code i}. */
	private int self(int i) {
		int m = opMessage[i];
		return opKind[i] == SEND ? from[m] : to[m];
	}
}
