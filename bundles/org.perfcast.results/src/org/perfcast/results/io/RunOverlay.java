package org.perfcast.results.io;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;

import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.RunStatus;
import org.perfcast.model.results.SummaryValue;

/**
 * One summary value of several runs of the same program, each swept over the same single parameter and giving
 * the value in the same unit, drawn as one chart with a curve per run: for example the speedup over P predicted
 * by Glamis and by PAMELA for the matrix-vector update (figure 7 of the Glamis paper). Runs are of the same
 * program when their model files have the same name but for the extension in the same folder
 * ({@code matvec-ring/matvec.pamela}, {@code matvec.glamis} and {@code matvec.program}), so a chart never mixes
 * programs or units.
 *
 * @param value     the summary value's name, e.g. "speedup"
 * @param unit      its unit ("" without one)
 * @param parameter the swept parameter, the x axis
 * @param curves    a curve per run, in the order of the runs given; at least two
 * @param program   the program: its model file's path without the extension, e.g. "examples/matvec-ring/matvec"
 */
public record RunOverlay(String value, String unit, String parameter, List<Curve> curves, String program) {

	/**
	 * A run's completed points as (parameter, value) pairs sorted by the parameter.
	 *
	 * @param label the run, e.g. "glamis on matvec.glamis"; unique within its overlay
	 * @param x     the parameter's values
	 * @param y     the summary value at each
	 */
	public record Curve(String label, double[] x, double[] y) {
		public Curve {
			Objects.requireNonNull(label, "label");
			x = x.clone();
			y = y.clone();
			if (x.length != y.length) {
				throw new IllegalArgumentException(label + ": " + x.length + " x values but " + y.length + " y values");
			}
		}

		/** The parameter's values (a copy). */
		@Override
		public double[] x() {
			return x.clone();
		}

		/** The value at each (a copy). */
		@Override
		public double[] y() {
			return y.clone();
		}

		@Override
		public boolean equals(@Nullable Object obj) {
			return obj instanceof Curve other && label.equals(other.label) && java.util.Arrays.equals(x, other.x)
					&& java.util.Arrays.equals(y, other.y);
		}

		@Override
		public int hashCode() {
			return Objects.hash(label, java.util.Arrays.hashCode(x), java.util.Arrays.hashCode(y));
		}
	}

	public RunOverlay {
		Objects.requireNonNull(value, "value");
		Objects.requireNonNull(unit, "unit");
		Objects.requireNonNull(parameter, "parameter");
		Objects.requireNonNull(program, "program");
		curves = List.copyOf(curves);
	}

	/** E.g. "speedup over P of matvec-ring/matvec, run by run" or "T (cycles) over P of ...". */
	public String title() {
		return title(valueWithUnit());
	}

	/** The title with the value shown as {@code value}, e.g. "T (s)" where the unit is scaled. */
	public String title(String value) {
		return value + " over " + parameter + " of " + shortName(program) + ", run by run";
	}

	/** The program of a run: its first model file's path without the extension. */
	public static String program(Run run) {
		String file = run.getInputFiles().isEmpty() ? "" : run.getInputFiles().get(0);
		int slash = file.lastIndexOf('/');
		int dot = file.lastIndexOf('.');
		return dot > slash + 1 ? file.substring(0, dot) : file;
	}

	/** The last two parts of a program's path, e.g. "matvec-ring/matvec". */
	public static String shortName(String program) {
		int last = program.lastIndexOf('/');
		int before = last > 0 ? program.lastIndexOf('/', last - 1) : -1;
		return program.substring(before + 1);
	}

	/** The value's name with its unit, e.g. "T (cycles)". */
	public String valueWithUnit() {
		return unit.isEmpty() ? value : value + " (" + unit + ")";
	}

	/**
	 * The overlays of {@code runs}: for every summary value that at least two runs of one program sweeping one
	 * and the same parameter report in the same unit at completed points, one overlay. Runs without exactly one
	 * sweep are left out, since their values do not lie on one axis.
	 */
	public static List<RunOverlay> of(List<Run> runs) {
		Map<List<String>, List<Curve>> curves = new LinkedHashMap<>();
		Map<String, Integer> labels = new HashMap<>();
		for (Run run : runs) {
			String parameter = sweptParameter(run);
			if (parameter == null) {
				continue;
			}
			String label = label(run);
			int seen = labels.merge(parameter + "\u0000" + label, 1, Integer::sum);
			String unique = seen == 1 ? label : label + " (" + seen + ")";
			String program = program(run);
			Map<List<String>, List<double[]>> values = new LinkedHashMap<>();
			for (RunPoint point : run.getPoints()) {
				Double x = point.getStatus() != RunStatus.COMPLETED ? null : point.getBindings().stream()
						.filter(b -> b.getName().equals(parameter)).map(Binding::getValue).findFirst().orElse(null);
				if (x == null) {
					continue;
				}
				for (SummaryValue v : point.getValues()) {
					List<String> key = List.of(v.getName(), v.getUnit() == null ? "" : v.getUnit(), parameter, program);
					values.computeIfAbsent(key, k -> new ArrayList<>()).add(new double[] { x, v.getValue() });
				}
			}
			values.forEach((key, points) -> {
				points.sort(Comparator.comparingDouble(p -> p[0]));
				curves.computeIfAbsent(key, k -> new ArrayList<>()).add(new Curve(unique,
						points.stream().mapToDouble(p -> p[0]).toArray(), points.stream().mapToDouble(p -> p[1]).toArray()));
			});
		}
		List<RunOverlay> overlays = new ArrayList<>();
		curves.forEach((key, list) -> {
			if (list.size() >= 2) {
				overlays.add(new RunOverlay(key.get(0), key.get(1), key.get(2), list, key.get(3)));
			}
		});
		return overlays;
	}

	/** The parameter of a run's only sweep, or null if it has none or several. */
	private static @Nullable String sweptParameter(Run run) {
		if (run.getSweeps().size() != 1) {
			return null;
		}
		String sweep = run.getSweeps().get(0);
		int equals = sweep.indexOf('=');
		String name = equals < 0 ? "" : sweep.substring(0, equals).strip();
		return name.isEmpty() ? null : name;
	}

	/** E.g. "glamis on matvec.glamis". */
	private static String label(Run run) {
		return run.getEngineId() + " on " + String.join(", ", run.getInputFiles().stream()
				.map(f -> f.substring(f.lastIndexOf('/') + 1)).toList());
	}
}
