package org.perfcast.glamis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.perfcast.engine.Printable;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Position;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;

/**
 * Reads a plain closed network, {@code *.qn}: one centre per line, {@code NAME delay DEMAND} or
 * {@code NAME queue DEMAND} (optionally {@code queue^m} for a block of m identical centres), the demand being
 * the service demand per cycle, a number or a constant expression; {@code #} starts a comment.
 */
public final class QueueingNetworkParser {

	private QueueingNetworkParser() {
	}

	/**
	 * Parses {@code text}.
	 *
	 * @throws ExpressionException with the line and column of the first error
	 */
	public static List<Station> parse(String text) {
		List<Station> stations = new ArrayList<>();
		Set<String> names = new HashSet<>();
		String[] lines = text.split("\n", -1);
		int offset = 0;
		for (int l = 0; l < lines.length; l++) {
			String line = lines[l];
			int hash = line.indexOf('#');
			String content = (hash >= 0 ? line.substring(0, hash) : line).stripTrailing();
			if (!content.isBlank()) {
				stations.add(station(content, l + 1, offset, names));
			}
			offset += line.length() + 1;
		}
		if (stations.isEmpty()) {
			throw new ExpressionException(ExpressionException.Kind.SYNTAX,
					"the network has no centres; write one per line: NAME delay|queue DEMAND");
		}
		return stations;
	}

	private static Station station(String line, int number, int offset, Set<String> names) {
		String[] words = line.strip().split("\\s+", 3);
		int column = line.indexOf(words[0]) + 1;
		if (words.length < 3) {
			throw error("expected NAME delay|queue DEMAND", number, offset, column, line.strip().length());
		}
		String name = words[0];
		if (!names.add(name)) {
			throw error("centre " + name + " is declared twice", number, offset, column, name.length());
		}
		String kind = words[1];
		int kindColumn = line.indexOf(kind, column - 1 + name.length()) + 1;
		long multiplicity = 1;
		Station.Kind stationKind;
		if (kind.equals("delay")) {
			stationKind = Station.Kind.DELAY;
		} else if (kind.equals("queue")) {
			stationKind = Station.Kind.QUEUE;
		} else if (kind.matches("queue\\^[0-9]+")) {
			stationKind = Station.Kind.QUEUE;
			try {
				multiplicity = Long.parseLong(kind.substring("queue^".length()));
			} catch (NumberFormatException e) {
				throw error("the number of centres is too large", number, offset, kindColumn, kind.length());
			}
			if (multiplicity < 1) {
				throw error("a block needs at least one centre", number, offset, kindColumn, kind.length());
			}
		} else {
			throw error("expected delay, queue or queue^m, found " + Printable.quote(kind), number, offset, kindColumn,
					kind.length());
		}
		String demandText = words[2];
		int demandColumn = line.indexOf(demandText, kindColumn - 1 + kind.length()) + 1;
		Value demand;
		try {
			demand = Expression.parse(demandText).evaluate(Scope.of(java.util.Map.of()));
		} catch (ExpressionException e) {
			throw error(name + ": " + e.getMessage(), number, offset, demandColumn + Math.max(0, e.column() - 1),
					Math.max(1, e.length()));
		}
		double value = demand instanceof Rational r ? r.toDouble() : demand.toDouble();
		if (!(value >= 0) || Double.isInfinite(value)) {
			throw error(name + ": the demand must be finite and not negative, was " + demandText, number, offset,
					demandColumn, demandText.length());
		}
		return new Station(name, stationKind, multiplicity, value);
	}

	private static ExpressionException error(String message, int line, int offset, int column, int length) {
		return new ExpressionException(ExpressionException.Kind.SYNTAX, message,
				new Position(offset + column - 1, line, column, length));
	}
}
