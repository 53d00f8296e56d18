package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.perfcast.cluster.ClusterSweep;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.Quantities;
import org.perfcast.engine.Severity;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.PointOutcome;
import org.perfcast.engine.run.PointStatus;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepRunner;
import org.perfcast.model.results.Run;
import org.perfcast.results.export.JsonExport;
import org.perfcast.results.io.ResultsFiles;
import org.perfcast.results.io.RunComparison;
import org.perfcast.results.io.RunRecorder;

/**
 * {@code perfcast run ENGINE FILE}: runs a simulation engine over the points of its sweeps in parallel,
 * writes the run as a results file and says what changed since the last run of the same inputs. Ctrl-C
 * cancels the run, which is still written, as cancelled.
 */
final class RunCommand extends AbstractCommand {

	private final EngineRegistry engines;

	RunCommand(EngineRegistry engines) {
		super("run", "run a simulation engine with sweeps and write a results file", """
				usage: perfcast run ENGINE FILE [--set NAME=VALUE ...] [--sweep NAME=v1,v2,... | NAME=a..b:step ...]
				                    [--option NAME=VALUE ...] [--threads N] [--json] [--out DIR]
				                    [--slurm [--partition P] [--time T] [--points-per-task K]
				                     [--ssh [USER@]HOST --remote-dir DIR [--ssh-config FILE]] [--distribution DIR]]
				       perfcast run --resubmit FILE.results --slurm [the --slurm options]
				       perfcast run          (lists the engines and their options)

				Runs ENGINE on FILE once per point of the sweeps (several --sweep make a grid, the
				first varying slowest), in parallel, and writes the run to DIR/<start>-<engine>.results.
				Prints each point's summary values and what changed since the newest earlier run of the
				same inputs in DIR.
				  --set NAME=VALUE          bind a parameter at every point (repeatable)
				  --sweep NAME=v1,v2,...    a list of values; NAME=a..b:step an inclusive range
				  --option NAME=VALUE       an engine option (see the list of engines)
				  --threads N               run at most N points at once (default: the processors)
				  --out DIR                 where to write the results file (default: FILE's folder/results)
				  --json                    print the run as JSON (the report command's --json format)
				  --slurm                   submit the points as a SLURM job array (sbatch) and merge the
				                            tasks' results into the results file as they arrive; Ctrl-C
				                            cancels the job (scancel)
				  --partition P             the job's partition (default: the cluster's)
				  --time T                  each task's time limit, e.g. 10 or 1:30:00 (default: the partition's)
				  --points-per-task K       points run by each array task (default 1, more above 1000 points)
				  --ssh [USER@]HOST         submit on this login node through ssh (keys or agent, no password)
				  --remote-dir DIR          with --ssh: the folder on the cluster for the jobs' files
				  --ssh-config FILE         with --ssh: ssh's configuration file (ssh -F; default ~/.ssh/config)
				  --distribution DIR        where perfcast-cli is installed on the cluster (default: perfcast on PATH)
				  --resubmit FILE.results   run the failed, cancelled and missing points of FILE again on SLURM
				                            and merge them into FILE
				  --points SPEC --task-results FILE
				                            (what a SLURM task runs) only the points SPEC, e.g. 0..4,9, of the
				                            grid, written to FILE""");
		this.engines = engines;
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json", "slurm"), Set.of("set", "sweep", "option", "threads",
				"out", "partition", "time", "points-per-task", "ssh", "ssh-config", "remote-dir", "distribution", "resubmit",
				"points",
				"task-results", "display"));
		if (!arguments.flag("slurm")) {
			for (String option : List.of("partition", "time", "points-per-task", "ssh", "ssh-config", "remote-dir",
					"distribution")) {
				if (arguments.value(option).isPresent()) {
					throw new UsageException("--" + option + " is an option of --slurm runs; add --slurm");
				}
			}
		}
		if (arguments.value("resubmit").isPresent()) {
			if (!arguments.operands().isEmpty()) {
				throw new UsageException("--resubmit takes the run's engine and inputs from its results file, not ENGINE FILE");
			}
			return SlurmRun.resubmit(engines, Path.of(arguments.value("resubmit").get()), arguments, console);
		}
		if (arguments.operands().isEmpty()) {
			listEngines(console);
			return ExitCode.OK;
		}
		if (arguments.operands().size() != 2) {
			throw new UsageException("expected ENGINE FILE");
		}
		String id = arguments.operands().get(0);
		Engine engine = engines.engine(id).orElseThrow(() -> new UsageException("unknown engine '" + id + "'; "
				+ (engines.engines().isEmpty() ? "no engine is installed"
						: "available: " + engines.engines().stream().map(Engine::id).collect(Collectors.joining(", ")))));
		String file = arguments.operands().get(1);
		Path model = Path.of(file);
		if (!Files.isRegularFile(model)) {
			console.report(Diagnostic.error("cli.noFile", "cannot read the file: no such file", Location.of(file)));
			return ExitCode.INPUT_ERROR;
		}
		String extension = file.substring(file.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
		if (!engine.fileExtensions().contains(extension)) {
			console.report(Diagnostic.error("cli.fileType", engine.name() + " runs *." + String.join(", *.",
					engine.fileExtensions()) + " files", Location.of(file)));
			return ExitCode.INPUT_ERROR;
		}
		RunRequest request = request(arguments, engine, model);
		Path out = arguments.value("out").map(Path::of)
				.orElse(model.toAbsolutePath().getParent().resolve("results"));
		if (arguments.value("points").isPresent()) {
			return runTask(engine, request, arguments, console);
		}
		if (arguments.flag("slurm")) {
			return SlurmRun.run(engine, request, out, arguments, console);
		}
		SweepRunner runner = new SweepRunner(threads(arguments));
		try (Interruption interruption = new Interruption()) {
			RunOutcome outcome = runner.run(engine, request, interruption);
			Run run = RunRecorder.record(outcome);
			Path saved;
			Optional<Path> previous;
			try {
				saved = ResultsFiles.save(run, out);
				previous = ResultsFiles.previous(out, run, saved);
			} catch (IOException e) {
				console.report(Diagnostic.error("cli.write", "cannot write the results: " + e.getMessage(),
						Location.of(out.toString())));
				return ExitCode.INPUT_ERROR;
			}
			report(outcome, console, arguments.flag("json"));
			if (arguments.flag("json")) {
				console.out().print(JsonExport.write(run));
				console.err().println("results: " + saved);
			} else {
				console.out().println("run " + run.getStatus().getLiteral() + ": " + outcome.points().size() + " of "
						+ run.getPointCount() + " points in " + millis(outcome.wallTime().toNanos()) + "; results: "
						+ saved);
				previous.ifPresent(p -> changes(p, run, console));
			}
			return switch (outcome.status()) {
			case COMPLETED -> ExitCode.OK;
			case FAILED -> ExitCode.INPUT_ERROR;
			case CANCELLED -> ExitCode.CANCELLED;
			};
		}
	}

	/** A SLURM task's share: the points {@code --points} of the grid, written to {@code --task-results}. */
	private static int runTask(Engine engine, RunRequest request, Arguments arguments, Console console)
			throws UsageException {
		Path file = Path.of(arguments.value("task-results")
				.orElseThrow(() -> new UsageException("--points needs --task-results FILE")));
		List<Integer> points;
		try {
			points = ClusterSweep.parseSpec(arguments.value("points").get());
		} catch (IllegalArgumentException e) {
			throw new UsageException("--points " + e.getMessage());
		}
		RunOutcome outcome;
		try (Interruption interruption = new Interruption()) {
			outcome = new SweepRunner(threads(arguments)).run(engine, request, points, interruption);
		} catch (IllegalArgumentException e) {
			throw new UsageException("--points " + e.getMessage());
		}
		report(outcome, console, false);
		try {
			Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
			Files.write(temporary, ResultsFiles.toBytes(RunRecorder.record(outcome)));
			Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.write", "cannot write the results: " + e.getMessage(),
					Location.of(file.toString())));
			return ExitCode.INPUT_ERROR;
		}
		return outcome.status() == org.perfcast.engine.run.RunStatus.CANCELLED ? ExitCode.CANCELLED : ExitCode.OK;
	}

	/** Prints what changed since the newest earlier run of the same inputs in {@code dir}. */
	static void compareWithPrevious(Path dir, Run run, Path saved, Console console) {
		try {
			ResultsFiles.previous(dir, run, saved).ifPresent(p -> changes(p, run, console));
		} catch (IOException e) {
			console.report(Diagnostic.warning("cli.previous", "cannot compare: " + e.getMessage(),
					Location.of(dir.toString())));
		}
	}

	private static RunRequest request(Arguments arguments, Engine engine, Path model) throws UsageException {
		try {
			List<Sweep> sweeps = arguments.values("sweep").stream().map(Sweep::parse).toList();
			OptionValues options = OptionValues.parse(engine.options(), arguments.values("option"));
			return new RunRequest(model, arguments.value("display").orElse(DemoCommand.display(model)),
					arguments.bindings(), sweeps, options);
		} catch (IllegalArgumentException e) {
			throw new UsageException(e.getMessage());
		}
	}

	private static void report(RunOutcome outcome, Console console, boolean json) {
		for (PointOutcome point : outcome.points()) {
			switch (point.status()) {
			case PointStatus.Completed c -> {
				c.result().diagnostics().stream().filter(d -> d.severity() == Severity.WARNING).forEach(console::report);
				if (!json) {
					console.out().println(label(point) + c.result().summary().stream()
							.map(v -> v.name() + " = " + Quantities.format(v.value(), v.unit()))
							.collect(Collectors.joining(", ")) + "  (" + millis(point.wallTime().toNanos()) + ")");
				}
			}
			case PointStatus.Failed f -> f.diagnostics().forEach(console::report);
			case PointStatus.Cancelled c -> {
				if (!json) {
					console.out().println(label(point) + "cancelled");
				}
			}
			}
		}
	}

	private static void changes(Path previous, Run run, Console console) {
		try {
			RunComparison comparison = RunComparison.compare(ResultsFiles.load(previous), run);
			if (comparison.changes().isEmpty() && comparison.unmatched().isEmpty()) {
				console.out().println("unchanged since " + previous.getFileName());
			} else {
				console.out().println("changed since " + previous.getFileName() + ":");
				comparison.changes().forEach(c -> console.out().println("  " + c));
				comparison.unmatched().forEach(u -> console.out().println("  " + u));
			}
		} catch (IOException e) {
			console.report(Diagnostic.warning("cli.previous", "cannot compare: " + e.getMessage(),
					Location.of(previous.toString())));
		}
	}

	private void listEngines(Console console) {
		if (engines.engines().isEmpty()) {
			console.out().println("No simulation engine is installed.");
			return;
		}
		for (Engine engine : engines.engines()) {
			console.out().println(engine.id() + "  " + engine.name() + " " + engine.version() + "  (*."
					+ String.join(", *.", engine.fileExtensions().stream().sorted().toList()) + ")");
			for (OptionSpec option : engine.options()) {
				console.out().println("  --option " + option.name() + "=" + option.kind().name().toLowerCase(Locale.ROOT)
						+ (option.choices().isEmpty() ? "" : " {" + String.join("|", option.choices()) + "}")
						+ " (default " + option.defaultValue() + ")  " + option.help());
			}
		}
	}

	private static String label(PointOutcome point) {
		String bindings = point.bindings().toString();
		return bindings.isEmpty() ? "" : bindings + ": ";
	}

	/** A wall time for people to read: "12.39 s", "85.2 ms". */
	static String millis(long nanos) {
		return Quantities.nanos(nanos);
	}

	static int threads(Arguments arguments) throws UsageException {
		Optional<String> text = arguments.value("threads");
		if (text.isEmpty()) {
			return Runtime.getRuntime().availableProcessors();
		}
		try {
			int threads = Integer.parseInt(text.get().strip());
			if (threads >= 1) {
				return threads;
			}
		} catch (NumberFormatException e) {
			// reported below
		}
		throw new UsageException("--threads needs a whole number of at least 1, not '" + text.get() + "'");
	}
}
