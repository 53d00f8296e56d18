package org.perfcast.results.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.perfcast.engine.Numbers;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.Series;
import org.perfcast.model.results.SummaryValue;

/**
 * A run as CSV (RFC 4180, comma-separated, header row, CRLF line ends). {@link #summary} has one row per
 * point: {@code point, status, wallTimeSeconds}, a column per parameter, then a column per summary value
 * named {@code name (unit)}; empty cells where a point has no such value. {@link #series} has one row per
 * series point: {@code point}, a column per parameter, then {@code series, x, y}.
 */
public final class CsvExport {

	private CsvExport() {
	}

	/** The summary values of every point. */
	public static String summary(Run run) {
		Set<String> parameters = parameters(run);
		Map<String, String> values = new LinkedHashMap<>();
		for (RunPoint point : run.getPoints()) {
			for (SummaryValue v : point.getValues()) {
				values.putIfAbsent(v.getName(), v.getUnit().isEmpty() ? v.getName() : v.getName() + " (" + v.getUnit() + ")");
			}
		}
		List<String> header = new ArrayList<>(List.of("point", "status", "wallTimeSeconds"));
		header.addAll(parameters);
		header.addAll(values.values());
		StringBuilder out = new StringBuilder(row(header));
		for (RunPoint point : run.getPoints()) {
			List<String> cells = new ArrayList<>(List.of(Integer.toString(point.getIndex()), point.getStatus().getLiteral(),
					Numbers.format(point.getWallTime())));
			cells.addAll(bindings(point, parameters));
			for (String name : values.keySet()) {
				cells.add(point.getValues().stream().filter(v -> v.getName().equals(name)).findFirst()
						.map(v -> Numbers.format(v.getValue())).orElse(""));
			}
			out.append(row(cells));
		}
		return out.toString();
	}

	/** Every point of every series of every point. */
	public static String series(Run run) {
		Set<String> parameters = parameters(run);
		List<String> header = new ArrayList<>(List.of("point"));
		header.addAll(parameters);
		header.addAll(List.of("series", "x", "y"));
		StringBuilder out = new StringBuilder(row(header));
		for (RunPoint point : run.getPoints()) {
			List<String> prefix = new ArrayList<>(List.of(Integer.toString(point.getIndex())));
			prefix.addAll(bindings(point, parameters));
			for (Series series : point.getSeries()) {
				for (int i = 0; i < Math.min(series.getX().size(), series.getY().size()); i++) {
					List<String> cells = new ArrayList<>(prefix);
					cells.addAll(List.of(series.getName(), Numbers.format(series.getX().get(i)),
							Numbers.format(series.getY().get(i))));
					out.append(row(cells));
				}
			}
		}
		return out.toString();
	}

	private static Set<String> parameters(Run run) {
		Set<String> names = new LinkedHashSet<>();
		run.getPoints().forEach(p -> p.getBindings().forEach(b -> names.add(b.getName())));
		return names;
	}

	private static List<String> bindings(RunPoint point, Set<String> parameters) {
		return parameters.stream().map(name -> point.getBindings().stream().filter(b -> b.getName().equals(name))
				.findFirst().map(Binding::getValue).map(Numbers::format).orElse("")).toList();
	}

	private static String row(List<String> cells) {
		return cells.stream().map(CsvExport::cell).collect(Collectors.joining(",", "", "\r\n"));
	}

	/**
	 * A CSV cell; text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return,
	 * and not a number) is prefixed with an apostrophe so that it stays text.
	 */
	static String cell(String text) {
		String safe = !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0 && !NUMBER.matcher(text).matches()
				? "'" + text : text;
		return safe.matches("[^\",\r\n]*") ? safe : "\"" + safe.replace("\"", "\"\"") + "\"";
	}

	private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile(
			"[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?|[+-]?Infinity|NaN");
}
