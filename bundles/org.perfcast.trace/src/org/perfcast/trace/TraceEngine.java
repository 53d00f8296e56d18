package org.perfcast.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.Quantities;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Schedule;
import org.perfcast.engine.run.Table;

/**
 * Trace-driven simulation as an engine of the outer loop, on {@code *.vtrace} and {@code *.vtraceb} files. A
 * point's result holds the completion time (or the deadlock), the speedup over one processor, the model used,
 * a table per thread, the critical path, and the schedule: a row per thread with its running, ready and blocked
 * intervals (linked to the trace line, or to the source line the trace names with {@code at=}) and an arrow per
 * accepted activation. A parameter {@code processors}, when bound ({@code --sweep processors=1,2,4,8}), overrides
 * the option; so does {@code threads}, the OpenMP team to predict (see {@link TeamResize}; 0 keeps the recorded one).
 */
public final class TraceEngine implements Engine {

	/** The engine's id. */
	public static final String ID = "trace";

	private static final List<OptionSpec> OPTIONS = List.of(
			OptionSpec.integer("processors", 2, "the processors of the target machine"),
			OptionSpec.text("bind", "", "threads bound to processors, e.g. P1=0,P2=0,P3=1; the others are unbound"),
			OptionSpec.choice("model", "auto", "direct, client-server, strict (sequence), or auto: Direct, else "
					+ "Client-Server, else Strict Sequence", List.of("auto", "direct", "client-server", "strict")),
			OptionSpec.real("syncCost", 0, "processor time an accepted activation costs both threads"),
			OptionSpec.integer("threads", 0, "an OpenMP recording's team to predict: its regions of static loops "
					+ "repartitioned for this many threads (1 to " + TeamResize.MAX_THREADS + "); 0 keeps the recorded "
					+ "team"),
			OptionSpec.integer("detail", TraceSimulator.Detail.INTERVALS, "the most intervals the timelines keep "
					+ "exactly; a run with more keeps the time in each state per time bucket, and the exact intervals of "
					+ "the window"),
			OptionSpec.text("window", "", "FROM:TO, in the trace's unit: the part of a long run whose exact "
					+ "intervals the timelines keep (e.g. 1.5:1.6); empty for none"),
			OptionSpec.text("whatIf", "", "what-if edits simulated with the recording, separated by ';': remove-lock M, "
					+ "split-lock M=K (M=K:hash: parts drawn as by a hash), faster LOCATION=S (S of its time removed; see perfcast whatif); empty for none"));

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String name() {
		return "Trace-driven simulation (VPPB)";
	}

	@Override
	public String version() {
		return "1.0";
	}

	@Override
	public Set<String> fileExtensions() {
		return Set.of("vtrace", "vtraceb");
	}

	@Override
	public List<OptionSpec> options() {
		return OPTIONS;
	}

	/**
	 * The target machine of a point: {@code processors} (option, or the bound parameter) and the binding.
	 *
	 * @throws IllegalArgumentException when the count or binding is invalid
	 */
	public static TargetMachine machine(EngineInput input) {
		double processors = input.bindings().isBound("processors") ? input.bindings().value("processors")
				: input.options().integer("processors");
		if (processors != Math.rint(processors)) {
			throw new IllegalArgumentException("processors must be a whole number, was " + Numbers.format(processors));
		}
		return machine(input.options(), (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, processors)));
	}

	/**
	 * The OpenMP team of a point: {@code threads} (option, or the bound parameter); 0 for the recorded one.
	 *
	 * @throws IllegalArgumentException unless it is 0 or 1 to {@link TeamResize#MAX_THREADS}
	 */
	public static int threads(EngineInput input) {
		double threads = input.bindings().isBound("threads") ? input.bindings().value("threads")
				: input.options().integer("threads");
		if (threads != Math.rint(threads) || threads < 0 || threads > TeamResize.MAX_THREADS) {
			throw new IllegalArgumentException("threads must be 0 (the recorded team) or a whole number from 1 to "
					+ TeamResize.MAX_THREADS + ", was " + Numbers.format(threads));
		}
		return (int) threads;
	}

	/** The target machine {@code options} and {@code processors} give. */
	public static TargetMachine machine(OptionValues options, int processors) {
		return new TargetMachine(processors, TargetMachine.parseBinding(options.text("bind")));
	}

	/**
	 * The level of detail of a point's timelines: the {@code detail} option, and the {@code window} option
	 * ({@code FROM:TO} in the trace's time unit, or empty).
	 *
	 * @throws IllegalArgumentException when either is invalid
	 */
	public static TraceSimulator.Detail detail(OptionValues options) {
		long intervals = options.integer("detail");
		String window = options.text("window").strip();
		if (window.isEmpty()) {
			return new TraceSimulator.Detail(intervals, Double.NaN, Double.NaN);
		}
		int colon = window.indexOf(':');
		try {
			if (colon < 0) {
				throw new NumberFormatException();
			}
			double from = Double.parseDouble(window.substring(0, colon).strip());
			double to = Double.parseDouble(window.substring(colon + 1).strip());
			return new TraceSimulator.Detail(intervals, from, to);
		} catch (NumberFormatException e) {
			throw new IllegalArgumentException("window must be FROM:TO, two times in the trace's unit (e.g. 0.5:0.75), "
					+ "was " + window);
		}
	}

	/** None: a trace names no other file. */
	@Override
	public Optional<List<Path>> referencedFiles(Path model, OptionValues options) {
		return Optional.of(List.of());
	}

	@Override
	public EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException {
		String file = input.displayName();
		int threads;
		TargetMachine machine;
		TraceSimulator.Options options;
		try {
			threads = threads(input);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("trace.threads", e.getMessage(), Location.of(file)));
		}
		try {
			machine = machine(input);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("trace.machine", e.getMessage(), Location.of(file)));
		}
		try {
			options = new TraceSimulator.Options(input.options().real("syncCost"), true, detail(input.options()));
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("trace.detail", e.getMessage(), Location.of(file)));
		}
		SimulationModel model = SimulationModel.named(input.options().text("model"));
		List<WhatIf.Edit> edits;
		try {
			edits = WhatIf.edits(input.options().text("whatIf"));
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("trace.whatIf", e.getMessage(), Location.of(file)));
		}
		Prediction prediction;
		try {
			prediction = predict(input.model(), file, threads, edits, machine, model, options, monitor);
		} catch (TraceException e) {
			throw new EngineException(Diagnostic.error("trace.format", e.getMessage(), e.line() > 0
					? Location.at(file, (int) Math.min(Integer.MAX_VALUE, e.line()), 1) : Location.of(file)));
		} catch (IOException e) {
			throw new EngineException(Diagnostic.error("trace.read", "cannot read the file: " + e.getMessage(),
					Location.of(file)));
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("trace.machine", e.getMessage(), Location.of(file)));
		}
		return result(prediction, machine, file, threads);
	}

	/**
	 * A trace's prediction.
	 *
	 * @param simulation   the simulation on the target machine
	 * @param oneProcessor the recorded execution's time on one processor
	 * @param unit         the trace's unit of time ("" when it names none)
	 * @param warnings     the replay's remarks about the recording, first among them that the program saw another
	 *                     number of processors ({@link TraceHeader#visibleProcessorsWarning(int)})
	 * @param notes        for a resized OpenMP team or what-if edits, what the prediction rests on
	 * @param selfCheck    whether the recording accounts for its own run
	 */
	public record Prediction(Simulation simulation, double oneProcessor, String unit, List<String> warnings,
			List<String> notes, SelfCheck selfCheck) {
		public Prediction {
			warnings = List.copyOf(warnings);
			notes = List.copyOf(notes);
		}
	}

	/**
	 * Predicts trace {@code file} (named {@code name} in messages) on {@code machine}: streamed, so that memory holds
	 * what is live and the timelines' level of detail, not the trace; read whole when {@code threads} (above 0)
	 * resizes an OpenMP team (see {@link TeamResize}).
	 *
	 * @throws TraceException           at an event that does not parse or fit the recorded schedule
	 * @throws IOException              when the file cannot be read
	 * @throws IllegalArgumentException if the machine binds a thread the trace does not have
	 */
	public static Prediction predict(Path file, String name, int threads, TargetMachine machine,
			SimulationModel model, TraceSimulator.Options options, EngineMonitor monitor) throws TraceException,
			IOException {
		return predict(file, name, threads, List.of(), machine, model, options, monitor);
	}

	/**
	 * {@link #predict(Path, String, int, TargetMachine, SimulationModel, TraceSimulator.Options, EngineMonitor)} with
	 * what-if {@code edits} made to the recording (read whole then).
	 *
	 * @throws IllegalArgumentException also if an edit names a lock, thread or place the recording does not have
	 */
	public static Prediction predict(Path file, String name, int threads, List<WhatIf.Edit> edits,
			TargetMachine machine, SimulationModel model, TraceSimulator.Options options, EngineMonitor monitor)
			throws TraceException, IOException {
		List<String> warnings = new ArrayList<>();
		List<String> notes = new ArrayList<>();
		String visible;
		try (TraceSource source = TraceFiles.open(file, name)) {
			visible = source.header().visibleProcessorsWarning(machine.processors());
		}
		if (visible != null) {
			warnings.add(visible);
		}
		if (threads == 0 && edits.isEmpty()) {
			TraceSimulator.Opener trace = () -> TraceFiles.open(file, name);
			// a pass over the file per model tried (AUTO tries up to three), and one for the run on one processor
			long pass = TraceSimulator.progressUnits(Files.size(file));
			int passes = model == SimulationModel.AUTO ? 3 : 1;
			monitor.begin("Simulating " + name, (passes + 1) * pass);
			String unit;
			try (TraceSource source = trace.open()) {
				unit = source.header().unit();
			}
			Simulation simulation = TraceSimulator.simulate(trace, machine, model, options, monitor, warnings::add);
			int skipped = model == SimulationModel.AUTO ? passes - TraceSimulator.autoPasses(simulation) : 0;
			if (skipped > 0) {
				monitor.worked(skipped * pass); // the passes AUTO did not need
			}
			SelfCheck check = SelfCheck.of(trace, options, monitor);
			return new Prediction(simulation, check.simulated(), unit, warnings, notes, check);
		}
		Recording recording = threads > 0 ? TeamResize.record(file, name, threads, monitor, notes::add)
				: TraceFiles.record(file, name, monitor);
		Simulation simulation = WhatIf.simulate(recording, edits, machine, model, options, monitor);
		if (!edits.isEmpty()) {
			Simulation unedited = TraceSimulator.simulate(recording, machine, model, new TraceSimulator.Options(options
					.syncCost(), false), EngineMonitor.cancelledWith(monitor));
			notes.add("what-if: with " + edits.size() + (edits.size() == 1 ? " edit" : " edits") + " the recording "
					+ runs(simulation, recording) + " on " + machine.processors() + " processors; as recorded it "
					+ runs(unedited, recording));
		}
		// the check is of the recording as it ran, before the team was resized
		SelfCheck check = SelfCheck.of(() -> TraceFiles.open(file, name), options, EngineMonitor.cancelledWith(monitor));
		warnings.addAll(recording.warnings());
		return new Prediction(simulation, TraceSimulator.oneProcessor(recording, options, monitor), recording.unit(),
				warnings, notes, check);
	}

	/** "runs 1.5 s", or "deadlocks". */
	private static String runs(Simulation simulation, Recording recording) {
		Double completion = simulation.completion();
		return completion == null ? "deadlocks" : "runs " + (recording.unit().isEmpty()
				? Quantities.number(completion) + " time units" : Quantities.format(completion, recording.unit()));
	}

	/**
	 * The engine result of {@code prediction}; {@code threads} is the team the recording was resized to (0 when it
	 * was not).
	 */
	static EngineResult result(Prediction prediction, TargetMachine machine, String file, int threads) {
		Simulation simulation = prediction.simulation();
		double one = prediction.oneProcessor();
		String unit = prediction.unit();
		List<String> warnings = prediction.warnings();
		List<String> notes = prediction.notes();
		EngineResult.Builder result = EngineResult.builder();
		Double completion = simulation.completion();
		Simulation.Deadlock deadlock = simulation.deadlock();
		if (completion != null) {
			result.summary("completion", completion, unit);
			if (completion > 0) {
				result.summary("speedup", one / completion, "");
			}
		} else if (deadlock != null) {
			result.summary("deadlock time", deadlock.time(), unit);
			result.diagnostic(Diagnostic.warning("trace.deadlock", simulation.model().id() + " model: "
					+ deadlock, Location.of(file)));
		}
		result.summary("one processor", one, unit).summary("processors", machine.processors(), "")
				.summary("threads", simulation.threads().size(), "").summary("operations", simulation.events(), "");
		if (threads > 0) {
			result.summary("team", threads, "");
		}
		Simulation.Summary summary = simulation.summary();
		if (summary != null) {
			result.summary(TIMELINE_BUCKET, summary.bucketWidth(), unit).summary(TIMELINE_INTERVALS,
					summary.intervals(), "");
			result.diagnostic(Diagnostic.info("trace.detail", detailNote(summary, unit), Location.of(file)));
			if (!summary.windowWhole()) {
				result.diagnostic(Diagnostic.warning("trace.detail", "the window " + window(summary, unit) + " has "
						+ "more intervals than the detail keeps: only its first ones are shown; narrow the window or "
						+ "raise the option detail", Location.of(file)));
			}
		}
		notes.forEach(n -> result.diagnostic(Diagnostic.info("trace.threads", n, Location.of(file))));
		if (!simulation.choice().isEmpty()) {
			result.diagnostic(Diagnostic.info("trace.model", simulation.choice(), Location.of(file)));
		}
		warnings.forEach(w -> result.diagnostic(Diagnostic.warning("trace.recording", w, Location.of(file))));
		selfCheck(prediction, file, result);
		List<List<String>> rows = new ArrayList<>();
		int index = 0;
		for (Simulation.ThreadTimeline t : simulation.threads()) {
			double[] sums = new double[Simulation.State.values().length];
			if (summary != null) {
				for (Simulation.State s : Simulation.State.values()) {
					sums[s.ordinal()] = summary.total(index, s);
				}
			} else {
				t.intervals().forEach(i -> sums[i.state().ordinal()] += i.end() - i.start());
			}
			index++;
			rows.add(List.of(simulation.label(t.name()), Double.isNaN(t.exit()) ? "-" : Numbers.format(t.exit()), Numbers.format(sums[0]),
					Numbers.format(sums[1]), Numbers.format(sums[2]), Numbers.format(sums[3]), Numbers.format(sums[4])));
		}
		result.table(new Table("threads (" + simulation.model().id() + " model" + (unit.isEmpty() ? "" : ", " + unit)
				+ ")", List.of("thread", "exit", "running", "ready", "blocked", "io", "asleep"), rows));
		result.table(new Table("critical path" + (summary != null && !Double.isNaN(summary.pathFrom())
				? " (from " + Numbers.format(summary.pathFrom()) + " on: the causes before were not kept)" : ""),
				List.of("thread", "from", "to", "reached by"), simulation.criticalPath().stream().map(s -> List.of(
						simulation.label(s.thread()), Numbers.format(s.start()), Numbers.format(s.end()), s.how())).toList()));
		result.table(waitingPoints(WaitingPoints.of(simulation), file, unit));
		result.schedule(schedule(simulation, file, unit));
		return result.build();
	}

	/** The summary value of the recorded elapsed time, beside the one-processor replay's. */
	public static final String RECORDED = "recorded";
	/** The summary value of the self-check's deviation: (recorded − replayed on one processor) / recorded. */
	public static final String SELF_CHECK = "self-check deviation";
	/** The summary value of the threads' unexplained time. */
	public static final String UNEXPLAINED = "unexplained";

	/** The self-check's summary values, findings (warnings "unreliable: ...") and notes, and its table. */
	private static void selfCheck(Prediction prediction, String file, EngineResult.Builder result) {
		SelfCheck check = prediction.selfCheck();
		String unit = prediction.unit();
		result.summary(RECORDED, check.recorded(), unit);
		if (!Double.isNaN(check.deviation())) {
			result.summary(SELF_CHECK, check.deviation(), "");
		}
		if (check.threadsChecked()) {
			result.summary(UNEXPLAINED, check.unexplained(), unit);
		}
		result.diagnostic(check.reliable() ? Diagnostic.info("trace.selfCheck", check.summary(unit), Location.of(file))
				: Diagnostic.warning("trace.selfCheck", check.summary(unit), Location.of(file)));
		List<String> findings = check.findings(unit);
		for (int i = 0; i < findings.size(); i++) { // a code each, so that views listing one warning per code show all
			result.diagnostic(Diagnostic.warning("trace.unreliable." + (i + 1), findings.get(i), Location.of(file)));
		}
		check.notes(unit).forEach(n -> result.diagnostic(Diagnostic.info(
				"trace.selfCheck", n, Location.of(file))));
		if (check.threadsChecked()) {
			result.table(new Table("self-check (" + (unit.isEmpty() ? "" : unit + "; ") + "lifetime = cpu + io + asleep "
					+ "+ blocked + run queue + unexplained)", List.of("thread", "lifetime", "cpu", "io", "asleep",
							"blocked", "run queue", "unexplained", "unexplained between"), check.threads().stream()
									.map(t -> List.of(t.thread(), Numbers.format(t.lifetime()), Numbers.format(t.cpu()),
											Numbers.format(t.io()), Numbers.format(t.sleep()), Numbers.format(t.blocked()),
											Numbers.format(t.runQueue()), Numbers.format(t.unexplained()),
											check.gaps().stream().filter(g -> g.thread().equals(t.thread())).findFirst()
													.map(g -> g.from() + " .. " + g.to()).orElse("")))
									.toList()));
		}
	}

	/** The summary value that says a point's timelines are a summary: the width of a bucket. */
	public static final String TIMELINE_BUCKET = "timeline bucket";

	/** The summary value with how many intervals a summarised point's timelines had. */
	public static final String TIMELINE_INTERVALS = "timeline intervals";

	private static String detailNote(Simulation.Summary summary, String unit) {
		return "the timelines have " + summary.intervals() + " intervals, more than the option detail keeps: they "
				+ "show the time in each state per bucket of " + Quantities.format(summary.bucketWidth(), unit)
				+ (summary.hasWindow() ? ", and the exact intervals of the window " + window(summary, unit)
						: "; set the option window=FROM:TO, or zoom in the Results view, for the exact intervals of a "
								+ "part of the run");
	}

	private static String window(Simulation.Summary summary, String unit) {
		return "[" + Numbers.format(summary.windowStart()) + ", " + Numbers.format(summary.windowEnd()) + "]"
				+ (unit.isEmpty() ? "" : " " + unit);
	}

	/** A row per waiting point (see {@link WaitingPoints}), the longest first. */
	static Table waitingPoints(WaitingPoints points, String file, String unit) {
		List<List<String>> rows = new ArrayList<>();
		for (WaitingPoints.WaitingPoint w : points.points()) {
			rows.add(List.of(w.at() != null ? w.at() : w.line() > 0 ? file + ":" + w.line() : "-", w.kind(), w.object()
					+ (w.objects() > 1 ? " (+" + (w.objects() - 1) + ")" : ""), Integer.toString(w.waits()),
					Numbers.format(w.blocked()), WaitingPoints.percent(w.share()), w.critical() ? "yes" : "no",
					w.heldAt() == null ? "" : w.heldAt()));
		}
		return new Table("waiting points" + (unit.isEmpty() ? "" : " (" + unit + ")"), List.of("at", "kind", "object",
				"waits", "blocked", "share of the threads' time", "on the critical path", "lock held longest at"), rows);
	}

	/**
	 * A row per thread, labelled by its name where the trace gives one ("ping (T2)"), an arrow per accepted activation; the intervals of a thread without a source of their own are
	 * located where it was created ({@link Simulation.ThreadTimeline#createdAt()}). A summarised run's rows show
	 * per bucket the time in each state, in the bucket as segments of those lengths, and the exact intervals of the
	 * window in place of the buckets they meet.
	 */
	public static Schedule schedule(Simulation simulation, String file, String unit) {
		Simulation.Summary summary = simulation.summary();
		List<Schedule.Timeline> rows = new ArrayList<>();
		int t = 0;
		for (Simulation.ThreadTimeline thread : simulation.threads()) {
			String created = thread.createdAt();
			List<Schedule.Interval> intervals = new ArrayList<>(thread.intervals().size());
			if (summary != null) {
				intervals.addAll(buckets(summary, t, thread.intervals()));
			}
			for (Simulation.Interval i : thread.intervals()) {
				Optional<Location> source = i.at() == null && created != null ? source(created, 0, file) : source(i, file);
				intervals.add(new Schedule.Interval(kind(i.state()), i.start(), i.end(), i.detail(), source));
			}
			if (summary != null) {
				intervals.sort(java.util.Comparator.comparingDouble(Schedule.Interval::start));
			}
			rows.add(new Schedule.Timeline(simulation.label(thread.name()), intervals));
			t++;
		}
		List<Schedule.Message> arrows = simulation.activations().stream().map(a -> new Schedule.Message(a.from(),
				a.sent(), a.to(), a.accepted(), a.event())).toList();
		String name = simulation.model().id() + " model";
		if (summary != null) {
			name += " (summary per " + Quantities.format(summary.bucketWidth(), unit)
					+ (summary.hasWindow() ? "; exact in " + window(summary, unit) : "") + ")";
		}
		return new Schedule(name, unit, rows, arrows);
	}

	/**
	 * Thread {@code t}'s buckets that none of {@code exact} meets, each as a segment per state that the thread spent
	 * time in there, of that length, one after the other from the bucket's start.
	 */
	private static List<Schedule.Interval> buckets(Simulation.Summary summary, int t, List<Simulation.Interval> exact) {
		List<Schedule.Interval> segments = new ArrayList<>();
		double width = summary.bucketWidth();
		int next = 0;
		for (int k = 0; k < summary.buckets(); k++) {
			double from = k * width;
			double to = from + width;
			while (next < exact.size() && exact.get(next).end() < from) {
				next++;
			}
			if (next < exact.size() && exact.get(next).start() < to) {
				continue;
			}
			double busy = 0;
			for (Simulation.State s : Simulation.State.values()) {
				busy += summary.time(t, k, s);
			}
			if (busy <= 0) {
				continue;
			}
			StringBuilder shares = new StringBuilder();
			for (Simulation.State s : Simulation.State.values()) {
				double time = summary.time(t, k, s);
				if (time > 0) {
					shares.append(shares.isEmpty() ? "" : ", ").append(s.name().toLowerCase(java.util.Locale.ROOT))
							.append(' ').append(WaitingPoints.percent(time / width));
				}
			}
			String label = "summary of [" + Numbers.format(from) + ", " + Numbers.format(to) + "): " + shares;
			double at = from;
			for (Simulation.State s : Simulation.State.values()) {
				double time = Math.min(summary.time(t, k, s), to - at);
				if (time > 0) {
					segments.add(new Schedule.Interval(kind(s), at, at + time, label, Optional.empty()));
					at += time;
				}
			}
		}
		return segments;
	}

	private static Schedule.Kind kind(Simulation.State state) {
		return switch (state) {
		case RUNNING -> Schedule.Kind.COMPUTE;
		case READY -> Schedule.Kind.OTHER;
		case BLOCKED -> Schedule.Kind.WAIT;
		case IO -> Schedule.Kind.IO;
		case SLEEPING -> Schedule.Kind.SLEEP;
		};
	}

	/** The interval's source: the {@code at=} location if it names a line, else the trace line. */
	static Optional<Location> source(Simulation.Interval i, String file) {
		return source(i.at(), i.line(), file);
	}

	/** The source {@code at} names if it is not null, else trace line {@code line} if above 0. */
	private static Optional<Location> source(@Nullable String at, long line, String file) {
		if (at != null) {
			int colon = at.lastIndexOf(':');
			if (colon > 0 && at.substring(colon + 1).matches("[0-9]{1,9}")) {
				return Optional.of(Location.at(at.substring(0, colon), Integer.parseInt(at.substring(colon + 1)), 1));
			}
			return Optional.of(Location.of(at));
		}
		return line > 0 ? Optional.of(Location.at(file, (int) Math.min(Integer.MAX_VALUE, line), 1)) : Optional.empty();
	}
}
