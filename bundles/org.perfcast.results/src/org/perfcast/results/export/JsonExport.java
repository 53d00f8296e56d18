package org.perfcast.results.export;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.perfcast.engine.Numbers;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.Message;
import org.perfcast.model.results.MessageArrow;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.Series;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.model.results.SummaryValue;
import org.perfcast.model.results.Table;
import org.perfcast.model.results.Timeline;

/**
 * A run as JSON with stable keys, documented in docs/formats.md: one object with {@code engine}, {@code inputs},
 * {@code bindings}, {@code sweeps}, {@code options}, {@code start}, {@code wallTimeSeconds}, {@code status},
 * {@code pointCount} and {@code points}, each point with {@code index}, {@code bindings}, {@code status},
 * {@code wallTimeSeconds}, {@code values}, {@code series}, {@code tables}, {@code schedules} and
 * {@code messages}. Keys are always present (empty arrays, {@code null} for a missing location).
 */
public final class JsonExport {

	private JsonExport() {
	}

	/** The JSON of {@code run}. */
	public static String write(Run run) {
		return "{\"engine\": {\"id\": " + string(run.getEngineId()) + ", \"name\": " + string(run.getEngineName())
				+ ", \"version\": " + string(run.getEngineVersion()) + "},\n \"inputs\": "
				+ array(run.getInputFiles(), JsonExport::string) + ",\n \"bindings\": " + bindings(run.getBindings())
				+ ",\n \"sweeps\": " + array(run.getSweeps(), JsonExport::string) + ",\n \"options\": "
				+ run.getOptions().stream().map(o -> string(o.getName()) + ": " + string(o.getValue()))
						.collect(Collectors.joining(", ", "{", "}"))
				+ ",\n \"start\": " + string(run.getStartTime() == null ? "" : run.getStartTime().toInstant().toString())
				+ ",\n \"wallTimeSeconds\": " + number(run.getWallTime()) + ",\n \"status\": "
				+ string(run.getStatus().getLiteral()) + ",\n \"pointCount\": " + run.getPointCount()
				+ ",\n \"points\": " + run.getPoints().stream().map(JsonExport::point)
						.collect(Collectors.joining(",\n  ", "[\n  ", "\n ]")).replace("[\n  \n ]", "[]")
				+ "\n}\n";
	}

	private static String point(RunPoint p) {
		return "{\"index\": " + p.getIndex() + ", \"bindings\": " + bindings(p.getBindings()) + ", \"status\": "
				+ string(p.getStatus().getLiteral()) + ", \"wallTimeSeconds\": " + number(p.getWallTime())
				+ ",\n   \"values\": " + array(p.getValues(), JsonExport::value) + ",\n   \"series\": "
				+ array(p.getSeries(), JsonExport::series) + ",\n   \"tables\": " + array(p.getTables(), JsonExport::table)
				+ ",\n   \"schedules\": " + array(p.getSchedules(), JsonExport::schedule) + ",\n   \"messages\": "
				+ array(p.getMessages(), JsonExport::message) + "}";
	}

	private static String value(SummaryValue v) {
		return "{\"name\": " + string(v.getName()) + ", \"value\": " + number(v.getValue()) + ", \"unit\": "
				+ string(v.getUnit()) + "}";
	}

	private static String series(Series s) {
		StringBuilder points = new StringBuilder("[");
		for (int i = 0; i < Math.min(s.getX().size(), s.getY().size()); i++) {
			points.append(i == 0 ? "" : ", ").append('[').append(number(s.getX().get(i))).append(", ")
					.append(number(s.getY().get(i))).append(']');
		}
		return "{\"name\": " + string(s.getName()) + ", \"xLabel\": " + string(s.getXLabel()) + ", \"yLabel\": "
				+ string(s.getYLabel()) + ", \"points\": " + points.append(']') + "}";
	}

	private static String table(Table t) {
		return "{\"name\": " + string(t.getName()) + ", \"columns\": " + array(t.getColumns(), JsonExport::string)
				+ ", \"rows\": " + array(t.getRows(), r -> array(r.getCells(), JsonExport::string)) + "}";
	}

	private static String schedule(Schedule s) {
		return "{\"name\": " + string(s.getName()) + ", \"timeUnit\": " + string(s.getTimeUnit()) + ", \"timelines\": "
				+ array(s.getTimelines(), JsonExport::timeline) + ", \"messages\": "
				+ array(s.getMessages(), JsonExport::arrow) + "}";
	}

	private static String timeline(Timeline t) {
		return "{\"label\": " + string(t.getLabel()) + ", \"intervals\": " + array(t.getIntervals(), JsonExport::interval)
				+ "}";
	}

	private static String interval(Interval i) {
		return "{\"kind\": " + string(i.getKind().getLiteral()) + ", \"start\": " + number(i.getStart()) + ", \"end\": "
				+ number(i.getEnd()) + ", \"label\": " + string(i.getLabel()) + ", \"source\": " + location(i.getSource())
				+ "}";
	}

	private static String arrow(MessageArrow m) {
		return "{\"from\": " + m.getFrom() + ", \"sendTime\": " + number(m.getSendTime()) + ", \"to\": " + m.getTo()
				+ ", \"receiveTime\": " + number(m.getReceiveTime()) + ", \"label\": " + string(m.getLabel()) + "}";
	}

	private static String message(Message m) {
		return "{\"severity\": " + string(m.getSeverity().getLiteral()) + ", \"code\": " + string(m.getCode())
				+ ", \"text\": " + string(m.getText()) + ", \"location\": " + location(m.getLocation()) + "}";
	}

	private static String location(SourceLocation l) {
		if (l == null) {
			return "null";
		}
		return "{\"file\": " + string(l.getFile()) + ", \"line\": " + l.getLine() + ", \"column\": " + l.getColumn()
				+ ", \"uriFragment\": " + string(l.getUriFragment()) + ", \"label\": " + string(l.getLabel()) + "}";
	}

	private static String bindings(List<Binding> bindings) {
		return bindings.stream().map(b -> string(b.getName()) + ": " + number(b.getValue()))
				.collect(Collectors.joining(", ", "{", "}"));
	}

	private static <T> String array(List<T> items, Function<T, String> element) {
		return items.stream().map(element).collect(Collectors.joining(", ", "[", "]"));
	}

	private static String number(double value) {
		return Double.isFinite(value) ? Numbers.format(value) : "null";
	}

	/** A JSON string literal; null becomes "". */
	public static String string(String text) {
		StringBuilder out = new StringBuilder("\"");
		for (char c : (text == null ? "" : text).toCharArray()) {
			switch (c) {
			case '"' -> out.append("\\\"");
			case '\\' -> out.append("\\\\");
			case '\n' -> out.append("\\n");
			case '\r' -> out.append("\\r");
			case '\t' -> out.append("\\t");
			default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
			}
		}
		return out.append('"').toString();
	}
}
