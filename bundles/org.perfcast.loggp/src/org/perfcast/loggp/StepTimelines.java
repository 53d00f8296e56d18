package org.perfcast.loggp;

import java.util.ArrayList;
import java.util.List;

/**
 * The state both algorithms share while they simulate a step: each processor's current time and last operation,
 * its send queue (FIFO, in the pattern's order) and receive queue (by arrival), and the log of operations. Its
 * {@link #earliestSend} and {@link #earliestReceive} are the LogGP timing rules; {@link #send} and
 * {@link #receive} perform an operation at the earliest time they allow. Processors are numbered densely
 * 0..P − 1 by their position in the pattern.
 */
final class StepTimelines {

	private static final byte SEND = 1;
	private static final byte RECV = 2;

	private final CommunicationPattern pattern;
	private final LogGP logGP;
	private final LogGPRules rules;
	final int P;
	final int M;
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

	private final int[] opMessage;
	private final byte[] opKind;
	private final double[] opStart;
	private final double[] opEnd;
	private int ops;

	StepTimelines(CommunicationPattern pattern, LogGP logGP, LogGPRules rules) {
		this.pattern = pattern;
		this.logGP = logGP;
		this.rules = rules;
		P = pattern.P();
		M = pattern.messages().size();
		from = new int[M];
		to = new int[M];
		bytes = new long[M];
		arrival = new double[M];
		sendOffset = new int[P + 1];
		incoming = new int[P];
		int[] ids = pattern.processors().stream().mapToInt(Integer::intValue).toArray();
		for (int m = 0; m < M; m++) {
			Message message = pattern.messages().get(m);
			from[m] = java.util.Arrays.binarySearch(ids, message.from());
			to[m] = java.util.Arrays.binarySearch(ids, message.to());
			bytes[m] = message.bytes();
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
		opMessage = new int[2 * M];
		opKind = new byte[2 * M];
		opStart = new double[2 * M];
		opEnd = new double[2 * M];
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
		opMessage[ops] = m;
		opKind[ops] = kind;
		opStart[ops] = start;
		opEnd[ops] = end;
		ops++;
		ctime[p] = end;
		lastKind[p] = kind;
		if (kind == SEND) {
			sendStart[p] = start;
			sendBytes[p] = bytes[m];
		} else {
			recvStart[p] = start;
			recvBytes[p] = bytes[m];
		}
	}

	/** A forced transmission record of message {@code m}, just sent. */
	ForcedTransmission forced(int m) {
		Message message = pattern.messages().get(m);
		return new ForcedTransmission(message.from(), message.to(), message.bytes(), opStart[ops - 1], m);
	}

	/** The step as simulated: each processor's operations in order, the step time T. */
	StepResult result(Algorithm algorithm, List<ForcedTransmission> forced) {
		List<List<Operation>> perProcessor = new ArrayList<>(P);
		for (int p = 0; p < P; p++) {
			perProcessor.add(new ArrayList<>());
		}
		List<Integer> ids = pattern.processors();
		for (int i = 0; i < ops; i++) {
			int m = opMessage[i];
			boolean isSend = opKind[i] == SEND;
			int self = isSend ? from[m] : to[m];
			int peer = isSend ? to[m] : from[m];
			perProcessor.get(self).add(new Operation(isSend ? Operation.Kind.SEND : Operation.Kind.RECV, ids.get(peer),
					bytes[m], opStart[i], opEnd[i], m));
		}
		List<ProcessorSchedule> processors = new ArrayList<>(P);
		double T = 0;
		for (int p = 0; p < P; p++) {
			processors.add(new ProcessorSchedule(ids.get(p), perProcessor.get(p), ctime[p]));
			T = Math.max(T, ctime[p]);
		}
		return new StepResult(algorithm, T, processors, forced, pattern.local().size());
	}
}
