package org.perfcast.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.Severity;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.SummaryValue;
import org.perfcast.engine.run.Table;
import org.perfcast.revprof.MpiCharacterisation;
import org.perfcast.revprof.ReverseProfiler;
import org.perfcast.revprof.RevprofEngine;

/**
 * {@code perfcast revprof -- PROGRAM}: reverse profiling of an MPI program as it is, a binary linked to Open MPI
 * (Debian's, say) or a C source, with the engine revprof's prediction.
 */
final class RevprofCommand extends AbstractCommand {

	RevprofCommand() {
		super("revprof", "predict an MPI program (a binary as shipped, or a C source) by reverse profiling", """
				usage: perfcast revprof [--np 2] [--summary FILE] [--compute cpu] [--step US] [--timeout S]
				                        [--json] -- PROGRAM [ARGS...]

				Runs PROGRAM (a binary dynamically linked to Open MPI, a command on the PATH such as hpcc,
				or a C source, compiled with mpicc) under mpirun -np N and on one process, with Perfcast's
				PMPI library preloaded: each rank's simulated time advances by the characterisation's
				equations at every MPI call, and by its computation between calls. Prints T, the one-process
				time, the speedup and a table per rank; warnings say which calls were extrapolated, lack an
				equation or are not covered. The engine revprof (perfcast run revprof FILE.c) does the same
				for C sources with sweeps and results files.
				  --np N         processes (default 2)
				  --summary FILE the equations: perfcast fit's revprof-summary.txt, or a machine model with MPI
				                 costs (*.machine) (default: revprof-summary.txt in the current folder)
				  --compute C    cpu (default: the computation between MPI calls measured on each rank's CPU
				                 clock, what a binary without annotations needs), wall, or steps
				                 (only PERFCAST_COMPUTE(n) × --step)
				  --step US      µs per compute step of PERFCAST_COMPUTE(n) (default 1)
				  --timeout S    end mpirun, with every rank, after S seconds (default: no limit)
				  --json         {"T", "T one process", "speedup", "unit", "computation" (steps, cpu or wall),
				                 "ranks": [{"rank", "end", "compute", "MPI and waiting"}], "warnings": [...]}""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"), Set.of("np", "summary", "compute", "step",
				"timeout"));
		java.time.Duration timeout = AccuracyCommand.timeout(arguments);
		if (arguments.operands().isEmpty()) {
			throw new UsageException("no program: perfcast revprof [options] -- PROGRAM [ARGS...]");
		}
		int np = arguments.positive("np", 2);
		String compute = arguments.value("compute").orElse("cpu");
		if (!List.of("steps", "cpu", "wall").contains(compute)) {
			throw new UsageException("--compute must be steps, cpu or wall, not '" + compute + "'");
		}
		double step;
		try {
			step = Double.parseDouble(arguments.value("step").orElse("1").strip());
		} catch (NumberFormatException e) {
			step = Double.NaN;
		}
		if (!(step >= 0) || Double.isInfinite(step)) {
			throw new UsageException("--step must be a finite number of µs >= 0, not '" + arguments.value("step")
					.orElse("") + "'");
		}
		Path summary = Path.of(arguments.value("summary").orElse("revprof-summary.txt")).toAbsolutePath();
		if (!Files.isRegularFile(summary)) {
			console.report(Diagnostic.error("cli.noFile", "no equations: perfcast characterise and perfcast fit "
					+ "--datasheet DIR write revprof-summary.txt", Location.of(summary.toString())));
			return ExitCode.INPUT_ERROR;
		}
		Path program = RecordMpiCommand.program(arguments.operands().get(0));
		if (!Files.isRegularFile(program)) {
			console.report(Diagnostic.error("cli.noFile", "no such program", Location.of(program.toString())));
			return ExitCode.INPUT_ERROR;
		}
		List<String> programArgs = arguments.operands().subList(1, arguments.operands().size());
		String name = program.getFileName().toString();
		EngineResult result;
		try {
			Path binary = name.endsWith(".c") ? ReverseProfiler.compileProgram(program,
					org.perfcast.engine.NativeTools.cache()) : program.toAbsolutePath();
			result = RevprofEngine.predict(binary, programArgs, np, summary, step, compute, timeout,
					EngineMonitor.NULL, program.toString());
		} catch (MpiCharacterisation.MpiException e) {
			console.report(Diagnostic.error("revprof.mpi", e.getMessage(), Location.of("mpirun")));
			return ExitCode.INPUT_ERROR;
		} catch (java.io.IOException e) {
			console.report(Diagnostic.error("revprof.io", e.getMessage(), Location.of(program.toString())));
			return ExitCode.INPUT_ERROR;
		} catch (EngineException e) {
			e.diagnostics().forEach(console::report);
			return ExitCode.INPUT_ERROR;
		}
		List<Diagnostic> warnings = result.diagnostics().stream().filter(d -> d.severity() == Severity.WARNING)
				.toList();
		Table ranks = result.tables().get(0);
		if (arguments.flag("json")) {
			StringBuilder s = new StringBuilder("{");
			for (SummaryValue v : result.summary()) {
				s.append(Json.string(v.name())).append(": ").append(Numbers.format(v.value())).append(", ");
			}
			s.append("\"unit\": \"µs\", \"computation\": ").append(Json.string(compute)).append(", \"ranks\": [");
			for (int r = 0; r < ranks.rows().size(); r++) {
				List<String> row = ranks.rows().get(r);
				s.append(r == 0 ? "" : ", ").append("{\"rank\": ").append(row.get(0)).append(", \"end\": ")
						.append(row.get(1)).append(", \"compute\": ").append(row.get(2))
						.append(", \"MPI and waiting\": ").append(row.get(3)).append('}');
			}
			s.append("], \"warnings\": [").append(warnings.stream().map(w -> Json.string(w.message()))
					.collect(Collectors.joining(", "))).append("]}");
			console.out().println(s);
		} else {
			warnings.forEach(console::report);
			console.out().printf("reverse profiling of %s on %d processes (computation: %s)%n", name, np, compute);
			console.out().printf("%6s %14s %14s %16s%n", "rank", "end", "compute", "MPI and waiting");
			for (List<String> row : ranks.rows()) {
				console.out().printf("%6s %14s %14s %16s%n", row.get(0), row.get(1), row.get(2), row.get(3));
			}
			console.out().println(result.summary().stream().map(v -> v.name() + " = " + org.perfcast.engine.Quantities
					.format(v.value(), v.unit())).collect(Collectors.joining(", ")));
		}
		return ExitCode.OK;
	}
}
