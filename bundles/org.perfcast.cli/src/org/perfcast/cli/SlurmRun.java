package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.perfcast.cluster.ClusterException;
import org.perfcast.cluster.ClusterSettings;
import org.perfcast.cluster.ClusterShell;
import org.perfcast.cluster.ClusterSweep;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.ShellWords;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.Sweep;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Message;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.RunStatus;
import org.perfcast.results.io.ResultsFiles;

/**
 * {@code perfcast run ... --slurm} and {@code perfcast run --resubmit FILE}: a sweep as a SLURM job array (see
 * {@link ClusterSweep}), printed as a local run prints, point by point as the tasks' results arrive.
 */
final class SlurmRun {

	/** How often the job and its results are polled, in milliseconds ({@code PERFCAST_SLURM_POLL_MILLIS}). */
	static final long POLL_MILLIS = 1000;

	private SlurmRun() {
	}

	/** The cluster settings of the command's options. */
	static ClusterSettings settings(Arguments arguments) throws UsageException {
		String ssh = arguments.value("ssh").orElse("");
		int at = ssh.indexOf('@');
		try {
			return new ClusterSettings(ssh.substring(at + 1), at < 0 ? "" : ssh.substring(0, at),
					arguments.value("remote-dir").orElse(""), arguments.value("partition").orElse(""),
					arguments.value("time").orElse(""), arguments.value("distribution").orElse(""),
					arguments.positive("points-per-task", 0));
		} catch (IllegalArgumentException e) {
			throw new UsageException(e.getMessage());
		}
	}

	/** Runs {@code request} on the cluster, the results going to a new file in {@code out}. */
	static int run(Engine engine, RunRequest request, Path out, Arguments arguments, Console console)
			throws UsageException {
		ClusterSweep sweep = sweep(arguments);
		try (Interruption interruption = new Interruption()) {
			ClusterSweep.Outcome outcome = sweep.run(engine, request, out, interruption, new Printer(console,
					arguments.flag("json")));
			return finish(outcome, Optional.of(out), arguments, console);
		} catch (ClusterException e) {
			console.report(Diagnostic.error("slurm.failed", e.getMessage(), Location.of(request.displayName())));
			return ExitCode.INPUT_ERROR;
		}
	}

	/** {@code perfcast run --resubmit FILE}: the failed, cancelled and missing points of FILE again. */
	static int resubmit(EngineRegistry engines, Path file, Arguments arguments, Console console) throws UsageException {
		Run run;
		try {
			run = ResultsFiles.load(file);
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.read", e.getMessage(), Location.of(file.toString())));
			return ExitCode.INPUT_ERROR;
		}
		Engine engine = engines.engine(run.getEngineId()).orElseThrow(
				() -> new UsageException(file + ": the engine '" + run.getEngineId() + "' is not installed"));
		String input = run.getInputFiles().isEmpty() ? "" : run.getInputFiles().get(0);
		Path model = Path.of(input);
		if (input.isEmpty() || !Files.isRegularFile(model)) {
			console.report(Diagnostic.error("cli.noFile", "the run's input '" + input
					+ "' is not found from this folder; resubmit from the folder the run was started in",
					Location.of(file.toString())));
			return ExitCode.INPUT_ERROR;
		}
		Map<String, Double> bindings = new LinkedHashMap<>();
		run.getBindings().forEach(b -> bindings.put(b.getName(), b.getValue()));
		Map<String, String> options = new LinkedHashMap<>();
		run.getOptions().forEach(o -> options.put(o.getName(), o.getValue()));
		RunRequest request;
		try {
			request = new RunRequest(model, input, ParameterBindings.of(bindings),
					run.getSweeps().stream().map(Sweep::parse).toList(), OptionValues.of(engine.options(), options));
		} catch (IllegalArgumentException e) {
			throw new UsageException(file + ": " + e.getMessage());
		}
		ClusterSweep sweep = sweep(arguments);
		try (Interruption interruption = new Interruption()) {
			return finish(sweep.resubmit(engine, file, request, interruption, new Printer(console,
					arguments.flag("json"))), Optional.empty(), arguments, console);
		} catch (ClusterException e) {
			console.report(Diagnostic.error("slurm.failed", e.getMessage(), Location.of(file.toString())));
			return ExitCode.INPUT_ERROR;
		}
	}

	private static ClusterSweep sweep(Arguments arguments) throws UsageException {
		ClusterSettings settings = settings(arguments);
		long poll = Optional.ofNullable(System.getenv("PERFCAST_SLURM_POLL_MILLIS")).map(Long::parseLong).orElse(POLL_MILLIS);
		return new ClusterSweep(settings, new ClusterShell(settings, Map.of(), arguments.value("ssh-config").orElse("")), poll);
	}

	private static int finish(ClusterSweep.Outcome outcome, Optional<Path> out, Arguments arguments, Console console) {
		Run run = outcome.run();
		long failed = run.getPoints().stream().filter(p -> p.getStatus() == RunStatus.FAILED).count();
		boolean json = arguments.flag("json");
		// with --json, stdout holds the run's JSON alone (as a local run's) and the rest goes to stderr
		java.io.PrintStream text = json ? console.err() : console.out();
		text.println("run " + run.getStatus().getLiteral() + ": " + run.getPoints().size() + " of "
				+ run.getPointCount() + " points (SLURM job " + outcome.jobId() + ") in "
				+ RunCommand.millis((long) (run.getWallTime() * 1e9)) + "; results: " + outcome.results());
		if (failed > 0 || run.getStatus() == RunStatus.CANCELLED) {
			text.println("to run the " + (failed > 0 ? failed + " failed" : "missing") + " points again: "
					+ ShellWords.join(resubmitCommand(outcome.results(), arguments)));
		}
		if (json) {
			console.out().print(org.perfcast.results.export.JsonExport.write(run));
		} else {
			out.ifPresent(dir -> RunCommand.compareWithPrevious(dir, run, outcome.results(), console));
		}
		return switch (run.getStatus()) {
		case COMPLETED -> ExitCode.OK;
		case FAILED -> ExitCode.INPUT_ERROR;
		case CANCELLED -> ExitCode.CANCELLED;
		};
	}

	/** {@code perfcast run --resubmit FILE --slurm} with this run's cluster options, one word per element. */
	private static List<String> resubmitCommand(Path results, Arguments arguments) {
		List<String> words = new ArrayList<>(List.of("perfcast", "run", "--resubmit", results.toString(), "--slurm"));
		for (String name : List.of("ssh", "ssh-config", "remote-dir", "distribution", "partition", "time", "points-per-task")) {
			arguments.value(name).ifPresent(v -> words.addAll(List.of("--" + name, v)));
		}
		return words;
	}

	/** Prints the job's progress when it changes and each point as it arrives. */
	private static final class Printer implements ClusterSweep.Listener {
		private final Console console;
		/** Where the job's lines go: stdout, or stderr when stdout is for the run's JSON. */
		private final java.io.PrintStream text;
		private String lastProgress = "";
		private String jobId = "";

		Printer(Console console, boolean json) {
			this.console = console;
			this.text = json ? console.err() : console.out();
		}

		@Override
		public void submitted(String job, int tasks, Path results) {
			jobId = job;
			text.println("SLURM job " + job + ": " + tasks + " task" + (tasks == 1 ? "" : "s")
					+ " submitted; results: " + results + " (Ctrl-C cancels the job)");
		}

		@Override
		public void progress(int pending, int running, int merged, int points) {
			String progress = "SLURM job " + jobId + ": " + pending + " pending, " + running + " running, " + merged
					+ " of " + points + " points merged";
			if (!progress.equals(lastProgress)) {
				console.err().println(progress);
				lastProgress = progress;
			}
		}

		@Override
		public void arrived(List<RunPoint> points) {
			for (RunPoint point : points) {
				Map<String, Double> bindings = new LinkedHashMap<>();
				for (Binding b : point.getBindings()) {
					bindings.put(b.getName(), b.getValue());
				}
				String label = bindings.isEmpty() ? "" : ParameterBindings.of(bindings) + ": ";
				switch (point.getStatus()) {
				case COMPLETED -> text.println(label + point.getValues().stream()
						.map(v -> v.getName() + " = " + org.perfcast.engine.Quantities.format(v.getValue(), v.getUnit()))
						.collect(Collectors.joining(", ")) + "  (" + RunCommand.millis((long) (point.getWallTime() * 1e9)) + ")");
				case FAILED -> point.getMessages().forEach(m -> console.report(diagnostic(point, label, m)));
				case CANCELLED -> text.println(label + "cancelled");
				}
			}
		}

		@Override
		public void warning(String message) {
			console.err().println("warning: " + message);
		}

		private static Diagnostic diagnostic(RunPoint point, String label, Message message) {
			String file = message.getLocation() == null || message.getLocation().getFile() == null ? ""
					: message.getLocation().getFile();
			Location location = message.getLocation() != null && message.getLocation().getLine() > 0
					? Location.at(file, message.getLocation().getLine(), Math.max(1, message.getLocation().getColumn()))
					: Location.of(file);
			return Diagnostic.error(message.getCode() == null ? "run.failed" : message.getCode(),
					"point " + point.getIndex() + " (" + label.replaceFirst(": $", "") + "): " + message.getText(), location);
		}
	}
}
