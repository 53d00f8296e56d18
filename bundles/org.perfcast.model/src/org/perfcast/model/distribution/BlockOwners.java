package org.perfcast.model.distribution;

import java.util.OptionalInt;
import java.util.function.Function;

import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.layout.Layout;

/**
 * The meaning of {@code owner(i, j)} in a program's expressions: the processor owning block (i, j) of the
 * program's layout. The layout is evaluated on the first call, with the parameter values of the program.
 */
public final class BlockOwners implements Function<Value[], Value> {

	private final Layout layout;
	private final Scope parameters;
	private DataDistribution distribution;

	/** The owners of {@code layout}'s blocks with the parameter values of {@code parameters}. */
	public BlockOwners(Layout layout, Scope parameters) {
		this.layout = layout;
		this.parameters = parameters;
	}

	/**
	 * The owner of block (arguments[0], arguments[1]).
	 *
	 * @throws ExpressionException if the layout cannot be evaluated, an index is not whole, the block is outside
	 *                             the layout or has no owner
	 */
	@Override
	public Value apply(Value[] arguments) {
		DataDistribution d = distribution();
		long i = arguments[0].longValueExact();
		long j = arguments[1].longValueExact();
		if (i < 0 || j < 0 || i >= d.blockRows() || j >= d.blockColumns()) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, "block (" + i + ", " + j
					+ ") is outside the layout's " + d.blockRows() + " x " + d.blockColumns() + " blocks");
		}
		OptionalInt owner = d.owner((int) i, (int) j);
		if (owner.isEmpty()) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, "block (" + i + ", " + j + ") has no owner");
		}
		return Rational.of(owner.getAsInt());
	}

	/**
	 * The evaluated layout.
	 *
	 * @throws ExpressionException of kind DOMAIN if the layout cannot be evaluated
	 */
	public DataDistribution distribution() {
		if (distribution == null) {
			try {
				distribution = LayoutEvaluation.of(layout, parameters);
			} catch (IllegalArgumentException e) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, "the layout: " + e.getMessage());
			}
		}
		return distribution;
	}
}
