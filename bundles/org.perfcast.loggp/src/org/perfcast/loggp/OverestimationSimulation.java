package org.perfcast.loggp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineMonitor;

/**
 * The overestimation simulation algorithm of the paper's section 4.2: each processor first receives every message
 * sent to it, in arrival order, and only then sends its own, so that the step takes longer than figure 2's
 * simulation predicts. A processor whose count of messages still to come is zero is ready: it receives what it
 * got, sends all its messages (under the same LogGP timing rules), and so counts down its destinations. When
 * processors still want to send but none is ready, the pattern has a cycle: a processor drawn from
 * {@link LogGPRules#seed()} among them receives what it got so far and sends its next message anyway, and the
 * result lists that {@link ForcedTransmission}. At the end every processor receives what is left.
 * <p>
 * Time O(M log M + P) for M messages on P processors.
 */
public final class OverestimationSimulation {

	private OverestimationSimulation() {
	}

	/**
	 * Simulates {@code pattern}.
	 *
	 * @throws org.perfcast.engine.CancelledException if {@code monitor} is cancelled
	 */
	public static StepResult simulate(CommunicationPattern pattern, LogGP logGP, LogGPRules rules,
			EngineMonitor monitor) {
		StepTimelines state = new StepTimelines(pattern, logGP, rules);
		List<ForcedTransmission> forced = new ArrayList<>();
		run(state, rules, forced, monitor);
		return state.result(Algorithm.OVERESTIMATE, forced);
	}

	/**
	 * Simulates the step of {@code state} to its end; adds each forced transmission to {@code forced}, or only
	 * counts it in the state when {@code forced} is null.
	 */
	static void run(StepTimelines state, LogGPRules rules, @Nullable List<ForcedTransmission> forced,
			EngineMonitor monitor) {
		int P = state.P;
		monitor.begin("LogGP overestimation of " + state.M + " messages", state.M);
		int[] toReceive = new int[P];
		ArrayDeque<Integer> ready = new ArrayDeque<>();
		Waiting waiting = new Waiting(P);
		for (int p = 0; p < P; p++) {
			toReceive[p] = state.incoming(p);
			if (state.wantsToSend(p)) {
				if (toReceive[p] == 0) {
					ready.add(p);
				} else {
					waiting.add(p);
				}
			}
		}
		SplittableRandom random = new SplittableRandom(rules.seed());
		while (true) {
			while (!ready.isEmpty()) {
				monitor.checkCancelled();
				int p = ready.poll();
				state.drain(p);
				while (state.wantsToSend(p)) {
					countDown(state.send(p), state, toReceive, ready, waiting);
					monitor.worked(1);
				}
			}
			if (waiting.isEmpty()) {
				break;
			}
			int p = waiting.get(random.nextInt(waiting.size()));
			state.drain(p);
			int m = state.send(p);
			if (forced != null) {
				forced.add(state.forced(m));
			} else {
				state.countForced();
			}
			monitor.worked(1);
			if (!state.wantsToSend(p)) {
				waiting.remove(p);
			}
			countDown(m, state, toReceive, ready, waiting);
		}
		for (int p = 0; p < P; p++) {
			state.drain(p);
		}
	}

	/** One message fewer to come for the destination of {@code m}; it becomes ready at zero. */
	private static void countDown(int m, StepTimelines state, int[] toReceive, ArrayDeque<Integer> ready,
			Waiting waiting) {
		int q = state.destination(m);
		if (--toReceive[q] == 0 && state.wantsToSend(q)) {
			waiting.remove(q);
			ready.add(q);
		}
	}

	/** The processors that want to send but still wait for messages: O(1) insertion, removal and random pick. */
	private static final class Waiting {
		private final int[] members;
		private final int[] position;
		private int size;

		Waiting(int P) {
			members = new int[P];
			position = new int[P];
			java.util.Arrays.fill(position, -1);
		}

		void add(int p) {
			position[p] = size;
			members[size++] = p;
		}

		void remove(int p) {
			int i = position[p];
			if (i < 0) {
				return;
			}
			int last = members[--size];
			members[i] = last;
			position[last] = i;
			position[p] = -1;
		}

		int get(int i) {
			return members[i];
		}

		int size() {
			return size;
		}

		boolean isEmpty() {
			return size == 0;
		}
	}
}
