package org.perfcast.revprof;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.TemporaryDirectory;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Schedule;
import org.perfcast.engine.run.Table;

/**
 * Reverse profiling as an engine of the outer loop, on MPI programs in C ({@code *.c} including
 * {@code perfcast.h}): compiles the program, runs it on {@code np} processes under the reverse profiling
 * library with a characterisation's equations and {@code step} µs per compute step, and also on one process for
 * the speedup. A point's result holds the predicted time T, the one-process time and the speedup, a table per
 * rank, and the schedule: a row per rank with its compute, send, receive and collective intervals and an arrow
 * per message. Parameters {@code np} and {@code step}, when bound, override the options; {@code ${NAME}} in the
 * arguments is replaced by the parameter's value.
 */
public final class RevprofEngine implements Engine {

	/** The engine's id. */
	public static final String ID = "revprof";

	/** The option compute's default: steps for a program with PERFCAST_COMPUTE annotations, cpu for one without. */
	public static final String AUTO = "auto";

	/** The code of the diagnostic that says how the computation between MPI calls was counted. */
	public static final String COMPUTATION = "revprof.computation";

	/** The name of the table that says how the computation between MPI calls was counted. */
	public static final String COMPUTATION_TABLE = "computation";

	private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}");

	private static final List<OptionSpec> OPTIONS = List.of(
			OptionSpec.integer("np", 2, "the processes"),
			OptionSpec.real("step", 1, "µs per compute step of PERFCAST_COMPUTE(n)"),
			OptionSpec.choice("compute", AUTO, "the computation between MPI calls: auto (steps when the program calls "
					+ "PERFCAST_COMPUTE, else cpu), steps (PERFCAST_COMPUTE(n) × step), cpu (also measured on each rank's CPU "
					+ "clock: a program without annotations) or wall", List.of(AUTO, "steps", "cpu", "wall")),
			OptionSpec.text("summary", "revprof-summary.txt", "the equations: a summary file (perfcast fit --datasheet) "
					+ "or a machine model with MPI costs (*.machine, perfcast fit --machine), relative to the program's folder"),
			OptionSpec.text("args", "", "the program's arguments; ${NAME} is replaced by a parameter's value"),
			OptionSpec.real("timeout", 0, "seconds after which a run of mpirun is ended with its ranks (0: no limit)"));

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String name() {
		return "Reverse profiling (MPI)";
	}

	@Override
	public String version() {
		return "1.0";
	}

	@Override
	public Set<String> fileExtensions() {
		return Set.of("c");
	}

	@Override
	public List<OptionSpec> options() {
		return OPTIONS;
	}

	@Override
	public java.util.Optional<String> unavailable() {
		return MpiCharacterisation.onPath("mpicc") != null && MpiCharacterisation.onPath("mpirun") != null
				? java.util.Optional.empty()
				: java.util.Optional.of("Open MPI is not installed (apt-get install openmpi-bin libopenmpi-dev)");
	}

	/**
	 * The summary (or machine model) of the option {@code summary} and the headers the program includes with
	 * {@code #include "..."}, transitively, those that exist. Files the program itself opens (named in {@code args})
	 * are not known.
	 */
	@Override
	public Optional<List<Path>> referencedFiles(Path model, OptionValues options) {
		Path program = model.toAbsolutePath().normalize();
		List<Path> files = new ArrayList<>(List.of(program));
		Deque<Path> sources = new ArrayDeque<>(List.of(program));
		while (!sources.isEmpty()) {
			Path source = sources.pop();
			String text;
			try {
				text = org.perfcast.engine.InputFiles.text(source);
			} catch (IOException e) {
				continue; // the compiler says what is wrong
			}
			Matcher include = INCLUDE.matcher(text);
			while (include.find()) {
				Path header = source.resolveSibling(include.group(1)).normalize();
				if (java.nio.file.Files.isRegularFile(header) && !files.contains(header)) {
					files.add(header);
					sources.push(header);
				}
			}
		}
		files.add(program.resolveSibling(options.text("summary")));
		return Optional.of(org.perfcast.model.resource.ModelFiles.withReferences(files).stream()
				.filter(f -> !f.equals(program)).toList());
	}

	/** A {@code #include "FILE"} line: FILE is found beside the including file first. */
	private static final Pattern INCLUDE = Pattern.compile("(?m)^\\s*#\\s*include\\s*\"([^\"]+)\"");

	@Override
	public EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException {
		String file = input.displayName();
		double npValue = input.bindings().isBound("np") ? input.bindings().value("np") : input.options().integer("np");
		double step = input.bindings().isBound("step") ? input.bindings().value("step") : input.options().real("step");
		double limit = input.options().real("timeout");
		if (!(limit >= 0) || limit > 1e7) {
			throw new EngineException(Diagnostic.error("revprof.options", "timeout must be 0 (no limit) to 10000000 "
					+ "seconds, not " + limit, Location.of(input.model().toString())));
		}
		java.time.Duration timeout = limit > 0 ? java.time.Duration.ofMillis(Math.round(limit * 1000)) : null;
		if (npValue != Math.rint(npValue) || npValue < 1 || npValue > 1024) {
			throw error("revprof.np", "np must be a whole number from 1 to 1024, was " + Numbers.format(npValue), file);
		}
		if (!(step >= 0) || !Double.isFinite(step)) {
			throw error("revprof.step", "the compute step must be a finite number of µs >= 0, was " + step, file);
		}
		int np = (int) npValue;
		Path summary = input.model().toAbsolutePath().getParent().resolve(input.options().text("summary"));
		List<String> args = new ArrayList<>();
		for (String arg : input.options().text("args").strip().split("\\s+")) {
			if (arg.isEmpty()) {
				continue;
			}
			Matcher m = PLACEHOLDER.matcher(arg);
			StringBuilder replaced = new StringBuilder();
			while (m.find()) {
				if (!input.bindings().isBound(m.group(1))) {
					throw error("revprof.args", "the arguments use ${" + m.group(1) + "}, which no parameter binds", file);
				}
				m.appendReplacement(replaced, Numbers.format(input.bindings().value(m.group(1))));
			}
			m.appendTail(replaced);
			args.add(replaced.toString());
		}
		Path binary;
		try {
			monitor.checkCancelled();
			binary = ReverseProfiler.compileProgram(input.model(), org.perfcast.engine.NativeTools.cache());
		} catch (MpiCharacterisation.MpiException e) {
			throw error("revprof.mpi", e.getMessage(), file);
		} catch (IOException e) {
			throw error("revprof.io", e.getMessage(), file);
		}
		String asked = input.options().text("compute");
		boolean annotated = annotated(input.model());
		String compute = asked.equals(AUTO) ? (annotated ? "steps" : "cpu") : asked;
		EngineResult prediction = predict(binary, args, np, summary, step, compute, timeout, monitor, file);
		return withComputation(prediction, asked, compute, annotated, file);
	}

	/**
	 * {@code result} with what says how the computation between MPI calls was counted: a table "computation"
	 * (compute, how) and a diagnostic {@link #COMPUTATION}, a warning when the program's computation is measured
	 * because it has no annotations or is left out because it has none, else information.
	 */
	static EngineResult withComputation(EngineResult result, String asked, String compute, boolean annotated,
			String file) {
		String how = switch (compute) {
		case "steps" -> annotated ? "PERFCAST_COMPUTE(n) × step: the program's annotations"
				: "PERFCAST_COMPUTE(n) × step, but the program has no PERFCAST_COMPUTE annotations: its computation "
						+ "between MPI calls is left out (set the option compute to auto or cpu to measure it)";
		case "cpu" -> "measured on each rank's CPU clock between MPI calls"
				+ (asked.equals(AUTO) ? " (the program has no PERFCAST_COMPUTE annotations)" : "");
		default -> "measured on each rank's wall clock between MPI calls";
		};
		EngineResult.Builder builder = EngineResult.builder();
		result.summary().forEach(v -> builder.summary(v.name(), v.value(), v.unit()));
		result.series().forEach(builder::series);
		result.tables().forEach(builder::table);
		builder.table(new Table(COMPUTATION_TABLE, List.of("compute", "how"), List.of(List.of(compute, how))));
		result.schedules().forEach(builder::schedule);
		boolean warn = !annotated && (asked.equals(AUTO) || compute.equals("steps"));
		builder.diagnostic(warn ? Diagnostic.warning(COMPUTATION, "computation: " + how, Location.of(file))
				: Diagnostic.info(COMPUTATION, "computation: " + how, Location.of(file)));
		result.diagnostics().forEach(builder::diagnostic);
		return builder.build();
	}

	/** A call of PERFCAST_COMPUTE outside comments. */
	private static final Pattern COMPUTE_CALL = Pattern.compile("\\bPERFCAST_COMPUTE\\s*\\(");

	/**
	 * Whether {@code program} (a C source) or a header it includes with {@code #include "..."} calls
	 * PERFCAST_COMPUTE outside comments (perfcast.h, which defines it, is not read).
	 */
	public static boolean annotated(Path program) {
		Deque<Path> sources = new ArrayDeque<>(List.of(program.toAbsolutePath().normalize()));
		Set<Path> seen = new java.util.HashSet<>();
		while (!sources.isEmpty()) {
			Path source = sources.pop();
			if (!seen.add(source) || source.getFileName().toString().equals("perfcast.h")) {
				continue;
			}
			String text;
			try {
				text = org.perfcast.engine.InputFiles.text(source);
			} catch (IOException e) {
				continue;
			}
			String code = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
			if (COMPUTE_CALL.matcher(code).find()) {
				return true;
			}
			Matcher include = INCLUDE.matcher(code);
			while (include.find()) {
				Path header = source.resolveSibling(include.group(1)).normalize();
				if (java.nio.file.Files.isRegularFile(header)) {
					sources.push(header);
				}
			}
		}
		return false;
	}

	/**
	 * Runs {@code binary} (a program linked to Open MPI: built from a C file, or as shipped) on {@code np}
	 * processes and on one under the reverse profiling library: the engine's result for a point.
	 *
	 * @param summary the equations: a summary file or a machine model with MPI costs ({@code *.machine})
	 * @param compute steps, cpu or wall (see the option)
	 * @param timeout the limit of each run of mpirun, or null
	 * @param file the name results and diagnostics give the program
	 * @throws EngineException if a run fails, times out or the equations cannot be read
	 */
	public static EngineResult predict(Path binary, List<String> args, int np, Path summary, double step, String compute,
			java.time.@Nullable Duration timeout, EngineMonitor monitor, String file) throws EngineException {
		ReverseProfiler.Prediction prediction;
		ReverseProfiler.Prediction one = null;
		String noOne = null;
		TemporaryDirectory temporary = null;
		try {
			if (summary.getFileName().toString().endsWith(".machine")) {
				temporary = TemporaryDirectory.create("perfcast-revprof-");
				summary = fromMachine(summary, temporary.resolve("revprof-summary.txt"), file);
			}
			monitor.checkCancelled();
			prediction = ReverseProfiler.run(binary, args, np, summary, step, compute,
					org.perfcast.engine.NativeTools.cache(), timeout, monitor);
			monitor.checkCancelled();
			if (np == 1) {
				one = prediction;
			} else {
				try {
					one = ReverseProfiler.run(binary, args, 1, summary, step, compute,
							org.perfcast.engine.NativeTools.cache(), timeout, monitor);
				} catch (MpiCharacterisation.MpiException e) {
					// a master and workers need several processes: T stands without the speedup
					noOne = e.getMessage().lines().filter(l -> l.startsWith("the program") || l.contains("MPI_ERR_"))
							.map(l -> l.replaceFirst("^.*\\*\\*\\* *", "")).collect(java.util.stream.Collectors.joining(" "));
				}
			}
		} catch (MpiCharacterisation.MpiException e) {
			throw error("revprof.mpi", e.getMessage(), file);
		} catch (IOException e) {
			throw error("revprof.io", e.getMessage(), file);
		} finally {
			if (temporary != null) {
				temporary.close();
			}
		}
		EngineResult.Builder result = EngineResult.builder().summary("T", prediction.time(), "µs");
		if (one != null) {
			result.summary("T one process", one.time(), "µs");
			if (prediction.time() > 0) {
				result.summary("speedup", one.time() / prediction.time(), "");
			}
		} else {
			result.diagnostic(Diagnostic.warning("revprof.oneProcess", "no speedup: " + noOne, Location.of(file)));
		}
		List<List<String>> rows = new ArrayList<>();
		for (ReverseProfiler.Rank rank : prediction.ranks()) {
			double computed = rank.events().stream().filter(e -> e.kind().equals("compute")).mapToDouble(e -> e.end()
					- e.start()).sum();
			rows.add(List.of(Integer.toString(rank.rank()), Numbers.format(rank.end()), Numbers.format(computed),
					Numbers.format(rank.end() - computed)));
		}
		result.table(new Table("ranks (simulated µs)", List.of("rank", "end", "compute", "MPI and waiting"), rows));
		result.schedule(schedule(prediction));
		prediction.output().lines().filter(l -> l.startsWith("revprof: ")).distinct().forEach(l -> result.diagnostic(
				Diagnostic.warning("revprof.model", l.substring("revprof: ".length()), Location.of(file))));
		List<List<String>> output = prediction.output().lines().filter(l -> !l.startsWith("revprof: ")).map(List::of)
				.toList();
		if (!output.isEmpty()) {
			result.table(new Table("program output", List.of("line"), output));
		}
		return result.build();
	}

	/** The summary file {@code summary} written with the MPI cost equations of the machine model {@code machineFile}. */
	private static Path fromMachine(Path machineFile, Path summary, String file) throws EngineException {
		org.perfcast.model.resource.ModelFiles.Loaded loaded = org.perfcast.model.resource.ModelFiles.load(
				org.perfcast.model.resource.ModelFiles.newResourceSet(), org.eclipse.emf.common.util.URI.createFileURI(
						machineFile.toString()), machineFile.toString());
		if (!loaded.ok() || !(loaded.root() instanceof org.perfcast.model.machine.Machine machine)) {
			throw new EngineException(loaded.ok() ? List.of(Diagnostic.error("revprof.machine", machineFile
					+ " is not a machine model", Location.of(file))) : loaded.diagnostics());
		}
		if (machine.getCommunication() == null || machine.getCommunication().getMpiFunctions().isEmpty()) {
			throw error("revprof.machine", "the machine model " + machineFile.getFileName() + " has no MPI costs "
					+ "(perfcast fit MEASUREMENTS.csv --machine FILE writes them)", file);
		}
		try {
			org.perfcast.engine.SafeWrites.replace(summary, MachineMpiCosts.summary(machine));
			return summary;
		} catch (IOException e) {
			throw error("revprof.io", e.getMessage(), file);
		}
	}

	/** A row per rank; an arrow per message, sends and receives paired in order per pair of ranks. */
	static Schedule schedule(ReverseProfiler.Prediction prediction) {
		List<Schedule.Timeline> timelines = new ArrayList<>();
		Map<String, Deque<double[]>> sends = new HashMap<>();
		List<Schedule.Message> messages = new ArrayList<>();
		for (ReverseProfiler.Rank rank : prediction.ranks()) {
			List<Schedule.Interval> intervals = new ArrayList<>();
			for (ReverseProfiler.Event e : rank.events()) {
				Schedule.Kind kind = switch (e.kind()) {
				case "compute" -> Schedule.Kind.COMPUTE;
				case "send" -> Schedule.Kind.SEND;
				case "recv" -> Schedule.Kind.RECEIVE;
				default -> Schedule.Kind.OTHER;
				};
				intervals.add(new Schedule.Interval(kind, e.start(), Math.max(e.start(), e.end()), e.name()
						+ (e.bytes() > 0 ? " (" + e.bytes() + " B)" : "")));
				if (e.kind().equals("send")) {
					sends.computeIfAbsent(rank.rank() + ">" + e.peer(), k -> new ArrayDeque<>()).add(new double[] {
							e.start() });
				}
			}
			timelines.add(new Schedule.Timeline("rank " + rank.rank(), intervals));
		}
		for (ReverseProfiler.Rank rank : prediction.ranks()) {
			for (ReverseProfiler.Event e : rank.events()) {
				if (e.kind().equals("recv")) {
					Deque<double[]> queue = sends.get(e.peer() + ">" + rank.rank());
					if (queue != null && !queue.isEmpty()) {
						messages.add(new Schedule.Message(e.peer(), queue.poll()[0], rank.rank(), e.end(), e.bytes() + " B"));
					}
				}
			}
		}
		return new Schedule("reverse profile", "µs", timelines, messages);
	}

	private static EngineException error(String code, String message, String file) {
		return new EngineException(Diagnostic.error(code, message, Location.of(file)));
	}
}
