package org.perfcast.glamis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Table;
import org.perfcast.model.core.Model;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.program.Program;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.validation.ParameterEnvironment;

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

	/** The code of the warning that a model declaring the speedup's parameter has no time at 1. */
	public static final String NO_SPEEDUP = "glamis.noSpeedup";

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

	/** For a program, the models it refers to, with theirs; none for the text forms, which name no file. */
	@Override
	public Optional<List<Path>> referencedFiles(Path model, OptionValues options) {
		Path program = model.toAbsolutePath().normalize();
		return Optional.of(ModelFiles.withReferences(List.of(program)).stream().filter(f -> !f.equals(program)).toList());
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
				Reference reference = over.isEmpty() ? Reference.NONE : programReference(input, file, over, solver, monitor);
				EngineResult solved = program(result, reference.T(), timeUnit(input), file);
				List<List<String>> lines = derived.lines().map(List::of).toList();
				List<Diagnostic> notes = new ArrayList<>(solved.diagnostics());
				notes.addAll(derivation.warnings());
				reference.why().ifPresent(notes::add);
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
			Reference reference = Reference.NONE;
			if (!over.isEmpty() && model.parameters().containsKey(over)) {
				try {
					reference = new Reference(GlamisAnalysis.analyse(model, input.bindings().with(over, 1), solver, monitor)
							.T(), Optional.empty());
				} catch (ExpressionException e) {
					reference = Reference.failed(over, e.toDiagnostic(file));
				}
			}
			EngineResult solved = program(result, reference.T(), "", file);
			if (reference.why().isEmpty()) {
				return solved;
			}
			List<Diagnostic> notes = new ArrayList<>(solved.diagnostics());
			notes.add(reference.why().get());
			return new EngineResult(solved.summary(), solved.series(), solved.tables(), solved.schedules(), notes);
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

	/**
	 * T(1) of the speedup T(1) / T, or why there is none.
	 *
	 * @param T   the time with the parameter at 1 (null for none)
	 * @param why the warning that says why there is no speedup, when the model declares the parameter but has no
	 *            time at 1
	 */
	private record Reference(@Nullable Double T, Optional<Diagnostic> why) {

		static final Reference NONE = new Reference(null, Optional.empty());

		/** No T(1): the model at {@code over} = 1 fails as {@code failure} says. */
		static Reference failed(String over, Diagnostic failure) {
			return new Reference(null, Optional.of(Diagnostic.warning(NO_SPEEDUP, "at " + over + " = 1, "
					+ failure.message() + ", so no speedup T(1) / T", failure.location())));
		}
	}

	/**
	 * T(1) of a program model that declares {@code over} (itself, its machine or its layout; the program's
	 * declaration wins as in {@link ParameterEnvironment}): the program derived and solved with {@code over} = 1;
	 * none when 1 lies outside the parameter's declared minimum and maximum, or when the program does not derive
	 * at 1 (an expression such as {@code mod (P - 1)} that holds only for more processes), which the warning says.
	 * T at the point stands either way.
	 */
	private static Reference programReference(EngineInput input, String file, String over, Solver solver,
			EngineMonitor monitor) {
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				org.eclipse.emf.common.util.URI.createFileURI(input.model().toAbsolutePath().toString()), input.displayName());
		if (!(loaded.root() instanceof Program program)) {
			return Reference.NONE;
		}
		List<Model> models = new ArrayList<>();
		if (program.getMachine() != null && !program.getMachine().eIsProxy()) {
			models.add(program.getMachine());
		}
		if (program.getLayout() != null && !program.getLayout().eIsProxy()) {
			models.add(program.getLayout());
		}
		models.add(program);
		Parameter parameter = null;
		for (Model model : models) {
			for (Parameter p : model.getParameters()) {
				if (over.equals(p.getName())) {
					parameter = p;
				}
			}
		}
		if (parameter == null) {
			return Reference.NONE;
		}
		ParameterBindings atOne = input.bindings().with(over, 1);
		Scope scope = ParameterEnvironment.of(program, atOne).scope();
		String declaring = parameter.eResource() == null ? file : parameter.eResource().getURI().lastSegment();
		for (boolean minimum : new boolean[] { true, false }) {
			String bound = minimum ? parameter.getMinimum() : parameter.getMaximum();
			if (bound == null || bound.isBlank()) {
				continue;
			}
			try {
				double limit = Expression.parse(bound).evaluate(scope).toDouble();
				if (minimum ? limit > 1 : limit < 1) {
					return new Reference(null, Optional.of(Diagnostic.warning(NO_SPEEDUP, over + " = 1 is "
							+ (minimum ? "below the minimum " : "above the maximum ") + Numbers.format(limit) + " that "
							+ declaring + " declares for " + over + ", so no speedup T(1) / T", Location.of(file))));
				}
			} catch (ExpressionException e) {
				// the validator reports a bound that does not evaluate; the derivation at 1 decides
			}
		}
		try {
			String one = ProgramDerivation.derive(program, file, atOne, monitor);
			return new Reference(GlamisAnalysis.analyse(GlamisParser.parse(one), ParameterBindings.EMPTY, solver, monitor)
					.T(), Optional.empty());
		} catch (EngineException e) {
			return Reference.failed(over, e.diagnostics().get(0));
		} catch (ExpressionException e) {
			return Reference.failed(over, Diagnostic.error("glamis.derive", "the derived model: " + e.getMessage(),
					Location.of(file)));
		}
	}

	/**
	 * The time unit of a program model's machine ("" when it has none): the unit of the derived model's
	 * demands, which are the machine's costs.
	 */
	private static String timeUnit(EngineInput input) {
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				org.eclipse.emf.common.util.URI.createFileURI(input.model().toAbsolutePath().toString()), input.displayName());
		return loaded.root() instanceof Program program && program.getMachine() != null
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
