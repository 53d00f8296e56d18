package org.perfcast.results.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.Quantities;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.SummaryValue;

/**
 * What changed between two runs: summary values matched by point (its bindings) and name, with those that
 * differ, and what only one run has. Meant for reruns of the same inputs after a model or engine change.
 *
 * @param changes   the values that differ, in the later run's order
 * @param unchanged how many matched values are equal
 * @param unmatched points and values only one run has, one sentence each
 */
public record RunComparison(List<ValueChange> changes, int unchanged, List<String> unmatched) {

	/**
	 * One summary value that changed.
	 *
	 * @param point  the point's bindings, e.g. "N=60, P=4" ("" for a run without parameters)
	 * @param name   the value's name
	 * @param unit   its unit in the later run
	 * @param before its value in the earlier run
	 * @param after  its value in the later run
	 */
	public record ValueChange(String point, String name, String unit, double before, double after) {

		/** {@code after - before}. */
		public double delta() {
			return after - before;
		}

		/** The change relative to {@code before}, e.g. 0.1 for +10%; NaN when {@code before} is 0. */
		public double relative() {
			return before == 0 ? Double.NaN : (after - before) / Math.abs(before);
		}

		/** E.g. {@code T at N=60, P=4: 900 cycles -> 1 kcycles (+11.1%)}. */
		@Override
		public String toString() {
			double r = relative();
			return name + (point.isEmpty() ? "" : " at " + point) + ": " + Quantities.format(before, unit) + " -> "
					+ Quantities.format(after, unit)
					+ (Double.isNaN(r) ? "" : String.format(java.util.Locale.ROOT, " (%+.1f%%)", 100 * r));
		}
	}

	public RunComparison {
		changes = List.copyOf(changes);
		unmatched = List.copyOf(unmatched);
	}

	/** Compares the summary values of {@code before} and {@code after}. */
	public static RunComparison compare(Run before, Run after) {
		Map<String, RunPoint> earlier = byPoint(before);
		Map<String, RunPoint> later = byPoint(after);
		List<ValueChange> changes = new ArrayList<>();
		List<String> unmatched = new ArrayList<>();
		int unchanged = 0;
		for (Map.Entry<String, RunPoint> entry : later.entrySet()) {
			String point = entry.getKey();
			RunPoint old = earlier.get(point);
			if (old == null) {
				unmatched.add(label(point) + "only in the later run");
				continue;
			}
			Map<String, SummaryValue> oldValues = byName(old);
			for (SummaryValue value : entry.getValue().getValues()) {
				SummaryValue was = oldValues.remove(value.getName());
				if (was == null) {
					unmatched.add(label(point) + value.getName() + " only in the later run");
				} else if (Double.compare(was.getValue(), value.getValue()) != 0) {
					changes.add(new ValueChange(point, value.getName(), value.getUnit(), was.getValue(), value.getValue()));
				} else {
					unchanged++;
				}
			}
			oldValues.keySet().forEach(name -> unmatched.add(label(point) + name + " only in the earlier run"));
		}
		earlier.keySet().stream().filter(p -> !later.containsKey(p))
				.forEach(p -> unmatched.add(label(p) + "only in the earlier run"));
		return new RunComparison(changes, unchanged, unmatched);
	}

	/** Whether two runs ran the same engine on the same inputs with the same bindings, sweeps and options. */
	public static boolean sameInputs(Run a, Run b) {
		return Objects.equals(a.getEngineId(), b.getEngineId()) && a.getInputFiles().equals(b.getInputFiles())
				&& EcoreUtil.equals(a.getBindings(), b.getBindings()) && a.getSweeps().equals(b.getSweeps())
				&& EcoreUtil.equals(a.getOptions(), b.getOptions());
	}

	/** A point's bindings as {@code N=60, P=4}. */
	public static String pointLabel(RunPoint point) {
		return point.getBindings().stream().map(RunComparison::binding).collect(Collectors.joining(", "));
	}

	private static String binding(Binding b) {
		return b.getName() + "=" + Numbers.format(b.getValue());
	}

	private static String label(String point) {
		return point.isEmpty() ? "" : point + ": ";
	}

	private static Map<String, RunPoint> byPoint(Run run) {
		Map<String, RunPoint> points = new LinkedHashMap<>();
		run.getPoints().forEach(p -> points.put(pointLabel(p), p));
		return points;
	}

	private static Map<String, SummaryValue> byName(RunPoint point) {
		Map<String, SummaryValue> values = new LinkedHashMap<>();
		point.getValues().forEach(v -> values.put(v.getName(), v));
		return values;
	}
}
