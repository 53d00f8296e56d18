package org.perfcast.model.results.export;

import java.util.Map;

import org.perfcast.engine.Numbers;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.IntervalKind;
import org.perfcast.model.results.MessageArrow;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.model.results.Timeline;

/**
 * An SVG Gantt chart of a schedule: a row per timeline with its intervals coloured by kind (hover shows
 * label, times and source), message arrows between rows, a time axis and a legend of the kinds. At most
 * {@value #MAX_ROWS} rows are drawn; the title says when rows are left out.
 */
public final class SvgGantt {

	/** The most rows drawn. */
	public static final int MAX_ROWS = 64;

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
		ChartAxis time = new ChartAxis(start, Math.max(end, start), false, LABEL, WIDTH - RIGHT);
		int bottom = TOP + rows * ROW;
		int height = bottom + 60;
		String unit = schedule.getTimeUnit() == null ? "" : schedule.getTimeUnit();
		StringBuilder svg = new StringBuilder();
		svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"gantt\" width=\"").append(WIDTH)
				.append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
				.append("\" font-family=\"sans-serif\" font-size=\"11\">\n<defs><marker id=\"").append(Xml.escape(id))
				.append("-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" ")
				.append("orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333\"/></marker></defs>\n");
		String more = rows < schedule.getTimelines().size()
				? " (first " + rows + " of " + schedule.getTimelines().size() + " rows)"
				: "";
		svg.append("<text x=\"").append(LABEL).append("\" y=\"18\" font-size=\"13\" font-weight=\"bold\">")
				.append(Xml.escape(schedule.getName() + more)).append("</text>\n");
		for (int r = 0; r < rows; r++) {
			Timeline timeline = schedule.getTimelines().get(r);
			int y = TOP + r * ROW;
			svg.append("<g class=\"row\"><text x=\"").append(LABEL - 6).append("\" y=\"").append(y + 15)
					.append("\" text-anchor=\"end\">").append(Xml.escape(timeline.getLabel())).append("</text>");
			for (Interval i : timeline.getIntervals()) {
				double x0 = time.pixel(i.getStart());
				svg.append("<rect class=\"").append(i.getKind().getLiteral()).append("\" x=\"").append(Xml.coordinate(x0))
						.append("\" y=\"").append(y + 3).append("\" width=\"")
						.append(Xml.coordinate(Math.max(0.5, time.pixel(i.getEnd()) - x0))).append("\" height=\"")
						.append(ROW - 6).append("\" fill=\"").append(COLOURS.get(i.getKind())).append("\"><title>")
						.append(Xml.escape(tooltip(timeline, i, unit))).append("</title></rect>");
			}
			svg.append("</g>\n");
		}
		for (MessageArrow m : schedule.getMessages()) {
			if (m.getFrom() < rows && m.getTo() < rows) {
				svg.append("<line class=\"message\" x1=\"").append(Xml.coordinate(time.pixel(m.getSendTime())))
						.append("\" y1=\"").append(TOP + m.getFrom() * ROW + ROW / 2).append("\" x2=\"")
						.append(Xml.coordinate(time.pixel(m.getReceiveTime()))).append("\" y2=\"")
						.append(TOP + m.getTo() * ROW + ROW / 2).append("\" stroke=\"#333\" marker-end=\"url(#")
						.append(Xml.escape(id)).append("-arrow)\"><title>")
						.append(Xml.escape(m.getLabel() == null ? "" : m.getLabel())).append("</title></line>\n");
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
				.append("\" text-anchor=\"end\">time (").append(Xml.escape(unit)).append(")</text>\n");
		return svg.append("</svg>\n").toString();
	}

	private static String tooltip(Timeline timeline, Interval i, String unit) {
		String where = "";
		SourceLocation s = i.getSource();
		if (s != null) {
			where = "\n" + s.getFile() + (s.getLine() > 0 ? ":" + s.getLine() : "")
					+ (s.getLabel() == null || s.getLabel().isEmpty() ? "" : " " + s.getLabel());
		}
		return timeline.getLabel() + " " + i.getKind().getLiteral() + (i.getLabel() == null || i.getLabel().isEmpty() ? ""
				: " " + i.getLabel()) + ": " + Numbers.format(i.getStart()) + " to " + Numbers.format(i.getEnd()) + " "
				+ unit + where;
	}
}
