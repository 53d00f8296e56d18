package org.perfcast.results.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.perfcast.engine.UnitScale;
import org.perfcast.model.results.Message;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.RunStatus;
import org.perfcast.model.results.Severity;
import org.perfcast.model.results.SummaryValue;
import org.perfcast.results.io.RunComparison;
import org.perfcast.results.io.RunOverlay;

/**
 * The summary at the top of a report: per program (the runs of model files with the same name in one folder),
 * what each engine predicts, its best configuration, and where two engines disagree by more than
 * {@link #TOLERANCE} at the same point, with the assumptions the engines state as warnings. Only runs of the
 * same model file are compared point by point (files of one program in other notations may bind other
 * parameter values, as the Glamis and PAMELA models of the matrix-vector update do).
 */
final class ReportSummary {

	/** The relative difference of two engines' times beyond which the summary calls it a disagreement. */
	static final double TOLERANCE = 0.10;

	/**
	 * A run's time at its points.
	 *
	 * @param name the summary value's name ("T as written", "T", "completion")
	 * @param unit its unit
	 */
	record Time(String name, String unit) {
	}

	private ReportSummary() {
	}

	/** The summary value a run's time is: "T as written", else "T", else "completion"; empty without one. */
	static Optional<Time> time(Run run) {
		for (String name : List.of("T as written", "T", "completion")) {
			for (RunPoint point : completed(run)) {
				for (SummaryValue v : point.getValues()) {
					if (v.getName().equals(name)) {
						return Optional.of(new Time(name, v.getUnit() == null ? "" : v.getUnit()));
					}
				}
			}
		}
		return Optional.empty();
	}

	static Optional<Double> value(RunPoint point, String name) {
		return point.getValues().stream().filter(v -> v.getName().equals(name)).map(SummaryValue::getValue).findFirst();
	}

	/** The runs by program, in the order of their first run. */
	static Map<String, List<Integer>> programs(List<Run> runs) {
		Map<String, List<Integer>> programs = new LinkedHashMap<>();
		for (int r = 0; r < runs.size(); r++) {
			programs.computeIfAbsent(RunOverlay.program(runs.get(r)), k -> new ArrayList<>()).add(r);
		}
		return programs;
	}

	/** The summary section. */
	static void write(StringBuilder html, List<Run> runs) {
		html.append("<section id=\"summary\">\n<h2>Summary</h2>\n");
		html.append("<p>Per program: what each engine predicts over its sweep, the configuration it predicts fastest,"
				+ " and where two engines differ by more than ").append(percent(TOLERANCE))
				.append(" at the same point of the same model file, with the assumptions the engines state.</p>\n");
		for (Map.Entry<String, List<Integer>> program : programs(runs).entrySet()) {
			html.append("<h3 id=\"summary-").append(Xml.escape(anchor(program.getKey()))).append("\">")
					.append(Xml.escape(RunOverlay.shortName(program.getKey()))).append("</h3>\n");
			html.append("<table class=\"summary\">\n<tr><th>engine</th><th>model</th><th>predicts</th>"
					+ "<th>best configuration</th><th>run</th></tr>\n");
			for (int r : program.getValue()) {
				Run run = runs.get(r);
				html.append("<tr><td class=\"text\">").append(Xml.escape(run.getEngineId())).append("</td><td class=\"text\">")
						.append(Xml.escape(String.join(", ", run.getInputFiles().stream()
								.map(f -> f.substring(f.lastIndexOf('/') + 1)).toList())))
						.append("</td><td class=\"text\">").append(Xml.escape(predicts(run))).append("</td><td class=\"text\">")
						.append(Xml.escape(best(run))).append("</td><td class=\"text\"><a href=\"#run").append(r)
						.append("\">details</a></td></tr>\n");
			}
			html.append("</table>\n");
			disagreements(html, runs, program.getValue());
		}
		html.append("</section>\n");
	}

	/** E.g. "T 9.19 s .. 18.5 s over b = 20 .. 160", or "T = 315 cycles", or the run's status. */
	private static String predicts(Run run) {
		List<RunPoint> done = completed(run);
		if (done.isEmpty()) {
			return run.getStatus().getLiteral() + ": no point completed";
		}
		Optional<Time> time = time(run);
		String name = time.map(Time::name).orElse(done.get(0).getValues().isEmpty() ? ""
				: done.get(0).getValues().get(0).getName());
		if (name.isEmpty()) {
			return "no summary values";
		}
		List<Double> values = done.stream().map(p -> value(p, name)).flatMap(Optional::stream).toList();
		String unit = done.stream().flatMap(p -> p.getValues().stream()).filter(v -> v.getName().equals(name))
				.map(SummaryValue::getUnit).findFirst().orElse("");
		UnitScale scale = UnitScale.of(unit, values);
		double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
		double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
		String suffix = scale.unit().isEmpty() ? "" : " " + scale.unit();
		String failed = done.size() < run.getPoints().size()
				? " (" + (run.getPoints().size() - done.size()) + " of " + run.getPoints().size() + " points failed)"
				: "";
		if (values.size() == 1 || min == max) {
			return name + " = " + scale.format(min, 3) + suffix + failed;
		}
		return name + " " + scale.format(min, 3) + " .. " + scale.format(max, 3) + suffix + " over "
				+ String.join("; ", run.getSweeps()) + failed;
	}

	/** The point with the least time, e.g. "b=30: T = 9.46 s". */
	private static String best(Run run) {
		Optional<Time> time = time(run);
		if (time.isEmpty() || run.getSweeps().isEmpty()) {
			return "";
		}
		RunPoint best = null;
		for (RunPoint point : completed(run)) {
			Optional<Double> v = value(point, time.get().name());
			if (v.isPresent() && (best == null || v.get() < value(best, time.get().name()).orElseThrow())) {
				best = point;
			}
		}
		if (best == null) {
			return "";
		}
		double t = value(best, time.get().name()).orElseThrow();
		UnitScale scale = UnitScale.of(time.get().unit(), t);
		return RunComparison.pointLabel(best) + ": " + time.get().name() + " = " + scale.format(t, 4)
				+ (scale.unit().isEmpty() ? "" : " " + scale.unit());
	}

	/**
	 * The pairs of runs of one program whose times, in the same unit at the same points, differ by more than the
	 * tolerance somewhere: the largest difference and the assumptions either engine states.
	 */
	private static void disagreements(StringBuilder html, List<Run> runs, List<Integer> program) {
		List<String> lines = new ArrayList<>();
		int compared = 0;
		for (int i = 0; i < program.size(); i++) {
			for (int j = i + 1; j < program.size(); j++) {
				Run a = runs.get(program.get(i));
				Run b = runs.get(program.get(j));
				Optional<Time> ta = time(a);
				Optional<Time> tb = time(b);
				if (ta.isEmpty() || tb.isEmpty() || !ta.get().unit().equals(tb.get().unit())
						|| !a.getInputFiles().equals(b.getInputFiles())) {
					continue;
				}
				double largest = -1;
				String where = "";
				for (RunPoint pa : completed(a)) {
					String label = RunComparison.pointLabel(pa);
					for (RunPoint pb : completed(b)) {
						if (!RunComparison.pointLabel(pb).equals(label)) {
							continue;
						}
						Optional<Double> va = value(pa, ta.get().name());
						Optional<Double> vb = value(pb, tb.get().name());
						if (va.isPresent() && vb.isPresent() && Math.min(va.get(), vb.get()) > 0) {
							double d = Math.abs(va.get() - vb.get()) / Math.min(va.get(), vb.get());
							if (d > largest) {
								largest = d;
								where = label;
							}
						}
					}
				}
				if (largest < 0) {
					continue;
				}
				compared++;
				String pair = a.getEngineId() + " and " + b.getEngineId() + (program.stream()
						.map(r -> runs.get(r).getInputFiles()).distinct().count() > 1 ? " on " + String.join(", ",
								a.getInputFiles().stream().map(f -> f.substring(f.lastIndexOf('/') + 1)).toList()) : "");
				if (largest <= TOLERANCE) {
					lines.add(pair + " agree within " + percent(largest) + ".");
				} else {
					Set<String> why = new LinkedHashSet<>(assumptions(a));
					why.addAll(assumptions(b));
					lines.add(pair + " differ by up to " + percent(largest) + (where.isEmpty() ? "" : " (at " + where + ")")
							+ (why.isEmpty() ? "; neither states why." : ". Why: " + String.join(" ", why.stream()
									.map(w -> w.endsWith(".") ? w : w + ".").toList())));
				}
			}
		}
		if (compared > 0) {
			html.append("<ul class=\"agreement\">\n");
			lines.forEach(l -> html.append("<li>").append(Xml.escape(l)).append("</li>\n"));
			html.append("</ul>\n");
		}
	}

	/**
	 * The warnings of a run's completed points that state modelling assumptions, one per kind (code) with the
	 * engine's name, as stated at the first point.
	 */
	static List<String> assumptions(Run run) {
		Map<String, String> texts = new LinkedHashMap<>();
		for (RunPoint point : completed(run)) {
			for (Message m : point.getMessages()) {
				if (m.getSeverity() == Severity.WARNING && m.getCode() != null && m.getCode().startsWith("assumption.")) {
					texts.putIfAbsent(m.getCode(), run.getEngineId() + " (at " + RunComparison.pointLabel(point) + "): "
							+ m.getText());
				}
			}
		}
		return new ArrayList<>(texts.values());
	}

	static String anchor(String text) {
		return text.replaceAll("[^A-Za-z0-9_-]+", "-");
	}

	/** A percentage with at most four significant digits: "11.1 %", "5404 %". */
	static String percent(double fraction) {
		double p = 100 * fraction;
		return String.format(Locale.ROOT, Math.abs(p) >= 999.95 ? "%.0f %%" : "%.1f %%", p);
	}

	static List<RunPoint> completed(Run run) {
		return run.getPoints().stream().filter(p -> p.getStatus() == RunStatus.COMPLETED).toList();
	}
}
