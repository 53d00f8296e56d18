package org.perfcast.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.Quantities;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.trace.SelfCheck;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TeamResize;
import org.perfcast.trace.TraceEngine;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceSimulator;
import org.perfcast.trace.WaitingPoints;

/** {@code perfcast trace FILE}: predict a multiprocessor execution from a uni-processor trace (VPPB). */
final class TraceCommand extends AbstractCommand {

	TraceCommand() {
		super("trace", "predict N processors from a uni-processor thread trace (Direct, Client-Server, Strict Sequence)",
				"""
						usage: perfcast trace FILE --processors N [--bind P1=0,P2=0,...]
						                      [--model direct|client-server|strict|auto] [--sync-cost C]
						                      [--threads T] [--detail N] [--window FROM:TO] [--json] [--perfetto FILE]

						FILE is a trace in the text form (*.vtrace: '@priority P1 > P2', then lines 'time thread
						event args' with events create T, wait E, activate T E, exit, lock M, unlock M, join T,
						optional cpu=SECONDS and at=FILE:LINE; '@name T2 ping' anywhere names a thread for display, shown
						as "ping (T2)") or the binary form (*.vtraceb). The recording is
						replayed on one processor under its priorities (or cut by the threads' CPU clocks), then
						simulated on N processors: each runs its highest-priority ready thread, preemptively.
						  --processors N   the target's processors (default 2)
						  --bind LIST      THREAD=PROCESSOR pairs; threads not named run on any processor
						  --model NAME     direct: a wait accepts its event from any thread; client-server: a
						                   thread is a list per wait, each waiting for its recorded activation,
						                   started in any order; strict: each wait accepts only its recorded
						                   activation; auto (default): direct, else client-server, else strict
						  --sync-cost C    processor time an accepted activation costs both threads (default 0)
						  --threads T      an OpenMP recording run with a team of T (1 to 4096) instead of the
						                   recorded one: each parallel region's computation between its barriers
						                   is repartitioned as a static schedule (recorded thread i's cost spread
						                   evenly over its block of iterations); regions with critical sections,
						                   locks, tasks, ordered or I/O between their barriers are refused. Notes
						                   say where the prediction extrapolates (T above the recorded team)
						  --detail N       the most intervals the timelines keep exactly (default 100000); a
						                   longer run keeps per thread the time in each state per bucket (the
						                   trace is simulated as it is read, in memory bounded by what is live)
						  --window A:B     with a longer run, the exact intervals from time A to B
						  --perfetto FILE  the timelines as a Perfetto trace (ui.perfetto.dev; docs/interop.md)
						  --json           {"model", "choice", "completion" (null on deadlock), "deadlock" (null or
						                   {"time", "blocked": [{"thread", "waitsFor"}]}), "speedup", "oneProcessor",
						                   "processors", "threads": [{"name", "displayName" (the name the trace gives
						                   the thread with @name, or null), "exit", "intervals": [{"state", "start",
						                   "end", "processor", "detail"}]}], "activations": [{"from", "to", "event",
						                   "sent", "accepted"}], "criticalPath": [{"thread", "start", "end", "how"}],
						                   "waitingPoints": [{"at", "traceLine", "kind", "object", "objects", "waits",
						                   "blocked", "share", "longest", "criticalPath", "heldLongestAt",
						                   "heldFor", "waiter"}], "timelineSummary": null or {"bucketWidth", "buckets",
						                   "intervals", "window": null or [A, B]}, "selfCheck": {"elapsed",
						                   "simulated", "deviation", "reliable", "unrecordedCpu", "othersCpu",
						                   "threadsChecked",
						                   "threads": [{"thread", "lifetime", "cpu", "io", "sleep", "blocked",
						                   "runQueue", "unexplained"}], "gaps": [{"thread", "from", "to", "fromLine",
						                   "toLine", "unexplained", "times"}], "findings"}}, and with --threads
						                   "resized": {"threads", "notes"}; a summarised run's "intervals" are the
						                   window's
						The text output ends with the waiting points that hold the program back (on the critical
						path, or where threads spend at least 1 % of their time): per source location (at=) the
						share of the threads' time spent blocked there, the kind (lock, wait, join, take, ...),
						and for locks the lock operation whose sections made them wait the longest.
						The self-check compares the recorded elapsed time with the recording replayed on one processor,
						and each thread's lifetime with its CPU time, I/O, sleeps, recorded waits and run-queue delay;
						time left over is unexplained (a wait the recorder does not see). Off by more than 5 %, the
						prediction is marked "unreliable: ..." with where the time went.
						The exit code is 0 when the simulation completes, 3 on deadlock.""");
	}

	/** Reports a trace that does not read ({@link TraceException} at its line, or an I/O error) on {@code file}. */
	static int unreadable(Exception e, String file, Console console) {
		if (e instanceof TraceException t) {
			console.report(Diagnostic.error("trace.format", t.getMessage(), t.line() > 0 ? Location.at(file,
					(int) Math.min(Integer.MAX_VALUE, t.line()), 1) : Location.of(file)));
		} else {
			console.report(Diagnostic.error("cli.noFile", "cannot read the file: " + e.getMessage(), Location.of(file)));
		}
		return ExitCode.INPUT_ERROR;
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"), Set.of("processors", "bind", "model", "sync-cost",
				"threads", "detail", "window", "perfetto"));
		String file = GlamisCommand.singleFile(arguments);
		Map<String, String> given = new LinkedHashMap<>();
		arguments.value("processors").ifPresent(v -> given.put("processors", v));
		arguments.value("bind").ifPresent(v -> given.put("bind", v));
		arguments.value("model").ifPresent(v -> given.put("model", v));
		arguments.value("sync-cost").ifPresent(v -> given.put("syncCost", v));
		arguments.value("threads").ifPresent(v -> given.put("threads", v));
		arguments.value("detail").ifPresent(v -> given.put("detail", v));
		arguments.value("window").ifPresent(v -> given.put("window", v));
		TargetMachine machine;
		TraceSimulator.Options options;
		OptionValues values;
		int threads;
		try {
			values = OptionValues.of(new TraceEngine().options(), given);
			long processors = values.integer("processors");
			if (processors < 1 || processors > TargetMachine.MAX_PROCESSORS) {
				throw new UsageException("--processors needs 1 to " + TargetMachine.MAX_PROCESSORS + ", not " + processors);
			}
			machine = TraceEngine.machine(values, (int) processors);
			long team = values.integer("threads");
			if (arguments.value("threads").isPresent() && (team < 1 || team > TeamResize.MAX_THREADS)) {
				throw new UsageException("--threads needs 1 to " + TeamResize.MAX_THREADS + ", not " + team);
			}
			threads = (int) team;
			options = new TraceSimulator.Options(values.real("syncCost"), true, TraceEngine.detail(values));
		} catch (IllegalArgumentException e) {
			throw new UsageException(e.getMessage().replace("option syncCost", "--sync-cost").replace("option ", "--"));
		}
		TraceEngine.Prediction prediction;
		try {
			prediction = TraceEngine.predict(Path.of(file), file, threads, machine, SimulationModel.named(values.text(
					"model")), options, EngineMonitor.NULL);
		} catch (TraceException | IOException e) {
			return unreadable(e, file, console);
		} catch (IllegalArgumentException e) {
			throw new UsageException("--bind: " + e.getMessage());
		}
		prediction.notes().forEach(n -> console.report(Diagnostic.info("trace.threads", n, Location.of(file))));
		prediction.warnings().forEach(w -> console.report(Diagnostic.warning("trace.recording", w, Location.of(
				file))));
		Simulation simulation = prediction.simulation();
		SelfCheck check = prediction.selfCheck();
		check.notes(prediction.unit()).forEach(n -> console.report(Diagnostic.info("trace.selfCheck", n, Location.of(
				file))));
		if (arguments.flag("json")) {
			printJson(simulation, prediction.oneProcessor(), machine, threads, prediction.notes(), check, prediction.unit(),
					console.out());
		} else {
			printText(file, prediction.unit(), machine, simulation, prediction.oneProcessor(), check, console.out());
		}
		if (arguments.value("perfetto").isPresent() && !TraceExports.perfetto(simulation, file, machine.processors(),
				prediction.unit(), arguments.value("perfetto").get(), console)) {
			return ExitCode.INPUT_ERROR;
		}
		return simulation.deadlocked() ? ExitCode.DEADLOCK : ExitCode.OK;
	}

	private static void printText(String file, String traceUnit, TargetMachine machine, Simulation simulation,
			double one, SelfCheck check, PrintStream out) {
		out.printf("%s model, %s on %d processor%s%s: %d threads, one processor %s%n", simulation.model().id(), file,
				machine.processors(), machine.processors() == 1 ? "" : "s", machine.binding().isEmpty() ? ""
						: " (bound: " + machine.binding() + ")",
				simulation.threads().size(), Quantities.format(one, traceUnit));
		printSelfCheck(check, traceUnit, out);
		Simulation.Summary summary = simulation.summary();
		if (summary != null) {
			out.println("  timelines: " + summary.intervals() + " intervals, kept as the time in each state per "
					+ Quantities.format(summary.bucketWidth(), traceUnit) + (summary.hasWindow() ? " and exactly from "
							+ Numbers.format(summary.windowStart()) + " to " + Numbers.format(summary.windowEnd())
							: "") + (Double.isNaN(summary.pathFrom()) ? "" : "; the critical path from "
									+ Quantities.format(summary.pathFrom(), traceUnit) + " on"));
		}
		if (!simulation.choice().isEmpty()) {
			out.println("  " + simulation.choice());
		}
		for (Simulation.ThreadTimeline t : simulation.threads()) {
			out.printf("  %-12s %s%n", simulation.label(t.name()), Double.isNaN(t.exit()) ? "blocked" : "exits at "
					+ Quantities.format(t.exit(), traceUnit));
		}
		if (simulation.deadlocked()) {
			out.println("DEADLOCK at " + Quantities.format(simulation.deadlock().time(), traceUnit) + ":");
			simulation.deadlock().blocked().forEach(b -> out.println("  " + simulation.label(b.thread()) + " "
					+ b.waitsFor()));
		} else {
			out.println("completion " + Quantities.format(simulation.completion(), traceUnit) + ", speedup "
					+ Quantities.number(one / simulation.completion()));
		}
		out.println("critical path:");
		for (Simulation.PathSegment s : simulation.criticalPath()) {
			out.printf("  %-12s %s .. %s%s%n", simulation.label(s.thread()), Quantities.format(s.start(), traceUnit),
					Quantities.format(s.end(), traceUnit),
					s.how().isEmpty() ? "" : "  (" + s.how() + ")");
		}
		WaitingPoints points = WaitingPoints.of(simulation);
		List<WaitingPoints.WaitingPoint> bottlenecks = points.bottlenecks();
		out.println(bottlenecks.isEmpty() ? "waiting points: none holds the program back"
				: "waiting points (share of the threads' time blocked there):");
		for (WaitingPoints.WaitingPoint w : bottlenecks.subList(0, Math.min(10, bottlenecks.size()))) {
			out.printf("  %7s  %-24s %s%s%n", WaitingPoints.percent(w.share()), w.at() != null ? w.at()
					: w.line() > 0 ? file + ":" + w.line() : "-", points.what(w), w.critical() ? "; on the critical path" : "");
		}
		if (bottlenecks.size() > 10) {
			out.println("  ... and " + (bottlenecks.size() - 10) + " more (--json lists them all)");
		}
	}

	/** The self-check's line, and each finding that makes the prediction unreliable. */
	static void printSelfCheck(SelfCheck check, String unit, PrintStream out) {
		out.println(check.summary(unit));
		check.findings(unit).forEach(f -> out.println("  " + f));
	}

	/**
	 * {@code selfCheck} of the JSON outputs: {"elapsed", "simulated", "deviation", "reliable", "unrecordedCpu",
	 * "othersCpu", "threadsChecked", "threads": [{"thread", "lifetime", "cpu", "io", "sleep", "blocked", "runQueue",
	 * "unexplained"}], "gaps": [{"thread", "from", "to", "fromLine", "toLine", "unexplained", "times"}], "findings"}.
	 */
	static String selfCheckJson(SelfCheck check, String unit) {
		StringBuilder json = new StringBuilder("{\"elapsed\": ").append(number(check.recorded()))
				.append(", \"simulated\": ").append(number(check.simulated())).append(", \"deviation\": ")
				.append(number(check.deviation())).append(", \"reliable\": ").append(check.reliable())
				.append(", \"unrecordedCpu\": ").append(number(check.unrecordedCpu()))
				.append(", \"othersCpu\": ").append(number(check.othersCpu())).append(", \"threadsChecked\": ")
				.append(check.threadsChecked()).append(", \"threads\": [");
		json.append(String.join(", ", check.threads().stream().map(t -> "{\"thread\": " + Json.string(t.thread())
				+ ", \"lifetime\": " + number(t.lifetime()) + ", \"cpu\": " + number(t.cpu()) + ", \"io\": "
				+ number(t.io()) + ", \"sleep\": " + number(t.sleep()) + ", \"blocked\": " + number(t.blocked())
				+ ", \"runQueue\": " + number(t.runQueue()) + ", \"unexplained\": " + number(t.unexplained()) + "}")
				.toList()));
		json.append("], \"gaps\": [").append(String.join(", ", check.gaps().stream().map(g -> "{\"thread\": "
				+ Json.string(g.thread()) + ", \"from\": " + Json.string(g.from()) + ", \"to\": " + Json.string(g.to())
				+ ", \"fromLine\": " + g.fromLine() + ", \"toLine\": " + g.toLine() + ", \"unexplained\": "
				+ number(g.unexplained()) + ", \"times\": " + g.times() + "}").toList()));
		json.append("], \"findings\": [").append(String.join(", ", check.findings(unit).stream().map(Json::string)
				.toList())).append("]}");
		return json.toString();
	}

	private static String number(double value) {
		return Double.isFinite(value) ? Numbers.format(value) : "null";
	}

	private static void printJson(Simulation simulation, double one, TargetMachine machine, int threads,
			List<String> notes, SelfCheck check, String unit, PrintStream out) {
		StringBuilder json = new StringBuilder();
		json.append("{\"model\": ").append(Json.string(simulation.model().id())).append(", \"choice\": ")
				.append(Json.string(simulation.choice())).append(", \"completion\": ")
				.append(simulation.completion() == null ? "null" : Numbers.format(simulation.completion()))
				.append(", \"deadlock\": ");
		if (simulation.deadlocked()) {
			json.append("{\"time\": ").append(Numbers.format(simulation.deadlock().time())).append(", \"blocked\": [")
					.append(String.join(", ", simulation.deadlock().blocked().stream().map(b -> "{\"thread\": "
							+ Json.string(b.thread()) + ", \"waitsFor\": " + Json.string(b.waitsFor()) + "}").toList()))
					.append("]}");
		} else {
			json.append("null");
		}
		json.append(", \"speedup\": ").append(simulation.completion() == null || simulation.completion() == 0 ? "null"
				: Numbers.format(one / simulation.completion()))
				.append(", \"oneProcessor\": ").append(Numbers.format(one))
				.append(", \"processors\": ").append(machine.processors()).append(", \"threads\": [");
		for (int t = 0; t < simulation.threads().size(); t++) {
			Simulation.ThreadTimeline thread = simulation.threads().get(t);
			json.append(t == 0 ? "\n  " : ",\n  ").append("{\"name\": ").append(Json.string(thread.name()))
					.append(", \"displayName\": ").append(nullable(simulation.name(thread.name())))
					.append(", \"exit\": ").append(Double.isNaN(thread.exit()) ? "null" : Numbers.format(thread.exit()))
					.append(", \"intervals\": [");
			for (int i = 0; i < thread.intervals().size(); i++) {
				Simulation.Interval interval = thread.intervals().get(i);
				json.append(i == 0 ? "" : ", ").append("{\"state\": \"")
						.append(interval.state().name().toLowerCase(java.util.Locale.ROOT)).append("\", \"start\": ")
						.append(Numbers.format(interval.start())).append(", \"end\": ").append(Numbers.format(interval.end()))
						.append(", \"processor\": ").append(interval.processor()).append(", \"detail\": ")
						.append(Json.string(interval.detail())).append('}');
			}
			json.append("]}");
		}
		json.append("\n], \"activations\": [").append(String.join(", ", simulation.activations().stream()
				.map(a -> "{\"from\": " + Json.string(simulation.threads().get(a.from()).name()) + ", \"to\": "
						+ Json.string(simulation.threads().get(a.to()).name()) + ", \"event\": " + Json.string(a.event())
						+ ", \"sent\": " + Numbers.format(a.sent()) + ", \"accepted\": " + Numbers.format(a.accepted()) + "}")
				.toList()));
		json.append("], \"criticalPath\": [").append(String.join(", ", simulation.criticalPath().stream()
				.map(s -> "{\"thread\": " + Json.string(s.thread()) + ", \"start\": " + Numbers.format(s.start())
						+ ", \"end\": " + Numbers.format(s.end()) + ", \"how\": " + Json.string(s.how()) + "}")
				.toList()));
		json.append("], \"waitingPoints\": [").append(String.join(",\n  ", WaitingPoints.of(simulation).points().stream()
				.map(w -> "{\"at\": " + nullable(w.at()) + ", \"traceLine\": " + w.line() + ", \"kind\": "
						+ Json.string(w.kind()) + ", \"object\": " + Json.string(w.object()) + ", \"objects\": "
						+ w.objects() + ", \"waits\": " + w.waits() + ", \"blocked\": " + Numbers.format(w.blocked())
						+ ", \"share\": " + Numbers.format(w.share()) + ", \"longest\": " + Numbers.format(w.longest())
						+ ", \"criticalPath\": " + w.critical() + ", \"heldLongestAt\": " + nullable(w.heldAt())
						+ ", \"heldFor\": " + Numbers.format(w.heldFor()) + ", \"waiter\": "
						+ (w.waiter().isEmpty() ? "null" : Json.string(w.waiter())) + "}")
				.toList()));
		json.append("], \"timelineSummary\": ");
		Simulation.Summary summary = simulation.summary();
		if (summary == null) {
			json.append("null");
		} else {
			json.append("{\"bucketWidth\": ").append(Numbers.format(summary.bucketWidth())).append(", \"buckets\": ")
					.append(summary.buckets()).append(", \"intervals\": ").append(summary.intervals())
					.append(", \"window\": ").append(summary.hasWindow() ? "[" + Numbers.format(summary.windowStart())
							+ ", " + Numbers.format(summary.windowEnd()) + "]" : "null").append('}');
		}
		json.append(", \"selfCheck\": ").append(selfCheckJson(check, unit));
		if (threads > 0) {
			json.append(", \"resized\": {\"threads\": ").append(threads).append(", \"notes\": [")
					.append(String.join(", ", notes.stream().map(Json::string).toList())).append("]}");
		}
		out.println(json.append('}'));
	}

	private static String nullable(String text) {
		return text == null ? "null" : Json.string(text);
	}
}
