package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.model.results.Run;
import org.perfcast.results.export.CsvExport;
import org.perfcast.results.export.HtmlReport;
import org.perfcast.results.export.JsonExport;
import org.perfcast.results.io.ResultsFiles;

/** {@code perfcast report RESULTS...}: exports runs as an HTML report, CSV or JSON. */
final class ReportCommand extends AbstractCommand {

	ReportCommand() {
		super("report", "export runs (results files) as an HTML report, CSV, JSON or trace files", """
				usage: perfcast report RESULTS... [--html OUT.html] [--csv OUT.csv] [--json OUT.json] [--log-x] [--log-y]
				                       [--perfetto FILE] [--chrome-trace FILE] [--paraver DIR]

				RESULTS are *.results files or folders of them (oldest first). Writes at least one of:
				  --html OUT   a self-contained HTML report of every run: points, charts of the summary
				               values over the first swept parameter and of the series, Gantt charts of
				               the schedules (inline SVG, no external files)
				  --csv OUT    the summary values of one run, a row per point; its series go to
				               OUT with "-series" before the extension
				  --json OUT   the run as JSON (an array for several runs); keys in docs/formats.md
				  --log-x, --log-y   logarithmic chart axes in the HTML report
				""" + TraceExports.HELP);
	}

	/** {@code --json FILE} writes a file: stdout is not JSON. */
	@Override
	public boolean printsJson(List<String> args) {
		return false;
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("log-x", "log-y"), 
				TraceExports.with(Set.of("html", "csv", "json")));
		if (arguments.operands().isEmpty()) {
			throw new UsageException("missing RESULTS");
		}
		if (arguments.value("html").isEmpty() && arguments.value("csv").isEmpty() && arguments.value("json").isEmpty()
				&& !TraceExports.requested(arguments)) {
			throw new UsageException(
					"nothing to write: give --html, --csv or --json (or --perfetto, --chrome-trace or --paraver)");
		}
		List<Run> runs = new ArrayList<>();
		boolean errors = false;
		for (String operand : arguments.operands()) {
			try {
				for (Path file : files(Path.of(operand))) {
					runs.add(ResultsFiles.load(file));
				}
			} catch (IOException e) {
				console.report(Diagnostic.error("cli.results", "cannot read the results: " + e.getMessage(),
						Location.of(operand)));
				errors = true;
			}
		}
		if (errors || runs.isEmpty()) {
			if (!errors) {
				console.report(Diagnostic.error("cli.results", "no results files", Location.of(arguments.operands().get(0))));
			}
			return ExitCode.INPUT_ERROR;
		}
		if (arguments.value("csv").isPresent() && runs.size() != 1) {
			throw new UsageException("--csv exports one run, not " + runs.size());
		}
		try {
			if (arguments.value("html").isPresent()) {
				write(arguments.value("html").get(), HtmlReport.write(runs,
						new HtmlReport.Options(arguments.flag("log-x"), arguments.flag("log-y"))), console);
			}
			if (arguments.value("csv").isPresent()) {
				String csv = arguments.value("csv").get();
				write(csv, CsvExport.summary(runs.get(0)), console);
				write(seriesFile(csv), CsvExport.series(runs.get(0)), console);
			}
			if (arguments.value("json").isPresent()) {
				write(arguments.value("json").get(), runs.size() == 1 ? JsonExport.write(runs.get(0))
						: "[\n" + String.join(",\n", runs.stream().map(JsonExport::write).toList()) + "]\n", console);
			}
			TraceExports.write(runs, arguments, console);
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.write", "cannot write: " + e.getMessage(), Location.of("")));
			return ExitCode.INPUT_ERROR;
		}
		return ExitCode.OK;
	}

	/** {@code path} itself, or the results files in the folder {@code path}, oldest first. */
	private static List<Path> files(Path path) throws IOException {
		if (!Files.isDirectory(path)) {
			return List.of(path);
		}
		return ResultsFiles.list(path).reversed();
	}

	private static String seriesFile(String csv) {
		int dot = csv.lastIndexOf('.');
		return dot > Math.max(csv.lastIndexOf('/'), 0) ? csv.substring(0, dot) + "-series" + csv.substring(dot)
				: csv + "-series";
	}

	private static void write(String file, String text, Console console) throws IOException {
		Path path = Path.of(file);
		if (path.toAbsolutePath().getParent() != null) {
			Files.createDirectories(path.toAbsolutePath().getParent());
		}
		org.perfcast.engine.SafeWrites.replace(path, text);
		console.out().println("wrote " + file);
	}
}
