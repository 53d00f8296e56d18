package org.perfcast.pamela;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Builtin;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Position;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Value;

/**
 * Symbolic complexity and serialization analysis of a PAMELA model (the "symbolic" PAMELA prediction of
 * Jonkers, van Gemund and Reijns, section 3): the same rules as {@link PamelaAnalysis}, with the free
 * parameters and the loop indices as variables of exact {@link RationalFunction}s.
 * <ul>
 * <li>{@code seq} over a body polynomial in its index sums exactly by Faulhaber's formulas ({@link PowerSums});
 * a body that reads its index i only as {@code floor(i / d)} is summed over blocks of d when the range is
 * made of whole blocks; a body that does not read its index multiplies.
 * <li>{@code par}, and {@code par {...}} blocks, take the maximum only when one term provably dominates
 * ({@link SignProof}): a term independent of the index, or one monotone in it.
 * <li>{@code a mod m} reduces to {@code a - c m} when c m ≤ a < (c+1) m provably for c in -1 .. 2;
 * conditions reduce when provably true or false.
 * <li>A range whose emptiness cannot be decided is not reduced; a {@code par} range known not to be
 * negative but not proved non-empty is assumed non-empty, and the assumption is noted.
 * </ul>
 * Anything else is not reduced: the analysis stops with {@link Irreducible}, naming the construct and its
 * line, and the numeric analysis answers for the bound values. Free parameters are assumed non-negative.
 * Cost: proportional to the size of the model times the cost of the algebra, independent of trip counts.
 */
final class ClosedForms {

	/** A part of a model that has no closed form by these rules. */
	static final class Irreducible extends RuntimeException {

		private static final long serialVersionUID = 1L;

		Irreducible(String reason, @Nullable Position position) {
			super(reason + (position == null ? "" : " (line " + position.line() + ")"));
		}
	}

	/**
	 * The symbolic cost of a process: its complexity time and the workloads it puts on resources, keyed by
	 * element ({@code l[3]}) or, for arrays in {@code spread}, by array name with the total over elements.
	 */
	record Cost(RationalFunction time, Map<String, RationalFunction> workloads, Set<String> spread) {

		static final Cost NONE = new Cost(RationalFunction.ZERO, Map.of(), Set.of());

		Cost scaled(RationalFunction factor, RationalFunction newTime) {
			Map<String, RationalFunction> scaled = new LinkedHashMap<>();
			workloads.forEach((r, w) -> scaled.put(r, w.times(factor)));
			return new Cost(newTime, scaled, spread);
		}
	}

	/** A loop index read only as floor(i / divisor): the block number is {@code variable}. */
	private record Blocked(String variable, RationalFunction divisor) {
	}

	/** A binding of the dynamic scope: a loop index or process argument. */
	private record Env(String name, Object value, @Nullable Env parent) {
	}

	private final PamelaModel model;
	private final IndexUse uses;
	private final EngineMonitor monitor;
	private final Map<String, RationalFunction> parameters;
	private final Function<String, Value> outer;
	private final Deque<String> callStack;
	private final Set<String> evaluating = new HashSet<>();
	private final Set<String> loopVariables = new HashSet<>();
	private final List<String> notes = new ArrayList<>();
	/** Assumed lower bounds of single parameters (from non-empty par ranges such as p = 0 .. P - 1: P ≥ 1). */
	private final Map<String, Rational> assumed = new HashMap<>();
	private long steps;

	private ClosedForms(PamelaModel model, IndexUse uses, EngineMonitor monitor, Map<String, RationalFunction> parameters,
			Function<String, Value> outer, Deque<String> callStack) {
		this.model = model;
		this.uses = uses;
		this.monitor = monitor;
		this.parameters = parameters;
		this.outer = outer;
		this.callStack = callStack;
	}

	/**
	 * The closed form of {@code model} in the parameters that {@code bindings} leaves free: those whose
	 * default is a number. A parameter whose default is an expression stands for that expression.
	 */
	static ClosedForm of(PamelaModel model, ParameterBindings bindings, EngineMonitor monitor) {
		Map<String, RationalFunction> parameters = new HashMap<>();
		List<String> free = new ArrayList<>();
		ClosedForms forms = new ClosedForms(model, new IndexUse(model), monitor, parameters, name -> null, new ArrayDeque<>());
		try {
			model.parameters().forEach((name, expression) -> {
				if (bindings.isBound(name)) {
					parameters.put(name, RationalFunction.of(Rational.valueOf(bindings.value(name))));
				} else if (isNumber(expression)) {
					parameters.put(name, RationalFunction.variable(name));
					free.add(name);
				} else {
					parameters.put(name, forms.value(expression, null, List.of()));
				}
			});
			forms.callStack.push("main");
			Cost main = forms.cost(model.processes().get("main").body(), null, List.of());
			return forms.assemble(free, main);
		} catch (Irreducible | ExpressionException e) {
			forms.notes.add("not reduced: " + e.getMessage());
			return new ClosedForm(free, null, null, null, null, Map.of(), forms.notes);
		}
	}

	/**
	 * The cost of {@code loop} with every name bound by {@code scope} (the numeric analysis' frame, for a
	 * loop too long to iterate) or {@code parameters}.
	 *
	 * @throws Irreducible if the loop has no closed form
	 */
	static Cost ofLoop(PamelaModel model, IndexUse uses, ProcessExpression.Loop loop, Function<String, Value> scope,
			Map<String, Value> parameters, Deque<String> callStack, EngineMonitor monitor) {
		Map<String, RationalFunction> values = new HashMap<>();
		parameters.forEach((name, value) -> values.put(name, constant(value, loop.position())));
		return new ClosedForms(model, uses, monitor, values, scope, new ArrayDeque<>(callStack)).cost(loop, null,
				List.of());
	}

	private static boolean isNumber(Expression e) {
		return e instanceof Expression.NumberLiteral
				|| e instanceof Expression.Unary u && u.operator() == Expression.Unary.Operator.NEGATE
						&& u.operand() instanceof Expression.NumberLiteral;
	}

	/** Whether a ≥ b provably for all free parameters, given the assumed lower bounds. */
	private boolean atLeast(RationalFunction a, RationalFunction b) {
		RationalFunction d = a.minus(b);
		for (Map.Entry<String, Rational> bound : assumed.entrySet()) {
			RationalFunction shifted = d.substitute(bound.getKey(),
					RationalFunction.variable(bound.getKey()).plus(RationalFunction.of(bound.getValue())));
			if (shifted == null) {
				return false; // a shift leaves a non-zero denominator non-zero: not met, and then nothing is proven
			}
			d = shifted;
		}
		return SignProof.nonNegative(d, List.of());
	}

	private ClosedForm assemble(List<String> free, Cost cost) {
		Map<String, RationalFunction> folded = new LinkedHashMap<>();
		cost.workloads().forEach((r, w) -> {
			String array = r.indexOf('[') > 0 ? r.substring(0, r.indexOf('[')) : r;
			folded.merge(cost.spread().contains(array) ? array : r, w, RationalFunction::plus);
		});
		Cost main = new Cost(cost.time(), folded, cost.spread());
		Map<String, String> workloads = new LinkedHashMap<>();
		main.workloads().forEach((r, w) -> workloads.put(r, w.toString()));
		RationalFunction sigmaMax = null;
		String bottleneck = null;
		if (!main.spread().isEmpty()) {
			for (String array : main.spread()) {
				notes.add("not reduced: the workload of each element of " + array + " (its index varies with the loop "
						+ "indices); the total over its elements is " + main.workloads().get(array));
			}
		} else if (main.workloads().isEmpty()) {
			sigmaMax = RationalFunction.ZERO;
		} else {
			for (Map.Entry<String, RationalFunction> candidate : main.workloads().entrySet()) {
				if (main.workloads().values().stream()
						.allMatch(w -> atLeast(candidate.getValue(), w))) {
					sigmaMax = candidate.getValue();
					bottleneck = candidate.getKey();
					break;
				}
			}
			if (sigmaMax == null) {
				notes.add("not reduced: which resource has the largest workload depends on the parameters");
			}
		}
		RationalFunction tcplx = main.time();
		String T = null;
		String bound = null;
		if (sigmaMax != null) {
			// times are never negative (the analysis refuses negative ones), so without resources T is T_cplx
			if (main.workloads().isEmpty() || atLeast(tcplx, sigmaMax)) {
				T = tcplx.toString();
				bound = "critical-path-bound";
			} else if (atLeast(sigmaMax, tcplx)) {
				T = sigmaMax.toString();
				bound = "contention-bound on " + bottleneck;
			} else {
				notes.add("not reduced: whether T_cplx or sigma_max is larger depends on the parameters");
			}
		}
		return new ClosedForm(free, T, tcplx.toString(), sigmaMax == null ? null : sigmaMax.toString(), bound,
				workloads, notes);
	}

	private Cost cost(ProcessExpression process, @Nullable Env env, List<SignProof.Range> ranges) {
		if ((++steps & 0xFF) == 0) {
			monitor.checkCancelled();
		}
		return switch (process) {
		case ProcessExpression.Delay d -> new Cost(time(d.time(), env, ranges), Map.of(), Set.of());
		case ProcessExpression.Use u -> use(u, env, ranges);
		case ProcessExpression.Block b -> {
			Cost total = Cost.NONE;
			List<RationalFunction> times = new ArrayList<>();
			for (ProcessExpression part : b.parts()) {
				Cost c = cost(part, env, ranges);
				times.add(c.time());
				total = add(total, c, total.time().plus(c.time()));
			}
			yield b.parallel() ? new Cost(largest(times, ranges, b.position()), total.workloads(), total.spread()) : total;
		}
		case ProcessExpression.Loop l -> loop(l, env, ranges);
		case ProcessExpression.Call c -> call(c, env, ranges);
		};
	}

	private static Cost add(Cost a, Cost b, RationalFunction time) {
		Map<String, RationalFunction> workloads = new LinkedHashMap<>(a.workloads());
		b.workloads().forEach((r, w) -> workloads.merge(r, w, RationalFunction::plus));
		Set<String> spread = new TreeSet<>(a.spread());
		spread.addAll(b.spread());
		return new Cost(time, workloads, spread);
	}

	private RationalFunction largest(List<RationalFunction> terms, List<SignProof.Range> ranges, Position where) {
		if (terms.isEmpty()) {
			return RationalFunction.ZERO;
		}
		for (RationalFunction candidate : terms) {
			if (terms.stream().allMatch(t -> SignProof.atLeast(candidate, t, ranges))) {
				return candidate;
			}
		}
		throw new Irreducible("which part of par { ... } takes longest depends on the parameters", where);
	}

	private RationalFunction time(Expression expression, @Nullable Env env, List<SignProof.Range> ranges) {
		RationalFunction t = value(expression, env, ranges);
		Rational c = t.constantValue();
		if (c != null && c.signum() < 0) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, "time " + c + " is negative or not a number",
					expression.position());
		}
		return t;
	}

	private Cost use(ProcessExpression.Use use, @Nullable Env env, List<SignProof.Range> ranges) {
		PamelaModel.Resource resource = model.resources().get(use.resource());
		if (resource == null) {
			throw new ExpressionException(ExpressionException.Kind.UNBOUND, "undefined resource '" + use.resource() + "'",
					use.position());
		}
		RationalFunction t = time(use.time(), env, ranges);
		if (resource.size() == null) {
			return new Cost(t, Map.of(use.resource(), t), Set.of());
		}
		Expression at = use.index();
		if (at == null) {
			throw new ExpressionException(ExpressionException.Kind.SYNTAX,
					"resource array '" + use.resource() + "' needs an index", use.position());
		}
		Rational index;
		try {
			index = value(at, env, ranges).constantValue();
		} catch (Irreducible e) {
			index = null; // the element is not known, only that one of the array is used
		}
		if (index == null || !index.isInteger()) {
			return new Cost(t, Map.of(use.resource(), t), Set.of(use.resource()));
		}
		return new Cost(t, Map.of(use.resource() + "[" + index + "]", t), Set.of());
	}

	private Cost loop(ProcessExpression.Loop loop, @Nullable Env env, List<SignProof.Range> ranges) {
		RationalFunction from = value(loop.from(), env, ranges);
		RationalFunction to = value(loop.to(), env, ranges);
		RationalFunction count = to.minus(from).plus(RationalFunction.ONE);
		if (SignProof.nonNegative(count.negate(), ranges)) {
			return Cost.NONE;
		}
		String range = loop.index() + " = " + loop.from() + " .. " + loop.to();
		if (!SignProof.nonNegative(count, ranges)) {
			throw new Irreducible("whether the range " + range + " is empty depends on the parameters", loop.position());
		}
		if (loop.parallel() && !SignProof.nonNegative(to.minus(from), ranges)) {
			RationalFunction span = to.minus(from);
			notes.add("assuming " + span + " >= 0 (the range " + range + " is not empty)");
			// span = X - c for a parameter X: remember X ≥ c
			if (span.isPolynomial() && span.variables().size() == 1 && span.numerator().degreeIn(span.variables().first()) == 1
					&& ranges.isEmpty()) {
				String x = span.variables().first();
				List<Polynomial> c = span.numerator().coefficients(x);
				Rational offset = c.get(0).constantValue();
				if (Rational.ONE.equals(c.get(1).constantValue()) && offset != null) {
					assumed.merge(x, offset.negate(), (u, v) -> u.compareTo(v) > 0 ? u : v);
				}
			}
		}
		return switch (uses.shape(loop)) {
		case IndexUse.Independent i -> {
			Cost body = cost(loop.body(), new Env(loop.index(), from, env), ranges);
			yield body.scaled(count, loop.parallel() ? body.time() : body.time().times(count));
		}
		case IndexUse.Blocks b -> blocks(loop, b, from, to, env, ranges);
		case IndexUse.Residues r -> free(loop, from, to, env, ranges);
		case IndexUse.Free f -> free(loop, from, to, env, ranges);
		};
	}

	private Cost free(ProcessExpression.Loop loop, RationalFunction from, RationalFunction to, @Nullable Env env,
			List<SignProof.Range> ranges) {
		String v = fresh(loop.index());
		List<SignProof.Range> inner = with(ranges, new SignProof.Range(v, from, to));
		Cost body = cost(loop.body(), new Env(loop.index(), RationalFunction.variable(v), env), inner);
		RationalFunction time = loop.parallel() ? largestOver(body.time(), v, from, to, inner, loop)
				: sum(body.time(), v, from, to, loop);
		return sumWorkloads(body, v, from, to, RationalFunction.ONE, time, loop);
	}

	private Cost blocks(ProcessExpression.Loop loop, IndexUse.Blocks shape, RationalFunction from, RationalFunction to,
			@Nullable Env env, List<SignProof.Range> ranges) {
		RationalFunction d = value(shape.divisor(), env, ranges);
		RationalFunction first = from.dividedBy(d);
		RationalFunction end = to.plus(RationalFunction.ONE).dividedBy(d);
		if (first == null || end == null || !first.isPolynomial() || !end.isPolynomial()) {
			throw new Irreducible("the range " + loop.index() + " = " + loop.from() + " .. " + loop.to()
					+ " is not made of whole blocks of " + shape.divisor(), loop.position());
		}
		RationalFunction last = end.minus(RationalFunction.ONE);
		String m = fresh(loop.index() + "/" + shape.divisor());
		List<SignProof.Range> inner = with(ranges, new SignProof.Range(m, first, last));
		Cost body = cost(loop.body(), new Env(loop.index(), new Blocked(m, d), env), inner);
		RationalFunction time = loop.parallel() ? largestOver(body.time(), m, first, last, inner, loop)
				: sum(body.time(), m, first, last, loop).times(d);
		return sumWorkloads(body, m, first, last, d, time, loop);
	}

	private Cost sumWorkloads(Cost body, String v, RationalFunction from, RationalFunction to, RationalFunction factor,
			RationalFunction time, ProcessExpression.Loop loop) {
		Map<String, RationalFunction> workloads = new LinkedHashMap<>();
		body.workloads().forEach((r, w) -> workloads.put(r, sum(w, v, from, to, loop).times(factor)));
		return new Cost(time, workloads, body.spread());
	}

	private static RationalFunction sum(RationalFunction body, String v, RationalFunction from, RationalFunction to,
			ProcessExpression.Loop loop) {
		RationalFunction total = PowerSums.sum(body, v, from, to);
		if (total == null) {
			throw new Irreducible("the body of " + (loop.parallel() ? "par" : "seq") + "(" + loop.index() + " = ...) is not "
					+ "a polynomial in " + loop.index() + " of degree " + PowerSums.MAX_DEGREE + " or less", loop.position());
		}
		return total;
	}

	/** The maximum of {@code f} over v in from .. to, when it is provably at one end. */
	private RationalFunction largestOver(RationalFunction f, String v, RationalFunction from, RationalFunction to,
			List<SignProof.Range> inner, ProcessExpression.Loop loop) {
		if (!f.contains(v)) {
			return f;
		}
		for (RationalFunction end : List.of(to, from)) {
			RationalFunction atEnd = f.substitute(v, end);
			if (atEnd != null && SignProof.atLeast(atEnd, f, inner)) {
				return atEnd;
			}
		}
		throw new Irreducible("the maximum over par(" + loop.index() + " = " + loop.from() + " .. " + loop.to()
				+ ") of a time that depends on " + loop.index() + " in no provably monotone way", loop.position());
	}

	private Cost call(ProcessExpression.Call call, @Nullable Env env, List<SignProof.Range> ranges) {
		PamelaModel.Process process = model.callee(call, callStack);
		Env inner = env;
		for (int i = 0; i < call.arguments().size(); i++) {
			inner = new Env(process.parameters().get(i), value(call.arguments().get(i), env, ranges), inner);
		}
		callStack.push(call.name());
		try {
			return cost(process.body(), inner, ranges);
		} finally {
			callStack.pop();
		}
	}

	private String fresh(String base) {
		String name = base + "'";
		while (loopVariables.contains(name) || parameters.containsKey(name)) {
			name += "'";
		}
		loopVariables.add(name);
		return name;
	}

	private static List<SignProof.Range> with(List<SignProof.Range> ranges, SignProof.Range range) {
		List<SignProof.Range> all = new ArrayList<>(ranges);
		all.add(range);
		return all;
	}

	// expressions

	private RationalFunction value(Expression e, @Nullable Env env, List<SignProof.Range> ranges) {
		return switch (e) {
		case Expression.NumberLiteral n -> RationalFunction.of(n.value());
		case Expression.Variable v -> lookup(v, env, ranges);
		case Expression.Unary u -> {
			if (u.operator() != Expression.Unary.Operator.NEGATE) {
				throw new Irreducible("a condition used as a number: " + u, u.position());
			}
			yield value(u.operand(), env, ranges).negate();
		}
		case Expression.Binary b -> binary(b, env, ranges);
		case Expression.Call c -> call(c, env, ranges);
		case Expression.Conditional c -> {
			Boolean holds = decide(c.condition(), env, ranges);
			if (holds == null) {
				throw new Irreducible("the condition " + c.condition() + " depends on the parameters", c.position());
			}
			yield value(holds ? c.whenTrue() : c.whenFalse(), env, ranges);
		}
		};
	}

	private RationalFunction lookup(Expression.Variable v, @Nullable Env env, List<SignProof.Range> ranges) {
		for (Env e = env; e != null; e = e.parent()) {
			if (e.name().equals(v.name())) {
				if (e.value() instanceof Blocked) {
					throw new Irreducible("the loop index " + v.name() + " is used other than in floor(" + v.name()
							+ " / d)", v.position());
				}
				return (RationalFunction) e.value();
			}
		}
		Value bound = outer.apply(v.name());
		if (bound != null) {
			return constant(bound, v.position());
		}
		Expression definition = model.definitions().get(v.name());
		if (definition != null) {
			if (!evaluating.add(v.name())) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, "definition '" + v.name()
						+ "' depends on itself", definition.position());
			}
			try {
				return value(definition, env, ranges);
			} finally {
				evaluating.remove(v.name());
			}
		}
		RationalFunction parameter = parameters.get(v.name());
		if (parameter == null) {
			throw new ExpressionException(ExpressionException.Kind.UNBOUND, "unbound parameter '" + v.name() + "'",
					v.position());
		}
		return parameter;
	}

	private static RationalFunction constant(Value value, Position where) {
		if (value instanceof Rational r) {
			return RationalFunction.of(r);
		}
		if (value instanceof Value.Real real) {
			return RationalFunction.of(Rational.valueOf(real.value()));
		}
		throw new Irreducible("a condition used as a number", where);
	}

	private RationalFunction binary(Expression.Binary b, @Nullable Env env, List<SignProof.Range> ranges) {
		Expression.Binary.Operator op = b.operator();
		if (op.precedence() < Expression.Binary.Operator.ADD.precedence()) {
			throw new Irreducible("a condition used as a number: " + b, b.position());
		}
		RationalFunction left = value(b.left(), env, ranges);
		RationalFunction right = value(b.right(), env, ranges);
		Rational l = left.constantValue();
		Rational r = right.constantValue();
		if (l != null && r != null) {
			return exact(() -> op.apply(l, r), b.position());
		}
		return switch (op) {
		case ADD -> left.plus(right);
		case SUBTRACT -> left.minus(right);
		case MULTIPLY -> left.times(right);
		case DIVIDE -> {
			RationalFunction q = left.dividedBy(right);
			if (q == null) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, "division by zero", b.position());
			}
			yield q;
		}
		case MOD -> mod(left, right, b, ranges);
		case POWER -> {
			if (r == null || !r.isInteger() || r.abs().compareTo(Rational.of(64)) > 0) {
				throw new Irreducible("the power " + b + " has no whole constant exponent", b.position());
			}
			RationalFunction p = left.power(r.numerator().intValueExact());
			if (r.signum() < 0 && left.numerator().isZero()) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, "division by zero", b.position());
			}
			yield p;
		}
		default -> throw new Irreducible("a condition used as a number: " + b, b.position());
		};
	}

	/** a mod m as a - c m, when c m ≤ a ≤ (c+1) m - 1 provably. */
	private static RationalFunction mod(RationalFunction a, RationalFunction m, Expression where,
			List<SignProof.Range> ranges) {
		for (int c : new int[] { 0, 1, -1, 2 }) {
			RationalFunction low = m.times(RationalFunction.of(Rational.of(c)));
			RationalFunction high = m.times(RationalFunction.of(Rational.of(c + 1))).minus(RationalFunction.ONE);
			if (SignProof.atLeast(a, low, ranges) && SignProof.atLeast(high, a, ranges)) {
				return a.minus(low);
			}
		}
		throw new Irreducible("cannot tell which multiple of the divisor " + where + " subtracts", where.position());
	}

	private RationalFunction call(Expression.Call c, @Nullable Env env, List<SignProof.Range> ranges) {
		if (c.function() == Builtin.FLOOR) {
			RationalFunction block = block(c, env, ranges);
			if (block != null) {
				return block;
			}
		}
		List<RationalFunction> args = new ArrayList<>();
		for (Expression a : c.arguments()) {
			args.add(value(a, env, ranges));
		}
		if (args.stream().allMatch(a -> a.constantValue() != null)) {
			Value[] values = args.stream().map(RationalFunction::constantValue).toArray(Value[]::new);
			return exact(() -> c.function().apply(values), c.position());
		}
		return switch (c.function()) {
		case FLOOR, CEIL -> {
			RationalFunction x = args.get(0);
			if (x.isPolynomial() && loopVariables.containsAll(x.variables())
					&& x.numerator().coefficientValues().stream().allMatch(Rational::isInteger)) {
				yield x;
			}
			throw new Irreducible(c + " of a value that need not be whole", c.position());
		}
		case MIN, MAX -> {
			List<RationalFunction> candidates = c.function() == Builtin.MAX ? args
					: args.stream().map(RationalFunction::negate).toList();
			RationalFunction best = null;
			for (RationalFunction candidate : candidates) {
				if (candidates.stream().allMatch(o -> SignProof.atLeast(candidate, o, ranges))) {
					best = candidate;
					break;
				}
			}
			if (best == null) {
				throw new Irreducible("which argument of " + c + " is " + (c.function() == Builtin.MAX ? "largest" : "smallest")
						+ " depends on the parameters", c.position());
			}
			yield c.function() == Builtin.MAX ? best : best.negate();
		}
		case ABS -> {
			if (SignProof.nonNegative(args.get(0), ranges)) {
				yield args.get(0);
			}
			if (SignProof.nonNegative(args.get(0).negate(), ranges)) {
				yield args.get(0).negate();
			}
			throw new Irreducible("the sign of the argument of " + c + " depends on the parameters", c.position());
		}
		case MOD -> mod(args.get(0), args.get(1), c, ranges);
		default -> throw new Irreducible(c.function().functionName() + " of a symbolic value: " + c, c.position());
		};
	}

	/** The block number of {@code floor(i / d)} for a loop index i read only that way, or null. */
	private @Nullable RationalFunction block(Expression.Call c, @Nullable Env env, List<SignProof.Range> ranges) {
		if (!(c.arguments().get(0) instanceof Expression.Binary quotient)
				|| !(quotient.left() instanceof Expression.Variable index)
				|| IndexUse.floorDivisor(c, index.name()) == null) {
			return null;
		}
		for (Env e = env; e != null; e = e.parent()) {
			if (e.name().equals(index.name())) {
				return e.value() instanceof Blocked blocked && value(quotient.right(), env, ranges).equals(blocked.divisor())
						? RationalFunction.variable(blocked.variable())
						: null;
			}
		}
		return null;
	}

	private interface Computation {
		Value compute();
	}

	/** An operation on constants, done exactly; errors at {@code where}. */
	private static RationalFunction exact(Computation computation, Position where) {
		try {
			Value v = computation.compute();
			if (v instanceof Rational r) {
				return RationalFunction.of(r);
			}
			throw new Irreducible("a value with no exact form", where);
		} catch (ExpressionException e) {
			throw e.at(where);
		}
	}

	/** Whether {@code condition} provably holds (true), provably fails (false), or neither (null). */
	private @Nullable Boolean decide(Expression condition, @Nullable Env env, List<SignProof.Range> ranges) {
		if (condition instanceof Expression.Unary u && u.operator() == Expression.Unary.Operator.NOT) {
			Boolean inner = decide(u.operand(), env, ranges);
			return inner == null ? null : !inner;
		}
		if (!(condition instanceof Expression.Binary b)) {
			return null;
		}
		if (b.operator() == Expression.Binary.Operator.AND || b.operator() == Expression.Binary.Operator.OR) {
			boolean or = b.operator() == Expression.Binary.Operator.OR;
			Boolean left = decide(b.left(), env, ranges);
			if (left != null && left == or) {
				return or;
			}
			Boolean right = decide(b.right(), env, ranges);
			if (right != null && right == or) {
				return or;
			}
			return left != null && right != null ? !or : null;
		}
		if (b.operator().precedence() != Expression.Binary.Operator.LESS.precedence()) {
			return null;
		}
		// d = left - right; strict comparisons are proved with a margin of 1, which is sound for any values
		RationalFunction d = value(b.left(), env, ranges).minus(value(b.right(), env, ranges));
		RationalFunction one = RationalFunction.ONE;
		boolean positive = SignProof.nonNegative(d.minus(one), ranges);
		boolean negative = SignProof.nonNegative(d.negate().minus(one), ranges);
		boolean atLeast = SignProof.nonNegative(d, ranges);
		boolean atMost = SignProof.nonNegative(d.negate(), ranges);
		Rational constant = d.constantValue();
		return switch (b.operator()) {
		case LESS -> negative ? Boolean.TRUE : atLeast ? Boolean.FALSE : null;
		case LESS_EQUAL -> atMost ? Boolean.TRUE : positive ? Boolean.FALSE : null;
		case GREATER -> positive ? Boolean.TRUE : atMost ? Boolean.FALSE : null;
		case GREATER_EQUAL -> atLeast ? Boolean.TRUE : negative ? Boolean.FALSE : null;
		case EQUAL -> constant != null ? (Boolean) (constant.signum() == 0) : positive || negative ? Boolean.FALSE : null;
		case NOT_EQUAL -> constant != null ? (Boolean) (constant.signum() != 0) : positive || negative ? Boolean.TRUE : null;
		default -> null;
		};
	}
}
