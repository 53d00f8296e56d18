package org.perfcast.results.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.perfcast.engine.UnitScale;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.IntervalKind;
import org.perfcast.model.results.MessageArrow;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.model.results.Timeline;

/**
 * An SVG Gantt chart of a schedule: a row per timeline with its intervals coloured by kind (hover shows
 * label, times and source), message arrows between rows, a time axis in a unit scaled to the schedule's length
 * and a legend of the kinds. At most {@value #MAX_ROWS} rows are drawn; the title says when rows are left out.
 * A schedule of more than {@value #DETAIL_LIMIT} intervals is drawn at a level of detail: each row is cut into
 * buckets of {@value #BUCKET} pixels, each bucket drawn in the kind that fills most of its time (adjacent
 * buckets of one kind merged, the tooltip giving the kinds' shares and the number of intervals); more than
 * {@value #ARROW_LIMIT} message arrows are left out. The title says so, so the chart stays small whatever the
 * schedule's size.
 */
public final class SvgGantt {

	/** The most rows drawn. */
	public static final int MAX_ROWS = 64;

	/** The most intervals drawn one by one; beyond, rows are drawn in buckets. */
	public static final int DETAIL_LIMIT = 2000;

	/** The width of a bucket in pixels. */
	public static final int BUCKET = 2;

	/** The most message arrows drawn. */
	public static final int ARROW_LIMIT = 500;

	/** The fill of each kind of interval. */
	static final Map<IntervalKind, String> COLOURS = Map.of(IntervalKind.COMPUTE, "#4e79a7", IntervalKind.SEND,
			"#f28e2b", IntervalKind.RECEIVE, "#59a14f", IntervalKind.WAIT, "#bab0ab", IntervalKind.OTHER, "#b07aa1",
			IntervalKind.IO, "#76b7b2", IntervalKind.SLEEP, "#edc948");

	private static final int WIDTH = 900;
	private static final int LABEL = 90;
	private static final int RIGHT = 20;
	private static final int TOP = 30;
	private static final int ROW = 22;

	private SvgGantt() {
	}

	/**
	 * The Gantt chart of {@code schedule} as an {@code <svg>} element.
	 *
	 * @param id a prefix for the SVG's element ids, unique in the document
	 */
	public static String render(Schedule schedule, String id) {
		int rows = Math.min(schedule.getTimelines().size(), MAX_ROWS);
		double end = 0;
		double start = Double.POSITIVE_INFINITY;
		for (Timeline t : schedule.getTimelines()) {
			for (Interval i : t.getIntervals()) {
				start = Math.min(start, i.getStart());
				end = Math.max(end, i.getEnd());
			}
		}
		start = Double.isInfinite(start) ? 0 : Math.min(0, start);
		String unit = schedule.getTimeUnit() == null ? "" : schedule.getTimeUnit();
		UnitScale scale = UnitScale.of(unit, Math.max(Math.abs(start), Math.abs(end)));
		ChartAxis time = new ChartAxis(scale.apply(start), scale.apply(Math.max(end, start)), false, LABEL,
				WIDTH - RIGHT);
		int bottom = TOP + rows * ROW;
		int height = bottom + 60;
		long intervals = 0;
		for (int r = 0; r < rows; r++) {
			intervals += schedule.getTimelines().get(r).getIntervals().size();
		}
		boolean detailed = intervals <= DETAIL_LIMIT;
		long arrows = schedule.getMessages().stream().filter(m -> m.getFrom() < rows && m.getTo() < rows).count();
		StringBuilder svg = new StringBuilder();
		svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"gantt\" width=\"").append(WIDTH)
				.append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
				.append("\" font-family=\"sans-serif\" font-size=\"11\">\n<defs><marker id=\"").append(Xml.escape(id))
				.append("-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" ")
				.append("orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333\"/></marker></defs>\n");
		List<String> notes = new ArrayList<>();
		if (rows < schedule.getTimelines().size()) {
			notes.add("first " + rows + " of " + schedule.getTimelines().size() + " rows");
		}
		if (!detailed) {
			notes.add(intervals + " intervals in " + BUCKET + "-pixel buckets");
		}
		if (arrows > ARROW_LIMIT) {
			notes.add(arrows + " message arrows left out");
		}
		svg.append("<text x=\"").append(LABEL).append("\" y=\"18\" font-size=\"13\" font-weight=\"bold\">")
				.append(Xml.escape(schedule.getName() + (notes.isEmpty() ? "" : " (" + String.join(", ", notes) + ")")))
				.append("</text>\n");
		for (int r = 0; r < rows; r++) {
			Timeline timeline = schedule.getTimelines().get(r);
			int y = TOP + r * ROW;
			svg.append("<g class=\"row\"><text x=\"").append(LABEL - 6).append("\" y=\"").append(y + 15)
					.append("\" text-anchor=\"end\">").append(Xml.escape(timeline.getLabel())).append("</text>");
			if (detailed) {
				for (Interval i : timeline.getIntervals()) {
					rect(svg, i.getKind(), time.pixel(scale.apply(i.getStart())), time.pixel(scale.apply(i.getEnd())), y,
							tooltip(timeline, i, scale));
				}
			} else {
				buckets(svg, timeline, time, scale, y);
			}
			svg.append("</g>\n");
		}
		if (arrows <= ARROW_LIMIT) {
			for (MessageArrow m : schedule.getMessages()) {
				if (m.getFrom() < rows && m.getTo() < rows) {
					svg.append("<line class=\"message\" x1=\"")
							.append(Xml.coordinate(time.pixel(scale.apply(m.getSendTime())))).append("\" y1=\"")
							.append(TOP + m.getFrom() * ROW + ROW / 2).append("\" x2=\"")
							.append(Xml.coordinate(time.pixel(scale.apply(m.getReceiveTime())))).append("\" y2=\"")
							.append(TOP + m.getTo() * ROW + ROW / 2).append("\" stroke=\"#333\" marker-end=\"url(#")
							.append(Xml.escape(id)).append("-arrow)\"><title>")
							.append(Xml.escape(m.getLabel() == null ? "" : m.getLabel())).append("</title></line>\n");
				}
			}
		}
		svg.append("<line x1=\"").append(LABEL).append("\" y1=\"").append(bottom).append("\" x2=\"").append(WIDTH - RIGHT)
				.append("\" y2=\"").append(bottom).append("\" stroke=\"#444\"/>\n");
		time.appendBottomTicks(svg, bottom);
		int x = LABEL;
		for (IntervalKind kind : IntervalKind.VALUES) {
			svg.append("<rect x=\"").append(x).append("\" y=\"").append(bottom + 32).append("\" width=\"12\" height=\"12\" fill=\"")
					.append(COLOURS.get(kind)).append("\"/><text x=\"").append(x + 16).append("\" y=\"").append(bottom + 42)
					.append("\">").append(kind.getLiteral()).append("</text>");
			x += 90;
		}
		svg.append("<text x=\"").append(WIDTH - RIGHT).append("\" y=\"").append(bottom + 42)
				.append("\" text-anchor=\"end\">").append(Xml.escape(scale.label("time"))).append("</text>\n");
		return svg.append("</svg>\n").toString();
	}

	private static void rect(StringBuilder svg, IntervalKind kind, double x0, double x1, int y, String title) {
		svg.append("<rect class=\"").append(kind.getLiteral()).append("\" x=\"").append(Xml.coordinate(x0))
				.append("\" y=\"").append(y + 3).append("\" width=\"").append(Xml.coordinate(Math.max(0.5, x1 - x0)))
				.append("\" height=\"").append(ROW - 6).append("\" fill=\"").append(COLOURS.get(kind)).append("\"><title>")
				.append(Xml.escape(title)).append("</title></rect>");
	}

	/**
	 * A row at a level of detail: the time each kind fills in each bucket of {@link #BUCKET} pixels; each bucket
	 * drawn in its fullest kind, runs of buckets of one kind as one rectangle.
	 */
	private static void buckets(StringBuilder svg, Timeline timeline, ChartAxis time, UnitScale scale, int y) {
		int count = Math.max(1, (WIDTH - RIGHT - LABEL) / BUCKET);
		IntervalKind[] kinds = IntervalKind.VALUES.toArray(IntervalKind[]::new);
		double[][] filled = new double[count][kinds.length];
		int[] intervals = new int[count];
		for (Interval i : timeline.getIntervals()) {
			double x0 = time.pixel(scale.apply(i.getStart())) - LABEL;
			double x1 = time.pixel(scale.apply(i.getEnd())) - LABEL;
			int first = Math.max(0, Math.min(count - 1, (int) Math.floor(x0 / BUCKET)));
			int last = Math.max(0, Math.min(count - 1, (int) Math.floor(Math.max(x0, x1 - 1e-9) / BUCKET)));
			for (int b = first; b <= last; b++) {
				double covered = Math.min(x1, (b + 1.0) * BUCKET) - Math.max(x0, (double) b * BUCKET);
				filled[b][i.getKind().ordinal()] += Math.max(covered, 1e-9);
				intervals[b]++;
			}
		}
		int b = 0;
		while (b < count) {
			int kind = fullest(filled[b]);
			if (kind < 0) {
				b++;
				continue;
			}
			int end = b;
			double[] shares = new double[kinds.length];
			int n = 0;
			while (end < count && fullest(filled[end]) == kind) {
				for (int k = 0; k < kinds.length; k++) {
					shares[k] += filled[end][k];
				}
				n += intervals[end];
				end++;
			}
			double total = java.util.Arrays.stream(shares).sum();
			StringBuilder title = new StringBuilder(timeline.getLabel()).append(':');
			for (int k = 0; k < kinds.length; k++) {
				if (shares[k] > 0) {
					title.append(' ').append(kinds[k].getLiteral()).append(' ')
							.append(Math.round(100 * shares[k] / total)).append(" %");
				}
			}
			title.append(" (").append(n).append(n == 1 ? " interval" : " intervals").append(")");
			rect(svg, kinds[kind], LABEL + b * BUCKET, LABEL + end * BUCKET, y, title.toString());
			b = end;
		}
	}

	/** The kind that fills most of a bucket, or -1 if nothing does. */
	private static int fullest(double[] filled) {
		int best = -1;
		for (int k = 0; k < filled.length; k++) {
			if (filled[k] > 0 && (best < 0 || filled[k] > filled[best])) {
				best = k;
			}
		}
		return best;
	}

	private static String tooltip(Timeline timeline, Interval i, UnitScale scale) {
		String where = "";
		SourceLocation s = i.getSource();
		if (s != null) {
			where = "\n" + s.getFile() + (s.getLine() > 0 ? ":" + s.getLine() : "")
					+ (s.getLabel() == null || s.getLabel().isEmpty() ? "" : " " + s.getLabel());
		}
		return timeline.getLabel() + " " + i.getKind().getLiteral() + (i.getLabel() == null || i.getLabel().isEmpty() ? ""
				: " " + i.getLabel()) + ": " + org.perfcast.engine.Quantities.format(scale.apply(i.getEnd() - i.getStart()),
				scale.unit())
				+ " from " + scale.format(i.getStart(), org.perfcast.engine.Quantities.DIGITS) + " " + scale.unit() + where;
	}
}
