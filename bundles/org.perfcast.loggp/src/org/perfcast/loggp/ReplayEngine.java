package org.perfcast.loggp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Table;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.validation.ParameterEnvironment;

/**
 * The replay of a recorded MPI run ({@link MpiTrace}, {@code *.mpitrace}) under LogGP ({@link TraceReplay}) as an
 * engine of the outer loop. The computation is scaled by a factor (speed) or by the speeds of the machine recorded
 * on and the machine replayed on (their flop times). The parameters L, o, g, G, eager and speed, when bound ({@code --set},
 * {@code --sweep}), override the options of those names, so a sweep charts a what-if study. A point's result
 * holds T, a table per rank (end, compute, communication, waiting) and, up to
 * {@value TraceReplay#KEEP_OPERATIONS} operations, the timeline: a row per rank, an arrow per message.
 */
public final class ReplayEngine implements Engine {

	/** The engine's id. */
	public static final String ID = "replay";
	/** The default eager limit: Open MPI's TCP transport's (btl_tcp_eager_limit, 64 KiB). */
	public static final long EAGER = 65536;

	/** The LogGP parameters' names, as options and as parameters. */
	private static final String[] LOGGP = { "L", "o", "g", "G" };

	private static final List<OptionSpec> OPTIONS = List.of(
			OptionSpec.real("L", 9, "the latency L in µs (default: the paper's Meiko CS-2 value, as loggp-step)"),
			OptionSpec.real("o", 2, "the overhead o of a send or receive in µs"),
			OptionSpec.real("g", 14, "the gap g between consecutive sends or receives in µs"),
			OptionSpec.real("G", 0.03, "the gap per byte G in µs"),
			OptionSpec.text("machine", "", "a machine model (*.machine, relative to the trace) whose communication gives "
					+ "L, o, g and G (at the trace's largest message); options or parameters L, o, g, G set explicitly "
					+ "win"),
			OptionSpec.integer("eager", EAGER, "the largest message sent eagerly (bytes); larger ones rendezvous"),
			OptionSpec.real("speed", 1, "the computation speed-up factor: 2 computes twice as fast"),
			OptionSpec.text("recordedOn", "", "the machine model (*.machine, relative to the trace) the run was recorded "
					+ "on: with machine, the computation is scaled by the two machines' flop times (recordedOn's / "
					+ "machine's); a speed set explicitly wins"),
			OptionSpec.text("whatIf", "", "what-if edits replayed with the trace, separated by ';': balance (the ranks' "
					+ "computation made equal), faster LOCATION=S (rank R, FROM..TO, rank R FROM..TO: S of its "
					+ "computation removed), loggp L=..,o=..,g=..,G=..,speed=.. (perfcast whatif's edits)"));

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String name() {
		return "Replay of recorded MPI runs (LogGP)";
	}

	@Override
	public String version() {
		return "1.0";
	}

	@Override
	public Set<String> fileExtensions() {
		return Set.of("mpitrace");
	}

	@Override
	public List<OptionSpec> options() {
		return OPTIONS;
	}

	/** The index, the ranks' files it names, the machine models of {@code machine} and {@code recordedOn}. */
	@Override
	public Optional<List<Path>> referencedFiles(Path model, OptionValues options) {
		Path trace = model.toAbsolutePath();
		List<Path> files = new ArrayList<>(List.of(trace));
		try {
			files.addAll(MpiTrace.read(trace, trace.toString(), EngineMonitor.NULL).files());
		} catch (EngineException e) {
			// the run says what is wrong with the index
		}
		for (String option : List.of("machine", "recordedOn")) {
			String name = options.text(option);
			if (!name.isBlank()) {
				files.add(Files.isDirectory(trace) ? trace.resolve(name) : trace.resolveSibling(name));
			}
		}
		return Optional.of(ModelFiles.withReferences(files).stream().filter(f -> !f.equals(trace)).toList());
	}

	@Override
	public EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException {
		String file = input.displayName();
		MpiTrace trace = MpiTrace.read(input.model(), file, monitor);
		TraceReplay.Options options = options(input, trace, file, monitor);
		TraceReplay.Result result;
		String whatIf = input.options().text("whatIf");
		if (whatIf.isBlank()) {
			result = TraceReplay.replay(trace, options, monitor);
		} else {
			try {
				List<MpiWhatIf.Edit> edits = MpiWhatIf.edits(whatIf);
				MpiWhatIf.Segments segments = MpiWhatIf.segments(trace, monitor);
				options = MpiWhatIf.options(options, edits);
				result = TraceReplay.replay(trace, options, segments.scale(segments.factors(edits)), monitor);
			} catch (IllegalArgumentException e) {
				throw new EngineException(Diagnostic.error("replay.whatIf", e.getMessage(), Location.of(file)));
			}
		}
		EngineResult.Builder out = EngineResult.builder().summary("T", result.T(), "µs")
				.summary("operations", result.operations(), "").summary("messages", result.messages(), "");
		out.table(table(result));
		result.schedule().ifPresent(out::schedule);
		out.diagnostic(Diagnostic.info("replay.parameters", parameters(options) + "; collectives: " + MpiTrace.ALGORITHMS,
				Location.of(file)));
		if (result.schedule().isEmpty()) {
			out.diagnostic(Diagnostic.info("replay.timeline", "no timeline: more than " + TraceReplay.KEEP_OPERATIONS
					+ " operations", Location.of(file)));
		}
		if (result.unmatchedSends() > 0) {
			out.diagnostic(Diagnostic.warning("replay.unmatched", result.unmatchedSends() + " send"
					+ (result.unmatchedSends() == 1 ? "" : "s") + " no receive takes", Location.of(file)));
		}
		return out.build();
	}

	/** L, o, g, G, eager limit and speed, as said in results. */
	public static String parameters(TraceReplay.Options o) {
		return "L = " + Numbers.format(o.logGP().L()) + ", o = " + Numbers.format(o.logGP().o()) + ", g = "
				+ Numbers.format(o.logGP().g()) + ", G = " + Numbers.format(o.logGP().G()) + " µs, eager up to "
				+ org.perfcast.engine.Quantities.bytes(o.eager()) + ", speed " + Numbers.format(o.speed());
	}

	/** The table per rank: end, compute, communication and waiting (µs). */
	public static Table table(TraceReplay.Result result) {
		List<List<String>> rows = new ArrayList<>();
		for (int p = 0; p < result.end().length; p++) {
			rows.add(List.of(Integer.toString(p), Numbers.format(result.end()[p]) + (result.end()[p] == result.T() ? " (T)"
					: ""), Numbers.format(result.compute()[p]), Numbers.format(result.communication()[p]),
					Numbers.format(result.waiting()[p])));
		}
		return new Table("ranks (µs)", List.of("rank", "end", "compute", "communication", "waiting"), rows);
	}

	/**
	 * The replay options of a point: the machine's L, o, g, G if the option machine names one, overridden by
	 * options set explicitly ({@code explicit}) and by bound parameters L, o, g, G, eager, speed. With a machine,
	 * the trace is read once for its largest message ({@link MpiTrace#counts}).
	 *
	 * @throws EngineException if a value is out of range, the machine cannot be read or the trace is malformed
	 */
	public static TraceReplay.Options options(EngineInput input, MpiTrace trace, String file, EngineMonitor monitor)
			throws EngineException {
		OptionValues options = input.options();
		double[] v = { options.real("L"), options.real("o"), options.real("g"), options.real("G") };
		String machine = options.text("machine");
		String recordedOn = options.text("recordedOn");
		double speed = options.real("speed");
		if (!machine.isBlank()) {
			Machine m = machine(input.model(), machine);
			LogGP p = machineLogGP(m, machine, trace.counts(monitor).largest());
			double[] fromMachine = { p.L(), p.o(), p.g(), p.G() };
			for (int i = 0; i < 4; i++) {
				if (!explicit(input, LOGGP[i])) {
					v[i] = fromMachine[i];
				}
			}
			if (!recordedOn.isBlank() && !explicit(input, "speed")) {
				speed = flopTime(machine(input.model(), recordedOn), recordedOn) / flopTime(m, machine);
			}
		} else if (!recordedOn.isBlank()) {
			throw new EngineException(Diagnostic.error("replay.machine", "recordedOn (" + recordedOn + ") scales the "
					+ "computation to another machine: name that machine too (machine)", Location.of(file)));
		}
		ParameterBindings b = input.bindings();
		for (int i = 0; i < 4; i++) {
			if (b.isBound(LOGGP[i])) {
				v[i] = b.value(LOGGP[i]);
			}
		}
		double eager = b.isBound("eager") ? b.value("eager") : options.integer("eager");
		if (b.isBound("speed")) {
			speed = b.value("speed");
		}
		try {
			return new TraceReplay.Options(new LogGP(v[0], v[1], v[2], v[3]), LogGPRules.DEFAULT, (long) eager, speed);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("replay.parameters", e.getMessage(), Location.of(file)));
		}
	}

	/** Whether option {@code name} was given, not defaulted: a machine's value yields to it. */
	private static boolean explicit(EngineInput input, String name) {
		return input.options().texts().containsKey(name) && !OPTIONS.stream().filter(s -> s.name().equals(name))
				.findFirst().orElseThrow().defaultValue().equals(input.options().texts().get(name))
				|| input.bindings().isBound(name);
	}

	/**
	 * The machine model in {@code name} (relative to the trace, or absolute).
	 *
	 * @throws EngineException if the file cannot be read or holds no machine
	 */
	public static Machine machine(Path trace, String name) throws EngineException {
		Path path = Files.isDirectory(trace) ? trace.resolve(name) : trace.resolveSibling(name);
		ResourceSet set = ModelFiles.newResourceSet();
		ModelFiles.Loaded loaded = ModelFiles.load(set, URI.createFileURI(path.toAbsolutePath().toString()), name);
		if (!loaded.ok()) {
			throw new EngineException(loaded.diagnostics().isEmpty() ? List.of(Diagnostic.error("replay.machine",
					"the file holds no model", Location.of(name))) : loaded.diagnostics());
		}
		if (!(loaded.root() instanceof Machine m)) {
			throw new EngineException(Diagnostic.error("replay.machine", "the file holds no machine model",
					Location.of(name)));
		}
		return m;
	}

	/**
	 * The LogGP parameters of machine {@code m} (read from {@code name}) for messages of {@code bytes}.
	 *
	 * @throws EngineException if the machine states no communication or its parameters do not evaluate
	 */
	public static LogGP machineLogGP(Machine m, String name, long bytes) throws EngineException {
		if (m.getCommunication() == null) {
			throw new EngineException(Diagnostic.error("replay.machine", "the machine states no communication (LogGP "
					+ "parameters L, o, g, G)", Location.of(name)));
		}
		try {
			org.perfcast.model.cost.LogGP p = org.perfcast.model.cost.LogGP.of(m.getCommunication(), Math.max(1, bytes),
					ParameterEnvironment.of(m, ParameterBindings.EMPTY).scope());
			return new LogGP(p.latency(), p.overhead(), p.gap(), p.gapPerByte());
		} catch (RuntimeException e) {
			throw new EngineException(Diagnostic.error("replay.machine", "the machine's LogGP parameters: "
					+ e.getMessage(), Location.of(name)));
		}
	}

	/**
	 * The time of one floating-point operation on machine {@code m} (its computation's flopTime, evaluated with its
	 * parameters' defaults): what the replay's computation scales by.
	 *
	 * @throws EngineException if the machine states none, or not a positive finite time
	 */
	public static double flopTime(Machine m, String name) throws EngineException {
		String text = m.getComputation() == null ? null : m.getComputation().getFlopTime();
		if (text == null || text.isBlank()) {
			throw new EngineException(Diagnostic.error("replay.machine", "the machine states no flop time (computation "
					+ "flopTime): its speed is unknown", Location.of(name)));
		}
		double t;
		try {
			t = org.perfcast.engine.expr.Expression.parse(text).evaluate(ParameterEnvironment.of(m,
					ParameterBindings.EMPTY).scope()).toDouble();
		} catch (RuntimeException e) {
			throw new EngineException(Diagnostic.error("replay.machine", "the machine's flop time '" + text + "': "
					+ e.getMessage(), Location.of(name)));
		}
		if (!(t > 0) || Double.isInfinite(t)) {
			throw new EngineException(Diagnostic.error("replay.machine", "the machine's flop time is "
					+ Numbers.format(t) + ": it must be a positive time", Location.of(name)));
		}
		return t;
	}
}
