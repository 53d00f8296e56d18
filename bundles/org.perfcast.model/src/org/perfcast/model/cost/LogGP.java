package org.perfcast.model.cost;

import java.util.List;
import java.util.function.ToDoubleFunction;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.Scope;
import org.perfcast.model.machine.Communication;
import org.perfcast.model.machine.LogGPPoint;

/**
 * The LogGP parameters of a machine for a message size: L (latency), o (overhead), g (gap between
 * messages) and G (gap per byte). A machine states them as expressions or as a table by message size,
 * interpolated per parameter; the table wins where it has points.
 *
 * @param latency    L
 * @param overhead   o
 * @param gap        g
 * @param gapPerByte G
 */
public record LogGP(double latency, double overhead, double gap, double gapPerByte) {

	/**
	 * The parameters of {@code communication} for messages of {@code bytes} bytes.
	 *
	 * @throws IllegalArgumentException if a parameter is stated neither as an expression nor in the table
	 * @throws org.perfcast.engine.expr.ExpressionException if an expression is wrong or depends on an
	 *                                                      unbound name
	 */
	public static LogGP of(Communication communication, long bytes, Scope parameters) {
		List<LogGPPoint> table = communication.getLogGPTable();
		if (!table.isEmpty()) {
			return new LogGP(interpolate(table, LogGPPoint::getLatency, bytes),
					interpolate(table, LogGPPoint::getOverhead, bytes), interpolate(table, LogGPPoint::getGap, bytes),
					interpolate(table, LogGPPoint::getGapPerByte, bytes));
		}
		return new LogGP(value(communication.getLatency(), "L (latency)", parameters),
				value(communication.getOverhead(), "o (overhead)", parameters),
				value(communication.getGap(), "g (gap)", parameters),
				value(communication.getGapPerByte(), "G (gap per byte)", parameters));
	}

	private static double interpolate(List<LogGPPoint> table, ToDoubleFunction<LogGPPoint> parameter, long bytes) {
		double[] sizes = table.stream().mapToDouble(LogGPPoint::getMessageSize).toArray();
		double[] values = table.stream().mapToDouble(parameter).toArray();
		return new CostTable(sizes, values).costAt(bytes);
	}

	private static double value(String text, String what, Scope parameters) {
		if (text == null || text.isBlank()) {
			throw new IllegalArgumentException("the machine states no LogGP " + what);
		}
		return Expression.parse(text).evaluate(parameters).toDouble();
	}
}
