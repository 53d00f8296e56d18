package org.perfcast.pamela;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.expr.Builtin;
import org.perfcast.engine.expr.Expression;

/**
 * How the body of a loop reads the loop's index, which decides what its analysis costs: not at all (the
 * body is analysed once and multiplied by the trip count), only as {@code floor(i / d)} (once per block of
 * d consecutive indices), only as {@code i mod d} or {@code (i + c) mod d} (once per residue), or freely
 * (once per index). Names are scoped dynamically, so a called process and the expression definitions it
 * uses read the index too when they name it.
 */
final class IndexUse {

	/** The way a loop's body reads its index. */
	sealed interface Shape {
	}

	/** The body does not read the index. */
	record Independent() implements Shape {
	}

	/** The body reads the index i only as {@code floor(i / divisor)}. */
	record Blocks(Expression divisor) implements Shape {
	}

	/** The body reads the index i only as {@code (i + c) mod divisor}, c not depending on i. */
	record Residues(Expression divisor) implements Shape {
	}

	/** The body reads the index in other ways. */
	record Free() implements Shape {
	}

	private final PamelaModel model;
	private final Map<ProcessExpression, Set<String>> reads = new IdentityHashMap<>();
	private final Map<ProcessExpression.Loop, Shape> shapes = new IdentityHashMap<>();

	IndexUse(PamelaModel model) {
		this.model = model;
	}

	/** How the body of {@code loop} reads its index. */
	Shape shape(ProcessExpression.Loop loop) {
		return shapes.computeIfAbsent(loop, this::classify);
	}

	private Shape classify(ProcessExpression.Loop loop) {
		if (!reads(loop.body()).contains(loop.index())) {
			return new Independent();
		}
		List<Expression> own = ownExpressions(loop.body(), loop.index());
		if (own == null) {
			return new Free();
		}
		for (boolean floors : new boolean[] { true, false }) {
			Expression[] divisor = { null };
			if (own.stream().allMatch(e -> onlyIn(e, loop.index(), floors, divisor))) {
				return floors ? new Blocks(divisor[0]) : new Residues(divisor[0]);
			}
		}
		return new Free();
	}

	/**
	 * The expressions of {@code body} itself (through nested loops and blocks, not into called processes),
	 * or null when a called process reads {@code index} or a nested loop hides it.
	 */
	private @Nullable List<Expression> ownExpressions(ProcessExpression body, String index) {
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

	/**
	 * Whether {@code index} occurs in {@code e} only as {@code floor(index / d)} ({@code floors}) or only as
	 * {@code (index + c) mod d}, all with the same d (text), which is stored in {@code divisor}.
	 */
	private boolean onlyIn(Expression e, String index, boolean floors, Expression[] divisor) {
		Expression d = floors ? floorDivisor(e, index) : modDivisor(e, index);
		if (d != null && !expand(d).contains(index)) {
			if (divisor[0] != null && !divisor[0].toString().equals(d.toString())) {
				return false;
			}
			divisor[0] = d;
			return true;
		}
		if (e instanceof Expression.Variable v) {
			return !expand(v).contains(index);
		}
		for (Expression child : Expression.children(e)) {
			if (!onlyIn(child, index, floors, divisor)) {
				return false;
			}
		}
		return true;
	}

	/** The d of {@code floor(index / d)}, or null if {@code e} is not of that form. */
	static @Nullable Expression floorDivisor(Expression e, String index) {
		if (e instanceof Expression.Call call && call.function() == Builtin.FLOOR
				&& call.arguments().get(0) instanceof Expression.Binary b && b.operator() == Expression.Binary.Operator.DIVIDE
				&& b.left() instanceof Expression.Variable v && v.name().equals(index)) {
			return b.right();
		}
		return null;
	}

	/** The d of {@code (index + c) mod d}, {@code (c + index) mod d} or {@code index mod d}, or null. */
	private @Nullable Expression modDivisor(Expression e, String index) {
		Expression dividend;
		Expression divisor;
		if (e instanceof Expression.Binary b && b.operator() == Expression.Binary.Operator.MOD) {
			dividend = b.left();
			divisor = b.right();
		} else if (e instanceof Expression.Call c && c.function() == Builtin.MOD) {
			dividend = c.arguments().get(0);
			divisor = c.arguments().get(1);
		} else {
			return null;
		}
		if (isIndex(dividend, index)) {
			return divisor;
		}
		if (dividend instanceof Expression.Binary sum && sum.operator() == Expression.Binary.Operator.ADD
				&& (isIndex(sum.left(), index) && !expand(sum.right()).contains(index)
						|| isIndex(sum.right(), index) && !expand(sum.left()).contains(index))) {
			return divisor;
		}
		return null;
	}

	private static boolean isIndex(Expression e, String index) {
		return e instanceof Expression.Variable v && v.name().equals(index);
	}

	/** The names {@code process} may read, through the definitions and processes it uses. */
	Set<String> reads(ProcessExpression process) {
		Set<String> names = reads.get(process);
		if (names != null) {
			return names;
		}
		Set<String> found = new HashSet<>();
		reads.put(process, found); // guards recursion; recursion itself is reported when analysed
		switch (process) {
		case ProcessExpression.Delay d -> found.addAll(expand(d.time()));
		case ProcessExpression.Use u -> {
			found.addAll(expand(u.time()));
			if (u.index() instanceof Expression index) {
				found.addAll(expand(index));
			}
		}
		case ProcessExpression.Block b -> b.parts().forEach(p -> found.addAll(reads(p)));
		case ProcessExpression.Loop l -> {
			found.addAll(expand(l.from()));
			found.addAll(expand(l.to()));
			Set<String> body = new HashSet<>(reads(l.body()));
			body.remove(l.index());
			found.addAll(body);
		}
		case ProcessExpression.Call c -> {
			c.arguments().forEach(a -> found.addAll(expand(a)));
			PamelaModel.Process callee = model.processes().get(c.name());
			if (callee != null) {
				Set<String> body = new HashSet<>(reads(callee.body()));
				callee.parameters().forEach(body::remove);
				found.addAll(body);
			}
		}
		}
		return found;
	}

	/** The free names of {@code expression}, with the names expression definitions read, transitively. */
	Set<String> expand(Expression expression) {
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
}
