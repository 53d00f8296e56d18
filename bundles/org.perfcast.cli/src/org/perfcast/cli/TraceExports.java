package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.ResultsFactory;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.results.export.ChromeTraceExport;
import org.perfcast.results.export.ParaverExport;
import org.perfcast.results.export.PerfettoExport;
import org.perfcast.results.io.RunRecorder;
import org.perfcast.trace.OpenMpWords;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.TraceEngine;

/**
 * The trace-file exports of {@code perfcast report} (and {@code perfcast trace}): {@code --perfetto FILE} (a
 * Perfetto protobuf trace), {@code --chrome-trace FILE} (Chrome's Trace Event JSON) and {@code --paraver DIR}
 * (Paraver's .prv, .pcf and .row), every schedule of every run, interval labels in the Results view's words.
 */
final class TraceExports {

	/** The options that take a value. */
	static final Set<String> OPTIONS = Set.of("perfetto", "chrome-trace", "paraver");

	/** The lines of the commands' help. */
	static final String HELP = """
			  --perfetto FILE      the schedules as a Perfetto trace (ui.perfetto.dev): a process per
			                       run and point, a thread per timeline, flows for messages
			  --chrome-trace FILE  the schedules as Chrome Trace Event JSON (chrome://tracing)
			  --paraver DIR        the schedules as a Paraver trace: DIR/NAME.prv, .pcf and .row
			""".stripTrailing();

	private TraceExports() {
	}

	/** {@code valued}, a command's other options with a value, and {@link #OPTIONS}. */
	static Set<String> with(Set<String> valued) {
		Set<String> all = new java.util.HashSet<>(valued);
		all.addAll(OPTIONS);
		return all;
	}

	/** Whether {@code arguments} ask for a trace file. */
	static boolean requested(Arguments arguments) {
		return OPTIONS.stream().anyMatch(o -> arguments.value(o).isPresent());
	}

	/** Writes the trace files {@code arguments} ask for, saying which on the console. */
	static void write(List<Run> runs, Arguments arguments, Console console) throws IOException {
		if (arguments.value("perfetto").isPresent()) {
			Path file = file(arguments.value("perfetto").get());
			PerfettoExport.write(runs, OpenMpWords::detail, file);
			console.out().println("wrote " + arguments.value("perfetto").get());
		}
		if (arguments.value("chrome-trace").isPresent()) {
			Path file = file(arguments.value("chrome-trace").get());
			ChromeTraceExport.write(runs, OpenMpWords::detail, file);
			console.out().println("wrote " + arguments.value("chrome-trace").get());
		}
		if (arguments.value("paraver").isPresent()) {
			Path prv = ParaverExport.write(runs, OpenMpWords::detail, Path.of(arguments.value("paraver").get()));
			console.out().println("wrote " + prv + " (with .pcf and .row)");
		}
	}

	/**
	 * {@code perfcast trace … --perfetto FILE}: the simulation's timelines as a Perfetto trace, one process named
	 * "trace on FILE [processors=N]"; false (and an error on the console) if it cannot be written. "wrote FILE" goes
	 * to the error stream, so that the standard output stays the command's (its JSON with --json).
	 */
	static boolean perfetto(Simulation simulation, String trace, int processors, String unit, String out,
			Console console) {
		Run run = ResultsFactory.eINSTANCE.createRun();
		run.setEngineId("trace");
		run.getInputFiles().add(trace);
		RunPoint point = ResultsFactory.eINSTANCE.createRunPoint();
		Binding binding = ResultsFactory.eINSTANCE.createBinding();
		binding.setName("processors");
		binding.setValue(processors);
		point.getBindings().add(binding);
		point.getSchedules().add(RunRecorder.schedule(TraceEngine.schedule(simulation, trace, unit)));
		run.getPoints().add(point);
		try {
			PerfettoExport.write(List.of(run), OpenMpWords::detail, file(out));
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.write", "cannot write: " + e.getMessage(), Location.of(out)));
			return false;
		}
		console.err().println("wrote " + out);
		return true;
	}

	private static Path file(String name) throws IOException {
		Path path = Path.of(name);
		Path parent = path.toAbsolutePath().getParent();
		if (parent != null) {
			Files.createDirectories(parent);
		}
		return path;
	}
}
