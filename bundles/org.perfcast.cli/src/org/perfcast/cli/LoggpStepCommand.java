package org.perfcast.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.loggp.Algorithm;
import org.perfcast.loggp.ForcedTransmission;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.LogGPStepEngine;
import org.perfcast.loggp.Operation;
import org.perfcast.loggp.PatternParser;
import org.perfcast.loggp.ProcessorSchedule;
import org.perfcast.loggp.StepResult;
import org.perfcast.loggp.TieSpread;

/** {@code perfcast loggp-step PATTERN}: the LogGP simulation of one communication step (Rugina and Schauser). */
final class LoggpStepCommand extends AbstractCommand {

	/** The rule options {@code --rule} sets, named as the loggp-step engine's options. */
	private static final List<String> RULES = List.of("receivePriority", "crossGaps", "arrival", "receiveCost");

	LoggpStepCommand() {
		super("loggp-step", "simulate a communication step under LogGP (standard or overestimation algorithm)", """
				usage: perfcast loggp-step PATTERN [--L 9] [--o 2] [--g 14] [--G 0.03] [--P N]
				                         [--algorithm standard|overestimate] [--ties lowest|random] [--seed S]
				                         [--runs N] [--rule NAME=VALUE ...] [--json]

				PATTERN has one message per line, 'src dst bytes' (# starts a comment), each processor's
				messages in its send order. Simulates the step with the algorithm of the paper's figure 2
				(standard) or its section 4.2 (overestimate: every processor receives all its messages
				before it sends; cycles are broken by seeded forced transmissions), and prints each
				processor's sends and receives with start and end times, its finish, and the step time
				T. A send of k bytes takes o+(k-1)G; a receive can start o+L after the send started and
				takes o+(k-1)G; sends (and receives) start (k-1)G+g apart; a receive waits g after a
				send, a send max(2o,g)-2o after a receive; a processor receives first when a message
				has arrived by the time its next send could start. Messages to the same processor cost
				nothing (a warning says so).
				  --L, --o, --g, --G   the LogGP parameters (default: the paper's Meiko CS-2 values, µs)
				  --P N                processors 0..N-1 (default: the processors the pattern names)
				  --algorithm NAME     standard (default) or overestimate
				  --ties NAME          lowest (default): the lowest id of equal current time acts first;
				                       random: a seeded choice, and the spread of T over --runs seeds
				  --seed S             the seed of random ties and forced transmissions (default 0)
				  --runs N             seeds S..S+N-1 for the spread of random ties (default 20)
				  --rule NAME=VALUE    another reading of the paper: receivePriority=arrived|earlier-start,
				                       crossGaps=true|false, arrival=first-byte|last-byte,
				                       receiveCost=per-byte|overhead
				  --json               {"T", "algorithm", "last", "localMessages", "processors": [{"id",
				                       "finish", "ops": [{"kind": "send"|"recv", "peer", "bytes", "start",
				                       "end"}]}], "forcedTransmissions": [{"from", "to", "bytes", "start"}]
				                       (overestimate), "tieSpread": {"runs", "firstSeed", "min", "max"}
				                       (random ties)}""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"),
				Set.of("L", "o", "g", "G", "P", "algorithm", "ties", "seed", "runs", "rule"));
		String file = GlamisCommand.singleFile(arguments);
		OptionValues options = options(arguments);
		int runs = arguments.positive("runs", 20);
		long P = options.integer("P");
		if (P < 0 || P > PatternParser.MAX_PROCESSORS) {
			throw new UsageException("--P needs 1 to " + PatternParser.MAX_PROCESSORS + " processors, not " + P);
		}
		LogGP logGP;
		try {
			logGP = new LogGP(options.real("L"), options.real("o"), options.real("g"), options.real("G"));
		} catch (IllegalArgumentException e) {
			throw new UsageException(e.getMessage());
		}
		LogGPRules rules = LogGPStepEngine.rules(options);
		Algorithm algorithm = Algorithm.named(options.text("algorithm"));
		PatternParser.Parsed parsed;
		try {
			parsed = PatternParser.parse(org.perfcast.engine.InputFiles.text(Path.of(file)), file,
					P == 0 ? OptionalInt.empty() : OptionalInt.of((int) P));
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.noFile", "cannot read the file: " + e.getMessage(), Location.of(file)));
			return ExitCode.INPUT_ERROR;
		} catch (EngineException e) {
			e.diagnostics().forEach(console::report);
			return ExitCode.INPUT_ERROR;
		}
		parsed.warnings().forEach(console::report);
		StepResult step = algorithm.simulate(parsed.pattern(), logGP, rules, EngineMonitor.NULL);
		TieSpread spread = rules.ties() == LogGPRules.Ties.RANDOM
				? TieSpread.of(algorithm, parsed.pattern(), logGP, rules, runs, EngineMonitor.NULL)
				: null;
		if (arguments.flag("json")) {
			printJson(step, spread, console.out());
		} else {
			printText(file, parsed.pattern().messages().size(), logGP, step, spread, console.out());
		}
		return ExitCode.OK;
	}

	/** The engine's option values from the command line, so that both check them alike. */
	private static OptionValues options(Arguments arguments) throws UsageException {
		Map<String, String> given = new LinkedHashMap<>();
		for (String name : List.of("L", "o", "g", "G", "P", "algorithm", "ties", "seed")) {
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
			return OptionValues.of(new LogGPStepEngine().options(), given);
		} catch (IllegalArgumentException e) {
			throw new UsageException(e.getMessage().replace("option ", "--"));
		}
	}

	private static void printText(String file, int messages, LogGP logGP, StepResult step, TieSpread spread,
			PrintStream out) {
		out.printf("%s LogGP simulation of %s: %d messages on %d processors (L = %s, o = %s, g = %s, G = %s)%n",
				step.algorithm().id(), file, messages, step.processors().size(), Numbers.format(logGP.L()),
				Numbers.format(logGP.o()), Numbers.format(logGP.g()), Numbers.format(logGP.G()));
		StringBuilder text = new StringBuilder(1 << 16);
		for (ProcessorSchedule p : step.processors()) {
			pad(text.append("  P"), Integer.toString(p.id()), 4).append(" finish ");
			pad(text, Numbers.format(p.finish()), 10).append(' ');
			for (int k = 0; k < p.ops().size(); k++) {
				Operation op = p.ops().get(k);
				text.append(k == 0 ? "" : "  ").append(op.kind() == Operation.Kind.SEND ? "send->" : "recv<-")
						.append(op.peer()).append(" [").append(Numbers.format(op.start())).append(", ")
						.append(Numbers.format(op.end())).append(']');
			}
			text.append(System.lineSeparator());
			if (text.length() >= 1 << 16) {
				out.print(text);
				text.setLength(0);
			}
		}
		out.print(text);
		for (ForcedTransmission f : step.forcedTransmissions()) {
			out.printf("  forced transmission %d->%d at %s to break a cycle%n", f.from(), f.to(), Numbers.format(f.start()));
		}
		if (step.localMessages() > 0) {
			out.printf("  %d message(s) to the same processor cost nothing%n", step.localMessages());
		}
		out.println("T = " + Numbers.format(step.T()) + "  (last: " + step.last().stream().map(id -> "P" + id)
				.collect(Collectors.joining(", ")) + ")");
		if (spread != null) {
			out.printf("random ties: T from %s to %s over seeds %d..%d%n", Numbers.format(spread.min()),
					Numbers.format(spread.max()), spread.firstSeed(), spread.firstSeed() + spread.runs() - 1);
		}
	}

	/** Appends {@code word} left-aligned in {@code width} characters, as {@code %-WIDTHs} would. */
	static StringBuilder pad(StringBuilder text, String word, int width) {
		text.append(word);
		for (int i = word.length(); i < width; i++) {
			text.append(' ');
		}
		return text;
	}

	private static void printJson(StepResult step, TieSpread spread, PrintStream out) {
		StringBuilder json = new StringBuilder(64 + 96 * step.processors().size());
		json.append("{\"T\": ").append(Numbers.format(step.T())).append(", \"algorithm\": ")
				.append(Json.string(step.algorithm().id())).append(", \"last\": ").append(step.last())
				.append(", \"localMessages\": ").append(step.localMessages()).append(", \"processors\": [");
		for (int i = 0; i < step.processors().size(); i++) {
			ProcessorSchedule p = step.processors().get(i);
			json.append(i == 0 ? "\n  " : ",\n  ").append("{\"id\": ").append(p.id()).append(", \"finish\": ")
					.append(Numbers.format(p.finish())).append(", \"ops\": [");
			for (int k = 0; k < p.ops().size(); k++) {
				Operation op = p.ops().get(k);
				json.append(k == 0 ? "" : ", ").append("{\"kind\": \"").append(op.kind().id()).append("\", \"peer\": ")
						.append(op.peer()).append(", \"bytes\": ").append(op.bytes()).append(", \"start\": ")
						.append(Numbers.format(op.start())).append(", \"end\": ").append(Numbers.format(op.end())).append('}');
			}
			json.append("]}");
			if (json.length() > 1 << 16) {
				out.print(json);
				json.setLength(0);
			}
		}
		json.append("\n]");
		if (step.algorithm() == Algorithm.OVERESTIMATE) {
			json.append(", \"forcedTransmissions\": [").append(step.forcedTransmissions().stream()
					.map(f -> "{\"from\": " + f.from() + ", \"to\": " + f.to() + ", \"bytes\": " + f.bytes() + ", \"start\": "
							+ Numbers.format(f.start()) + "}")
					.collect(Collectors.joining(", "))).append(']');
		}
		if (spread != null) {
			json.append(", \"tieSpread\": {\"runs\": ").append(spread.runs()).append(", \"firstSeed\": ")
					.append(spread.firstSeed()).append(", \"min\": ").append(Numbers.format(spread.min()))
					.append(", \"max\": ").append(Numbers.format(spread.max())).append('}');
		}
		out.println(json.append('}'));
	}
}
