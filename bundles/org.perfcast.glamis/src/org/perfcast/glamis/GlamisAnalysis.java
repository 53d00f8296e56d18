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
 * (n / X), and the program the sum over its sections (a barrier between sections). A section that asks
 * nothing of any centre takes no time.
 */
public final class GlamisAnalysis {

	/**
	 * The solved program.
	 *
	 * @param T        the program's time, the sum of the sections' times
	 * @param sections the sections in order
	 */
	public record Result(double T, List<SectionResult> sections) {

		public Result {
			sections = List.copyOf(sections);
		}
	}

	/**
	 * One section: n tasks and the network's mean values.
	 *
	 * @param tasks    n
	 * @param solution the MVA solution with n customers
	 */
	public record SectionResult(long tasks, MvaSolution solution) {

		/** The section's time: the cycle time of one task. */
		public double T() {
			return solution.cycleTime();
		}
	}

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
		double total = 0;
		monitor.begin("Glamis", model.sections().size());
		int index = 0;
		for (GlamisModel.Section section : model.sections()) {
			index++;
			monitor.checkCancelled();
			String label = "section " + index;
			if (section.visits().size() != centres.size()) {
				throw new ExpressionException(ExpressionException.Kind.SYNTAX, label + " gives " + section.visits().size()
						+ " visit counts for the machine's " + centres.size() + " centres", section.position());
			}
			long n = whole(section.tasks(), scope, section.position(), label + ": the number of tasks");
			if (n < 1) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, label + ": " + n
						+ " tasks; a section needs at least one", section.position());
			}
			List<Station> stations = new ArrayList<>();
			for (int k = 0; k < centres.size(); k++) {
				Station centre = template.get(k);
				double visits = number(section.visits().get(k), scope, section.position(),
						label + ": the visits to " + centre.name());
				stations.add(new Station(centre.name(), centre.kind(), centre.multiplicity(), visits * centre.demand()));
			}
			MvaSolution solution;
			try {
				solution = stations.stream().allMatch(st -> st.demand() == 0) ? idle(stations, n, solver)
						: solver.solve(stations, n, monitor);
			} catch (IllegalArgumentException e) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, label + ": " + e.getMessage(),
						section.position());
			}
			results.add(new SectionResult(n, solution));
			total += solution.cycleTime();
			monitor.worked(1);
		}
		return new Result(total, results);
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
