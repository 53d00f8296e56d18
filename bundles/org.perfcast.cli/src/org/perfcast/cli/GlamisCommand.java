package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.glamis.GlamisAnalysis;
import org.perfcast.glamis.GlamisParser;
import org.perfcast.glamis.MvaSolution;
import org.perfcast.glamis.ProgramDerivation;
import org.perfcast.glamis.Solver;

/** {@code perfcast glamis FILE}: a Glamis model (tuple notation) solved by mean value analysis. */
final class GlamisCommand extends AbstractCommand {

	GlamisCommand() {
		super("glamis", "predict T of a Glamis queueing-network model (mean value analysis)", """
				usage: perfcast glamis FILE.glamis|FILE.program [--set NAME=VALUE ...] [--solver exact|schweitzer]
				                     [--derived] [--json]

				Solves each parallel section n : <v1, v2, ...> of the program as a closed network of
				its n tasks over the machine's centres (I(t) delay, Q(t) queue, Q^m(t) a block of m
				identical queues, each member visited v times) and prints the section's time (the cycle
				time of one task, n / X), its throughput X and per centre the utilisation U, queue length
				Q and residence time R per member; T is the sum over the sections. A section of several
				task classes, n1 : <...>, n2 : <...>, is a multi-class network and takes the cycle time
				of its slowest class. A *.program model is solved through the Glamis model derived from
				it and its machine: the processes as tasks (a class per group of processes with equal
				loads in a step), their computation as a delay centre, each link as a queueing centre,
				each step as a section, links used alike in every step folded into a block.
				  --set NAME=VALUE   override a parameter's default (repeatable)
				  --solver NAME      exact (default) or schweitzer (Bard-Schweitzer approximation)
				  --derived          print the model derived from a *.program (tuple notation) and stop
				  --json             {"T", "solver", "sections": [{"tasks", "T", "X", "iterations",
				                     "classes": [{"tasks", "T", "X"}],
				                     "centers": [{"name", "kind", "m", "D", "U", "Q", "R"}]}]}""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json", "derived"), Set.of("set", "solver"));
		String file = singleFile(arguments);
		Solver solver = solver(arguments);
		boolean program = file.endsWith(".program");
		String text;
		List<Diagnostic> notes = new java.util.ArrayList<>();
		try {
			if (program) {
				ProgramDerivation.Derived derived = ProgramDerivation.derived(Path.of(file), file, arguments.bindings(),
						EngineMonitor.NULL);
				text = derived.text();
				notes.addAll(derived.warnings());
			} else {
				text = org.perfcast.engine.InputFiles.text(Path.of(file));
			}
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.noFile", "cannot read the file: " + e.getMessage(), Location.of(file)));
			return ExitCode.INPUT_ERROR;
		} catch (EngineException e) {
			e.diagnostics().forEach(console::report);
			return ExitCode.INPUT_ERROR;
		}
		if (arguments.flag("derived")) {
			if (!program) {
				throw new UsageException("--derived needs a *.program model");
			}
			console.out().print(text);
			return ExitCode.OK;
		}
		GlamisAnalysis.Result result;
		try {
			result = GlamisAnalysis.analyse(GlamisParser.parse(text), program ? ParameterBindings.EMPTY
					: arguments.bindings(), solver, EngineMonitor.NULL);
		} catch (ExpressionException e) {
			console.report(e.toDiagnostic(file));
			return ExitCode.INPUT_ERROR;
		}
		result.notes().forEach(n -> notes.add(Diagnostic.warning("glamis.solver", n, Location.of(file))));
		notes.forEach(console::report);
		if (arguments.flag("json")) {
			console.out().println("{\"T\": " + number(result.T()) + ", \"solver\": " + Json.string(solver.id())
					+ ", \"sections\": [" + result.sections().stream().map(s -> "\n  {\"tasks\": " + s.tasks() + ", \"T\": "
							+ number(s.T()) + ", \"X\": " + number(s.solution().throughput()) + ", \"iterations\": "
							+ s.solution().iterations() + ", \"classes\": " + classes(s) + ", \"centers\": " + centers(s.solution())
							+ "}")
							.collect(Collectors.joining(","))
					+ "\n]}");
			return ExitCode.OK;
		}
		int index = 0;
		for (GlamisAnalysis.SectionResult section : result.sections()) {
			index++;
			console.out().printf("section %d: %d tasks, T = %s, X = %s%n", index, section.tasks(), org.perfcast.engine.Quantities.number(
					section.T()), org.perfcast.engine.Quantities.number(section.solution().throughput()));
			if (section.classes().size() > 1) {
				int c = 0;
				for (GlamisAnalysis.ClassResult taskClass : section.classes()) {
					console.out().printf("  class %d: %d tasks, T = %s%n", ++c, taskClass.tasks(),
							org.perfcast.engine.Quantities.number(taskClass.T()));
				}
			}
			printCentres(section.solution(), console);
		}
		console.out().println("T = " + org.perfcast.engine.Quantities.number(result.T()) + "  (" + solver.id() + " MVA)");
		return ExitCode.OK;
	}

	static String singleFile(Arguments arguments) throws UsageException {
		if (arguments.operands().size() != 1) {
			throw new UsageException(arguments.operands().isEmpty() ? "missing FILE" : "expected one FILE");
		}
		return arguments.operands().get(0);
	}

	static Solver solver(Arguments arguments) throws UsageException {
		try {
			return Solver.named(arguments.value("solver").orElse("exact"));
		} catch (IllegalArgumentException e) {
			throw new UsageException("--solver: " + e.getMessage());
		}
	}

	static void printCentres(MvaSolution solution, Console console) {
		for (MvaSolution.Result r : solution.stations()) {
			String m = r.station().multiplicity() == 1 ? "" : " (each of " + r.station().multiplicity() + ")";
			console.out().printf("  %-16s %-5s D = %-12s U = %-12s Q = %-12s R = %s%s%n", r.station().name(),
					r.station().kind().name().toLowerCase(java.util.Locale.ROOT), org.perfcast.engine.Quantities.number(r.station()
					.demand()), org.perfcast.engine.Quantities.number(r.utilisation()), org.perfcast.engine.Quantities.number(r.queueLength()), org.perfcast.engine.Quantities.number(r
							.residence()), m);
		}
	}

	/** The task classes of a section: {@code [{"tasks", "T", "X"}, …]} (X null for a class that asks nothing). */
	private static String classes(GlamisAnalysis.SectionResult section) {
		return section.classes().stream().map(c -> "{\"tasks\": " + c.tasks() + ", \"T\": " + number(c.T())
				+ ", \"X\": " + number(c.X()) + "}").collect(Collectors.joining(", ", "[", "]"));
	}

	static String centers(MvaSolution solution) {
		return solution.stations().stream().map(r -> "{\"name\": " + Json.string(r.station().name()) + ", \"kind\": "
				+ Json.string(r.station().kind().name().toLowerCase(java.util.Locale.ROOT)) + ", \"m\": "
				+ r.station().multiplicity() + ", \"D\": " + number(r.station().demand()) + ", \"U\": "
				+ number(r.utilisation()) + ", \"Q\": " + number(r.queueLength()) + ", \"R\": " + number(r.residence()) + "}")
				.collect(Collectors.joining(", ", "[", "]"));
	}

	/** A JSON number, or null for infinity and NaN (which JSON cannot hold). */
	static String number(double value) {
		return Double.isFinite(value) ? Numbers.format(value) : "null";
	}
}
