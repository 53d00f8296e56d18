package org.perfcast.glamis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.Table;

/**
 * Glamis as an engine of the outer loop: a {@code *.glamis} model solved by MVA, a {@code *.program} model
 * through the Glamis model derived from it ({@link ProgramDerivation}), or a {@code *.qn} network with the
 * option or bound parameter {@value #CUSTOMERS}. A point's result holds T (or X for a network), each section's time
 * and throughput, and per centre its demand, utilisation, queue length and residence time. Sweeping P over a
 * model gives the speedup study of the paper's figure 7 from the runs' T.
 */
public final class GlamisEngine implements Engine {

	/** The engine's id. */
	public static final String ID = "glamis";

	/** The option choosing the solver. */
	public static final String SOLVER = "solver";

	/** The option giving the population of a {@code *.qn} network. */
	public static final String CUSTOMERS = "customers";

	/** The option naming the processor-count parameter of the speedup T(1) / T. */
	public static final String SPEEDUP_OVER = "speedupOver";

	private static final List<OptionSpec> OPTIONS = List.of(
			OptionSpec.choice(SOLVER, Solver.EXACT.id(), "exact MVA, or Bard-Schweitzer's approximation",
					List.of(Solver.EXACT.id(), Solver.SCHWEITZER.id())),
			OptionSpec.integer(CUSTOMERS, 1, "the customers of a *.qn network (not used for *.glamis)"),
			OptionSpec.text(SPEEDUP_OVER, "P", "the parameter whose value 1 gives the reference time of the speedup"
					+ " T(1) / T (a *.glamis or *.program model that declares it; empty for none)"));

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String name() {
		return "Glamis queueing networks (MVA)";
	}

	@Override
	public String version() {
		return "1.0";
	}

	@Override
	public Set<String> fileExtensions() {
		return Set.of("glamis", "qn", "program");
	}

	@Override
	public List<OptionSpec> options() {
		return OPTIONS;
	}

	@Override
	public EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException {
		String file = input.displayName();
		String name = input.model().getFileName().toString().toLowerCase(Locale.ROOT);
		Solver solver = Solver.named(input.options().text(SOLVER));
		String over = input.options().text(SPEEDUP_OVER).strip();
		if (name.endsWith(".program")) {
			ProgramDerivation.Derived derivation = ProgramDerivation.derived(input.model(), file, input.bindings(),
					monitor);
			String derived = derivation.text();
			try {
				GlamisAnalysis.Result result = GlamisAnalysis.analyse(GlamisParser.parse(derived), ParameterBindings.EMPTY,
						solver, monitor);
				Double reference = null;
				if (!over.isEmpty() && declares(input, over)) {
					String one = ProgramDerivation.derive(input.model(), file, input.bindings().with(over, 1), monitor);
					reference = GlamisAnalysis.analyse(GlamisParser.parse(one), ParameterBindings.EMPTY, solver, monitor).T();
				}
				EngineResult solved = program(result, reference, timeUnit(input), file);
				List<List<String>> lines = derived.lines().map(List::of).toList();
				List<Diagnostic> notes = new ArrayList<>(solved.diagnostics());
				notes.addAll(derivation.warnings());
				return new EngineResult(solved.summary(), solved.series(),
						java.util.stream.Stream.concat(solved.tables().stream(),
								java.util.stream.Stream.of(new Table("derived Glamis model", List.of("text"), lines))).toList(),
						solved.schedules(), notes);
			} catch (ExpressionException e) {
				throw new EngineException(Diagnostic.error("glamis.derive", "the derived model: " + e.getMessage(),
						Location.of(file)));
			}
		}
		String text;
		try {
			text = org.perfcast.engine.InputFiles.text(input.model());
		} catch (IOException e) {
			throw new EngineException(Diagnostic.error("glamis.read", "cannot read the file: " + e.getMessage(),
					Location.of(file)));
		}
		try {
			if (name.endsWith(".qn")) {
				return network(QueueingNetworkParser.parse(text), customers(input, file), solver, file, monitor);
			}
			GlamisModel model = GlamisParser.parse(text);
			GlamisAnalysis.Result result = GlamisAnalysis.analyse(model, input.bindings(), solver, monitor);
			Double reference = over.isEmpty() || !model.parameters().containsKey(over) ? null
					: GlamisAnalysis.analyse(model, input.bindings().with(over, 1), solver, monitor).T();
			return program(result, reference, "", file);
		} catch (ExpressionException e) {
			throw new EngineException(e.toDiagnostic(file));
		}
	}

	/**
	 * The population of a network: a bound parameter {@value #CUSTOMERS} (a sweep over it charts X against the
	 * population), else the option.
	 */
	private static long customers(EngineInput input, String file) throws EngineException {
		if (!input.bindings().isBound(CUSTOMERS)) {
			return input.options().integer(CUSTOMERS);
		}
		double value = input.bindings().value(CUSTOMERS);
		if (value != Math.rint(value) || value < 1 || value > Integer.MAX_VALUE) {
			throw new EngineException(Diagnostic.error("glamis.network", "customers must be a whole number of at least 1, "
					+ "was " + Numbers.format(value), Location.of(file)));
		}
		return (long) value;
	}

	/** Whether the program model (or its machine or layout) declares the parameter {@code name}. */
	private static boolean declares(EngineInput input, String name) {
		org.perfcast.model.resource.ModelFiles.Loaded loaded = org.perfcast.model.resource.ModelFiles.load(
				org.perfcast.model.resource.ModelFiles.newResourceSet(),
				org.eclipse.emf.common.util.URI.createFileURI(input.model().toAbsolutePath().toString()), input.displayName());
		return loaded.root() != null && org.perfcast.model.validation.ParameterEnvironment
				.of(loaded.root(), ParameterBindings.EMPTY).isDeclared(name);
	}

	/**
	 * The time unit of a program model's machine ("" when it has none): the unit of the derived model's
	 * demands, which are the machine's costs.
	 */
	private static String timeUnit(EngineInput input) {
		org.perfcast.model.resource.ModelFiles.Loaded loaded = org.perfcast.model.resource.ModelFiles.load(
				org.perfcast.model.resource.ModelFiles.newResourceSet(),
				org.eclipse.emf.common.util.URI.createFileURI(input.model().toAbsolutePath().toString()), input.displayName());
		return loaded.root() instanceof org.perfcast.model.program.Program program && program.getMachine() != null
				&& !program.getMachine().eIsProxy() && program.getMachine().getTimeUnit() != null
						? org.perfcast.engine.TimeUnit.parse(program.getMachine().getTimeUnit().getLiteral()).symbol()
						: "";
	}

	/**
	 * The result in {@code unit} (the model's time unit, "" for none); with {@code reference} = T(1), also the
	 * speedup T(1) / T.
	 */
	private static EngineResult program(GlamisAnalysis.Result result, @Nullable Double reference, String unit,
			String file) {
		EngineResult.Builder out = EngineResult.builder().summary("T", result.T(), unit);
		result.notes().forEach(n -> out.diagnostic(Diagnostic.warning("glamis.solver", n, Location.of(file))));
		if (reference != null && result.T() > 0) {
			out.summary("speedup", reference / result.T(), "");
		}
		List<List<String>> sections = new ArrayList<>();
		int index = 0;
		for (GlamisAnalysis.SectionResult section : result.sections()) {
			index++;
			sections.add(List.of(Integer.toString(index), Long.toString(section.tasks()),
					Integer.toString(section.classes().size()), Numbers.format(section.T()),
					Numbers.format(section.solution().throughput()), Long.toString(section.solution().iterations())));
			out.table(centres("section " + index + ": centres", section.solution()));
		}
		out.table(new Table("sections", List.of("section", "tasks", "classes", "T", "X", "iterations"), sections));
		return out.build();
	}

	private static EngineResult network(List<Station> stations, long customers, Solver solver, String file,
			EngineMonitor monitor) throws EngineException {
		MvaSolution solution;
		try {
			solution = solver.solve(stations, customers, monitor);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("glamis.network", e.getMessage(), Location.of(file)));
		}
		return EngineResult.builder().summary("X", solution.throughput(), "").summary("R", solution.queueingResidence(), "")
				.summary("Z", solution.delayDemand(), "").summary("cycle time", solution.cycleTime(), "")
				.table(centres("centres", solution)).build();
	}

	private static Table centres(String name, MvaSolution solution) {
		List<List<String>> rows = new ArrayList<>();
		for (MvaSolution.Result r : solution.stations()) {
			rows.add(List.of(r.station().name(), r.station().kind().name().toLowerCase(Locale.ROOT),
					Long.toString(r.station().multiplicity()), Numbers.format(r.station().demand()),
					Numbers.format(r.utilisation()), Numbers.format(r.queueLength()), Numbers.format(r.residence())));
		}
		return new Table(name, List.of("centre", "kind", "m", "D", "U", "Q", "R"), rows);
	}
}
