package org.perfcast.loggp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Schedule;
import org.perfcast.engine.run.Table;

/**
 * The LogGP simulation of one communication step as an engine of the outer loop, on {@code *.pattern} files (see
 * {@link PatternParser}). A point's result holds the step time T, the processors finishing last, a table of each
 * processor's finish, and the schedule: a row per processor with its send and receive intervals and an arrow per
 * message from the start of its send to the start of its receive. With random ties it also holds the least and
 * greatest T over {@value #TIE_RUNS} seeds; with the overestimation, the number of forced transmissions. The
 * parameters L, o, g, G and seed, when bound ({@code --set}, {@code --sweep}), override the options of those names.
 */
public final class LogGPStepEngine implements Engine {

	/** The engine's id. */
	public static final String ID = "loggp-step";
	/** The seeds a random-tie run tries for the spread of T. */
	public static final int TIE_RUNS = 20;

	/** The options choosing the reading of LogGP ({@link LogGPRules}), shared with {@link LogGPProgramEngine}. */
	public static final List<OptionSpec> RULE_OPTIONS = List.of(
			OptionSpec.choice("ties", "lowest", "which processor of equal current time acts first: the lowest id, or a "
					+ "seeded random one", List.of("lowest", "random")),
			OptionSpec.integer("seed", 0, "the seed of random ties and of the overestimation's forced transmissions"),
			OptionSpec.choice("receivePriority", "arrived", "receive first when a message has arrived by the time the "
					+ "send could start, or when the receive could start no later", List.of("arrived", "earlier-start")),
			OptionSpec.bool("crossGaps", true, "g after a send before a receive, max(2o,g)-2o after a receive before a send"),
			OptionSpec.choice("arrival", "first-byte", "a message can be received o+L after its send starts, or L after "
					+ "it ends", List.of("first-byte", "last-byte")),
			OptionSpec.choice("receiveCost", "per-byte", "a receive engages the receiver for o+(k-1)G, or o",
					List.of("per-byte", "overhead")));

	private static final List<OptionSpec> OPTIONS = java.util.stream.Stream.of(List.of(
			OptionSpec.real("L", 9, "the latency L (the paper's Meiko CS-2 value by default)"),
			OptionSpec.real("o", 2, "the overhead o of a send or receive"),
			OptionSpec.real("g", 14, "the gap g between consecutive sends or receives"),
			OptionSpec.real("G", 0.03, "the gap per byte G"),
			OptionSpec.integer("P", 0, "the processors, ids 0..P-1; 0 for the processors the pattern names"),
			OptionSpec.choice("algorithm", "standard", "standard (figure 2) or overestimate (section 4.2)",
					List.of("standard", "overestimate"))),
			RULE_OPTIONS, List.of(OptionSpec.text("timeUnit", "µs", "the unit of L, o, g and G")))
			.flatMap(List::stream).toList();

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String name() {
		return "LogGP communication step";
	}

	@Override
	public String version() {
		return "1.0";
	}

	@Override
	public Set<String> fileExtensions() {
		return Set.of("pattern");
	}

	@Override
	public List<OptionSpec> options() {
		return OPTIONS;
	}

	/**
	 * The LogGP parameters of a point: the options L, o, g, G unless the point binds a parameter of that name
	 * ({@code --set G=0.05}, {@code --sweep g=10..20:2}).
	 *
	 * @throws IllegalArgumentException if a parameter is negative
	 */
	public static LogGP logGP(EngineInput input) {
		return new LogGP(real(input, "L"), real(input, "o"), real(input, "g"), real(input, "G"));
	}

	private static double real(EngineInput input, String name) {
		return input.bindings().isBound(name) ? input.bindings().value(name) : input.options().real(name);
	}

	/** The rules of a point: as the options choose, the seed bound by a parameter {@code seed} if there is one. */
	public static LogGPRules rules(EngineInput input) {
		LogGPRules rules = rules(input.options());
		return input.bindings().isBound("seed") ? rules.withSeed((long) input.bindings().value("seed")) : rules;
	}

	/** The rules {@code options} choose. */
	public static LogGPRules rules(OptionValues options) {
		return new LogGPRules(
				options.text("receivePriority").equals("arrived") ? LogGPRules.ReceivePriority.ARRIVED
						: LogGPRules.ReceivePriority.EARLIER_START,
				options.bool("crossGaps"),
				options.text("arrival").equals("first-byte") ? LogGPRules.Arrival.FIRST_BYTE : LogGPRules.Arrival.LAST_BYTE,
				options.text("receiveCost").equals("per-byte") ? LogGPRules.ReceiveCost.PER_BYTE
						: LogGPRules.ReceiveCost.OVERHEAD,
				options.text("ties").equals("random") ? LogGPRules.Ties.RANDOM : LogGPRules.Ties.LOWEST_ID,
				options.integer("seed"));
	}

	/** None: a pattern file names no other file. */
	@Override
	public Optional<List<Path>> referencedFiles(Path model, OptionValues options) {
		return Optional.of(List.of());
	}

	@Override
	public EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException {
		String file = input.displayName();
		OptionValues options = input.options();
		long P = options.integer("P");
		String text;
		try {
			text = org.perfcast.engine.InputFiles.text(input.model());
		} catch (IOException e) {
			throw new EngineException(Diagnostic.error("loggp.read", "cannot read the file: " + e.getMessage(),
					Location.of(file)));
		}
		PatternParser.Parsed parsed = PatternParser.parse(text, file,
				P == 0 ? OptionalInt.empty() : OptionalInt.of((int) Math.min(P, Integer.MAX_VALUE)));
		LogGP logGP;
		try {
			logGP = logGP(input);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("loggp.parameters", e.getMessage(), Location.of(file)));
		}
		LogGPRules rules = rules(input);
		Algorithm algorithm = Algorithm.named(options.text("algorithm"));
		String unit = options.text("timeUnit");
		StepResult step = algorithm.simulate(parsed.pattern(), logGP, rules, monitor);
		EngineResult.Builder result = EngineResult.builder().summary("T", step.T(), unit)
				.summary("messages", parsed.pattern().messages().size(), "");
		if (algorithm == Algorithm.OVERESTIMATE) {
			result.summary("forced transmissions", step.forcedTransmissions().size(), "");
		}
		if (rules.ties() == LogGPRules.Ties.RANDOM) {
			TieSpread spread = TieSpread.of(algorithm, parsed.pattern(), logGP, rules, TIE_RUNS, monitor);
			result.summary("T least over " + TIE_RUNS + " seeds", spread.min(), unit)
					.summary("T greatest over " + TIE_RUNS + " seeds", spread.max(), unit);
		}
		List<List<String>> rows = new ArrayList<>();
		for (ProcessorSchedule p : step.processors()) {
			rows.add(List.of(Integer.toString(p.id()), Integer.toString(p.ops().size()), Numbers.format(p.finish())
					+ (p.finish() == step.T() && !p.ops().isEmpty() ? " (T)" : "")));
		}
		result.table(new Table("processors (" + unit + ")", List.of("processor", "operations", "finish"), rows));
		result.schedule(schedule(step, parsed.pattern(), file, unit));
		parsed.warnings().forEach(result::diagnostic);
		if (!step.forcedTransmissions().isEmpty()) {
			result.diagnostic(Diagnostic.info("loggp.forced", step.forcedTransmissions().size() + " transmission"
					+ (step.forcedTransmissions().size() == 1 ? " was" : "s were") + " forced to break cycles of the "
					+ "pattern", Location.of(file)));
		}
		return result.build();
	}

	/** The step as the engine SPI's schedule: a row per processor, an arrow per message. */
	static Schedule schedule(StepResult step, CommunicationPattern pattern, String file, String unit) {
		int M = pattern.messages().size();
		double[] sent = new double[M];
		double[] received = new double[M];
		List<Schedule.Timeline> timelines = new ArrayList<>();
		for (ProcessorSchedule p : step.processors()) {
			List<Schedule.Interval> intervals = new ArrayList<>(p.ops().size());
			for (Operation op : p.ops()) {
				boolean send = op.kind() == Operation.Kind.SEND;
				(send ? sent : received)[op.message()] = op.start();
				int line = pattern.messages().get(op.message()).line();
				intervals.add(new Schedule.Interval(send ? Schedule.Kind.SEND : Schedule.Kind.RECEIVE, op.start(), op.end(),
						(send ? "to " : "from ") + op.peer() + " (" + op.bytes() + " B)",
						line > 0 ? Optional.of(Location.at(file, line, 1)) : Optional.empty()));
			}
			timelines.add(new Schedule.Timeline("P" + p.id(), intervals));
		}
		List<Schedule.Message> arrows = new ArrayList<>(M);
		for (int m = 0; m < M; m++) {
			Message message = pattern.messages().get(m);
			arrows.add(new Schedule.Message(pattern.indexOf(message.from()), sent[m], pattern.indexOf(message.to()),
					received[m], message.bytes() + " B"));
		}
		return new Schedule(step.algorithm().id().toLowerCase(Locale.ROOT) + " communication step", unit, timelines,
				arrows);
	}
}
