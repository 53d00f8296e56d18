package org.perfcast.loggp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.TimeUnit;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Schedule;
import org.perfcast.engine.run.Series;
import org.perfcast.engine.run.Table;
import org.perfcast.model.core.Model;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.machine.BasicOperation;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.program.OperationCount;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.validation.ModelValidation;

/**
 * The LogGP simulation of whole programs ({@link ProgramSimulation}) as an engine of the outer loop, on
 * {@code *.program} files. One point simulates the program under each chosen layout and algorithm: its summary
 * holds, per layout, T for each algorithm, the computation and the communication for each algorithm, all in the
 * machine's time unit, so that sweeping the block size charts time against block size with a curve per layout
 * and algorithm (the paper's figures 7 to 9). Series give each step's computation and communication; a table
 * gives per layout the messages, the local messages and the last processor; when a simulation sends at most {@value #SCHEDULE_MESSAGES} messages, its schedule shows
 * each processor's computations, sends and receives.
 */
public final class LogGPProgramEngine implements Engine {

	/** The engine's id. */
	public static final String ID = "loggp";

	/** The most messages a simulation may send to be drawn as a schedule. */
	public static final int SCHEDULE_MESSAGES = 5000;

	/** The option naming layouts to simulate instead of the program's own. */
	public static final String LAYOUTS = "layouts";

	private static final List<OptionSpec> OPTIONS = Stream.concat(Stream.of(
			OptionSpec.choice("algorithm", "standard", "standard (figure 2), overestimate (section 4.2), or both",
					List.of("standard", "overestimate", "both")),
			OptionSpec.text(LAYOUTS, "", "layout files to simulate the program under, separated by commas, relative to "
					+ "the program; empty for the program's own layout"),
			OptionSpec.text("machine", "", "a machine file to simulate on instead of the program's (its basic operations "
					+ "are found by name); empty for the program's own")),
			LogGPStepEngine.RULE_OPTIONS.stream()).toList();

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String name() {
		return "LogGP simulation of programs";
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

	/** The files the program refers to, and the machine and layouts the options name, with theirs. */
	@Override
	public Optional<List<Path>> referencedFiles(Path model, OptionValues options) {
		Path program = model.toAbsolutePath().normalize();
		List<Path> files = new ArrayList<>(List.of(program));
		String machine = options.text("machine");
		if (!machine.isBlank()) {
			files.add(program.resolveSibling(machine));
		}
		Stream.of(options.text(LAYOUTS).split(",")).map(String::strip).filter(s -> !s.isEmpty())
				.forEach(name -> files.add(program.resolveSibling(name)));
		return Optional.of(ModelFiles.withReferences(files).stream().filter(f -> !f.equals(program)).toList());
	}

	/** The algorithms an {@code algorithm} option names: one, or both for "both". */
	public static List<Algorithm> algorithms(String option) {
		return option.equals("both") ? List.of(Algorithm.STANDARD, Algorithm.OVERESTIMATE) : List.of(Algorithm.named(option));
	}

	@Override
	public EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException {
		String file = input.displayName();
		OptionValues options = input.options();
		List<Algorithm> algorithms = algorithms(options.text("algorithm"));
		LogGPRules rules = LogGPStepEngine.rules(input);
		Map<String, Program> programs = load(input.model(), file, options.text(LAYOUTS), options.text("machine"));
		EngineResult.Builder result = EngineResult.builder();
		List<List<String>> rows = new ArrayList<>();
		boolean several = programs.size() > 1;
		String unit = null;
		for (Map.Entry<String, Program> entry : programs.entrySet()) {
			Program program = entry.getValue();
			unit = unit(program);
			String layout = several ? " " + entry.getKey() : "";
			for (Algorithm algorithm : algorithms) {
				monitor.checkCancelled();
				ProgramResult run = simulate(program, input, algorithm, rules, file, monitor);
				String suffix = layout + (algorithms.size() > 1 ? " " + algorithm.id() : "");
				result.summary("T" + suffix, run.T(), unit);
				if (algorithm == algorithms.get(0)) {
					result.summary("computation" + layout, run.computation(), unit);
				}
				result.summary("communication" + suffix, run.communication(), unit);
				rows.add(row(entry.getKey(), algorithm, run, unit));
				result.series(new Series("communication per step" + suffix, "step", unit, perStep(run, false)));
				if (algorithm == algorithms.get(0)) {
					result.series(new Series("computation per step" + layout, "step", unit, perStep(run, true)));
				}
				if (run.operationsKept() && run.messages() <= SCHEDULE_MESSAGES) {
					result.schedule(schedule(run, entry.getKey() + ", " + algorithm.id(), unit));
				}
				if (run.forcedTransmissions() > 0) {
					result.diagnostic(Diagnostic.info("loggp.forced", run.forcedTransmissions() + " transmissions were "
							+ "forced to break cycles of the communication steps (" + entry.getKey() + ")", Location.of(file)));
				}
				if (run.localMessages() > 0 && algorithm == algorithms.get(0)) {
					result.diagnostic(Diagnostic.info("loggp.local", run.localMessages() + " of the "
							+ (run.messages() + run.localMessages()) + " messages go from a processor to itself and cost "
							+ "nothing (" + entry.getKey() + ")", Location.of(file)));
				}
			}
		}
		result.table(new Table("LogGP simulation (" + unit + ")", List.of("layout", "algorithm", "T", "computation",
				"communication", "steps", "messages", "local messages", "last processor"), rows));
		return result.build();
	}

	/**
	 * Simulates {@code program} for the point of {@code input}.
	 *
	 * @throws EngineException at the model element that cannot be simulated
	 */
	public static ProgramResult simulate(Program program, EngineInput input, Algorithm algorithm, LogGPRules rules,
			String file, EngineMonitor monitor) throws EngineException {
		try {
			return ProgramSimulation.simulate(program, input.bindings(),
					new ProgramSimulation.Options(algorithm, rules, true), monitor);
		} catch (ProgramSimulation.Failure e) {
			throw new EngineException(Diagnostic.error("loggp.program", e.getMessage(),
					ModelValidation.location(e.element(), file)));
		}
	}

	/**
	 * The program in {@code path}, once per layout of {@code layouts} (paths separated by commas, relative to the
	 * program), keyed by the layout's file name; the program's own layout when {@code layouts} is blank.
	 * With {@code machine}, the program runs on that machine, its operation counts naming its basic operations.
	 *
	 * @throws EngineException if a file does not load or hold the right model, or the machine lacks an operation
	 */
	public static Map<String, Program> load(Path path, String file, String layouts, String machine)
			throws EngineException {
		List<String> names = layouts.isBlank() ? List.of("")
				: Stream.of(layouts.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
		Map<String, Program> programs = new LinkedHashMap<>();
		for (String name : names) {
			ResourceSet set = ModelFiles.newResourceSet();
			Program program = (Program) model(set, path, file, Program.class);
			if (!machine.isBlank()) {
				retarget(program, (Machine) model(set, path.resolveSibling(machine), machine, Machine.class), file);
			}
			if (!name.isEmpty()) {
				program.setLayout((Layout) model(set, path.resolveSibling(name), name, Layout.class));
			}
			String key = name.isEmpty() ? layoutName(program) : Path.of(name).getFileName().toString().replaceFirst("\\.layout$", "");
			programs.put(key, program);
		}
		return programs;
	}

	private static Model model(ResourceSet set, Path path, String file, Class<? extends Model> type) throws EngineException {
		ModelFiles.Loaded loaded = ModelFiles.load(set, URI.createFileURI(path.toAbsolutePath().toString()), file);
		if (!loaded.ok()) {
			throw new EngineException(loaded.diagnostics().isEmpty()
					? List.of(Diagnostic.error("loggp.load", "the file holds no model", Location.of(file)))
					: loaded.diagnostics());
		}
		if (!type.isInstance(loaded.root())) {
			throw new EngineException(Diagnostic.error("loggp.load", "the file holds no " + type.getSimpleName().toLowerCase()
					+ " model", Location.of(file)));
		}
		return loaded.root();
	}

	/** Points the program and its operation counts at {@code machine}, finding operations by name. */
	private static void retarget(Program program, Machine machine, String file) throws EngineException {
		program.setMachine(machine);
		for (Step step : program.getSteps()) {
			for (OperationCount count : step.getOperations()) {
				BasicOperation old = count.getOperation();
				String name = old == null || old.eIsProxy() ? null : old.getName();
				Optional<BasicOperation> same = machine.getComputation() == null ? Optional.empty()
						: machine.getComputation().getOperations().stream().filter(o -> o.getName() != null
								&& o.getName().equals(name)).findFirst();
				if (same.isEmpty()) {
					throw new EngineException(Diagnostic.error("loggp.machine", "the machine " + machine.getName()
							+ " has no basic operation " + name, ModelValidation.location(count, file)));
				}
				count.setOperation(same.get());
			}
		}
	}

	private static String layoutName(Program program) {
		Layout layout = program.getLayout();
		if (layout == null || layout.eIsProxy() || layout.eResource() == null) {
			return "no layout";
		}
		return layout.eResource().getURI().trimFileExtension().lastSegment();
	}

	/** The symbol of the time unit of the program's machine, e.g. "µs". */
	public static String unit(Program program) {
		Machine machine = program.getMachine();
		return machine == null || machine.eIsProxy() || machine.getTimeUnit() == null ? ""
				: TimeUnit.parse(machine.getTimeUnit().getLiteral()).symbol();
	}

	private static List<String> row(String layout, Algorithm algorithm, ProgramResult run, String unit) {
		ProgramResult.ProcessorRun last = run.processors().stream()
				.max((a, b) -> Double.compare(a.finish(), b.finish())).orElse(null);
		return List.of(layout, algorithm.id(), Numbers.format(run.T()), Numbers.format(run.computation()),
				Numbers.format(run.communication()), Integer.toString(run.steps().size()), Long.toString(run.messages()),
				Long.toString(run.localMessages()), last == null ? "" : "P" + last.id());
	}

	/** Each step's longest computation, or its communication, against the step's position. */
	private static List<Series.Point> perStep(ProgramResult run, boolean computation) {
		List<Series.Point> points = new ArrayList<>(run.steps().size());
		for (int i = 0; i < run.steps().size(); i++) {
			ProgramResult.StepTime step = run.steps().get(i);
			points.add(new Series.Point(i, computation ? step.computation() : step.communication()));
		}
		return points;
	}

	/** The run as the engine SPI's schedule: a row per processor with its computations, sends and receives. */
	static Schedule schedule(ProgramResult run, String title, String unit) {
		List<Schedule.Timeline> timelines = new ArrayList<>();
		for (ProgramResult.ProcessorRun p : run.processors()) {
			List<Schedule.Interval> intervals = new ArrayList<>(p.ops().size() + p.compute().size());
			for (ProgramResult.Interval c : p.compute()) {
				intervals.add(new Schedule.Interval(Schedule.Kind.COMPUTE, c.start(), c.end(),
						run.steps().get(c.step()).label(), Optional.empty()));
			}
			for (Operation op : p.ops()) {
				boolean send = op.kind() == Operation.Kind.SEND;
				intervals.add(new Schedule.Interval(send ? Schedule.Kind.SEND : Schedule.Kind.RECEIVE, op.start(), op.end(),
						(send ? "to P" : "from P") + op.peer() + " (" + op.bytes() + " B)", Optional.empty()));
			}
			intervals.sort((a, b) -> Double.compare(a.start(), b.start()));
			timelines.add(new Schedule.Timeline("P" + p.id(), intervals));
		}
		return new Schedule(title, unit, timelines, List.of());
	}
}
