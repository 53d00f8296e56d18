package org.perfcast.engine.run;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.perfcast.engine.Location;

/**
 * A simulated schedule: one timeline per processor or thread, each a sequence of intervals (computing,
 * sending, receiving, waiting), and the messages between timelines. Times are in {@link #timeUnit()}.
 *
 * @param name      the schedule's title
 * @param timeUnit  the unit of every time, e.g. "cycles" or "µs"
 * @param timelines the rows, e.g. one per processor
 * @param messages  the message arrows between rows
 */
public record Schedule(String name, String timeUnit, List<Timeline> timelines, List<Message> messages) {

	/** What a processor does during an interval. */
	public enum Kind {
		/** Computing. */
		COMPUTE,
		/** Sending a message. */
		SEND,
		/** Receiving a message. */
		RECEIVE,
		/** Waiting, e.g. for a message or a resource. */
		WAIT,
		/** Anything else. */
		OTHER,
		/** Off the processor in I/O. */
		IO,
		/** Off the processor asleep, or in a timed wait that timed out. */
		SLEEP
	}

	/**
	 * One row of the schedule.
	 *
	 * @param label     e.g. "P0" or "thread main"
	 * @param intervals the row's intervals, in time order
	 */
	public record Timeline(String label, List<Interval> intervals) {
		public Timeline {
			Objects.requireNonNull(label, "label");
			intervals = List.copyOf(intervals);
		}
	}

	/**
	 * One interval of a timeline.
	 *
	 * @param kind   what happens
	 * @param start  when it starts
	 * @param end    when it ends, not before {@code start}
	 * @param label  e.g. the task or message name; may be empty
	 * @param source the model element or source line it comes from, if known
	 */
	public record Interval(Kind kind, double start, double end, String label, Optional<Location> source) {
		public Interval {
			Objects.requireNonNull(kind, "kind");
			Objects.requireNonNull(label, "label");
			Objects.requireNonNull(source, "source");
			if (!Double.isFinite(start) || !Double.isFinite(end) || end < start) {
				throw new IllegalArgumentException("interval " + label + " must have finite start <= end, was ["
						+ start + ", " + end + "]");
			}
		}

		/** An interval without a source location. */
		public Interval(Kind kind, double start, double end, String label) {
			this(kind, start, end, label, Optional.empty());
		}
	}

	/**
	 * A message arrow from one row to another.
	 *
	 * @param from        index of the sending row
	 * @param sendTime    when the message leaves
	 * @param to          index of the receiving row
	 * @param receiveTime when it arrives
	 * @param label       e.g. the message's size; may be empty
	 */
	public record Message(int from, double sendTime, int to, double receiveTime, String label) {
		public Message {
			Objects.requireNonNull(label, "label");
			if (!Double.isFinite(sendTime) || !Double.isFinite(receiveTime)) {
				throw new IllegalArgumentException("message times must be finite");
			}
		}
	}

	/** @throws IllegalArgumentException if a message names a row that does not exist */
	public Schedule {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(timeUnit, "timeUnit");
		timelines = List.copyOf(timelines);
		messages = List.copyOf(messages);
		for (Message m : messages) {
			if (m.from() < 0 || m.from() >= timelines.size() || m.to() < 0 || m.to() >= timelines.size()) {
				throw new IllegalArgumentException("schedule " + name + ": message " + m.from() + " -> " + m.to()
						+ " names a row outside 0.." + (timelines.size() - 1));
			}
		}
	}
}
