package org.perfcast.pamela;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.TimeUnit;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Position;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;

/**
 * Complexity and serialization analysis of a PAMELA model. Complexity analysis counts every use as a
 * delay (seq adds, par takes the maximum); every use also adds its time to the workload of its resource;
 * T = max(T_cplx, max_r sigma_r). Names are scoped dynamically: a definition's body sees the loop indices
 * and arguments of its callers, and expression definitions are evaluated where they are used. The cost
 * follows {@link IndexUse}: a loop whose body does not read its index is analysed once and multiplied by
 * its trip count, one that reads it only as floor(i / d) once per block, one that reads it only as
 * (i + c) mod d once per residue; a loop of more than {@link #MAX_ITERATIONS} iterations otherwise is
 * summed by its closed form ({@link ClosedForms}) or refused.
 */
public final class PamelaAnalysis {

	/** Loops that must be iterated (their body reads the index) may have at most this many iterations. */
	public static final long MAX_ITERATIONS = 10_000_000;

	/**
	 * The most process expressions (delays, uses, blocks, loop iterations, calls) one analysis evaluates: a model
	 * whose processes call others several times over many levels expands beyond any time to analyse.
	 */
	public static final long MAX_STEPS = 100_000_000;

	private final PamelaModel model;
	private final EngineMonitor monitor;
	private final Map<String, Value> parameters = new HashMap<>();
	private final Map<String, Long> resourceSizes = new HashMap<>();
	private final Map<String, List<String>> resourceNames = new HashMap<>();
	private final Deque<String> files = new ArrayDeque<>();
	private final Map<String, Double> workloads = new HashMap<>();
	private final Map<String, double[]> calls = new HashMap<>();
	private final IndexUse uses;
	private final Deque<String> callStack = new ArrayDeque<>();
	private final Set<String> evaluating = new HashSet<>();
	private long steps;

	private PamelaAnalysis(PamelaModel model, EngineMonitor monitor) {
		this.model = model;
		this.monitor = monitor;
		this.uses = new IndexUse(model);
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
		for (PamelaModel.Resource r : model.resources().values()) {
			if (r.links() != null) {
				List<String> names = inFile(model.origins().get(r.name()), r.position(), () -> r.links().names(top));
				resourceNames.put(r.name(), names);
				resourceSizes.put(r.name(), (long) names.size());
			} else {
				resourceSizes.put(r.name(), r.size() == null ? -1 : count(r.size(), top));
			}
		}
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
		return new Prediction(Math.max(tcplx, sigmaMax), tcplx, sigmaMax, bottleneck, bound, resources, processes,
				timeUnit(), null);
	}

	/** The time unit of the first machine whose links are a resource array, or "" without one. */
	private String timeUnit() {
		return model.resources().values().stream().map(PamelaModel.Resource::links).filter(Objects::nonNull)
				.map(links -> TimeUnit.parse(links.machine().getTimeUnit().getLiteral()).symbol()).findFirst().orElse("");
	}

	/** The complexity time of {@code process} in {@code scope}; adds its uses, times {@code weight}, to the workloads. */
	private double time(ProcessExpression process, Frame scope, double weight) {
		if ((++steps & 0xFFF) == 0) {
			monitor.checkCancelled();
			if (steps > MAX_STEPS) {
				throw new ExpressionException(ExpressionException.Kind.TOO_LARGE, "the model expands to more than "
						+ MAX_STEPS + " delays, uses, loop iterations and process calls, too many to analyse one by one "
						+ "(processes that call others several times, over many levels?)", process.position());
			}
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
			Expression at = use.index();
			if (at == null) {
				throw new ExpressionException(ExpressionException.Kind.SYNTAX,
						"resource array '" + use.resource() + "' needs an index", use.position());
			}
			long index = integer(at, scope);
			if (index < 0 || index >= size) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, "index " + index + " of '" + use.resource()
						+ "' is outside 0 .. " + (size - 1), at.position());
			}
			List<String> names = resourceNames.get(use.resource());
			name = names != null ? names.get((int) index) : use.resource() + "[" + index + "]";
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
		return switch (uses.shape(loop)) {
		case IndexUse.Independent i -> {
			double t = time(loop.body(), new Frame(scope, loop.index(), Rational.of(from)), weight * n);
			yield loop.parallel() ? t : t * n;
		}
		case IndexUse.Blocks b -> {
			long d = divisor(b.divisor(), loop, scope);
			yield Math.floorDiv(to, d) - Math.floorDiv(from, d) >= MAX_ITERATIONS ? closedForm(loop, scope, weight, n)
					: blocks(loop, scope, weight, from, to, d);
		}
		case IndexUse.Residues r -> {
			long d = divisor(r.divisor(), loop, scope);
			yield Math.min(d, n) > MAX_ITERATIONS ? closedForm(loop, scope, weight, n)
					: residues(loop, scope, weight, from, to, d);
		}
		case IndexUse.Free f -> n > MAX_ITERATIONS ? closedForm(loop, scope, weight, n) : each(loop, scope, weight, from, to);
		};
	}

	private double each(ProcessExpression.Loop loop, Frame scope, double weight, long from, long to) {
		double total = 0;
		for (long i = from; i <= to; i++) {
			double t = time(loop.body(), new Frame(scope, loop.index(), Rational.of(i)), weight);
			total = loop.parallel() ? Math.max(total, t) : total + t;
		}
		return total;
	}

	/**
	 * A loop too long to iterate, by its closed form ({@link ClosedForms}) with every name bound.
	 *
	 * @throws ExpressionException of kind TOO_LARGE when it has none
	 */
	private double closedForm(ProcessExpression.Loop loop, Frame scope, double weight, long n) {
		String refusal = "the range " + loop.index() + " = " + loop.from() + " .. " + loop.to() + " has " + n
				+ " iterations, more than " + MAX_ITERATIONS + " that can be analysed one by one, and no closed form: ";
		ClosedForms.Cost cost;
		Rational time;
		try {
			cost = ClosedForms.ofLoop(model, uses, loop, scope::bound, parameters, callStack, monitor);
			time = cost.time().constantValue();
			if (time == null) {
				throw new ClosedForms.Irreducible("a name is not bound", loop.position());
			}
		} catch (ClosedForms.Irreducible e) {
			throw new ExpressionException(ExpressionException.Kind.TOO_LARGE, refusal + e.getMessage(), loop.position());
		}
		if (!cost.spread().isEmpty()) {
			throw new ExpressionException(ExpressionException.Kind.TOO_LARGE, refusal + "the index of "
					+ String.join(", ", cost.spread()) + " varies", loop.position());
		}
		cost.workloads().forEach((r, w) -> {
			Rational work = w.constantValue();
			if (work == null) {
				throw new ExpressionException(ExpressionException.Kind.TOO_LARGE, refusal + "the workload of " + r
						+ " depends on a name that is not bound", loop.position());
			}
			String array = r.indexOf('[') < 0 ? r : r.substring(0, r.indexOf('['));
			String name = resourceNames.getOrDefault(array, List.of()).isEmpty() ? r
					: resourceNames.get(array).get(Integer.parseInt(r.substring(array.length() + 1, r.length() - 1)));
			workloads.merge(name, work.toDouble() * weight, Double::sum);
		});
		return time.toDouble();
	}

	private long divisor(Expression divisor, ProcessExpression.Loop loop, Frame scope) {
		long d = integer(divisor, scope);
		if (d < 1) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, "the divisor " + d + " of '" + loop.index()
					+ "' must be at least 1", divisor.position());
		}
		return d;
	}

	/**
	 * The loop in blocks of d consecutive indices, for a body that sees its index i only as floor(i / d):
	 * the body is analysed once per block and weighted by the block's length.
	 */
	private double blocks(ProcessExpression.Loop loop, Frame scope, double weight, long from, long to, long d) {
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
	 * The loop by residues modulo d, for a body that sees its index i only as (i + c) mod d: the body is
	 * analysed for the first d indices, each weighted by how many indices of the range share its residue.
	 */
	private double residues(ProcessExpression.Loop loop, Frame scope, double weight, long from, long to, long d) {
		double total = 0;
		for (long i = from; i <= Math.min(to, from + d - 1); i++) {
			long times = (to - i) / d + 1;
			double t = time(loop.body(), new Frame(scope, loop.index(), Rational.of(i)), weight * times);
			total = loop.parallel() ? Math.max(total, t) : total + t * times;
		}
		return total;
	}

	private double call(ProcessExpression.Call call, Frame scope, double weight) {
		PamelaModel.Process process = model.callee(call, callStack);
		Frame inner = scope;
		for (int i = 0; i < call.arguments().size(); i++) {
			inner = new Frame(inner, process.parameters().get(i), call.arguments().get(i).evaluate(scope));
		}
		callStack.push(call.name());
		try {
			Frame body = inner;
			double t = inFile(model.origins().get(call.name()), call.position(), () -> time(process.body(), body, weight));
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

	/**
	 * Runs {@code body}, which analyses a declaration of {@code file} (null: the analysed file itself); an
	 * error located in that other file is relocated to {@code at} (the call, or where the error surfaces),
	 * with its own file, line and column in the message.
	 */
	private <T> T inFile(@Nullable String file, @Nullable Position at, Supplier<T> body) {
		String current = files.peek();
		if (Objects.equals(file, current)) {
			return body.get();
		}
		files.push(file == null ? "" : file);
		try {
			return body.get();
		} catch (ExpressionException e) {
			if (file == null || e.position().isEmpty()) {
				throw e;
			}
			throw new ExpressionException(e.kind(), "in " + file + ":" + e.line() + ":" + e.column() + ": " + e.getMessage(),
					at);
		} finally {
			files.pop();
		}
	}

	private int compareResources(String a, String b) {
		List<String> declared = new ArrayList<>(model.resources().keySet());
		int byName = Integer.compare(declared.indexOf(base(a)), declared.indexOf(base(b)));
		List<String> names = resourceNames.get(base(a));
		if (byName != 0 || names != null) {
			return byName != 0 ? byName : Integer.compare(names.indexOf(a), names.indexOf(b));
		}
		return Long.compare(index(a), index(b));
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
		private final @Nullable Frame parent;
		private final @Nullable String name;
		private final @Nullable Value value;

		Frame(@Nullable Frame parent, @Nullable String name, @Nullable Value value) {
			this.parent = parent;
			this.name = name;
			this.value = value;
		}

		/** The value of a loop index or argument named {@code wanted}, or null. */
		@Nullable Value bound(String wanted) {
			for (Frame f = this; f != null; f = f.parent) {
				String name = f.name;
				if (name == null) {
					break;
				}
				if (name.equals(wanted)) {
					return f.value;
				}
			}
			return null;
		}

		@Override
		public @Nullable Value lookup(String wanted) {
			Value bound = bound(wanted);
			if (bound != null) {
				return bound;
			}
			Expression definition = model.definitions().get(wanted);
			if (definition != null) {
				if (!evaluating.add(wanted)) {
					throw new ExpressionException(ExpressionException.Kind.DOMAIN, "definition '" + wanted
							+ "' depends on itself", definition.position());
				}
				try {
					return inFile(model.origins().get(wanted), null, () -> definition.evaluate(this));
				} finally {
					evaluating.remove(wanted);
				}
			}
			return parameters.get(wanted);
		}
	}

}
