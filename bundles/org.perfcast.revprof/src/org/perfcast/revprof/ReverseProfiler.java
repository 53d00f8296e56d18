package org.perfcast.revprof;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs an MPI program under reverse profiling (section 4 of the paper): the library {@code revprof.c} (shipped
 * in this bundle, built with mpicc into a cache folder) is preloaded into every rank, advances each rank's
 * simulated time with the equations of a characterisation's summary file and {@code PERFCAST_COMPUTE(n)} ×
 * the compute step, and logs what each rank did; this class compiles the program, runs it with mpirun and
 * reads the logs back.
 */
public final class ReverseProfiler {

	/**
	 * One thing a rank did, in simulated µs.
	 *
	 * @param kind  "compute", "send", "recv" or "coll"
	 * @param start its start
	 * @param end   its end
	 * @param peer  the other rank of a send or receive, else -1
	 * @param bytes the message size
	 * @param name  the MPI function, or "compute"
	 */
	public record Event(String kind, double start, double end, int peer, long bytes, String name) {
	}

	/**
	 * A rank's simulated execution.
	 *
	 * @param rank   the rank
	 * @param events what it did, in order
	 * @param end    its simulated time at MPI_Finalize
	 */
	public record Rank(int rank, List<Event> events, double end) {
		public Rank {
			events = List.copyOf(events);
		}
	}

	/**
	 * The prediction of one run.
	 *
	 * @param ranks  every rank's events
	 * @param output what the program printed
	 */
	public record Prediction(List<Rank> ranks, String output) {
		public Prediction {
			ranks = List.copyOf(ranks);
		}

		/** The predicted run time: the latest rank's end. */
		public double time() {
			return ranks.stream().mapToDouble(Rank::end).max().orElse(0);
		}
	}

	private ReverseProfiler() {
	}

	/**
	 * The folder in {@code cache} holding {@code librevprof.so} and {@code perfcast.h}, built unless there.
	 *
	 * @throws MpiCharacterisation.MpiException when mpicc is missing or fails
	 */
	public static Path library(Path cache) throws MpiCharacterisation.MpiException, IOException {
		byte[] source = org.perfcast.engine.NativeTools.resource(ReverseProfiler.class, "revprof.c");
		byte[] header = org.perfcast.engine.NativeTools.resource(ReverseProfiler.class, "perfcast.h");
		Path dir = cache.resolve("revprof-" + org.perfcast.engine.NativeTools.hash(source, header));
		Path library = dir.resolve("librevprof.so");
		if (!Files.isRegularFile(dir.resolve("perfcast.h"))) {
			Files.createDirectories(dir);
			org.perfcast.engine.NativeTools.write(dir.resolve("revprof.c"), source);
			org.perfcast.engine.NativeTools.write(dir.resolve("perfcast.h"), header);
		}
		compile(library, out -> List.of("-O2", "-shared", "-fPIC", "-o", out.toString(), dir.resolve("revprof.c")
				.toString(), "-lm"));
		return dir;
	}

	/**
	 * {@code program} (a C source) compiled against {@code perfcast.h} into {@code cache}, unless there for
	 * this source.
	 */
	public static Path compileProgram(Path program, Path cache) throws MpiCharacterisation.MpiException,
			IOException {
		Path lib = library(cache);
		byte[] source = Files.readAllBytes(program);
		String name = program.getFileName().toString().replaceFirst("\\.c$", "");
		Path binary = lib.resolve(name + "-" + org.perfcast.engine.NativeTools.hash(source, program.toAbsolutePath().toString().getBytes(
				StandardCharsets.UTF_8)));
		compile(binary, out -> List.of("-O2", "-I", lib.toString(), "-I", program.toAbsolutePath().getParent().toString(),
				"-o", out.toString(), program.toString(), "-lm"));
		return binary;
	}

	/** Builds {@code target} with mpicc and the arguments {@code args} gives for an output file. */
	private static void compile(Path target, java.util.function.Function<Path, List<String>> args)
			throws MpiCharacterisation.MpiException, IOException {
		Path mpicc = MpiCharacterisation.onPath("mpicc");
		if (mpicc == null) {
			throw new MpiCharacterisation.MpiException("Open MPI is not installed (no mpicc on the PATH); on Debian: "
					+ "apt-get install openmpi-bin libopenmpi-dev");
		}
		String failure = org.perfcast.engine.NativeTools.build(target, out -> {
			List<String> command = new ArrayList<>(List.of(mpicc.toString()));
			command.addAll(args.apply(out));
			return command;
		});
		if (failure != null) {
			throw new MpiCharacterisation.MpiException(failure);
		}
	}

	/**
	 * Runs {@code binary} with {@code args} on {@code np} processes under reverse profiling with the equations
	 * of {@code summary} and {@code step} µs per compute step.
	 *
	 * @throws MpiCharacterisation.MpiException when mpirun or the program fails
	 */
	public static Prediction run(Path binary, List<String> args, int np, Path summary, double step, Path cache)
			throws MpiCharacterisation.MpiException, IOException {
		if (!Files.isRegularFile(summary)) {
			throw new IOException("no summary file " + summary + " (perfcast fit ... --datasheet DIR writes "
					+ "DIR/revprof-summary.txt)");
		}
		Path lib = library(cache).resolve("librevprof.so");
		Path logs = Files.createTempDirectory("perfcast-revprof-");
		try {
			List<String> command = new ArrayList<>(List.of(MpiCharacterisation.onPath("mpirun").toString(),
					"--oversubscribe", "-np", Integer.toString(np)));
			if ("root".equals(System.getProperty("user.name"))) {
				command.add("--allow-run-as-root");
			}
			for (String env : List.of("LD_PRELOAD=" + lib, "PERFCAST_REVPROF_SUMMARY=" + summary.toAbsolutePath(),
					"PERFCAST_REVPROF_OUT=" + logs, "PERFCAST_REVPROF_STEP=" + step)) {
				command.add("-x");
				command.add(env);
			}
			command.add(binary.toString());
			command.addAll(args);
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
			builder.environment().put("OMPI_ALLOW_RUN_AS_ROOT", "1");
			builder.environment().put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
			builder.environment().put("OMPI_MCA_mpi_yield_when_idle", "1");
			Process process = builder.start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			int status;
			try {
				status = process.waitFor();
			} catch (InterruptedException e) {
				process.destroyForcibly();
				Thread.currentThread().interrupt();
				throw new IOException("interrupted", e);
			}
			if (status != 0) {
				throw new MpiCharacterisation.MpiException("the program failed under mpirun -np " + np + " (exit code "
						+ status + "):\n" + output.strip());
			}
			List<Rank> ranks = new ArrayList<>();
			for (int r = 0; r < np; r++) {
				ranks.add(readLog(logs.resolve("rank" + r + ".log"), r));
			}
			return new Prediction(ranks, output);
		} finally {
			try (var files = Files.list(logs)) {
				for (Path f : files.toList()) {
					Files.deleteIfExists(f);
				}
			}
			Files.deleteIfExists(logs);
		}
	}

	/** Reads a rank's log. */
	static Rank readLog(Path log, int rank) throws IOException, MpiCharacterisation.MpiException {
		if (!Files.isRegularFile(log)) {
			throw new MpiCharacterisation.MpiException("rank " + rank + " wrote no log: does the program call MPI_Init "
					+ "and MPI_Finalize?");
		}
		List<Event> events = new ArrayList<>();
		double end = Double.NaN;
		for (String line : Files.readAllLines(log)) {
			String[] f = line.strip().split("\\s+");
			if (f.length == 2 && f[0].equals("end")) {
				end = Double.parseDouble(f[1]);
			} else if (f.length == 6) {
				events.add(new Event(f[0], Double.parseDouble(f[1]), Double.parseDouble(f[2]), Integer.parseInt(f[3]),
						Long.parseLong(f[4]), f[5]));
			}
		}
		if (Double.isNaN(end)) {
			throw new MpiCharacterisation.MpiException("rank " + rank + "'s log has no end: the program did not reach "
					+ "MPI_Finalize");
		}
		return new Rank(rank, events, end);
	}
}
