package org.perfcast.pamela;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Position;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;

/**
 * The PAMELA engine: parses a {@code *.pamela} text and predicts its completion time, reporting what an
 * editor shows: the prediction as INFO on {@code main}, a WARNING when contention dominates or a budget
 * is exceeded, and ERRORs at the line and column of what is wrong.
 */
public final class Pamela {

	/** The outcome: the prediction (null when the model has errors) and the diagnostics. */
	public record Result(Prediction prediction, List<Diagnostic> diagnostics) {
	}

	private Pamela() {
	}

	/**
	 * Analyses {@code text}, the contents of {@code file}, with {@code bindings} overriding the parameters'
	 * defaults.
	 *
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static Result analyse(String text, String file, ParameterBindings bindings, EngineMonitor monitor) {
		PamelaModel model;
		Prediction prediction;
		try {
			model = PamelaParser.parse(text);
			prediction = PamelaAnalysis.analyse(model, bindings, monitor);
		} catch (ExpressionException e) {
			return new Result(null, List.of(e.toDiagnostic(file)));
		}
		List<Diagnostic> diagnostics = new ArrayList<>();
		Location main = at(file, model.processes().get("main").position());
		diagnostics.add(Diagnostic.info("pamela.prediction", "T = " + Numbers.format(prediction.T()) + " ("
				+ prediction.bound() + "; T_cplx = " + Numbers.format(prediction.Tcplx()) + ", sigma_max = "
				+ Numbers.format(prediction.sigmaMax()) + (prediction.mostContributing() == null ? ""
						: "; most time in " + prediction.mostContributing()) + ")", main));
		if (prediction.contentionBound()) {
			diagnostics.add(Diagnostic.warning("pamela.contention", "contention dominates: " + prediction.bottleneck()
					+ " is busy for " + Numbers.format(prediction.sigmaMax()) + ", longer than the critical path "
					+ Numbers.format(prediction.Tcplx()), main));
		}
		for (PamelaModel.Budget budget : model.budgets()) {
			try {
				Value limit = budget.limit().evaluate(Scope.of(Map.of()));
				if (prediction.T() >= limit.toDouble()) {
					diagnostics.add(Diagnostic.warning("pamela.budget", "T = " + Numbers.format(prediction.T())
							+ " exceeds the budget T < " + limit.format(), at(file, budget.position())));
				}
			} catch (ExpressionException e) {
				diagnostics.add(e.toDiagnostic(file));
			}
		}
		return new Result(prediction, diagnostics);
	}

	private static Location at(String file, Position position) {
		return new Location.TextLocation(file, position.line(), position.column(), position.length());
	}
}
