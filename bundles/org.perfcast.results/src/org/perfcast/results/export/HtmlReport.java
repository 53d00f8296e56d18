package org.perfcast.results.export;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.perfcast.engine.Numbers;
import org.perfcast.engine.UnitScale;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Message;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.RunStatus;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.Series;
import org.perfcast.model.results.SummaryValue;
import org.perfcast.results.io.RunComparison;
import org.perfcast.results.io.RunOverlay;

/**
 * A self-contained HTML report of runs (one file: inline CSS and SVG, no scripts, fonts or links to other
 * files), written as well-formed XHTML. At the top a table of contents and a summary per program (what each
 * engine predicts, its best configuration, where engines disagree and the assumptions they state; see
 * {@link ReportSummary}), then charts comparing runs of the same program in the same unit, then for each run:
 * what ran, a table of the points and their summary values with the errors of failed points and the warnings,
 * a line chart of each summary value over the first swept parameter (a line per combination of the other
 * parameters), a chart of each series across points, and Gantt charts of the schedules of the first point that
 * has them, at a level of detail that keeps them small ({@link SvgGantt}). Values are shown in units scaled to
 * their magnitude ({@link UnitScale}).
 */
public final class HtmlReport {

	/** The most lines drawn in one chart. */
	public static final int MAX_LINES = 10;

	/**
	 * How charts are drawn.
	 *
	 * @param logX logarithmic x axes
	 * @param logY logarithmic y axes
	 */
	public record Options(boolean logX, boolean logY) {
		/** Linear axes. */
		public static final Options LINEAR = new Options(false, false);
	}

	private static final String STYLE = """
			body { font-family: sans-serif; margin: 2em; color: #222; }
			table { border-collapse: collapse; margin: 1em 0; }
			td, th { border: 1px solid #ccc; padding: 2px 8px; text-align: right; }
			th { background: #f2f2f2; }
			td.text { text-align: left; }
			.failed { color: #b00020; }
			.cancelled { color: #8a6d00; }
			svg { display: block; margin: 1em 0; }
			nav { background: #f7f7f7; padding: 0.5em 1em; border: 1px solid #ddd; display: inline-block; }
			nav ol { margin: 0.3em 0; }
			nav ol ol { columns: 2; column-gap: 3em; }
			ul.agreement li, ul.warnings li { margin: 0.3em 0; max-width: 70em; }
			.warnings { color: #8a6d00; }
			""";

	private HtmlReport() {
	}

	/** The report of {@code runs}, in the order given. */
	public static String write(List<Run> runs, Options options) {
		StringBuilder html = new StringBuilder();
		html.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
				.append("<meta charset=\"utf-8\"/>\n<title>Perfcast report</title>\n<style>\n").append(STYLE)
				.append("</style>\n</head>\n<body>\n<h1>Perfcast report</h1>\n");
		List<RunOverlay> overlays = RunOverlay.of(runs);
		contents(html, runs, overlays);
		ReportSummary.write(html, runs);
		comparisons(html, overlays, options);
		for (int r = 0; r < runs.size(); r++) {
			run(html, runs.get(r), "run" + r, options);
		}
		return html.append("</body>\n</html>\n").toString();
	}

	/** The table of contents: the summary per program, the comparisons, and each run. */
	private static void contents(StringBuilder html, List<Run> runs, List<RunOverlay> overlays) {
		html.append("<nav id=\"contents\">\n<strong>Contents</strong>\n<ol>\n<li><a href=\"#summary\">Summary</a>\n<ol>\n");
		for (String program : ReportSummary.programs(runs).keySet()) {
			html.append("<li><a href=\"#summary-").append(Xml.escape(ReportSummary.anchor(program))).append("\">")
					.append(Xml.escape(RunOverlay.shortName(program))).append("</a></li>\n");
		}
		html.append("</ol></li>\n");
		if (!overlays.isEmpty()) {
			html.append("<li><a href=\"#comparisons\">Runs compared</a></li>\n");
		}
		html.append("<li>Runs<ol>\n");
		for (int r = 0; r < runs.size(); r++) {
			html.append("<li><a href=\"#run").append(r).append("\">").append(Xml.escape(title(runs.get(r))))
					.append("</a></li>\n");
		}
		html.append("</ol></li>\n</ol>\n</nav>\n");
	}

	/**
	 * E.g. "PAMELA on matvec-ring/matvec.program": each input by its folder and name, as the summary names the
	 * programs, whether the run recorded it relative to a workspace or checkout or as an absolute path of the
	 * machine it ran on.
	 */
	private static String title(Run run) {
		return run.getEngineName() + " on " + String.join(", ", run.getInputFiles().stream()
				.map(RunOverlay::shortName).toList());
	}

	private static void run(StringBuilder html, Run run, String id, Options options) {
		html.append("<section id=\"").append(id).append("\">\n<h2>").append(Xml.escape(title(run)))
				.append("</h2>\n<table>\n");
		fact(html, "engine", run.getEngineId() + " " + run.getEngineVersion());
		fact(html, "started", run.getStartTime() == null ? "" : run.getStartTime().toInstant().toString());
		fact(html, "status", run.getStatus().getLiteral());
		fact(html, "wall time", org.perfcast.engine.Quantities.seconds(run.getWallTime()));
		fact(html, "points", run.getPoints().size() + " of " + run.getPointCount());
		fact(html, "parameters", run.getBindings().stream().map(b -> b.getName() + "=" + Numbers.format(b.getValue()))
				.collect(Collectors.joining(", ")));
		fact(html, "sweeps", String.join("; ", run.getSweeps()));
		fact(html, "options", run.getOptions().stream().map(o -> o.getName() + "=" + o.getValue())
				.collect(Collectors.joining(", ")));
		html.append("</table>\n");
		points(html, run);
		valueCharts(html, run, options);
		seriesCharts(html, run, options);
		schedules(html, run, id);
		html.append("</section>\n");
	}

	private static void fact(StringBuilder html, String name, String value) {
		html.append("<tr><th>").append(Xml.escape(name)).append("</th><td class=\"text\">").append(Xml.escape(value))
				.append("</td></tr>\n");
	}

	private static void points(StringBuilder html, Run run) {
		Map<String, UnitScale> values = new LinkedHashMap<>();
		Map<String, List<Double>> columns = new LinkedHashMap<>();
		Map<String, String> units = new LinkedHashMap<>();
		run.getPoints().forEach(p -> p.getValues().forEach(v -> {
			units.putIfAbsent(v.getName(), v.getUnit() == null ? "" : v.getUnit());
			columns.computeIfAbsent(v.getName(), k -> new ArrayList<>()).add(v.getValue());
		}));
		units.forEach((name, unit) -> values.put(name, UnitScale.of(unit, columns.get(name))));
		html.append("<table class=\"points\">\n<tr><th>point</th><th>status</th><th>wall time</th>");
		values.forEach((name, scale) -> html.append("<th>").append(Xml.escape(scale.label(name))).append("</th>"));
		html.append("</tr>\n");
		for (RunPoint point : run.getPoints()) {
			html.append("<tr class=\"").append(point.getStatus().getLiteral()).append("\"><td class=\"text\">")
					.append(Xml.escape(RunComparison.pointLabel(point))).append("</td><td class=\"text\">")
					.append(point.getStatus().getLiteral()).append("</td><td>").append(org.perfcast.engine.Quantities.seconds(
							point.getWallTime()))
					.append("</td>");
			for (String name : values.keySet()) {
				UnitScale scale = values.get(name);
				html.append("<td>").append(point.getValues().stream().filter(v -> v.getName().equals(name)).findFirst()
						.map(v -> scale.format(v.getValue(), org.perfcast.engine.Quantities.DIGITS)).orElse("")).append("</td>");
			}
			html.append("</tr>\n");
		}
		html.append("</table>\n");
		List<String> errors = new ArrayList<>();
		for (RunPoint point : run.getPoints()) {
			if (point.getStatus() == RunStatus.FAILED) {
				for (Message m : point.getMessages()) {
					String where = m.getLocation() == null ? "" : m.getLocation().getFile()
							+ (m.getLocation().getLine() > 0 ? ":" + m.getLocation().getLine() : "") + ": ";
					errors.add(RunComparison.pointLabel(point) + ": " + where + m.getText());
				}
			}
		}
		if (!errors.isEmpty()) {
			html.append("<ul class=\"failed\">\n");
			errors.forEach(e -> html.append("<li>").append(Xml.escape(e)).append("</li>\n"));
			html.append("</ul>\n");
		}
		Map<String, String> warnings = new LinkedHashMap<>();
		for (RunPoint point : run.getPoints()) {
			if (point.getStatus() == RunStatus.COMPLETED) {
				for (Message m : point.getMessages()) {
					if (m.getSeverity() == org.perfcast.model.results.Severity.WARNING) {
						warnings.putIfAbsent(m.getCode() == null ? m.getText() : m.getCode(),
								RunComparison.pointLabel(point) + ": " + m.getText());
					}
				}
			}
		}
		if (!warnings.isEmpty()) {
			html.append("<p>Warnings (each kind as stated at its first point):</p>\n<ul class=\"warnings\">\n");
			warnings.values().forEach(w -> html.append("<li>").append(Xml.escape(w)).append("</li>\n"));
			html.append("</ul>\n");
		}
	}

	/** A chart per summary value over the first swept parameter, a line per combination of the others. */
	private static void valueCharts(StringBuilder html, Run run, Options options) {
		if (run.getSweeps().isEmpty()) {
			return;
		}
		String parameter = run.getSweeps().get(0).substring(0, run.getSweeps().get(0).indexOf('=')).strip();
		Set<String> names = new LinkedHashSet<>();
		completed(run).forEach(p -> p.getValues().forEach(v -> names.add(v.getName())));
		for (String name : names) {
			Map<String, List<double[]>> lines = new LinkedHashMap<>();
			String unit = "";
			for (RunPoint point : completed(run)) {
				Double x = null;
				List<String> others = new ArrayList<>();
				for (Binding b : point.getBindings()) {
					if (b.getName().equals(parameter)) {
						x = b.getValue();
					} else if (run.getSweeps().stream().anyMatch(s -> s.startsWith(b.getName() + "="))) {
						others.add(b.getName() + "=" + Numbers.format(b.getValue()));
					}
				}
				for (SummaryValue v : point.getValues()) {
					if (v.getName().equals(name) && x != null) {
						unit = v.getUnit();
						lines.computeIfAbsent(others.isEmpty() ? name : String.join(", ", others), k -> new ArrayList<>())
								.add(new double[] { x, v.getValue() });
					}
				}
			}
			UnitScale scale = UnitScale.of(unit, lines.values().stream().flatMap(List::stream).map(p -> p[1]).toList());
			List<SvgLineChart.Line> chartLines = lines.entrySet().stream().limit(MAX_LINES)
					.map(e -> new SvgLineChart.Line(e.getKey(), e.getValue().stream().map(p -> p[0]).toList(),
							e.getValue().stream().map(p -> scale.apply(p[1])).toList()))
					.toList();
			html.append(SvgLineChart.render(name + " over " + parameter, parameter, scale.label(name), chartLines,
					options.logX(), options.logY()));
		}
	}

	/**
	 * Across runs: for each summary value that several runs of the same program swept over the same first
	 * parameter give in the same unit (such as the speedup over P of Glamis and PAMELA, the paper's figure 7),
	 * one chart with a line per run.
	 */
	private static void comparisons(StringBuilder html, List<RunOverlay> overlays, Options options) {
		if (overlays.isEmpty()) {
			return;
		}
		html.append("<section id=\"comparisons\">\n<h2>Runs compared</h2>\n");
		for (RunOverlay overlay : overlays) {
			UnitScale scale = UnitScale.of(overlay.unit(), overlay.curves().stream()
					.flatMap(c -> Arrays.stream(c.y()).boxed()).toList());
			List<SvgLineChart.Line> lines = overlay.curves().stream().limit(MAX_LINES)
					.map(c -> new SvgLineChart.Line(c.label(), Arrays.stream(c.x()).boxed().toList(),
							Arrays.stream(c.y()).map(scale::apply).boxed().toList()))
					.toList();
			html.append(SvgLineChart.render(overlay.title(scale.label(overlay.value())), overlay.parameter(),
					scale.label(overlay.value()), lines,
					options.logX(), options.logY()));
		}
		html.append("</section>\n");
	}

	/** A label with its unit in parentheses at the end, e.g. "T_p (cycles)". */
	private static final java.util.regex.Pattern UNIT = java.util.regex.Pattern.compile("(.*\\S)\\s*\\(([^()]+)\\)");

	/** A chart per series name, a line per point (the first {@link #MAX_LINES}). */
	private static void seriesCharts(StringBuilder html, Run run, Options options) {
		Map<String, List<SvgLineChart.Line>> charts = new LinkedHashMap<>();
		Map<String, Series> first = new LinkedHashMap<>();
		for (RunPoint point : completed(run)) {
			for (Series s : point.getSeries()) {
				first.putIfAbsent(s.getName(), s);
				List<SvgLineChart.Line> lines = charts.computeIfAbsent(s.getName(), k -> new ArrayList<>());
				if (lines.size() < MAX_LINES) {
					String label = RunComparison.pointLabel(point);
					int n = Math.min(s.getX().size(), s.getY().size());
					lines.add(new SvgLineChart.Line(label.isEmpty() ? s.getName() : label, s.getX().subList(0, n),
							s.getY().subList(0, n)));
				}
			}
		}
		charts.forEach((name, lines) -> {
			String yLabel = first.get(name).getYLabel() == null ? "" : first.get(name).getYLabel();
			java.util.regex.Matcher m = UNIT.matcher(yLabel);
			// "T (µs)", or a bare unit such as "µs": scaled to the values' magnitude
			UnitScale scale = UnitScale.of(m.matches() ? m.group(2) : yLabel, lines.stream().flatMap(l -> l.y().stream())
					.toList());
			List<SvgLineChart.Line> scaled = lines.stream().map(l -> new SvgLineChart.Line(l.name(), l.x(),
					l.y().stream().map(scale::apply).toList())).toList();
			html.append(SvgLineChart.render(name, first.get(name).getXLabel(), m.matches() ? scale.label(m.group(1))
					: scale.factor() == 1 ? yLabel : scale.unit(), scaled, options.logX(), options.logY()));
		});
	}

	private static void schedules(StringBuilder html, Run run, String id) {
		for (RunPoint point : completed(run)) {
			if (!point.getSchedules().isEmpty()) {
				html.append("<h3>Schedules at ").append(Xml.escape(RunComparison.pointLabel(point))).append("</h3>\n");
				for (int s = 0; s < point.getSchedules().size(); s++) {
					Schedule schedule = point.getSchedules().get(s);
					html.append(SvgGantt.render(schedule, id + "-s" + s));
				}
				return;
			}
		}
	}

	private static List<RunPoint> completed(Run run) {
		return run.getPoints().stream().filter(p -> p.getStatus() == RunStatus.COMPLETED).toList();
	}
}
