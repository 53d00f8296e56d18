package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.PointStatus;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.RunStatus;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepRunner;
import org.perfcast.model.results.Run;
import org.perfcast.results.export.HtmlReport;
import org.perfcast.results.io.ResultsFiles;
import org.perfcast.results.io.RunRecorder;

/**
 * {@code perfcast demo}: runs every built-in engine on every example model it accepts, with a small sweep where
 * the demo has one for the model, prints each kind of warning a run's points give once (the assumptions behind
 * the engines' differences), and writes the results files and one HTML report of all the runs.
 */
final class DemoCommand extends AbstractCommand {

	/** The report's file name in the output folder. */
	static final String REPORT = "report.html";

	/** The sweep of each example model, by file name; other models run once with their defaults. */
	static final Map<String, String> SWEEPS = Map.of(
			"matvec.pamela", "P=2,3,4,5,6",
			"matvec.program", "P=2,3,4,5,6",
			"loop.program", "P=2,4,5,8,10",
			"matvec.glamis", "P=1,2,3,4,5,6,10,12,15,20,30,60",
			"matvec-split.glamis", "P=1,2,3,4,5,6,10,12,15,20,30,60",
			"p.vtrace", "processors=1,2,3,4",
			"outer.c", "np=1,2,4,8",
			"gauss-elim.program", "b=20,30,40,48,60,80,96,120,160",
			"bcast.program", "d=1,2,3,4,5,6",
			"random-steps.program", "P=2,8,64");

	/**
	 * The engines that run on some example models only, by engine id: the LogGP program simulation needs a
	 * machine with LogGP parameters, which of the examples only gauss-elim's and loggp-scale's have; reverse
	 * profiling needs an MPI program (the other C examples use threads).
	 */
	static final Map<String, Set<String>> ONLY = Map.of("loggp",
			Set.of("gauss-elim.program", "bcast.program", "random-steps.program"), "revprof", Set.of("outer.c"));

	/**
	 * Options of some runs, by engine id and model file name: the mapping engine's schedules of gauss-elim and of
	 * loggp-scale's scattered steps are left out (gauss-elim's 9 points' schedules made a 90 MB results file, the
	 * scattered steps' 3 points 0.8 MB of the report); the LogGP simulation's timelines of the same programs are
	 * in the report.
	 */
	static final Map<String, Map<String, String>> OPTIONS = Map.of("mapping gauss-elim.program",
			Map.of("schedule", "false"), "mapping random-steps.program", Map.of("schedule", "false"));

	private final EngineRegistry engines;

	DemoCommand(EngineRegistry engines) {
		super("demo", "run every engine on the example models and write an HTML report", """
				usage: perfcast demo [--out DIR] [--examples DIR] [--threads N]

				Runs each built-in engine on each example model it accepts (matvec-ring/matvec.pamela
				and matvec.program swept over P = 2 .. 6, linear-array/loop.program over P = 2, 4, 5, 8,
				10, the Glamis models matvec-ring/*.glamis over the divisors of 60 as in the
				paper's figure 7, the trace vppb/p.vtrace over 1 to 4 processors, the MPI program
				mpi-outer/outer.c reverse profiled on 1 to 8 processes when Open MPI is installed,
				gauss-elim/gauss-elim.program over block sizes b = 20 .. 160, loggp-scale's binomial
				broadcast over d = 1 .. 6 rounds and scattered steps on P = 2, 8, 64 processes, these
				three also by LogGP simulation), writes a results file per run and one self-contained HTML report of all runs
				(tables, charts over P, Gantt charts of schedules) to DIR/report.html, and prints
				the report's path. Ctrl-C cancels; the runs so far are still written.
				  --out DIR        where to write (default: perfcast-demo in the current folder;
				                   never inside the examples)
				  --examples DIR   the example projects (default: the examples next to the launcher)
				  --threads N      run at most N points at once (default: the processors)
				Exit code 0 when every run completed, 1 when a point failed, 130 when cancelled.""");
		this.engines = engines;
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of(), Set.of("out", "examples", "threads"));
		if (!arguments.operands().isEmpty()) {
			throw new UsageException("unexpected argument '" + arguments.operands().get(0) + "'");
		}
		Path examples = Path.of(arguments.value("examples").orElse(System.getProperty("perfcast.examples", "examples")));
		Path out = Path.of(arguments.value("out").orElse("perfcast-demo"));
		if (out.toAbsolutePath().normalize().startsWith(examples.toAbsolutePath().normalize())) {
			throw new UsageException("--out " + out + " is inside the examples " + examples + "; choose another folder");
		}
		SweepRunner runner = new SweepRunner(RunCommand.threads(arguments));
		List<Path> models;
		try {
			models = models(examples);
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.noExamples", "cannot read the example models: " + e.getMessage(),
					Location.of(examples.toString())));
			return ExitCode.INPUT_ERROR;
		}
		List<Run> runs = new ArrayList<>();
		boolean failed = false;
		try (Interruption interruption = new Interruption()) {
			for (Engine engine : engines.engines()) {
				if (engine.unavailable().isPresent()) {
					console.out().println(engine.id() + " skipped: " + engine.unavailable().get());
					continue;
				}
				for (Path model : models) {
					if (interruption.isCancelled() || !engine.fileExtensions().contains(extension(model))
							|| ONLY.containsKey(engine.id()) && !ONLY.get(engine.id()).contains(model.getFileName().toString())) {
						continue;
					}
					String display = display(model);
					String sweep = SWEEPS.get(model.getFileName().toString());
					console.out().println(engine.id() + " on " + display + (sweep == null ? "" : ", " + sweep) + " ...");
					RunRequest request = new RunRequest(model, display, ParameterBindings.EMPTY,
							sweep == null ? List.of() : List.of(Sweep.parse(sweep)), OptionValues.of(engine.options(),
									OPTIONS.getOrDefault(engine.id() + " " + model.getFileName(), Map.of())));
					RunOutcome outcome = runner.run(engine, request, interruption);
					Map<String, Diagnostic> warnings = new java.util.LinkedHashMap<>();
					outcome.points().forEach(p -> {
						if (p.status() instanceof PointStatus.Failed f) {
							f.diagnostics().forEach(console::report);
						} else if (p.status() instanceof PointStatus.Completed c) {
							c.result().diagnostics().stream().filter(d -> d.severity() == Severity.WARNING)
									.forEach(d -> warnings.putIfAbsent(d.code(), d));
						}
					});
					warnings.values().forEach(console::report);
					failed |= outcome.status() == RunStatus.FAILED;
					Run run = RunRecorder.record(outcome);
					runs.add(run);
					Path saved = ResultsFiles.save(run, out);
					console.out().println("  " + run.getStatus().getLiteral() + ": " + outcome.points().size() + " of "
							+ run.getPointCount() + " points in " + RunCommand.millis(outcome.wallTime().toNanos())
							+ "; results: " + saved);
				}
			}
			if (runs.isEmpty()) {
				console.report(Diagnostic.error("cli.noExamples", "no example model for any engine",
						Location.of(examples.toString())));
				return ExitCode.INPUT_ERROR;
			}
			Path report = out.resolve(REPORT);
			org.perfcast.engine.SafeWrites.replace(report, HtmlReport.write(runs, HtmlReport.Options.LINEAR));
			console.out().println("report: " + report);
			if (interruption.isCancelled()) {
				console.err().println("perfcast demo: cancelled");
				return ExitCode.CANCELLED;
			}
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.write", "cannot write the demo: " + e.getMessage(),
					Location.of(out.toString())));
			return ExitCode.INPUT_ERROR;
		}
		return failed ? ExitCode.INPUT_ERROR : ExitCode.OK;
	}

	/** The model files under {@code examples}, sorted by path. */
	private static List<Path> models(Path examples) throws IOException {
		if (!Files.isDirectory(examples)) {
			throw new IOException("no such folder");
		}
		try (Stream<Path> files = Files.walk(examples)) {
			return files.filter(Files::isRegularFile).sorted().toList();
		}
	}

	private static String extension(Path file) {
		String name = file.getFileName().toString();
		return name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
	}

	/**
	 * The model's path relative to the current folder when it lies below it, else absolute: how runs and reports
	 * name their input (also for {@code perfcast run}), so that a results file or report made in a checkout does
	 * not carry the path of the machine it was made on.
	 */
	static String display(Path model) {
		Path here = Path.of("").toAbsolutePath();
		Path absolute = model.toAbsolutePath().normalize();
		return absolute.startsWith(here) ? here.relativize(absolute).toString() : absolute.toString();
	}
}
