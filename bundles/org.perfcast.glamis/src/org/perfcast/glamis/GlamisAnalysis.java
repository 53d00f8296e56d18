package org.perfcast.glamis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Position;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;

/**
 * Solves a Glamis model: each parallel section is a closed network whose customers are its n tasks, with
 * each centre's demand its visit count times its service time; the section takes the cycle time of one task
 * (n / X), and the program the sum over its sections (a barrier between sections). A section of several task
 * classes is a multi-class network (exact MVA while its population vectors are few, else Bard–Schweitzer)
 * that takes the cycle time of its slowest class, the other classes' tasks contending with it throughout. A
 * section, or a class, that asks nothing of any centre takes no time.
 */
public final class GlamisAnalysis {

	/**
	 * The solved program.
	 *
	 * @param T        the program's time, the sum of the sections' times
	 * @param sections the sections in order
	 * @param notes    how the solution was obtained where it is not the model's exact MVA, in words
	 */
	public record Result(double T, List<SectionResult> sections, List<String> notes) {

		public Result {
			sections = List.copyOf(sections);
			notes = List.copyOf(notes);
		}
	}

	/**
	 * One section: its task classes and the network's mean values.
	 *
	 * @param classes  the task classes, in the model's order
	 * @param solution the MVA solution with all the section's tasks; for several classes, per station the
	 *                 utilisation and queue length of all classes together, the demand per task on average and
	 *                 the residence time averaged over the classes' throughputs, and the throughput of all
	 *                 classes together
	 */
	public record SectionResult(List<ClassResult> classes, MvaSolution solution) {

		public SectionResult {
			classes = List.copyOf(classes);
		}

		/** The tasks of all classes. */
		public long tasks() {
			return classes.stream().mapToLong(ClassResult::tasks).sum();
		}

		/** The section's time: the cycle time of one task of the slowest class. */
		public double T() {
			return classes.stream().mapToDouble(ClassResult::T).max().orElse(0);
		}
	}

	/**
	 * One task class of a section.
	 *
	 * @param tasks n_c
	 * @param X     the class's throughput (infinite for a class that asks nothing)
	 * @param T     the cycle time of one of its tasks, n_c / X
	 */
	public record ClassResult(long tasks, double X, double T) {
	}

	/** The most population vectors × stations a section of several classes is solved for exactly. */
	public static final long EXACT_CLASS_STATES = 1_000_000;

	private GlamisAnalysis() {
	}

	/**
	 * Solves {@code model} with {@code bindings} overriding parameter defaults.
	 *
	 * @throws ExpressionException at the element whose value is wrong: an unbound name, n below 1, a visit
	 *                             count for a missing centre, a negative demand, every demand zero, or
	 *                             Bard–Schweitzer not converging
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static Result analyse(GlamisModel model, ParameterBindings bindings, Solver solver, EngineMonitor monitor) {
		Scope scope = scope(model.parameters(), bindings);
		List<Station> template = new ArrayList<>();
		List<GlamisModel.Centre> centres = model.machine();
		for (GlamisModel.Centre centre : centres) {
			long m = centre.multiplicity() == null ? 1 : whole(centre.multiplicity(), scope, centre.position(),
					centre.name() + ": the number of centres");
			double time = number(centre.serviceTime(), scope, centre.position(), centre.name() + ": the service time");
			if (m < 1) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, centre.name()
						+ ": a block needs at least one centre, was " + m, centre.position());
			}
			template.add(new Station(centre.name(), centre.kind(), m, time));
		}
		List<SectionResult> results = new ArrayList<>();
		List<String> notes = new ArrayList<>();
		double total = 0;
		monitor.begin("Glamis", model.sections().size());
		int index = 0;
		for (GlamisModel.Section section : model.sections()) {
			index++;
			monitor.checkCancelled();
			String label = "section " + index;
			int count = section.classes().size();
			long[] tasks = new long[count];
			double[][] demands = new double[count][centres.size()];
			for (int c = 0; c < count; c++) {
				GlamisModel.TaskClass taskClass = section.classes().get(c);
				String what = count == 1 ? label : label + ", class " + (c + 1);
				if (taskClass.visits().size() != centres.size()) {
					throw new ExpressionException(ExpressionException.Kind.SYNTAX, what + " gives "
							+ taskClass.visits().size() + " visit counts for the machine's " + centres.size() + " centres",
							taskClass.position());
				}
				tasks[c] = whole(taskClass.tasks(), scope, taskClass.position(), what + ": the number of tasks");
				if (tasks[c] < 1) {
					throw new ExpressionException(ExpressionException.Kind.DOMAIN, what + ": " + tasks[c]
							+ " tasks; a section needs at least one", taskClass.position());
				}
				for (int k = 0; k < centres.size(); k++) {
					demands[c][k] = number(taskClass.visits().get(k), scope, taskClass.position(),
							what + ": the visits to " + template.get(k).name()) * template.get(k).demand();
				}
			}
			SectionResult result;
			try {
				result = count == 1 ? single(template, demands[0], tasks[0], solver, monitor)
						: multiple(template, demands, tasks, solver, label, notes, monitor);
			} catch (IllegalArgumentException e) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, label + ": " + e.getMessage(),
						section.position());
			}
			results.add(result);
			total += result.T();
			monitor.worked(1);
		}
		return new Result(total, results, notes);
	}

	private static SectionResult single(List<Station> template, double[] demands, long n, Solver solver,
			EngineMonitor monitor) {
		List<Station> stations = stations(template, demands);
		MvaSolution solution = stations.stream().allMatch(st -> st.demand() == 0) ? idle(stations, n, solver)
				: solver.solve(stations, n, monitor);
		return new SectionResult(List.of(new ClassResult(n, solution.throughput(), solution.cycleTime())), solution);
	}

	/** Several classes: those that ask something form a multi-class network; the others take no time. */
	private static SectionResult multiple(List<Station> template, double[][] demands, long[] tasks, Solver solver,
			String label, List<String> notes, EngineMonitor monitor) {
		int k = template.size();
		List<Integer> busy = new ArrayList<>();
		long all = 0;
		double[] mean = new double[k];
		for (int c = 0; c < tasks.length; c++) {
			all += tasks[c];
			double asked = 0;
			for (int i = 0; i < k; i++) {
				asked += demands[c][i];
				mean[i] += tasks[c] * demands[c][i];
			}
			if (asked > 0) {
				busy.add(c);
			}
		}
		for (int i = 0; i < k; i++) {
			mean[i] /= all;
		}
		List<Station> stations = stations(template, mean);
		if (busy.isEmpty()) {
			MvaSolution idle = idle(stations, all, solver);
			return new SectionResult(java.util.Arrays.stream(tasks).mapToObj(n -> new ClassResult(n,
					Double.POSITIVE_INFINITY, 0)).toList(), idle);
		}
		double[][] busyDemands = busy.stream().map(c -> demands[c]).toArray(double[][]::new);
		long[] populations = busy.stream().mapToLong(c -> tasks[c]).toArray();
		MultiClassMva.Solution solution;
		String used = solver.id();
		if (solver == Solver.EXACT && MultiClassMva.exactFits(template, busyDemands, populations, EXACT_CLASS_STATES)) {
			solution = MultiClassMva.exact(template, busyDemands, populations, monitor);
		} else {
			if (solver == Solver.EXACT) {
				notes.add(label + ": " + busy.size() + " task classes have too many population vectors for exact MVA;"
						+ " solved by Bard-Schweitzer's approximation");
				used = Solver.SCHWEITZER.id();
			}
			solution = MultiClassMva.schweitzer(template, busyDemands, populations, MeanValueAnalysis.TOLERANCE,
					MeanValueAnalysis.MAX_ITERATIONS, monitor);
		}
		List<ClassResult> classes = new ArrayList<>();
		double throughput = 0;
		for (int c = 0, b = 0; c < tasks.length; c++) {
			if (b < busy.size() && busy.get(b) == c) {
				classes.add(new ClassResult(tasks[c], solution.throughput()[b], solution.cycleTime()[b]));
				throughput += solution.throughput()[b];
				b++;
			} else {
				classes.add(new ClassResult(tasks[c], Double.POSITIVE_INFINITY, 0));
			}
		}
		List<MvaSolution.Result> perStation = new ArrayList<>();
		for (int i = 0; i < k; i++) {
			double weighted = 0;
			for (int b = 0; b < busy.size(); b++) {
				weighted += solution.throughput()[b] * solution.residence()[b][i];
			}
			perStation.add(new MvaSolution.Result(stations.get(i), solution.utilisation()[i], solution.queueLength()[i],
					throughput > 0 ? weighted / throughput : 0));
		}
		double slowest = classes.stream().mapToDouble(ClassResult::T).max().orElse(0);
		return new SectionResult(classes, new MvaSolution(all, throughput, slowest, perStation, used,
				solution.iterations(), solution.residual()));
	}

	private static List<Station> stations(List<Station> template, double[] demands) {
		List<Station> stations = new ArrayList<>();
		for (int i = 0; i < template.size(); i++) {
			Station centre = template.get(i);
			stations.add(new Station(centre.name(), centre.kind(), centre.multiplicity(), demands[i]));
		}
		return stations;
	}

	/** A section whose tasks ask nothing of any centre: it takes no time (its throughput is unbounded). */
	private static MvaSolution idle(List<Station> stations, long n, Solver solver) {
		return new MvaSolution(n, Double.POSITIVE_INFINITY, 0,
				stations.stream().map(st -> new MvaSolution.Result(st, 0, 0, 0)).toList(), solver.id(), 0, 0);
	}

	/** The parameters' values: defaults in order, each seeing those before it; bindings win. */
	static Scope scope(Map<String, Expression> parameters, ParameterBindings bindings) {
		Map<String, Value> values = new java.util.LinkedHashMap<>();
		for (Map.Entry<String, Expression> parameter : parameters.entrySet()) {
			String name = parameter.getKey();
			if (bindings.isBound(name)) {
				values.put(name, Rational.valueOf(bindings.value(name)));
			} else {
				Map<String, Value> before = Map.copyOf(values);
				values.put(name, parameter.getValue().evaluate(before::get));
			}
		}
		for (String name : bindings.asMap().keySet()) {
			if (!values.containsKey(name)) {
				throw new ExpressionException(ExpressionException.Kind.UNBOUND, "--set " + name
						+ ": the model has no parameter " + name + " (parameters: " + String.join(", ", parameters.keySet())
						+ ")");
			}
		}
		Map<String, Value> all = Map.copyOf(values);
		return all::get;
	}

	private static double number(Expression expression, Scope scope, Position where, String what) {
		double value;
		try {
			value = expression.evaluate(scope).toDouble();
		} catch (ExpressionException e) {
			throw e.at(where);
		}
		if (!(value >= 0) || Double.isInfinite(value)) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, what + " must be finite and not negative, was "
					+ value, where);
		}
		return value;
	}

	private static long whole(Expression expression, Scope scope, Position where, String what) {
		Value value;
		try {
			value = expression.evaluate(scope);
		} catch (ExpressionException e) {
			throw e.at(where);
		}
		if (!(value instanceof Rational r) || !r.isInteger()) {
			throw new ExpressionException(ExpressionException.Kind.NOT_INTEGER, what + " must be a whole number, was "
					+ value.format(), where);
		}
		return r.longValueExact();
	}
}
