package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ShellWords;
import org.perfcast.loggp.MpiTrace;
import org.perfcast.revprof.MpiCharacterisation;
import org.perfcast.revprof.ReverseProfiler;

/** {@code perfcast record-mpi -- PROGRAM}: a time-independent trace of an MPI run, for {@code perfcast replay}. */
final class RecordMpiCommand extends AbstractCommand {

	RecordMpiCommand() {
		super("record-mpi", "record an MPI run as a time-independent trace for perfcast replay", """
				usage: perfcast record-mpi [--np 4] [--out DIR] [--timeout S] -- PROGRAM [ARGS...]

				Runs PROGRAM (a binary dynamically linked to Open MPI, or a C source, compiled with mpicc)
				under mpirun -np N (oversubscribed) with Perfcast's PMPI library preloaded in trace mode:
				each rank writes DIR/rank-R.txt, one line per event (computation between MPI calls on the
				rank's CPU clock, every MPI operation with peer, tag, communicator, bytes and request),
				and DIR/trace.mpitrace indexes them. Replay with: perfcast replay DIR.
				  --np N        processes (default 4)
				  --out DIR     the trace folder (default mpi-trace)
				  --timeout S   end mpirun, with every rank, after S seconds (default: no limit)""");
	}

	/** The program an operand names: a file, or a command name as mpirun and a shell take it (hpcc: /usr/bin/hpcc). */
	static Path program(String operand) {
		Path program = Path.of(operand);
		if (!Files.isRegularFile(program) && !operand.contains("/")) {
			Path found = org.perfcast.engine.NativeTools.onPath(operand);
			return found != null ? found : program;
		}
		return program;
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of(), Set.of("np", "out", "timeout"));
		java.time.Duration timeout = AccuracyCommand.timeout(arguments);
		if (arguments.operands().isEmpty()) {
			throw new UsageException("no program: perfcast record-mpi [options] -- PROGRAM [ARGS...]");
		}
		int np = arguments.positive("np", 4);
		Path out = Path.of(arguments.value("out").orElse("mpi-trace"));
		Path program = program(arguments.operands().get(0));
		List<String> programArgs = arguments.operands().subList(1, arguments.operands().size());
		if (!Files.isRegularFile(program)) {
			console.report(Diagnostic.error("cli.noFile", "no such program", Location.of(program.toString())));
			return ExitCode.INPUT_ERROR;
		}
		Path cache = org.perfcast.engine.NativeTools.cache();
		try {
			Path binary = program.toString().endsWith(".c") ? ReverseProfiler.compileProgram(program, cache)
					: program.toAbsolutePath();
			String output = ReverseProfiler.record(binary, programArgs, np, out, cache, timeout, null);
			if (!output.isBlank()) {
				console.err().print(output.endsWith("\n") ? output : output + "\n");
			}
			MpiTrace trace = MpiTrace.read(out, out.toString(), EngineMonitor.NULL);
			MpiTrace.Counts counts = trace.counts(EngineMonitor.NULL);
			console.out().println("trace of " + trace.P() + " ranks, " + counts.operations() + " operations, "
					+ counts.messages() + " messages (collectives decomposed): " + out.resolve("trace.mpitrace"));
			console.out().println("replay it with: " + ShellWords.join(List.of("perfcast", "replay", out.toString())));
			return ExitCode.OK;
		} catch (MpiCharacterisation.MpiException e) {
			console.report(Diagnostic.error("revprof.mpi", e.getMessage(), Location.of("mpirun")));
		} catch (org.perfcast.engine.Processes.TimeoutException e) {
			console.report(Diagnostic.error("revprof.timeout", e.getMessage(), Location.of("mpirun")));
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.write", e.getMessage(), Location.of(out.toString())));
		} catch (EngineException e) {
			e.diagnostics().forEach(console::report);
		}
		return ExitCode.INPUT_ERROR;
	}
}
