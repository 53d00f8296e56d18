package org.perfcast.pamela;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;

/**
 * Complexity and serialization analysis of a PAMELA model. Complexity analysis counts every use as a
 * delay (seq adds, par takes the maximum); every use also adds its time to the workload of its resource;
 * T = max(T_cplx, max_r sigma_r). Names are scoped dynamically: a definition's body sees the loop indices
 * and arguments of its callers, and expression definitions are evaluated where they are used. A loop
 * whose body does not read its index is analysed once and multiplied by its trip count.
 */
public final class PamelaAnalysis {

	/** Loops that must be iterated (their body reads the index) may have at most this many iterations. */
	public static final long MAX_ITERATIONS = 10_000_000;

	private final PamelaModel model;
	private final EngineMonitor monitor;
	private final Map<String, Value> parameters = new HashMap<>();
	private final Map<String, Long> resourceSizes = new HashMap<>();
	private final Map<String, Double> workloads = new HashMap<>();
	private final Map<String, double[]> calls = new HashMap<>();
	private final Map<ProcessExpression, Set<String>> reads = new IdentityHashMap<>();
	private final Deque<String> callStack = new ArrayDeque<>();
	private final Set<String> evaluating = new HashSet<>();
	private long steps;

	private PamelaAnalysis(PamelaModel model, EngineMonitor monitor) {
		this.model = model;
		this.monitor = monitor;
	}

	/**
	 * Analyses {@code model} with its parameters' defaults overridden by {@code bindings}.
	 *
	 * @throws ExpressionException at the failing element: undefined names, recursion, division by zero,
	 *                             indices out of range, loops too long to iterate
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static Prediction analyse(PamelaModel model, ParameterBindings bindings, EngineMonitor monitor) {
		return new PamelaAnalysis(model, monitor).run(bindings);
	}

	private Prediction run(ParameterBindings bindings) {
		monitor.begin("PAMELA serialization analysis", EngineMonitor.UNKNOWN_WORK);
		for (String unknown : bindings.names()) {
			if (!model.parameters().containsKey(unknown)) {
				throw new ExpressionException(ExpressionException.Kind.UNBOUND, "the model has no parameter '" + unknown + "'");
			}
		}
		Frame top = new Frame(null, null, null);
		model.parameters().forEach((name, expression) -> parameters.put(name,
				bindings.isBound(name) ? Rational.valueOf(bindings.value(name)) : expression.evaluate(top)));
		model.resources().values().forEach(r -> resourceSizes.put(r.name(), r.size() == null ? -1 : count(r.size(), top)));
		PamelaModel.Process main = model.processes().get("main");
		callStack.push("main");
		double tcplx = time(main.body(), top, 1);
		List<String> order = new ArrayList<>(workloads.keySet());
		order.sort((a, b) -> compareResources(a, b));
		Map<String, Double> resources = new LinkedHashMap<>();
		order.forEach(r -> resources.put(r, workloads.get(r)));
		String bottleneck = null;
		double sigmaMax = 0;
		for (Map.Entry<String, Double> e : resources.entrySet()) {
			if (e.getValue() > sigmaMax) {
				sigmaMax = e.getValue();
				bottleneck = e.getKey();
			}
		}
		String bound = sigmaMax > tcplx * (1 + 1e-12) ? "contention-bound on " + bottleneck : "critical-path-bound";
		Map<String, Prediction.Calls> processes = new LinkedHashMap<>();
		model.processes().keySet().stream().filter(calls::containsKey)
				.forEach(name -> processes.put(name, new Prediction.Calls(calls.get(name)[0], calls.get(name)[1])));
		return new Prediction(Math.max(tcplx, sigmaMax), tcplx, sigmaMax, bottleneck, bound, resources, processes);
	}

	/** The complexity time of {@code process} in {@code scope}; adds its uses, times {@code weight}, to the workloads. */
	private double time(ProcessExpression process, Frame scope, double weight) {
		if ((++steps & 0xFFF) == 0) {
			monitor.checkCancelled();
		}
		return switch (process) {
		case ProcessExpression.Delay d -> cost(d.time(), scope);
		case ProcessExpression.Use u -> use(u, scope, weight);
		case ProcessExpression.Block b -> {
			double total = 0;
			for (ProcessExpression part : b.parts()) {
				double t = time(part, scope, weight);
				total = b.parallel() ? Math.max(total, t) : total + t;
			}
			yield total;
		}
		case ProcessExpression.Loop l -> loop(l, scope, weight);
		case ProcessExpression.Call c -> call(c, scope, weight);
		};
	}

	private double use(ProcessExpression.Use use, Frame scope, double weight) {
		Long size = resourceSizes.get(use.resource());
		if (size == null) {
			throw new ExpressionException(ExpressionException.Kind.UNBOUND, "undefined resource '" + use.resource() + "'",
					use.position());
		}
		String name = use.resource();
		if (size >= 0) {
			if (use.index() == null) {
				throw new ExpressionException(ExpressionException.Kind.SYNTAX,
						"resource array '" + use.resource() + "' needs an index", use.position());
			}
			long index = integer(use.index(), scope);
			if (index < 0 || index >= size) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, "index " + index + " of '" + use.resource()
						+ "' is outside 0 .. " + (size - 1), use.index().position());
			}
			name = use.resource() + "[" + index + "]";
		} else if (use.index() != null) {
			throw new ExpressionException(ExpressionException.Kind.SYNTAX, "resource '" + use.resource() + "' is not an array",
					use.position());
		}
		double t = cost(use.time(), scope);
		workloads.merge(name, t * weight, Double::sum);
		return t;
	}

	private double loop(ProcessExpression.Loop loop, Frame scope, double weight) {
		long from = integer(loop.from(), scope);
		long to = integer(loop.to(), scope);
		long n = to - from + 1;
		if (n <= 0) {
			return 0;
		}
		if (!reads(loop.body()).contains(loop.index())) {
			double t = time(loop.body(), new Frame(scope, loop.index(), Rational.of(from)), weight * n);
			return loop.parallel() ? t : t * n;
		}
		Expression divisor = blockDivisor(loop);
		if (divisor != null) {
			return blocks(loop, scope, weight, from, to, integer(divisor, scope));
		}
		if (n > MAX_ITERATIONS) {
			throw new ExpressionException(ExpressionException.Kind.TOO_LARGE, "the range " + from + " .. " + to + " of '"
					+ loop.index() + "' has " + n + " iterations, more than " + MAX_ITERATIONS
					+ " that can be analysed one by one", loop.position());
		}
		double total = 0;
		for (long i = from; i <= to; i++) {
			double t = time(loop.body(), new Frame(scope, loop.index(), Rational.of(i)), weight);
			total = loop.parallel() ? Math.max(total, t) : total + t;
		}
		return total;
	}

	/**
	 * The loop in blocks of d consecutive indices, for a body that sees its index i only as floor(i / d):
	 * the body is analysed once per block and weighted by the block's length.
	 */
	private double blocks(ProcessExpression.Loop loop, Frame scope, double weight, long from, long to, long d) {
		if (d < 1) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, "the divisor " + d + " of '" + loop.index()
					+ "' must be at least 1", loop.position());
		}
		double total = 0;
		for (long start = from; start <= to;) {
			long end = Math.min(to, Math.floorDiv(start, d) * d + d - 1);
			long length = end - start + 1;
			double t = time(loop.body(), new Frame(scope, loop.index(), Rational.of(start)), weight * length);
			total = loop.parallel() ? Math.max(total, t) : total + t * length;
			start = end + 1;
		}
		return total;
	}

	/**
	 * The d of a loop whose body reads its index i only as {@code floor(i / d)} (d not depending on i) in
	 * its own expressions, calling nothing that reads i; null for other loops.
	 */
	private Expression blockDivisor(ProcessExpression.Loop loop) {
		List<Expression> own = ownExpressions(loop.body(), loop.index());
		if (own == null) {
			return null;
		}
		Expression[] divisor = { null };
		for (Expression expression : own) {
			if (!onlyInFloors(expression, loop.index(), divisor)) {
				return null;
			}
		}
		return divisor[0];
	}

	/**
	 * The expressions of {@code body} itself (through nested loops and blocks, not into called processes),
	 * or null when a called process reads {@code index} or a nested loop hides it.
	 */
	private List<Expression> ownExpressions(ProcessExpression body, String index) {
		return switch (body) {
		case ProcessExpression.Call c -> {
			PamelaModel.Process callee = model.processes().get(c.name());
			Set<String> inner = callee == null ? Set.of() : new HashSet<>(reads(callee.body()));
			if (callee != null) {
				callee.parameters().forEach(inner::remove);
			}
			yield inner.contains(index) ? null : c.arguments();
		}
		case ProcessExpression.Delay d -> List.of(d.time());
		case ProcessExpression.Use u -> u.index() == null ? List.of(u.time()) : List.of(u.index(), u.time());
		case ProcessExpression.Loop l -> {
			List<Expression> inner = l.index().equals(index) ? null : ownExpressions(l.body(), index);
			if (inner == null) {
				yield null;
			}
			List<Expression> all = new ArrayList<>(List.of(l.from(), l.to()));
			all.addAll(inner);
			yield all;
		}
		case ProcessExpression.Block b -> {
			List<Expression> all = new ArrayList<>();
			for (ProcessExpression part : b.parts()) {
				List<Expression> inner = ownExpressions(part, index);
				if (inner == null) {
					yield null;
				}
				all.addAll(inner);
			}
			yield all;
		}
		};
	}

	/** Whether {@code index} occurs in {@code e} only as floor(index / d), all with the same d. */
	private boolean onlyInFloors(Expression e, String index, Expression[] divisor) {
		if (e instanceof Expression.Call call && call.function() == org.perfcast.engine.expr.Builtin.FLOOR
				&& call.arguments().get(0) instanceof Expression.Binary b && b.operator() == Expression.Binary.Operator.DIVIDE
				&& b.left() instanceof Expression.Variable v && v.name().equals(index)
				&& !expand(b.right()).contains(index)) {
			if (divisor[0] != null && !divisor[0].toString().equals(b.right().toString())) {
				return false;
			}
			divisor[0] = b.right();
			return true;
		}
		if (e instanceof Expression.Variable v) {
			return !expand(v).contains(index);
		}
		for (Expression child : Expression.children(e)) {
			if (!onlyInFloors(child, index, divisor)) {
				return false;
			}
		}
		return true;
	}

	private double call(ProcessExpression.Call call, Frame scope, double weight) {
		PamelaModel.Process process = model.processes().get(call.name());
		if (process == null) {
			throw new ExpressionException(ExpressionException.Kind.UNBOUND, "undefined process '" + call.name() + "'",
					call.position());
		}
		if (process.parameters().size() != call.arguments().size()) {
			throw new ExpressionException(ExpressionException.Kind.ARITY, "'" + call.name() + "' takes "
					+ process.parameters().size() + " arguments, not " + call.arguments().size(), call.position());
		}
		if (callStack.contains(call.name())) {
			List<String> cycle = new ArrayList<>(callStack.reversed());
			cycle.add(call.name());
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, "recursion: " + String.join(" -> ", cycle)
					+ " (PAMELA models cannot call themselves)", call.position());
		}
		Frame inner = scope;
		for (int i = 0; i < call.arguments().size(); i++) {
			inner = new Frame(inner, process.parameters().get(i), call.arguments().get(i).evaluate(scope));
		}
		callStack.push(call.name());
		try {
			double t = time(process.body(), inner, weight);
			double[] totals = calls.computeIfAbsent(call.name(), k -> new double[2]);
			totals[0] += weight;
			totals[1] += t * weight;
			return t;
		} finally {
			callStack.pop();
		}
	}

	private double cost(Expression expression, Frame scope) {
		Value value = expression.evaluate(scope);
		double t = value.toDouble();
		if (!(t >= 0) || Double.isInfinite(t)) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, "time " + value.format()
					+ " is negative or not a number", expression.position());
		}
		return t;
	}

	private long integer(Expression expression, Frame scope) {
		Value value = expression.evaluate(scope);
		try {
			return value.longValueExact();
		} catch (ExpressionException e) {
			throw e.position().isPresent() ? e : e.at(expression.position());
		}
	}

	private long count(Expression expression, Frame scope) {
		long n = integer(expression, scope);
		if (n < 1) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, "a resource array needs at least 1 element, not "
					+ n, expression.position());
		}
		return n;
	}

	/** The names {@code process} may read, through the definitions and processes it uses. */
	private Set<String> reads(ProcessExpression process) {
		Set<String> names = reads.get(process);
		if (names == null) {
			names = new HashSet<>();
			reads.put(process, names); // guards recursion; recursion itself is reported when analysed
			switch (process) {
			case ProcessExpression.Delay d -> names.addAll(expand(d.time()));
			case ProcessExpression.Use u -> {
				names.addAll(expand(u.time()));
				if (u.index() != null) {
					names.addAll(expand(u.index()));
				}
			}
			case ProcessExpression.Block b -> b.parts().forEach(p -> reads.get(process).addAll(reads(p)));
			case ProcessExpression.Loop l -> {
				names.addAll(expand(l.from()));
				names.addAll(expand(l.to()));
				Set<String> body = new HashSet<>(reads(l.body()));
				body.remove(l.index());
				names.addAll(body);
			}
			case ProcessExpression.Call c -> {
				c.arguments().forEach(a -> reads.get(process).addAll(expand(a)));
				PamelaModel.Process callee = model.processes().get(c.name());
				if (callee != null) {
					Set<String> body = new HashSet<>(reads(callee.body()));
					callee.parameters().forEach(body::remove);
					names.addAll(body);
				}
			}
			}
		}
		return names;
	}

	/** The free names of {@code expression}, with the names expression definitions read, transitively. */
	private Set<String> expand(Expression expression) {
		Set<String> names = new HashSet<>();
		Deque<String> todo = new ArrayDeque<>(expression.freeVariables());
		while (!todo.isEmpty()) {
			String name = todo.pop();
			if (names.add(name) && model.definitions().containsKey(name)) {
				todo.addAll(model.definitions().get(name).freeVariables());
			}
		}
		return names;
	}

	private int compareResources(String a, String b) {
		List<String> declared = new ArrayList<>(model.resources().keySet());
		int byName = Integer.compare(declared.indexOf(base(a)), declared.indexOf(base(b)));
		return byName != 0 ? byName : Long.compare(index(a), index(b));
	}

	private static String base(String resource) {
		int bracket = resource.indexOf('[');
		return bracket < 0 ? resource : resource.substring(0, bracket);
	}

	private static long index(String resource) {
		int bracket = resource.indexOf('[');
		return bracket < 0 ? -1 : Long.parseLong(resource.substring(bracket + 1, resource.length() - 1));
	}

	/**
	 * The names visible at one point: a chain of bindings (loop indices, arguments), then the expression
	 * definitions, evaluated in this scope where used, then the parameters.
	 */
	private final class Frame implements Scope {
		private final Frame parent;
		private final String name;
		private final Value value;

		Frame(Frame parent, String name, Value value) {
			this.parent = parent;
			this.name = name;
			this.value = value;
		}

		@Override
		public Value lookup(String wanted) {
			for (Frame f = this; f != null && f.name != null; f = f.parent) {
				if (f.name.equals(wanted)) {
					return f.value;
				}
			}
			Expression definition = model.definitions().get(wanted);
			if (definition != null) {
				if (!evaluating.add(wanted)) {
					throw new ExpressionException(ExpressionException.Kind.DOMAIN, "definition '" + wanted
							+ "' depends on itself", definition.position());
				}
				try {
					return definition.evaluate(this);
				} finally {
					evaluating.remove(wanted);
				}
			}
			return parameters.get(wanted);
		}
	}

}
