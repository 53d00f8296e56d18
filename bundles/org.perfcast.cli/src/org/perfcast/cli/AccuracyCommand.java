package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.TemporaryDirectory;
import org.perfcast.record.JavaRecorder;
import org.perfcast.record.PthreadRecorder;
import org.perfcast.record.RealRuns;
import org.perfcast.record.VisibleProcessors;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SelfCheck;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceHeader;
import org.perfcast.trace.TraceSource;
import org.perfcast.trace.TraceSimulator;

/**
 * {@code perfcast accuracy -- PROGRAM ARGS}: records a program on one processor, predicts its speed-up on more
 * with each simulation model, runs it for real and reports the error, as the VPPB paper's table 6 does.
 */
final class AccuracyCommand extends AbstractCommand {

	private static final List<SimulationModel> MODELS = List.of(SimulationModel.DIRECT, SimulationModel.CLIENT_SERVER,
			SimulationModel.STRICT_SEQUENCE, SimulationModel.AUTO);

	AccuracyCommand() {
		super("accuracy", "record a program on one processor, predict more, run it for real and report the error", """
				usage: perfcast accuracy [--processors N] [--predict 4,8] [--runs R] [--name NAME] [--trace FILE]
				                         [--no-follow] [--timeout S] [--visible-processors N | --record-per-count]
				                         [--markdown | --json] -- PROGRAM [ARGS...]

				Records PROGRAM (native or java ...) on one processor as perfcast record does, predicts
				its speed-up on N processors (default 2) with the Direct, Client-Server, Strict Sequence
				and automatic models, runs it for real R times (default 3) on processor 0 and on
				processors 0..N-1 (taskset), and prints the real speed-up, each model's predicted
				speed-up and its error |real - predicted| / real, as in the VPPB paper's table 6; and
				the predicted speed-ups on the --predict processor counts (default 4,8). Real times are
				the medians of what the program prints as a line 'elapsed SECONDS' (its parallel part),
				or of its wall time when it prints none. Speed-ups predicted are the simulated time on
				one processor over the time on N.
				  --name NAME   the program's name in the output (default: the program's)
				  --trace FILE  keep the recording there (default: a temporary file)
				  --no-follow   record only PROGRAM's own process, not the processes it starts
				  --timeout S   end the recording or a real run, with every process it started, after S seconds
				  --visible-processors N
				                the processors the program sees while it is recorded on one (default: this
				                machine's); a prediction for another count says that a program sizing its pools
				                from the processor count would run differently there
				  --record-per-count
				                record once per processor count predicted (N and each --predict count), each
				                recording seeing that count, and predict each count from its own recording
				  --markdown    one row of a Markdown table (see examples/threads/validate.sh)
				  --json        {"program", "processors", "real": {"one", "many", "speedup", "printed"},
				                "predictions": [{"model", "chosen", "processors", "speedup", "error",
				                "deadlock", "visibleProcessors"}], "selfCheck": as perfcast trace --json's,
				                of the recording for N processors}
				The recording checks itself: replayed on one processor it must take the recorded time, and
				each thread's lifetime must be its CPU time, I/O, sleeps, recorded waits and run-queue delay.
				A check off by more than 5 % is printed as "unreliable: ..." (a --markdown row's last cell).""");
	}

	/** One model's prediction for a processor count: the speed-up, or null on deadlock. */
	private record Prediction(SimulationModel model, SimulationModel chosen, int processors, Double speedup,
			int visible) {
	}

	/** The {@code --timeout SECONDS} of a command that runs programs: null when not given or 0. */
	static java.time.Duration timeout(Arguments arguments) throws UsageException {
		java.util.Optional<String> given = arguments.value("timeout");
		if (given.isEmpty()) {
			return null;
		}
		try {
			java.time.Duration limit = org.perfcast.engine.Processes.limit(given.get());
			return limit.isZero() ? null : limit;
		} catch (IllegalArgumentException e) {
			throw new UsageException("--timeout: " + e.getMessage());
		}
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		int dash = args.indexOf("--");
		if (dash < 0 || dash == args.size() - 1) {
			throw new UsageException("missing -- PROGRAM [ARGS...]");
		}
		Arguments arguments = Arguments.parse(args.subList(0, dash), Set.of("markdown", "json", "no-follow",
				"record-per-count"), Set.of("processors", "predict", "runs", "name", "trace", "timeout",
						"visible-processors"));
		java.time.Duration timeout = timeout(arguments);
		if (!arguments.operands().isEmpty()) {
			throw new UsageException("unexpected " + arguments.operands().get(0) + " before --");
		}
		List<String> command = args.subList(dash + 1, args.size());
		int processors = arguments.positive("processors", 2);
		int runs = arguments.positive("runs", 3);
		List<Integer> predict = new ArrayList<>();
		for (String p : arguments.value("predict").orElse("4,8").split(",")) {
			try {
				int n = Integer.parseInt(p.strip());
				if (n < 1) {
					throw new NumberFormatException();
				}
				predict.add(n);
			} catch (NumberFormatException e) {
				throw new UsageException("--predict wants processor counts such as 4,8, not '" + p + "'");
			}
		}
		int visible = RecordCommand.visibleProcessors(arguments);
		boolean perCount = arguments.flag("record-per-count");
		if (perCount && arguments.value("visible-processors").isPresent()) {
			throw new UsageException("--record-per-count shows each recording the count it predicts: leave out "
					+ "--visible-processors");
		}
		String name = arguments.value("name").orElse(JavaRecorder.isJava(command) ? JavaRecorder.programName(command)
				: Path.of(command.get(0)).getFileName().toString());
		Path cache = org.perfcast.engine.NativeTools.cache();
		List<Integer> counts = new ArrayList<>(List.of(processors));
		predict.stream().filter(n -> n != processors).distinct().forEach(counts::add);
		// the recordings: one seeing the visible processors, or one per count seeing that count
		Map<Integer, List<Integer>> recordings = new LinkedHashMap<>();
		if (perCount) {
			counts.forEach(n -> recordings.put(n, List.of(n)));
		} else {
			recordings.put(visible, counts);
		}
		TemporaryDirectory temporary = null;
		Path trace = null;
		try {
			if (arguments.value("trace").isEmpty()) {
				temporary = TemporaryDirectory.create("perfcast-accuracy-");
			}
			List<Prediction> predictions = new ArrayList<>();
			SelfCheck check = null;
			String unit = "";
			for (Map.Entry<Integer, List<Integer>> r : recordings.entrySet()) {
				int seen = r.getKey();
				trace = traceFile(arguments, perCount, seen, temporary);
				if (!record(command, trace, cache, arguments, seen, timeout, console, name)) {
					return ExitCode.INPUT_ERROR;
				}
				Recording recording = TraceFiles.record(trace, trace.toString(), EngineMonitor.NULL);
				double one = TraceSimulator.oneProcessor(recording, TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
				if (check == null) { // the recording for the processors really run
					Path recorded = trace;
					check = SelfCheck.of(() -> TraceFiles.open(recorded, recorded.toString()),
							TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
					unit = recording.unit();
					check.notes(unit).forEach(n -> console.report(Diagnostic.info("trace.selfCheck", n, Location.of(
							recorded.toString()))));
				}
				TraceHeader header;
				try (TraceSource source = TraceFiles.open(trace, trace.toString())) {
					header = source.header();
				}
				for (int n : r.getValue()) {
					String warning = header.visibleProcessorsWarning(n);
					if (warning != null) {
						console.report(Diagnostic.warning("trace.visible", "the prediction for " + n + " processors: "
								+ warning + " (or use --record-per-count)", Location.of(trace.toString())));
					}
					for (SimulationModel model : MODELS) {
						Simulation s = TraceSimulator.simulate(recording, new TargetMachine(n, Map.of()), model,
								new TraceSimulator.Options(0, false), EngineMonitor.NULL);
						predictions.add(new Prediction(model, s.model(), n, s.completion() == null || !(s.completion()
								> 0) || !(one > 0) ? null : one / s.completion(), header.visibleProcessors()));
					}
				}
			}
			predictions.sort(java.util.Comparator.comparingInt(p -> counts.indexOf(p.processors())));
			RealRuns.Timing single = RealRuns.time(command, 1, runs, timeout);
			RealRuns.Timing many = RealRuns.time(command, processors, runs, timeout);
			double real = single.median() / many.median();
			if (arguments.flag("json")) {
				json(console, name, processors, single, many, real, predictions, check, unit);
			} else if (arguments.flag("markdown")) {
				markdown(console, name, processors, real, predictions, counts, check);
			} else {
				text(console, name, processors, single, many, real, predictions, counts, runs);
				TraceCommand.printSelfCheck(check, unit, console.out());
			}
			return ExitCode.OK;
		} catch (PthreadRecorder.RecorderException e) {
			console.report(Diagnostic.error("trace.record", e.getMessage(), Location.of(command.get(0))));
			return ExitCode.INPUT_ERROR;
		} catch (TraceException e) {
			console.report(Diagnostic.error("trace.format", "the recorded trace does not replay: " + e.getMessage(),
					Location.of(String.valueOf(trace))));
			return ExitCode.INPUT_ERROR;
		} catch (IOException e) {
			console.report(Diagnostic.error("trace.record", e.getMessage(), Location.of(command.get(0))));
			return ExitCode.INPUT_ERROR;
		} finally {
			if (temporary != null) {
				temporary.close();
			}
		}
	}

	/**
	 * The trace of the recording that sees {@code seen} processors: {@code --trace FILE} (with {@code -pN} before
	 * its extension when recording per count), else a file in {@code temporary}.
	 */
	private static Path traceFile(Arguments arguments, boolean perCount, int seen,
			TemporaryDirectory temporary) {
		java.util.Optional<String> given = arguments.value("trace");
		if (given.isPresent()) {
			Path path = Path.of(given.get());
			return perCount ? path.resolveSibling(path.getFileName().toString().replaceFirst("(\\.[^.]*)?$", "-p" + seen
					+ "$1")) : path;
		}
		return Objects.requireNonNull(temporary, "a temporary directory without --trace").resolve("recording-p" + seen
				+ ".vtrace");
	}

	/** Records {@code command} seeing {@code seen} processors; false (said) when the program failed. */
	private static boolean record(List<String> command, Path trace, Path cache, Arguments arguments, int seen,
			java.time.Duration timeout, Console console, String name) throws PthreadRecorder.RecorderException,
			IOException {
		// the program's own output goes to standard error, so that standard output holds the report only
		int status = PthreadRecorder.record(command, trace, cache, ProcessBuilder.Redirect.appendTo(new java.io.File(
				"/dev/stderr")), !arguments.flag("no-follow"), note -> console.report(Diagnostic.info("trace.record",
						note, Location.of(trace.toString()))), Map.of(VisibleProcessors.VARIABLE, Integer.toString(
								seen)), timeout);
		if (status != 0) {
			console.report(Diagnostic.error("trace.record", name + " exited with " + status + " while recorded",
					Location.of(command.get(0))));
			return false;
		}
		return true;
	}

	/** A JSON number, or null when not finite: the output stays valid JSON. */
	private static String number(double value) {
		return Double.isFinite(value) ? Numbers.format(value) : "null";
	}

	private static String error(double real, Double predicted) {
		return predicted == null ? "deadlock" : String.format(Locale.ROOT, "%.2f (%.0f%%)", predicted,
				100 * Math.abs(real - predicted) / real);
	}

	private static String speedup(Double predicted) {
		return predicted == null ? "deadlock" : String.format(Locale.ROOT, "%.2f", predicted);
	}

	private static void text(Console console, String name, int processors, RealRuns.Timing single, RealRuns.Timing many,
			double real, List<Prediction> predictions, List<Integer> counts, int runs) {
		console.out().printf(Locale.ROOT, "%s: real speed-up on %d processors %.2f (%s on 1, %s on %d; median of %d %s)%n",
				name, processors, real, org.perfcast.engine.Quantities.seconds(single.median()), org.perfcast.engine.Quantities.seconds(many.median()), processors,
				runs,
				single.printed() ? "printed elapsed times" : "wall times");
		StringBuilder head = new StringBuilder(String.format("  %-22s %-16s", "model", processors + " (error)"));
		for (int n : counts.subList(1, counts.size())) {
			head.append(String.format(" %-9s", n));
		}
		console.out().println(head);
		for (SimulationModel model : MODELS) {
			Map<Integer, Prediction> byCount = byCount(predictions, model);
			Prediction first = byCount.get(processors);
			String label = model.id() + (model == SimulationModel.AUTO ? " (" + first.chosen().id() + ")" : "");
			StringBuilder line = new StringBuilder(String.format("  %-22s %-16s", label, error(real, first.speedup())));
			for (int n : counts.subList(1, counts.size())) {
				line.append(String.format(" %-9s", speedup(byCount.get(n).speedup())));
			}
			console.out().println(line);
		}
	}

	private static Map<Integer, Prediction> byCount(List<Prediction> predictions, SimulationModel model) {
		Map<Integer, Prediction> map = new LinkedHashMap<>();
		predictions.stream().filter(p -> p.model() == model).forEach(p -> map.put(p.processors(), p));
		return map;
	}

	/** The self-check's cell of a Markdown row: its deviation and unexplained time, and what makes it unreliable. */
	private static String selfCheckCell(SelfCheck check) {
		String text = (Double.isNaN(check.deviation()) ? "deadlocks on 1" : SelfCheck.percent(-check.deviation()))
				+ (check.threadsChecked() ? ", unexplained " + org.perfcast.engine.Quantities.seconds(check.unexplained()) : "");
		return check.reliable() ? text : "**unreliable** " + text;
	}

	private static void markdown(Console console, String name, int processors, double real, List<Prediction> predictions,
			List<Integer> counts, SelfCheck check) {
		StringBuilder row = new StringBuilder("| " + name + String.format(Locale.ROOT, " | %.2f", real));
		for (SimulationModel model : MODELS) {
			Prediction p = byCount(predictions, model).get(processors);
			row.append(" | ").append(error(real, p.speedup()));
			if (model == SimulationModel.AUTO) {
				row.append(" ").append(p.chosen().id());
			}
		}
		for (int n : counts.subList(1, counts.size())) {
			List<String> cells = new ArrayList<>();
			for (SimulationModel model : MODELS.subList(0, 3)) {
				cells.add(speedup(byCount(predictions, model).get(n).speedup()));
			}
			row.append(" | ").append(String.join(" / ", cells));
		}
		console.out().println(row.append(" | ").append(selfCheckCell(check)).append(" |"));
	}

	private static void json(Console console, String name, int processors, RealRuns.Timing single, RealRuns.Timing many,
			double real, List<Prediction> predictions, SelfCheck check, String unit) {
		StringBuilder json = new StringBuilder();
		json.append("{\"program\": ").append(Json.string(name)).append(", \"processors\": ").append(processors)
				.append(", \"real\": {\"one\": ").append(number(single.median())).append(", \"many\": ")
				.append(number(many.median())).append(", \"speedup\": ").append(number(real))
				.append(", \"printed\": ").append(single.printed() && many.printed()).append("}, \"predictions\": [");
		for (int i = 0; i < predictions.size(); i++) {
			Prediction p = predictions.get(i);
			json.append(i == 0 ? "" : ", ").append("{\"model\": ").append(Json.string(p.model().id())).append(", \"chosen\": ")
					.append(Json.string(p.chosen().id())).append(", \"processors\": ").append(p.processors())
					.append(", \"speedup\": ").append(p.speedup() == null ? "null" : number(p.speedup()))
					.append(", \"error\": ").append(p.speedup() == null || p.processors() != processors ? "null"
							: number(Math.abs(real - p.speedup()) / real))
					.append(", \"deadlock\": ").append(p.speedup() == null).append(", \"visibleProcessors\": ")
					.append(p.visible()).append('}');
		}
		console.out().println(json.append("], \"selfCheck\": ").append(TraceCommand.selfCheckJson(check, unit))
				.append('}'));
	}
}
