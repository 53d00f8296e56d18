package org.perfcast.mapping;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.eclipse.emf.common.util.URI;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.TimeUnit;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Schedule;
import org.perfcast.engine.run.Table;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.program.Program;
import org.perfcast.model.resource.ModelFiles;

/**
 * Sussman's execution models as an engine of the outer loop, on {@code *.program} models. A parallel loop
 * program (parameters N and BB) gets the mapping advisor's answer: T of every applicable technique and of the
 * best, the ranking, each technique's components SEQ_i, CL_i, SD_i, OL_i and T_i per processor, the crossovers
 * and the sensitivity series of T over BB or N. Every program also gets the general execution model of its steps
 * and messages as written, with the schedule of its global pass ({@link ScheduleOfSteps}): per-processor
 * timelines of computing, sending, passing through, waiting and receiving, and the message arrows, each linked
 * to its step or message. Times are in the machine's time unit.
 */
public final class MappingEngine implements Engine {

	/** The engine's id. */
	public static final String ID = "mapping";
	/** The option choosing the techniques compared. */
	public static final String TECHNIQUE = "technique";
	/** The option choosing the parameter of the sensitivity series. */
	public static final String SENSITIVITY = "sensitivity";
	/** The option that asks for the schedule. */
	public static final String SCHEDULE = "schedule";
	/** The sensitivity series vary BB or N from a quarter to twice its value in this many steps of a quarter. */
	static final int SENSITIVITY_STEPS = 8;

	private static final List<OptionSpec> OPTIONS = List.of(
			OptionSpec.choice(TECHNIQUE, "all", "the mapping techniques compared on a parallel loop program",
					List.of("all", "block", "interleaved", "pipeline")),
			OptionSpec.choice(SENSITIVITY, "BB", "the loop parameter the sensitivity series vary (0.25 to 2 times "
					+ "its value), or none", List.of("BB", "N", "none")),
			OptionSpec.bool(SCHEDULE, true, "record the schedule of the steps as written (timelines and messages)"));

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String name() {
		return "Mapping execution models";
	}

	@Override
	public String version() {
		return "1.0";
	}

	@Override
	public Set<String> fileExtensions() {
		return Set.of("program");
	}

	@Override
	public List<OptionSpec> options() {
		return OPTIONS;
	}

	/** The machine and layout models the program refers to, with theirs. */
	@Override
	public Optional<List<Path>> referencedFiles(Path model, OptionValues options) {
		Path program = model.toAbsolutePath().normalize();
		return Optional.of(ModelFiles.withReferences(List.of(program)).stream().filter(f -> !f.equals(program)).toList());
	}

	@Override
	public EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException {
		String file = input.displayName();
		Program program = load(input.model(), file);
		String unit = timeUnit(program);
		String technique = input.options().text(TECHNIQUE);
		List<MappingTechnique> techniques = technique.equals("all") ? List.of()
				: List.of(MappingTechnique.named(technique));
		MappingResult analysis = MappingAnalysis.analyse(program, file, input.bindings(), techniques, monitor);
		EngineResult.Builder result = EngineResult.builder();
		ExecutionModel general = null;
		switch (analysis) {
		case MappingResult.Failed f -> throw new EngineException(f.diagnostics());
		case MappingResult.LoopAdvice a -> advice(a, input.options().text(SENSITIVITY), unit, result);
		case MappingResult.ProgramModel p -> {
			result.summary("T", p.model().T().toDouble(), unit);
			general = p.model();
			result.table(components("components", p.model(), unit));
			result.series(perProcessor(p.model(), unit));
		}
		}
		if (input.options().bool(SCHEDULE)) {
			ScheduleOfSteps schedule = GeneralExecutionModel.schedule(program, file, input.bindings(), monitor);
			if (analysis instanceof MappingResult.LoopAdvice) {
				result.summary("T as written", schedule.model().T().toDouble(), unit);
				general = schedule.model();
				result.table(components("components as written", schedule.model(), unit));
			}
			result.schedule(schedule(schedule, unit));
		}
		analysis.diagnostics().forEach(result::diagnostic);
		if (general != null) {
			receiversPay(general, unit, file).ifPresent(result::diagnostic);
		}
		org.perfcast.model.cost.LinkOnlyMessages.warning(program).ifPresent(w -> result.diagnostic(
				Diagnostic.warning(org.perfcast.model.cost.LinkOnlyMessages.CODE, w, Location.of(file))));
		return result.build();
	}

	/** The code of the warning that receivers and passing processors pay for messages. */
	public static final String RECEIVERS_PAY = "assumption.receiversPay";

	/**
	 * The warning that Sussman's CL charges a message to its receiver and to the processors it passes as well as
	 * to its sender, when the program communicates at all: the link-only engines charge none of that.
	 */
	private static Optional<Diagnostic> receiversPay(ExecutionModel model, String unit, String file) {
		Rational total = Rational.ZERO;
		for (ProcessorTime p : model.processors()) {
			total = total.add(p.CL());
		}
		if (total.signum() == 0) {
			return Optional.empty();
		}
		return Optional.of(Diagnostic.warning(RECEIVERS_PAY, "a message's receiver and the processors it passes pay"
				+ " for it as its sender does (Sussman's communication time CL: n·c to send, n·c to receive, 2n·c on"
				+ " each processor passed), " + org.perfcast.engine.Quantities.format(total.toDouble(), unit)
				+ " over the processors; PAMELA and Glamis charge a message only to the links it uses",
				Location.of(file)));
	}

	private static void advice(MappingResult.LoopAdvice a, String sensitivity, String unit,
			EngineResult.Builder result) {
		List<Evaluation> ranking = a.advice().ranking();
		for (Evaluation e : ranking) {
			result.summary("T " + e.technique().name(), e.T().toDouble(), unit);
		}
		result.summary("T best", ranking.get(0).T().toDouble(), unit);
		List<List<String>> rows = new ArrayList<>();
		for (int i = 0; i < ranking.size(); i++) {
			Evaluation e = ranking.get(i);
			rows.add(List.of(Integer.toString(i + 1), e.technique().title(), number(e.T()), number(e.Tlower()),
					number(e.Tupper()), e.technique() == a.declared() ? "yes" : ""));
		}
		for (Advice.NotApplicable n : a.advice().notApplicable()) {
			rows.add(List.of("", n.technique().title(), "", "", "", n.reason()));
		}
		result.table(new Table("ranking (" + MappingAnalysis.verdict(a.advice().verdict()) + ")",
				List.of("rank", "technique", "T" + suffix(unit), "T lower", "T upper", "declared"), rows));
		for (Evaluation e : ranking) {
			result.table(components("components: " + e.technique().name(), e.model(), unit));
		}
		if (!a.advice().crossovers().isEmpty()) {
			List<List<String>> crossovers = new ArrayList<>();
			for (Crossover c : a.advice().crossovers()) {
				crossovers.add(List.of(c.parameter(), number(c.value()), c.exact() ? c.value().toString() : "bisection",
						c.below().name(), c.above().name()));
			}
			result.table(new Table("crossovers", List.of("parameter", "value", "exact", "faster below", "faster above"),
					crossovers));
		}
		if (!sensitivity.equals("none")) {
			Sensitivity.Parameter parameter = Sensitivity.Parameter.valueOf(sensitivity);
			List<MappingTechnique> techniques = ranking.stream().map(Evaluation::technique).toList();
			Figure figure = Sensitivity.of("sensitivity to " + sensitivity, a.loop(), techniques, parameter,
					sensitivityValues(a.loop(), parameter));
			for (Series s : figure.series()) {
				result.series(new org.perfcast.engine.run.Series("T " + s.name() + " over " + sensitivity,
						parameter.axisTitle(unit), "T" + suffix(unit),
						s.points().stream().map(p -> new org.perfcast.engine.run.Series.Point(p.x().toDouble(),
								p.y().toDouble())).toList()));
			}
		}
	}

	/** BB or N from a quarter to twice its value in {@value #SENSITIVITY_STEPS} steps; N rounded, at least P. */
	static List<Rational> sensitivityValues(ParallelLoop loop, Sensitivity.Parameter parameter) {
		List<Rational> values = new ArrayList<>();
		for (int k = 1; k <= SENSITIVITY_STEPS; k++) {
			Rational factor = Rational.of(k, 4);
			Rational value = parameter == Sensitivity.Parameter.BB ? loop.BB().multiply(factor)
					: Rational.of(Math.max(loop.P(), Math.round(loop.N() * factor.toDouble())));
			if (values.isEmpty() || !values.get(values.size() - 1).equals(value)) {
				values.add(value);
			}
		}
		return values;
	}

	private static Table components(String name, ExecutionModel model, String unit) {
		List<List<String>> rows = new ArrayList<>();
		for (ProcessorTime t : model.processors()) {
			rows.add(List.of(Integer.toString(t.processor()), number(t.SEQ()), number(t.CL()), number(t.SD()),
					number(t.OL()), number(t.T()) + (t.processor() == model.critical() ? " (T)" : "")));
		}
		return new Table(name + suffix(unit), List.of("processor", "SEQ", "CL", "SD", "OL", "T"), rows);
	}

	private static org.perfcast.engine.run.Series perProcessor(ExecutionModel model, String unit) {
		return new org.perfcast.engine.run.Series("T_p per processor", "processor", "T_p" + suffix(unit),
				model.processors().stream().map(t -> new org.perfcast.engine.run.Series.Point(t.processor(),
						t.T().toDouble())).toList());
	}

	/** The schedule of steps as the engine SPI's schedule: a row per processor, intervals linked to the model. */
	static Schedule schedule(ScheduleOfSteps steps, String unit) {
		List<Schedule.Timeline> timelines = new ArrayList<>();
		for (int p = 0; p < steps.activities().size(); p++) {
			timelines.add(new Schedule.Timeline("P" + p, steps.activities().get(p).stream()
					.map(a -> new Schedule.Interval(kind(a.kind()), a.start().toDouble(), a.end().toDouble(), a.label(),
							Optional.of(a.source())))
					.toList()));
		}
		List<Schedule.Message> messages = steps.transfers().stream().map(t -> new Schedule.Message(t.from(),
				t.departure().toDouble(), t.to(), t.arrival().toDouble(), t.label() + " (" + number(t.items()) + " items)"))
				.toList();
		return new Schedule("steps as written", unit, timelines, messages);
	}

	private static Schedule.Kind kind(ScheduleOfSteps.Kind kind) {
		return switch (kind) {
		case COMPUTE -> Schedule.Kind.COMPUTE;
		case SEND -> Schedule.Kind.SEND;
		case RECEIVE -> Schedule.Kind.RECEIVE;
		case WAIT -> Schedule.Kind.WAIT;
		case PASS_THROUGH -> Schedule.Kind.OTHER;
		};
	}

	private static Program load(Path model, String file) throws EngineException {
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				URI.createFileURI(model.toAbsolutePath().normalize().toString()), file);
		if (!loaded.ok()) {
			throw new EngineException(loaded.diagnostics());
		}
		if (!(loaded.root() instanceof Program program)) {
			throw new EngineException(Diagnostic.error("mapping.notProgram", "the file holds a "
					+ loaded.root().eClass().getName() + ", not a program", Location.of(file)));
		}
		return program;
	}

	/** The machine's time unit ("cycles" without a machine, as the paper counts). */
	/** The unit of {@code program}'s times: its machine's time unit, cycles without a machine. */
	public static String timeUnit(Program program) {
		Machine machine = program.getMachine();
		return machine == null || machine.eIsProxy() ? TimeUnit.CYCLES.symbol()
				: TimeUnit.parse(machine.getTimeUnit().getLiteral()).symbol();
	}

	private static String number(Rational value) {
		return Numbers.format(value.toDouble());
	}

	private static String suffix(String unit) {
		return " (" + unit + ")";
	}
}
