package org.perfcast.ui.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.perfcast.engine.Numbers;
import org.perfcast.engine.UnitScale;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.IntervalKind;
import org.perfcast.model.results.MessageArrow;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.RunStatus;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.Series;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.model.results.SummaryValue;
import org.perfcast.model.results.Timeline;
import org.perfcast.results.io.RunOverlay;
import org.perfcast.trace.OpenMpWords;
import org.perfcast.ui.charts.ChartSeries;
import org.perfcast.ui.charts.TimelineData;

/**
 * The results model shaped for the chart widgets: summary values against the first swept parameter, a
 * point's series, a schedule as timeline data whose bars and arrows carry their {@link Interval} and
 * {@link MessageArrow}.
 */
final class RunCharts {

	/** The most curves a sweep chart draws. */
	static final int MAX_CURVES = 12;

	private RunCharts() {
	}

	/** The parameter a run sweeps first, if it sweeps one: the name before '=' of its first sweep. */
	static Optional<String> sweptParameter(Run run) {
		return run.getSweeps().stream().findFirst().map(s -> s.substring(0, Math.max(0, s.indexOf('='))).strip())
				.filter(s -> !s.isEmpty());
	}

	/**
	 * Each summary value against the first swept parameter over the completed points, one curve per value
	 * and combination of the other swept parameters (at most {@link #MAX_CURVES}); none without sweeps.
	 */
	static List<ChartSeries> sweepSeries(Run run) {
		Optional<String> parameter = sweptParameter(run);
		if (parameter.isEmpty()) {
			return List.of();
		}
		Map<String, List<double[]>> curves = new LinkedHashMap<>();
		Map<String, UnitScale> scales = valueScales(run);
		for (RunPoint point : run.getPoints()) {
			Optional<Double> x = value(point, parameter.get());
			if (point.getStatus() != RunStatus.COMPLETED || x.isEmpty()) {
				continue;
			}
			String others = point.getBindings().stream()
					.filter(b -> !b.getName().equals(parameter.get()) && isSwept(run, b.getName()))
					.map(b -> b.getName() + "=" + Numbers.format(b.getValue())).collect(Collectors.joining(", "));
			for (SummaryValue v : point.getValues()) {
				UnitScale scale = scales.get(v.getName());
				String name = scale.label(v.getName()) + (others.isEmpty() ? "" : ", " + others);
				curves.computeIfAbsent(name, k -> new ArrayList<>())
						.add(new double[] { x.get(), scale.apply(v.getValue()) });
			}
		}
		List<ChartSeries> result = new ArrayList<>();
		curves.entrySet().stream().limit(MAX_CURVES).forEach(e -> {
			List<double[]> points = e.getValue().stream().sorted((a, b) -> Double.compare(a[0], b[0])).toList();
			result.add(new ChartSeries(e.getKey(), points.stream().mapToDouble(p -> p[0]).toArray(),
					points.stream().mapToDouble(p -> p[1]).toArray(), ChartSeries.Style.LINE_AND_POINTS));
		});
		return result;
	}

	/**
	 * The unit each summary value of {@code run} is shown in: its own, scaled to the largest magnitude the
	 * run's values in that unit take (µs to s, cycles to Mcycles, ...), so values of one unit stay comparable
	 * on one chart (T = computation + communication in the same unit).
	 */
	static Map<String, UnitScale> valueScales(Run run) {
		Map<String, String> units = new LinkedHashMap<>();
		Map<String, List<Double>> values = new LinkedHashMap<>();
		for (RunPoint point : run.getPoints()) {
			for (SummaryValue v : point.getValues()) {
				String unit = v.getUnit() == null ? "" : v.getUnit();
				units.putIfAbsent(v.getName(), unit);
				values.computeIfAbsent(unit, k -> new ArrayList<>()).add(v.getValue());
			}
		}
		Map<String, UnitScale> scales = new LinkedHashMap<>();
		units.forEach((name, unit) -> scales.put(name, UnitScale.of(unit, values.get(unit))));
		return scales;
	}

	/**
	 * The warnings of a run's completed points, each kind (code) once as its first point states it, e.g.
	 * "warning at b=20: messages cost only ...": the assumptions behind what the engine predicts.
	 */
	static List<String> warnings(Run run) {
		Map<String, String> warnings = new LinkedHashMap<>();
		for (RunPoint point : run.getPoints()) {
			if (point.getStatus() == RunStatus.COMPLETED) {
				for (org.perfcast.model.results.Message m : point.getMessages()) {
					if (m.getSeverity() == org.perfcast.model.results.Severity.WARNING) {
						String at = pointLabel(point);
						warnings.putIfAbsent(m.getCode() == null ? m.getText() : m.getCode(),
								"warning" + (at.isEmpty() ? "" : " at " + at) + ": " + m.getText());
					}
				}
			}
		}
		return List.copyOf(warnings.values());
	}

	/** The unit an overlay's values are shown in, scaled to their largest magnitude. */
	static UnitScale overlayScale(RunOverlay overlay) {
		List<Double> values = new ArrayList<>();
		overlay.curves().forEach(c -> java.util.Arrays.stream(c.y()).forEach(values::add));
		return UnitScale.of(overlay.unit(), values);
	}

	/** The curves of {@code overlay}, a line with marked points per run, in {@link #overlayScale}. */
	static List<ChartSeries> overlaySeries(RunOverlay overlay) {
		UnitScale scale = overlayScale(overlay);
		return overlay.curves().stream().limit(MAX_CURVES).map(c -> new ChartSeries(c.label(), c.x(),
				java.util.Arrays.stream(c.y()).map(scale::apply).toArray(), ChartSeries.Style.LINE_AND_POINTS)).toList();
	}

	/** The series of {@code point}, as lines with marked points. */
	static List<ChartSeries> pointSeries(RunPoint point) {
		return point.getSeries().stream().map(s -> new ChartSeries(s.getName(),
				s.getX().stream().mapToDouble(Double::doubleValue).toArray(),
				s.getY().stream().mapToDouble(Double::doubleValue).toArray(), ChartSeries.Style.LINE_AND_POINTS)).toList();
	}

	/** The axis titles of {@code point}'s first series, or empty ones. */
	static List<String> pointSeriesTitles(RunPoint point) {
		return point.getSeries().stream().findFirst().map((Series s) -> List.of(s.getXLabel(), s.getYLabel()))
				.orElse(List.of("", ""));
	}

	/**
	 * {@code schedule} as timeline data: bars carry their {@link Interval}, arrows their {@link MessageArrow}; a
	 * recorded OpenMP program's waits are labelled in {@linkplain OpenMpWords OpenMP's words}, and waits that follow
	 * one another with the same label and source are one bar (the primary thread taking each arrival at a barrier).
	 */
	static TimelineData timeline(Schedule schedule) {
		List<TimelineData.Row> rows = new ArrayList<>();
		for (Timeline timeline : schedule.getTimelines()) {
			List<TimelineData.Bar> bars = new ArrayList<>(timeline.getIntervals().size());
			for (Interval i : timeline.getIntervals()) {
				TimelineData.Bar bar = new TimelineData.Bar(i.getKind().getLiteral(), i.getStart(), Math.max(i.getStart(),
						i.getEnd()), OpenMpWords.detail(i.getLabel()), describe(i.getSource()), i);
				TimelineData.Bar last = bars.isEmpty() ? null : bars.get(bars.size() - 1);
				if (last != null && i.getKind() == IntervalKind.WAIT && last.kind().equals(bar.kind())
						&& last.end() == bar.start() && last.label().equals(bar.label())
						&& last.detail().equals(bar.detail())) {
					bars.set(bars.size() - 1, new TimelineData.Bar(last.kind(), last.start(), bar.end(), last.label(),
							last.detail(), last.data()));
				} else {
					bars.add(bar);
				}
			}
			rows.add(new TimelineData.Row(timeline.getLabel(), bars));
		}
		List<TimelineData.Arrow> arrows = schedule.getMessages().stream()
				.filter(m -> m.getFrom() >= 0 && m.getFrom() < rows.size() && m.getTo() >= 0 && m.getTo() < rows.size())
				.map(m -> new TimelineData.Arrow(m.getFrom(), m.getSendTime(), m.getTo(), m.getReceiveTime(),
						m.getLabel() == null ? "" : m.getLabel(), m))
				.toList();
		return new TimelineData(schedule.getTimeUnit() == null ? "" : schedule.getTimeUnit(), rows, arrows);
	}

	/** Where a result comes from, e.g. "/p/m.program:3: Step compute"; empty when unknown. */
	static String describe(SourceLocation source) {
		if (source == null || source.getFile() == null) {
			return "";
		}
		return source.getFile() + (source.getLine() > 0 ? ":" + source.getLine() : "")
				+ (source.getLabel() == null || source.getLabel().isEmpty() ? "" : ": " + source.getLabel());
	}

	/** A point's label for selectors: its bindings, or "point N" without any. */
	static String pointLabel(RunPoint point) {
		String bindings = point.getBindings().stream().map(b -> b.getName() + "=" + Numbers.format(b.getValue()))
				.collect(Collectors.joining(", "));
		return bindings.isEmpty() ? String.format(Messages.POINT, point.getIndex() + 1) : bindings;
	}

	private static boolean isSwept(Run run, String name) {
		return run.getSweeps().stream().anyMatch(s -> s.strip().startsWith(name + "=") || s.strip().startsWith(name + " "));
	}

	private static Optional<Double> value(RunPoint point, String name) {
		return point.getBindings().stream().filter(b -> b.getName().equals(name)).map(Binding::getValue).findFirst();
	}
}
