package org.perfcast.loggp;

import java.util.List;
import java.util.SplittableRandom;

import org.perfcast.engine.EngineMonitor;

/**
 * The communication simulation algorithm of the paper's figure 2. Every processor starts at time 0. While some
 * processor still has a message to send, the one with the least current time among those acts (ties by
 * {@link LogGPRules#ties()}): it receives its earliest waiting message if receive priority says so
 * ({@link LogGPRules#receivePriority()}), otherwise it sends the next message of its send queue. Then every
 * processor receives what is left in its receive queue, in arrival order.
 * <p>
 * Time O(M log M + P) for M messages on P processors: a heap of senders by current time and a heap per receive
 * queue by arrival.
 */
public final class CommunicationSimulation {

	/** Operations between two polls of the monitor. */
	private static final int POLL = 1 << 12;

	private CommunicationSimulation() {
	}

	/**
	 * Simulates {@code pattern}.
	 *
	 * @throws org.perfcast.engine.CancelledException if {@code monitor} is cancelled
	 */
	public static StepResult simulate(CommunicationPattern pattern, LogGP logGP, LogGPRules rules,
			EngineMonitor monitor) {
		StepTimelines state = new StepTimelines(pattern, logGP, rules);
		run(state, rules, monitor);
		return state.result(Algorithm.STANDARD, List.of());
	}

	/** Simulates the step of {@code state} to its end. */
	static void run(StepTimelines state, LogGPRules rules, EngineMonitor monitor) {
		int P = state.P;
		monitor.begin("LogGP simulation of " + state.M + " messages", state.M);
		long[] tie = new long[P];
		SplittableRandom random = new SplittableRandom(rules.seed());
		boolean randomTies = rules.ties() == LogGPRules.Ties.RANDOM;
		IndexHeap senders = new IndexHeap(state.ctime, tie, P);
		for (int p = 0; p < P; p++) {
			if (state.wantsToSend(p)) {
				tie[p] = randomTies ? random.nextLong() : p;
				senders.add(p);
			}
		}
		long steps = 0;
		while (!senders.isEmpty()) {
			if (++steps % POLL == 0) {
				monitor.checkCancelled();
			}
			int p = senders.poll();
			double startSend = state.earliestSend(p);
			if (state.hasWaiting(p) && receivesFirst(state, p, startSend, rules)) {
				state.receive(p);
			} else {
				state.send(p);
				monitor.worked(1);
			}
			if (state.wantsToSend(p)) {
				if (randomTies) {
					tie[p] = random.nextLong();
				}
				senders.add(p);
			}
		}
		for (int p = 0; p < P; p++) {
			monitor.checkCancelled();
			state.drain(p);
		}
	}

	private static boolean receivesFirst(StepTimelines state, int p, double startSend, LogGPRules rules) {
		return switch (rules.receivePriority()) {
		case ARRIVED -> state.nextArrival(p) <= startSend;
		case EARLIER_START -> state.earliestReceive(p) <= startSend;
		};
	}
}
