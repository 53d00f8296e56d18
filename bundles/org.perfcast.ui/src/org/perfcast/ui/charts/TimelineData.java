package org.perfcast.ui.charts;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link TimelineChart} shows: rows of bars (intervals) and arrows (messages) between rows.
 *
 * @param timeUnit shown after times, e.g. "cycles"; may be empty
 * @param rows     the rows, top to bottom
 * @param arrows   the arrows, drawn over the bars
 */
public record TimelineData(String timeUnit, List<Row> rows, List<Arrow> arrows) {

	/** No rows. */
	public static final TimelineData EMPTY = new TimelineData("", List.of(), List.of());

	/**
	 * One row, e.g. a processor.
	 *
	 * @param label the row's name, drawn left of it
	 * @param bars  its bars, in time order
	 */
	public record Row(String label, List<Bar> bars) {
		public Row {
			Objects.requireNonNull(label, "label");
			bars = List.copyOf(bars);
		}
	}

	/**
	 * One interval of a row.
	 *
	 * @param kind   what happens, e.g. "compute"; bars of one kind share a colour and a legend entry
	 * @param start  when it starts
	 * @param end    when it ends, not before start
	 * @param label  e.g. a task's name; may be empty
	 * @param detail more for the tooltip, e.g. where it comes from; may be empty
	 * @param data   the caller's object, handed back on clicks; may be null
	 */
	public record Bar(String kind, double start, double end, String label, String detail, Object data) {
		public Bar {
			Objects.requireNonNull(kind, "kind");
			Objects.requireNonNull(label, "label");
			Objects.requireNonNull(detail, "detail");
			if (!(start <= end)) {
				throw new IllegalArgumentException("bar " + label + " ends before it starts: [" + start + ", " + end + "]");
			}
		}
	}

	/**
	 * A message from one row to another.
	 *
	 * @param from     the sending row's index
	 * @param sendTime when it leaves
	 * @param to       the receiving row's index
	 * @param arrival  when it arrives
	 * @param label    e.g. its size; may be empty
	 * @param data     the caller's object, handed back on clicks; may be null
	 */
	public record Arrow(int from, double sendTime, int to, double arrival, String label, Object data) {
		public Arrow {
			Objects.requireNonNull(label, "label");
		}
	}

	/** @throws IllegalArgumentException if an arrow names a row that does not exist */
	public TimelineData {
		Objects.requireNonNull(timeUnit, "timeUnit");
		rows = List.copyOf(rows);
		arrows = List.copyOf(arrows);
		for (Arrow a : arrows) {
			if (a.from() < 0 || a.from() >= rows.size() || a.to() < 0 || a.to() >= rows.size()) {
				throw new IllegalArgumentException("arrow " + a.from() + " -> " + a.to() + " names a row outside 0.."
						+ (rows.size() - 1));
			}
		}
	}

	/** The kinds of the bars, in order of first appearance: the legend. */
	public List<String> kinds() {
		return rows.stream().flatMap(r -> r.bars().stream()).map(Bar::kind).distinct().toList();
	}

	/** From the earliest start to the latest end of any bar or arrow; [0, 1] when there is nothing. */
	public TimeWindow extent() {
		double min = Double.POSITIVE_INFINITY;
		double max = Double.NEGATIVE_INFINITY;
		for (Row row : rows) {
			for (Bar bar : row.bars()) {
				min = Math.min(min, bar.start());
				max = Math.max(max, bar.end());
			}
		}
		for (Arrow arrow : arrows) {
			min = Math.min(min, Math.min(arrow.sendTime(), arrow.arrival()));
			max = Math.max(max, Math.max(arrow.sendTime(), arrow.arrival()));
		}
		if (min > max) {
			return new TimeWindow(0, 1);
		}
		return max > min ? new TimeWindow(min, max) : new TimeWindow(min - 0.5, min + 0.5);
	}
}
