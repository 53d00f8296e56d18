package org.perfcast.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.Quantities;
import org.perfcast.engine.UnitScale;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Sweep;
import org.perfcast.loggp.Algorithm;
import org.perfcast.loggp.BlockSizeStudy;
import org.perfcast.loggp.LogGPProgramEngine;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.LogGPStepEngine;
import org.perfcast.loggp.Operation;
import org.perfcast.loggp.ProgramResult;
import org.perfcast.loggp.ProgramSimulation;
import org.perfcast.model.program.Program;
import org.perfcast.model.validation.ModelValidation;

/** {@code perfcast loggp PROGRAM}: the LogGP simulation of a whole program, or a study over a parameter. */
final class LoggpCommand extends AbstractCommand {

	/** The rule options {@code --rule} sets, named as the engine's options. */
	private static final List<String> RULES = List.of("receivePriority", "crossGaps", "arrival", "receiveCost");

	LoggpCommand() {
		super("loggp", "simulate a program model step by step under LogGP, or study a parameter such as the block size", """
				usage: perfcast loggp PROGRAM [--set NAME=VALUE ...] [--layout FILE ...] [--machine FILE]
				                     [--algorithm standard|overestimate|both] [--sweep NAME=v1,v2,...]
				                     [--ties lowest|random] [--seed S] [--rule NAME=VALUE ...] [--json]

				Follows the program's steps (a repeated step once per value of its indices): each
				processor computes its part (the step's cost and the machine's basic operations on the
				blocks it owns under the layout), then the step's messages are simulated as one LogGP
				communication step (see 'perfcast help loggp-step'), starting when the slowest processor
				has computed. T is the sum over the steps of the longest computation and the
				communication; messages to the same processor cost nothing. Prints T, its computation
				and communication, and each processor's finish (with --json every operation).
				With --sweep, runs the study of Rugina and Schauser's section 5: every value of the
				parameter under every --layout and algorithm; prints T, computation and communication
				per value, the best value per layout and algorithm, and the best layout.
				  --set NAME=VALUE   override a parameter's default (e.g. the block size b=48)
				  --layout FILE      simulate under this layout (relative to the program) instead of the
				                     program's own; repeat for several (with --sweep)
				  --machine FILE     simulate on this machine; its basic operations are found by name
				  --algorithm NAME   standard (default; both with --sweep), overestimate, or both
				  --sweep NAME=LIST  the study's parameter and values: NAME=v1,v2,... or NAME=a..b:step
				  --ties, --seed, --rule   the reading of LogGP, as for loggp-step
				  --json             one simulation: {"T", "algorithm", "computation", "communication",
				                     "steps", "messages", "localMessages", "processors": [{"id", "finish",
				                     "computation", "ops": [{"kind": "send"|"recv", "peer", "bytes", "start",
				                     "end"}], "compute": [{"step", "start", "end"}]}]};
				                     a study: {"parameter", "unit", "points": [{"value", "layout",
				                     "algorithm", "T", "computation", "communication", "messages",
				                     "localMessages"}], "best": [{"layout", "algorithm", "value", "T"}],
				                     "bestLayout": {"layout", "algorithm", "value", "T"}}""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"),
				Set.of("set", "layout", "machine", "algorithm", "sweep", "ties", "seed", "rule"));
		String file = GlamisCommand.singleFile(arguments);
		if (!Files.isRegularFile(Path.of(file))) {
			console.report(Diagnostic.error("cli.noFile", "no such file", Location.of(file)));
			return ExitCode.INPUT_ERROR;
		}
		List<String> sweeps = arguments.values("sweep");
		if (sweeps.size() > 1) {
			throw new UsageException("--sweep takes one parameter; the study varies one at a time");
		}
		Sweep sweep;
		try {
			sweep = sweeps.isEmpty() ? null : Sweep.parse(sweeps.get(0));
		} catch (IllegalArgumentException e) {
			throw new UsageException("--sweep " + e.getMessage());
		}
		OptionValues options = options(arguments, sweep != null);
		List<Algorithm> algorithms = LogGPProgramEngine.algorithms(options.text("algorithm"));
		LogGPRules rules = LogGPStepEngine.rules(options);
		ParameterBindings bindings = arguments.bindings();
		List<String> layouts = arguments.values("layout");
		if (sweep == null && layouts.size() > 1) {
			throw new UsageException("several --layout need a --sweep (a study); give one layout to simulate");
		}
		Map<String, Program> programs;
		try {
			programs = LogGPProgramEngine.load(Path.of(file), file, String.join(",", layouts),
					arguments.value("machine").orElse(""));
		} catch (EngineException e) {
			e.diagnostics().forEach(console::report);
			return ExitCode.INPUT_ERROR;
		}
		try {
			if (sweep != null) {
				BlockSizeStudy study = BlockSizeStudy.run(programs, sweep.parameter(), sweep.values(), bindings, algorithms,
						rules, EngineMonitor.NULL);
				String unit = LogGPProgramEngine.unit(programs.values().iterator().next());
				if (arguments.flag("json")) {
					printStudyJson(study, unit, console.out());
				} else {
					printStudy(file, study, unit, algorithms, console.out());
				}
				return ExitCode.OK;
			}
			Program program = programs.values().iterator().next();
			List<ProgramResult> results = new ArrayList<>();
			for (Algorithm algorithm : algorithms) {
				results.add(ProgramSimulation.simulate(program, bindings, new ProgramSimulation.Options(algorithm, rules,
						arguments.flag("json")), EngineMonitor.NULL));
			}
			String unit = LogGPProgramEngine.unit(program);
			for (ProgramResult result : results) {
				if (arguments.flag("json")) {
					printJson(result, console.out());
				} else {
					printText(file, programs.keySet().iterator().next(), result, unit, console.out());
				}
			}
			return ExitCode.OK;
		} catch (ProgramSimulation.Failure e) {
			console.report(Diagnostic.error("loggp.program", e.getMessage(), ModelValidation.location(e.element(), file)));
			return ExitCode.INPUT_ERROR;
		}
	}

	/** The engine's option values from the command line, so that both check them alike. */
	private static OptionValues options(Arguments arguments, boolean study) throws UsageException {
		Map<String, String> given = new LinkedHashMap<>();
		given.put("algorithm", study ? "both" : "standard");
		for (String name : List.of("algorithm", "ties", "seed")) {
			arguments.value(name).ifPresent(value -> given.put(name, value));
		}
		for (String rule : arguments.values("rule")) {
			int eq = rule.indexOf('=');
			String name = eq < 0 ? rule : rule.substring(0, eq).strip();
			if (eq < 0 || !RULES.contains(name)) {
				throw new UsageException("--rule needs NAME=VALUE with NAME one of " + String.join(", ", RULES) + ", not '"
						+ rule + "'");
			}
			given.put(name, rule.substring(eq + 1));
		}
		try {
			return OptionValues.of(new LogGPProgramEngine().options(), given);
		} catch (IllegalArgumentException e) {
			throw new UsageException(e.getMessage().replace("option ", "--"));
		}
	}

	private static void printText(String file, String layout, ProgramResult result, String unit, PrintStream out) {
		out.printf("%s LogGP simulation of %s%s: %d steps, %d messages (%d to the same processor, free)%n",
				result.algorithm().id(), file, layout.equals("no layout") ? "" : " (layout " + layout + ")",
				result.steps().size(), result.messages(), result.localMessages());
		StringBuilder text = new StringBuilder(1 << 16);
		for (ProgramResult.ProcessorRun p : result.processors()) {
			LoggpStepCommand.pad(text.append("  P"), Integer.toString(p.id()), 4).append(" finish ");
			LoggpStepCommand.pad(text, Numbers.format(p.finish()), 12).append(" computes ")
					.append(Numbers.format(p.computation())).append(System.lineSeparator());
			if (text.length() >= 1 << 16) {
				out.print(text);
				text.setLength(0);
			}
		}
		out.print(text);
		if (result.forcedTransmissions() > 0) {
			out.printf("  %d transmissions forced to break cycles%n", result.forcedTransmissions());
		}
		out.printf("T = %s  (computation %s, communication %s)%n", Quantities.format(result.T(), unit),
				Quantities.format(result.computation(), unit), Quantities.format(result.communication(), unit));
	}

	private static void printJson(ProgramResult result, PrintStream out) {
		StringBuilder json = new StringBuilder();
		json.append("{\"T\": ").append(Numbers.format(result.T())).append(", \"algorithm\": ")
				.append(Json.string(result.algorithm().id())).append(", \"computation\": ")
				.append(Numbers.format(result.computation())).append(", \"communication\": ")
				.append(Numbers.format(result.communication())).append(", \"steps\": ").append(result.steps().size())
				.append(", \"messages\": ").append(result.messages()).append(", \"localMessages\": ")
				.append(result.localMessages()).append(", \"operationsKept\": ").append(result.operationsKept())
				.append(", \"processors\": [");
		for (int i = 0; i < result.processors().size(); i++) {
			ProgramResult.ProcessorRun p = result.processors().get(i);
			json.append(i == 0 ? "\n  " : ",\n  ").append("{\"id\": ").append(p.id()).append(", \"finish\": ")
					.append(Numbers.format(p.finish())).append(", \"computation\": ").append(Numbers.format(p.computation()))
					.append(", \"ops\": [");
			for (int k = 0; k < p.ops().size(); k++) {
				Operation op = p.ops().get(k);
				json.append(k == 0 ? "" : ", ").append("{\"kind\": \"").append(op.kind().id()).append("\", \"peer\": ")
						.append(op.peer()).append(", \"bytes\": ").append(op.bytes()).append(", \"start\": ")
						.append(Numbers.format(op.start())).append(", \"end\": ").append(Numbers.format(op.end())).append('}');
				if (json.length() > 1 << 16) {
					out.print(json);
					json.setLength(0);
				}
			}
			json.append("], \"compute\": [");
			for (int k = 0; k < p.compute().size(); k++) {
				ProgramResult.Interval c = p.compute().get(k);
				json.append(k == 0 ? "" : ", ").append("{\"step\": ").append(c.step()).append(", \"start\": ")
						.append(Numbers.format(c.start())).append(", \"end\": ").append(Numbers.format(c.end())).append('}');
			}
			json.append("]}");
			if (json.length() > 1 << 16) {
				out.print(json);
				json.setLength(0);
			}
		}
		out.println(json.append("\n]}"));
	}

	private static void printStudy(String file, BlockSizeStudy study, String unit, List<Algorithm> algorithms,
			PrintStream out) {
		List<String> layouts = study.points().stream().map(BlockSizeStudy.Point::layout).distinct().toList();
		// the table's times in one unit for their magnitude, four significant digits
		UnitScale scale = UnitScale.of(unit, study.points().stream().flatMap(p -> java.util.stream.Stream.of(p.result()
				.T(), p.result().computation(), p.result().communication())).toList());
		out.printf("LogGP study of %s over %s (%s; T = computation + communication)%n", file, study.parameter(),
				scale.unit());
		StringBuilder head = new StringBuilder(String.format("%8s", study.parameter()));
		for (String layout : layouts) {
			for (Algorithm a : algorithms) {
				head.append(String.format(" %14s", cut("T " + layout, 14)));
			}
			head.append(String.format(" %12s", cut("comp " + layout, 12)));
			for (Algorithm a : algorithms) {
				head.append(String.format(" %12s", cut("comm " + a.id().substring(0, 4), 12)));
			}
		}
		out.println(head);
		if (algorithms.size() > 1) {
			StringBuilder second = new StringBuilder(String.format("%8s", ""));
			for (int l = 0; l < layouts.size(); l++) {
				for (Algorithm a : algorithms) {
					second.append(String.format(" %14s", a.id()));
				}
				second.append(String.format(" %12s", ""));
				second.append(" ".repeat(13 * algorithms.size()));
			}
			out.println(second);
		}
		Map<Double, List<BlockSizeStudy.Point>> byValue = study.points().stream()
				.collect(Collectors.groupingBy(BlockSizeStudy.Point::value, LinkedHashMap::new, Collectors.toList()));
		for (Map.Entry<Double, List<BlockSizeStudy.Point>> row : byValue.entrySet()) {
			StringBuilder line = new StringBuilder(String.format("%8s", Numbers.format(row.getKey())));
			for (String layout : layouts) {
				List<BlockSizeStudy.Point> at = row.getValue().stream().filter(p -> p.layout().equals(layout)).toList();
				for (BlockSizeStudy.Point p : at) {
					line.append(String.format(" %14s", scale.format(p.result().T(), Quantities.DIGITS)));
				}
				line.append(String.format(" %12s", scale.format(at.get(0).result().computation(), Quantities.DIGITS)));
				for (BlockSizeStudy.Point p : at) {
					line.append(String.format(" %12s", scale.format(p.result().communication(), Quantities.DIGITS)));
				}
			}
			out.println(line);
		}
		for (BlockSizeStudy.Best best : study.best()) {
			out.printf("best %s for %s (%s): %s = %s, T = %s%n", study.parameter(), best.layout(), best.algorithm().id(),
					study.parameter(), Numbers.format(best.best().value()), Quantities.format(best.best().result().T(), unit));
		}
		for (Algorithm a : algorithms) {
			study.bestLayout(a).ifPresent(b -> out.printf("best layout (%s): %s with %s = %s, T = %s%n", a.id(),
					b.layout(), study.parameter(), Numbers.format(b.best().value()),
					Quantities.format(b.best().result().T(), unit)));
		}
	}

	private static void printStudyJson(BlockSizeStudy study, String unit, PrintStream out) {
		StringBuilder json = new StringBuilder();
		json.append("{\"parameter\": ").append(Json.string(study.parameter())).append(", \"unit\": ")
				.append(Json.string(unit)).append(", \"points\": [");
		List<BlockSizeStudy.Point> points = study.points();
		for (int i = 0; i < points.size(); i++) {
			BlockSizeStudy.Point p = points.get(i);
			json.append(i == 0 ? "\n  " : ",\n  ").append("{\"value\": ").append(Numbers.format(p.value()))
					.append(", \"layout\": ").append(Json.string(p.layout())).append(", \"algorithm\": ")
					.append(Json.string(p.algorithm().id())).append(", \"T\": ").append(Numbers.format(p.result().T()))
					.append(", \"computation\": ").append(Numbers.format(p.result().computation()))
					.append(", \"communication\": ").append(Numbers.format(p.result().communication()))
					.append(", \"messages\": ").append(p.result().messages()).append(", \"localMessages\": ")
					.append(p.result().localMessages()).append('}');
		}
		json.append("\n], \"best\": [").append(study.best().stream().map(LoggpCommand::best)
				.collect(Collectors.joining(", "))).append(']');
		study.bestLayout(study.points().get(0).algorithm())
				.ifPresent(b -> json.append(", \"bestLayout\": ").append(best(b)));
		out.println(json.append('}'));
	}

	private static String best(BlockSizeStudy.Best b) {
		return "{\"layout\": " + Json.string(b.layout()) + ", \"algorithm\": " + Json.string(b.algorithm().id())
				+ ", \"value\": " + Numbers.format(b.best().value()) + ", \"T\": " + Numbers.format(b.best().result().T())
				+ "}";
	}

	private static String cut(String text, int width) {
		return text.length() <= width ? text : text.substring(0, width);
	}
}
