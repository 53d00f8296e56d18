package org.perfcast.trace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
					+ "team"));

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

	@Override
	public EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException {
		String file = input.displayName();
		int threads;
		try {
			threads = threads(input);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("trace.threads", e.getMessage(), Location.of(file)));
		}
		List<String> notes = new ArrayList<>();
		Recording recording;
		try {
			recording = threads == 0 ? TraceFiles.record(input.model(), file, monitor)
					: TeamResize.record(input.model(), file, threads, monitor, notes::add);
		} catch (TraceException e) {
			throw new EngineException(Diagnostic.error("trace.format", e.getMessage(), e.line() > 0
					? Location.at(file, (int) Math.min(Integer.MAX_VALUE, e.line()), 1) : Location.of(file)));
		} catch (IOException e) {
			throw new EngineException(Diagnostic.error("trace.read", "cannot read the file: " + e.getMessage(),
					Location.of(file)));
		}
		TargetMachine machine;
		TraceSimulator.Options options;
		try {
			machine = machine(input);
			options = new TraceSimulator.Options(input.options().real("syncCost"), true);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("trace.machine", e.getMessage(), Location.of(file)));
		}
		SimulationModel model = SimulationModel.named(input.options().text("model"));
		Simulation simulation;
		try {
			simulation = TraceSimulator.simulate(recording, machine, model, options, monitor);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Diagnostic.error("trace.machine", e.getMessage(), Location.of(file)));
		}
		double one = TraceSimulator.oneProcessor(recording, options, monitor);
		return result(recording, machine, simulation, one, file, threads, notes);
	}

	/**
	 * The engine result of {@code simulation}; {@code threads} is the team the recording was resized to (0 when it
	 * was not), which {@code notes} explain.
	 */
	static EngineResult result(Recording recording, TargetMachine machine, Simulation simulation, double one,
			String file, int threads, List<String> notes) {
		String unit = recording.unit();
		EngineResult.Builder result = EngineResult.builder();
		if (simulation.completion() != null) {
			result.summary("completion", simulation.completion(), unit);
			if (simulation.completion() > 0) {
				result.summary("speedup", one / simulation.completion(), "");
			}
		} else {
			result.summary("deadlock time", simulation.deadlock().time(), unit);
			result.diagnostic(Diagnostic.warning("trace.deadlock", simulation.model().id() + " model: "
					+ simulation.deadlock(), Location.of(file)));
		}
		result.summary("one processor", one, unit).summary("processors", machine.processors(), "")
				.summary("threads", recording.threads().size(), "").summary("operations", simulation.events(), "");
		if (threads > 0) {
			result.summary("team", threads, "");
		}
		notes.forEach(n -> result.diagnostic(Diagnostic.info("trace.threads", n, Location.of(file))));
		if (!simulation.choice().isEmpty()) {
			result.diagnostic(Diagnostic.info("trace.model", simulation.choice(), Location.of(file)));
		}
		recording.warnings().forEach(w -> result.diagnostic(Diagnostic.warning("trace.recording", w, Location.of(file))));
		List<List<String>> rows = new ArrayList<>();
		for (Simulation.ThreadTimeline t : simulation.threads()) {
			double[] sums = new double[Simulation.State.values().length];
			t.intervals().forEach(i -> sums[i.state().ordinal()] += i.end() - i.start());
			rows.add(List.of(t.name(), Double.isNaN(t.exit()) ? "-" : Numbers.format(t.exit()), Numbers.format(sums[0]),
					Numbers.format(sums[1]), Numbers.format(sums[2]), Numbers.format(sums[3]), Numbers.format(sums[4])));
		}
		result.table(new Table("threads (" + simulation.model().id() + " model" + (unit.isEmpty() ? "" : ", " + unit)
				+ ")", List.of("thread", "exit", "running", "ready", "blocked", "io", "asleep"), rows));
		result.table(new Table("critical path", List.of("thread", "from", "to", "reached by"), simulation.criticalPath()
				.stream().map(s -> List.of(s.thread(), Numbers.format(s.start()), Numbers.format(s.end()), s.how()))
				.toList()));
		result.table(waitingPoints(WaitingPoints.of(simulation), file, unit));
		result.schedule(schedule(simulation, file, unit, createdAt(recording)));
		return result.build();
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
	 * A row per thread, an arrow per accepted activation; the intervals of thread {@code t} without a source of their
	 * own are located at {@code createdAt[t]} when it is not null (see {@link #createdAt}).
	 */
	static Schedule schedule(Simulation simulation, String file, String unit, String[] createdAt) {
		List<Schedule.Timeline> rows = new ArrayList<>();
		int t = 0;
		for (Simulation.ThreadTimeline thread : simulation.threads()) {
			String created = t < createdAt.length ? createdAt[t] : null;
			t++;
			List<Schedule.Interval> intervals = new ArrayList<>(thread.intervals().size());
			for (Simulation.Interval i : thread.intervals()) {
				Schedule.Kind kind = switch (i.state()) {
				case RUNNING -> Schedule.Kind.COMPUTE;
				case READY -> Schedule.Kind.OTHER;
				case BLOCKED -> Schedule.Kind.WAIT;
				case IO -> Schedule.Kind.IO;
				case SLEEPING -> Schedule.Kind.SLEEP;
				};
				Optional<Location> source = i.at() == null && created != null ? source(created, 0, file) : source(i, file);
				intervals.add(new Schedule.Interval(kind, i.start(), i.end(), i.detail(), source));
			}
			rows.add(new Schedule.Timeline(thread.name(), intervals));
		}
		List<Schedule.Message> arrows = simulation.activations().stream().map(a -> new Schedule.Message(a.from(),
				a.sent(), a.to(), a.accepted(), a.event())).toList();
		return new Schedule(simulation.model().id() + " model", unit, rows, arrows);
	}

	/**
	 * Per thread of {@code recording}, where a thread none of whose own events names a source line was created: the
	 * {@code at=} of its {@code create} (an OpenMP task's events come from the runtime, its create from the task
	 * construct); else null.
	 */
	static String[] createdAt(Recording recording) {
		int n = recording.threads().size();
		String[] created = new String[n];
		boolean[] located = new boolean[n];
		for (int t = 0; t < n; t++) {
			ThreadProgram p = recording.program(t);
			for (int i = 0; i < p.size(); i++) {
				if (p.at(i) != null) {
					located[t] = true;
					if (p.kind(i) == EventKind.CREATE && p.arg(i) >= 0 && p.arg(i) < n) {
						created[p.arg(i)] = p.at(i);
					}
				}
			}
		}
		for (int t = 0; t < n; t++) {
			if (located[t]) {
				created[t] = null;
			}
		}
		return created;
	}

	/** The interval's source: the {@code at=} location if it names a line, else the trace line. */
	static Optional<Location> source(Simulation.Interval i, String file) {
		return source(i.at(), i.line(), file);
	}

	/** The source {@code at} names if it is not null, else trace line {@code line} if above 0. */
	private static Optional<Location> source(String at, long line, String file) {
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
