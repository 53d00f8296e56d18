package org.perfcast.mapping;

import java.util.List;
import java.util.Objects;

import org.perfcast.engine.Location;
import org.perfcast.engine.expr.Rational;

/**
 * The schedule that the general execution model's global pass follows ({@link GeneralExecutionModel}): for every
 * processor the activities its clock advances through, step after step (computing the step, sending its
 * messages, passing other processors' data through, waiting for and receiving its messages), and every message
 * with the time it leaves its sender and the time its last item arrives. Times are exact. A processor's
 * activities follow one another without overlap and the last ends at its T_p, so the makespan is the model's
 * T = max_p T_p; a processor idles only where it waits for a message.
 *
 * @param model      the execution model the pass computed
 * @param activities per processor, its activities in time order; activities that take no time are left out
 * @param transfers  the messages between different processors, in the order they are sent
 */
public record ScheduleOfSteps(ExecutionModel model, List<List<Activity>> activities, List<Transfer> transfers) {

	/** What a processor's clock advances for. */
	public enum Kind {
		/** The step's computation (its cost for the processor). */
		COMPUTE,
		/** Sending a message: (1 − K) of its cost n·c(l_1). */
		SEND,
		/** Forwarding the messages that cross the processor: (1 − K) of their costs. */
		PASS_THROUGH,
		/** Waiting for a message's last item (synchronization delay, SD). */
		WAIT,
		/** Receiving a message: (1 − K) of its cost n·c(l_h). */
		RECEIVE
	}

	/**
	 * One activity of a processor.
	 *
	 * @param kind   what the processor does
	 * @param start  when it starts
	 * @param end    when it ends, after {@code start}
	 * @param label  e.g. "send 'A[i, j] to the owner of row i' to 3"
	 * @param source the step or message it comes from
	 */
	public record Activity(Kind kind, Rational start, Rational end, String label, Location source) {
		public Activity {
			Objects.requireNonNull(kind, "kind");
			Objects.requireNonNull(label, "label");
			Objects.requireNonNull(source, "source");
			if (end.compareTo(start) <= 0) {
				throw new IllegalArgumentException("activity " + label + " must end after it starts, was [" + start
						+ ", " + end + "]");
			}
		}
	}

	/**
	 * One message between processors.
	 *
	 * @param from      the sender
	 * @param to        the receiver
	 * @param departure when the sender has sent it
	 * @param arrival   when its last item arrives at the receiver
	 * @param items     its size n
	 * @param label     the message's name
	 * @param source    the message element that generates it
	 */
	public record Transfer(int from, int to, Rational departure, Rational arrival, Rational items, String label,
			Location source) {
		public Transfer {
			Objects.requireNonNull(departure, "departure");
			Objects.requireNonNull(arrival, "arrival");
			Objects.requireNonNull(items, "items");
			Objects.requireNonNull(label, "label");
			Objects.requireNonNull(source, "source");
		}
	}

	public ScheduleOfSteps {
		Objects.requireNonNull(model, "model");
		activities = activities.stream().map(List::copyOf).toList();
		transfers = List.copyOf(transfers);
		if (activities.size() != model.processors().size()) {
			throw new IllegalArgumentException(activities.size() + " timelines for " + model.processors().size()
					+ " processors");
		}
	}

	/** When the last activity ends: the model's T (0 when nothing takes time). */
	public Rational makespan() {
		Rational end = Rational.ZERO;
		for (List<Activity> timeline : activities) {
			if (!timeline.isEmpty() && timeline.get(timeline.size() - 1).end().compareTo(end) > 0) {
				end = timeline.get(timeline.size() - 1).end();
			}
		}
		return end;
	}
}
