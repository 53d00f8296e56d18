package org.perfcast.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.emf.common.util.URI;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.Severity;
import org.perfcast.engine.expr.Rational;
import org.perfcast.mapping.Crossover;
import org.perfcast.mapping.Evaluation;
import org.perfcast.mapping.ExecutionModel;
import org.perfcast.mapping.MappingAnalysis;
import org.perfcast.mapping.MappingResult;
import org.perfcast.mapping.MappingTechnique;
import org.perfcast.mapping.ParallelLoop;
import org.perfcast.mapping.ProcessorTime;
import org.perfcast.mapping.Verdict;
import org.perfcast.model.program.Program;
import org.perfcast.model.resource.ModelFiles;

/**
 * {@code perfcast mapping FILE.program}: the execution models of the mapping techniques for a parallel loop
 * program, ranked, or the general execution model of any other program.
 */
final class MappingCommand extends AbstractCommand {

	/** The value of {@code best} when the two fastest techniques' intervals overlap. */
	static final String TOO_CLOSE = "too close to call";

	MappingCommand() {
		super("mapping", "rank mapping techniques by their execution models (T_i = SEQ_i + CL_i + SD_i - OL_i)", """
				usage: perfcast mapping FILE.program [--set NAME=VALUE ...] [--technique NAME ...] [--json]

				A program with the parameters N and BB is Sussman's parallel loop on a linear array with
				a host: block and interleaved data partitioning and loop body pipelining are ranked by
				T = max_i T_i, with the interval from BB_lower .. BB_upper, "too close to call" when the
				two fastest intervals overlap, and the BB and N at which the two fastest swap places.
				Parameters read: N, BB, P (or the process count), x, y, K (else the machine's overlap,
				else 1 - 1/P), LF, BB_1 .. BB_P, BB_lower, BB_upper; the machine's perItemCost (else 1).
				Any other program gets the general model of its steps and messages as written.
				  --set NAME=VALUE    override a parameter's default (repeatable)
				  --technique NAME    compare only these techniques: block, interleaved, pipeline
				                      (repeatable; parallel loop programs only)
				  --json              {"best", "techniques": [{"name", "T", "Tlower", "Tupper",
				                      "components": [{"SEQ", "CL", "SD", "OL", "T"} per processor]}],
				                      "crossovers": [{"parameter", "value", "exact", "below", "above"}]}
				Exit code 0 on success, 1 when the program has errors or no technique applies.""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"), Set.of("set", "technique"));
		if (arguments.operands().size() != 1) {
			throw new UsageException(arguments.operands().isEmpty() ? "missing FILE" : "expected one FILE");
		}
		List<MappingTechnique> techniques = new ArrayList<>();
		for (String name : arguments.values("technique")) {
			try {
				MappingTechnique technique = MappingTechnique.named(name);
				if (!techniques.contains(technique)) {
					techniques.add(technique);
				}
			} catch (IllegalArgumentException e) {
				throw new UsageException("--technique: " + e.getMessage());
			}
		}
		String file = arguments.operands().get(0);
		Program program = load(file, console);
		if (program == null) {
			return ExitCode.INPUT_ERROR;
		}
		MappingResult result = MappingAnalysis.analyse(program, file, arguments.bindings(), techniques, EngineMonitor.NULL);
		result.diagnostics().stream().filter(d -> d.severity() != Severity.INFO || d.code().equals("mapping.notApplicable"))
				.forEach(console::report);
		if (result instanceof MappingResult.Failed) {
			return ExitCode.INPUT_ERROR;
		}
		if (arguments.flag("json")) {
			console.out().println(json(result));
		} else {
			print(result, console);
		}
		return ExitCode.OK;
	}

	private static Program load(String file, Console console) {
		Path path = Path.of(file);
		if (!file.endsWith(".program")) {
			console.report(Diagnostic.error("cli.fileType", "not a program model: expected a .program file", Location.of(file)));
			return null;
		}
		if (!Files.isRegularFile(path)) {
			console.report(Diagnostic.error("cli.noFile", "no such file", Location.of(file)));
			return null;
		}
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				URI.createFileURI(path.toAbsolutePath().normalize().toString()), file);
		if (!loaded.ok()) {
			loaded.diagnostics().forEach(console::report);
			return null;
		}
		if (!(loaded.root() instanceof Program program)) {
			console.report(Diagnostic.error("cli.fileType", "the file holds a " + loaded.root().eClass().getName()
					+ ", not a program", Location.of(file)));
			return null;
		}
		return program;
	}

	private static void print(MappingResult result, Console console) {
		switch (result) {
		case MappingResult.LoopAdvice a -> {
			ParallelLoop loop = a.loop();
			console.out().println("parallel loop: N = " + loop.N() + ", BB = " + text(loop.BB()) + bounds(loop) + ", P = "
					+ loop.P() + ", x = " + loop.x() + ", y = " + loop.y() + ", K = " + text(loop.K()) + ", LF = "
					+ text(loop.LF()) + ", cost per item = " + text(loop.itemCost()));
			console.out().println(switch (a.advice().verdict()) {
			case Verdict.Best b -> "best: " + b.best().technique().title();
			case Verdict.TooCloseToCall t -> TOO_CLOSE + ": " + t.first().technique().title() + " and "
					+ t.second().technique().title() + " (their intervals overlap)";
			});
			int rank = 1;
			for (Evaluation e : a.advice().ranking()) {
				console.out().printf("%d. %-12s T = %s%s%s%n", rank++, e.technique().name(), text(e.T()),
						e.Tlower().equals(e.Tupper()) ? "" : "  [" + text(e.Tlower()) + " .. " + text(e.Tupper()) + "]",
						e.technique() == a.declared() ? "  (declared)" : "");
				printComponents(e.model(), console);
			}
			if (!a.advice().crossovers().isEmpty()) {
				console.out().println("crossovers:");
				for (Crossover c : a.advice().crossovers()) {
					console.out().println("  " + c.parameter() + " = " + text(c.value())
							+ (c.exact() && !c.value().isInteger() ? " (" + c.value() + ")" : "") + ": " + c.below().name()
							+ " faster below, " + c.above().name() + " " + (c.parameter().equals("N") ? "from there on" : "above"));
				}
			}
		}
		case MappingResult.ProgramModel p -> {
			console.out().println("program as written: T = " + text(p.model().T()));
			printComponents(p.model(), console);
		}
		case MappingResult.Failed f -> throw new IllegalStateException("a failed analysis has nothing to print");
		}
	}

	private static String bounds(ParallelLoop loop) {
		return loop.BBlower().equals(loop.BBupper()) ? "" : " [" + text(loop.BBlower()) + " .. " + text(loop.BBupper()) + "]";
	}

	private static void printComponents(ExecutionModel model, Console console) {
		console.out().printf("   %9s %12s %12s %12s %12s %12s%n", "processor", "SEQ", "CL", "SD", "OL", "T");
		for (ProcessorTime t : model.processors()) {
			console.out().printf("   %9d %12s %12s %12s %12s %12s%s%n", t.processor(), text(t.SEQ()), text(t.CL()),
					text(t.SD()), text(t.OL()), text(t.T()), t.processor() == model.critical() ? "  <- T" : "");
		}
	}

	/** The result as the JSON object documented in the usage. */
	static String json(MappingResult result) {
		List<String> techniques = new ArrayList<>();
		String best;
		List<String> crossovers = new ArrayList<>();
		switch (result) {
		case MappingResult.LoopAdvice a -> {
			best = switch (a.advice().verdict()) {
			case Verdict.Best b -> b.best().technique().name();
			case Verdict.TooCloseToCall t -> TOO_CLOSE;
			};
			for (Evaluation e : a.advice().ranking()) {
				techniques.add(technique(e.technique().name(), e.model(), e.Tlower(), e.Tupper()));
			}
			for (Crossover c : a.advice().crossovers()) {
				crossovers.add("{\"parameter\": " + Json.string(c.parameter()) + ", \"value\": " + number(c.value())
						+ ", \"exact\": " + (c.exact() ? Json.string(c.value().toString()) : "null") + ", \"below\": "
						+ Json.string(c.below().name()) + ", \"above\": " + Json.string(c.above().name()) + "}");
			}
		}
		case MappingResult.ProgramModel p -> {
			best = p.model().technique();
			techniques.add(technique(p.model().technique(), p.model(), p.model().T(), p.model().T()));
		}
		case MappingResult.Failed f -> throw new IllegalArgumentException("a failed analysis has no JSON form");
		}
		return "{\n  \"best\": " + Json.string(best) + ",\n  \"techniques\": " + array(techniques, "  ")
				+ ",\n  \"crossovers\": " + array(crossovers, "  ") + "\n}";
	}

	private static String technique(String name, ExecutionModel model, Rational lower, Rational upper) {
		String components = model.processors().stream()
				.map(t -> "{\"SEQ\": " + number(t.SEQ()) + ", \"CL\": " + number(t.CL()) + ", \"SD\": " + number(t.SD())
						+ ", \"OL\": " + number(t.OL()) + ", \"T\": " + number(t.T()) + "}")
				.collect(Collectors.joining(",\n        ", "[\n        ", "\n      ]"));
		return "{\"name\": " + Json.string(name) + ", \"T\": " + number(model.T()) + ", \"Tlower\": " + number(lower)
				+ ", \"Tupper\": " + number(upper) + ",\n      \"components\": " + components + "}";
	}

	private static String array(List<String> items, String indent) {
		return items.isEmpty() ? "[]" : items.stream().collect(Collectors.joining(",\n" + indent + "  ", "[\n" + indent + "  ",
				"\n" + indent + "]"));
	}

	/** For people: four significant digits. */
	private static String text(Rational value) {
		return org.perfcast.engine.Quantities.number(value.toDouble());
	}

	/** For JSON: the full value. */
	private static String number(Rational value) {
		return Numbers.format(value.toDouble());
	}
}
