package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.glamis.MvaSolution;
import org.perfcast.glamis.QueueingNetworkParser;
import org.perfcast.glamis.Solver;
import org.perfcast.glamis.Station;

/** {@code perfcast mva FILE.qn --customers N}: mean value analysis of a plain closed network. */
final class MvaCommand extends AbstractCommand {

	MvaCommand() {
		super("mva", "solve a closed queueing network (*.qn) by mean value analysis", """
				usage: perfcast mva FILE.qn --customers N [--solver exact|schweitzer] [--json]

				FILE.qn has one centre per line: NAME delay DEMAND, NAME queue DEMAND, or
				NAME queue^m DEMAND for a block of m identical queues (# starts a comment); DEMAND is
				the service demand per cycle. Prints the throughput X, R (the total residence time at
				the queueing centres), Z (the total delay demand), and per centre the utilisation U,
				queue length Q and residence time R (per member of a block).
				  --customers N      the population, at least 1
				  --solver NAME      exact (default) or schweitzer (Bard-Schweitzer approximation)
				  --json             {"X", "R", "Z", "solver", "iterations",
				                     "centers": [{"name", "kind", "m", "D", "U", "Q", "R"}]}""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"), Set.of("customers", "solver"));
		String file = GlamisCommand.singleFile(arguments);
		Solver solver = GlamisCommand.solver(arguments);
		String customersText = arguments.value("customers")
				.orElseThrow(() -> new UsageException("--customers N is required"));
		long customers;
		try {
			customers = Long.parseLong(customersText);
		} catch (NumberFormatException e) {
			throw new UsageException("--customers needs a whole number, not '" + customersText + "'");
		}
		if (customers < 1) {
			throw new UsageException("--customers needs at least 1 customer, not " + customers);
		}
		List<Station> stations;
		try {
			stations = QueueingNetworkParser.parse(org.perfcast.engine.InputFiles.text(Path.of(file)));
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.noFile", "cannot read the file: " + e.getMessage(), Location.of(file)));
			return ExitCode.INPUT_ERROR;
		} catch (ExpressionException e) {
			console.report(e.toDiagnostic(file));
			return ExitCode.INPUT_ERROR;
		}
		MvaSolution solution;
		try {
			solution = solver.solve(stations, customers, EngineMonitor.NULL);
		} catch (IllegalArgumentException e) {
			console.report(Diagnostic.error("glamis.network", e.getMessage(), Location.of(file)));
			return ExitCode.INPUT_ERROR;
		}
		if (arguments.flag("json")) {
			console.out().println("{\"X\": " + GlamisCommand.number(solution.throughput()) + ", \"R\": "
					+ GlamisCommand.number(solution.queueingResidence()) + ", \"Z\": "
					+ GlamisCommand.number(solution.delayDemand()) + ", \"solver\": " + Json.string(solver.id())
					+ ", \"iterations\": " + solution.iterations() + ", \"centers\": " + GlamisCommand.centers(solution) + "}");
			return ExitCode.OK;
		}
		console.out().printf("N = %d customers: X = %s, R = %s, Z = %s, cycle time = %s  (%s MVA%s)%n", customers,
				Numbers.format(solution.throughput()), Numbers.format(solution.queueingResidence()),
				Numbers.format(solution.delayDemand()), Numbers.format(solution.cycleTime()), solver.id(),
				solver == Solver.SCHWEITZER ? ", " + solution.iterations() + " iterations" : "");
		GlamisCommand.printCentres(solution, console);
		return ExitCode.OK;
	}
}
