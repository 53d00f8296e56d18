package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.ShellWords;
import org.perfcast.revprof.Measurements;
import org.perfcast.revprof.MpiCharacterisation;

/** {@code perfcast characterise}: time the MPI functions of this machine for {@code perfcast fit}. */
final class CharacteriseCommand extends AbstractCommand {

	CharacteriseCommand() {
		super("characterise", "time this machine's MPI functions over process counts and message sizes", """
				usage: perfcast characterise [--np 2,4,8] [--sizes 0,1,4,...] [--repeat 5]
				                             [--functions MPI_Send,...] [--out FILE] [--timeout S]

				Compiles Perfcast's characterisation program with mpicc (once, into ~/.cache/perfcast) and
				runs it with mpirun for each process count (oversubscribed: more processes than cores is
				allowed; as root too). For each function and message size, each repetition starts after a
				barrier and records the slowest rank's time. Writes the measurements CSV
				(function,p,d,time; µs) for perfcast fit, showing progress on stderr. Needs Open MPI
				(Debian: apt-get install openmpi-bin libopenmpi-dev).
				  --np LIST         process counts (default 2,4,8; the fit needs at least two)
				  --sizes LIST      message sizes in bytes (default 1,4,16,32,64,256,1024,4096,16384,65536)
				  --repeat N        repetitions per function and size (default 5)
				  --functions LIST  default MPI_Send,MPI_Bcast,MPI_Reduce,MPI_Allreduce,MPI_Allgather,
				                    MPI_Alltoall,MPI_Gather,MPI_Scatter,MPI_Barrier
				  --out FILE        where to write (default measurements.csv)
				  --timeout S       end a run of mpirun, with its ranks, after S seconds (default: no limit)""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of(), Set.of("np", "sizes", "repeat", "functions", "out",
				"timeout"));
		java.time.Duration timeout = AccuracyCommand.timeout(arguments);
		if (!arguments.operands().isEmpty()) {
			throw new UsageException("unexpected " + arguments.operands().get(0));
		}
		List<Integer> processes = new ArrayList<>();
		for (long np : longs(arguments.value("np").orElse("2,4,8"), "--np", 1, 1024)) {
			processes.add((int) np);
		}
		List<Long> sizes = longs(arguments.value("sizes").orElse("1,4,16,32,64,256,1024,4096,16384,65536"), "--sizes",
				0, 1L << 26);
		int repeat = arguments.positive("repeat", 5);
		List<String> functions = arguments.value("functions").map(f -> List.of(f.split(","))).orElse(
				MpiCharacterisation.FUNCTIONS);
		for (String f : functions) {
			if (!MpiCharacterisation.FUNCTIONS.contains(f.strip())) {
				throw new UsageException("--functions: unknown " + f + "; known: " + String.join(", ",
						MpiCharacterisation.FUNCTIONS));
			}
		}
		Path out = Path.of(arguments.value("out").orElse("measurements.csv"));
		Path cache = org.perfcast.engine.NativeTools.cache();
		List<String> rows = new ArrayList<>();
		try {
			Path program = MpiCharacterisation.build(cache);
			for (int np : processes) {
				console.err().println("characterise: " + np + " process" + (np == 1 ? "" : "es") + " ...");
				rows.addAll(MpiCharacterisation.run(program, np, sizes, repeat, functions.stream().map(String::strip)
						.toList(), line -> console.err().println("  " + line), timeout));
			}
			org.perfcast.engine.SafeWrites.replace(out, Measurements.HEADER + "\n" + String.join("\n", rows) + "\n");
		} catch (MpiCharacterisation.MpiException e) {
			console.report(Diagnostic.error("revprof.mpi", e.getMessage(), Location.of("mpirun")));
			return ExitCode.INPUT_ERROR;
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.write", e.getMessage(), Location.of(out.toString())));
			return ExitCode.INPUT_ERROR;
		}
		console.out().println(rows.size() + " measurements of " + functions.size() + " functions on " + processes
				+ " processes: " + out);
		console.out().println("fit them with: " + ShellWords.join(List.of("perfcast", "fit", out.toString())) + " --datasheet DIR");
		return ExitCode.OK;
	}

	private static List<Long> longs(String text, String option, long min, long max) throws UsageException {
		List<Long> values = new ArrayList<>();
		for (String part : text.split(",")) {
			try {
				long v = Long.parseLong(part.strip());
				if (v < min || v > max) {
					throw new NumberFormatException();
				}
				values.add(v);
			} catch (NumberFormatException e) {
				throw new UsageException(option + " needs whole numbers from " + min + " to " + max + ", not '"
						+ part.strip() + "'");
			}
		}
		return values;
	}
}
