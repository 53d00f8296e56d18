package org.perfcast.revprof;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.TemporaryDirectory;

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
		byte[] fortran = org.perfcast.engine.NativeTools.resource(ReverseProfiler.class, "fortran.c");
		byte[] internal = org.perfcast.engine.NativeTools.resource(ReverseProfiler.class, "revprof.h");
		byte[] header = org.perfcast.engine.NativeTools.resource(ReverseProfiler.class, "perfcast.h");
		List<String> flags = List.of("-O2", "-shared", "-fPIC");
		Path dir = cache.resolve("revprof-" + org.perfcast.engine.NativeTools.hash(source, fortran, internal, header,
				String.join(" ", flags).getBytes(StandardCharsets.UTF_8), mpiVersion().getBytes(StandardCharsets.UTF_8)));
		Path library = dir.resolve("librevprof.so");
		if (!org.perfcast.engine.NativeTools.built(dir.resolve("perfcast.h"))) {
			org.perfcast.engine.NativeTools.write(dir.resolve("revprof.c"), source);
			org.perfcast.engine.NativeTools.write(dir.resolve("fortran.c"), fortran);
			org.perfcast.engine.NativeTools.write(dir.resolve("revprof.h"), internal);
			org.perfcast.engine.NativeTools.write(dir.resolve("perfcast.h"), header);
		}
		compile(library, out -> {
			List<String> args = new ArrayList<>(flags);
			args.addAll(List.of("-o", out.toString(), dir.resolve("revprof.c").toString(), dir.resolve("fortran.c")
					.toString(), "-lm"));
			return args;
		});
		return dir;
	}

	private static volatile @Nullable String mpiVersion;

	/** What {@code mpicc --showme:version} says (the MPI library's version), part of every build's name. */
	static String mpiVersion() throws MpiCharacterisation.MpiException, IOException {
		String version = mpiVersion;
		if (version == null) {
			Path mpicc = mpicc();
			Process process = new ProcessBuilder(mpicc.toString(), "--showme:version").redirectErrorStream(true).start();
			version = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
			try {
				process.waitFor();
			} catch (InterruptedException e) {
				process.destroyForcibly();
				Thread.currentThread().interrupt();
				throw new IOException("interrupted while running mpicc", e);
			}
			mpiVersion = version;
		}
		return version;
	}

	/**
	 * {@code program} (a C source) compiled against {@code perfcast.h} into {@code cache}, unless there for
	 * this source, the headers it includes (as {@code mpicc -M} lists them), the flags and the MPI version.
	 */
	public static Path compileProgram(Path program, Path cache) throws MpiCharacterisation.MpiException,
			IOException {
		Path lib = library(cache);
		String name = program.getFileName().toString().replaceFirst("\\.c$", "");
		List<String> flags = List.of("-O2", "-I", lib.toString(), "-I", program.toAbsolutePath().getParent().toString());
		List<byte[]> inputs = new ArrayList<>();
		inputs.add(program.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8));
		inputs.add(String.join("\0", flags).getBytes(StandardCharsets.UTF_8));
		inputs.add(mpiVersion().getBytes(StandardCharsets.UTF_8));
		for (Path file : dependencies(program, flags)) {
			inputs.add(file.toString().getBytes(StandardCharsets.UTF_8));
			inputs.add(Files.readAllBytes(file));
		}
		Path binary = lib.resolve(name + "-" + org.perfcast.engine.NativeTools.hash(inputs.toArray(byte[][]::new)));
		compile(binary, out -> {
			List<String> args = new ArrayList<>(flags);
			args.addAll(List.of("-o", out.toString(), program.toString(), "-lm"));
			return args;
		});
		return binary;
	}

	/**
	 * {@code mpirun} of {@code binary} with {@code args} on {@code np} processes (oversubscribed, allowed as root), each
	 * rank given the {@code variables} (NAME=VALUE).
	 */
	private static ProcessBuilder mpirun(int np, Path binary, List<String> args, List<String> variables)
			throws MpiCharacterisation.MpiException {
		List<String> command = new ArrayList<>(List.of(MpiCharacterisation.mpirun().toString(), "--oversubscribe", "-np",
				Integer.toString(np)));
		if ("root".equals(System.getProperty("user.name"))) {
			command.add("--allow-run-as-root");
		}
		for (String variable : variables) {
			command.add("-x");
			command.add(variable);
		}
		command.add(binary.toString());
		command.addAll(args);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		builder.environment().put("OMPI_ALLOW_RUN_AS_ROOT", "1");
		builder.environment().put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
		if (np > Runtime.getRuntime().availableProcessors()) {
			// only oversubscribed: a rank that yields in every poll spends far more time in polling loops, which
			// the CPU clock between MPI calls counts when the poll is not intercepted (MPI_Iprobe) or fails (MPI_Test)
			builder.environment().put("OMPI_MCA_mpi_yield_when_idle", "1");
		}
		return builder;
	}

	/** The files the preprocessor reads for {@code program}: the source and every header, from mpicc -M. */
	static List<Path> dependencies(Path program, List<String> flags) throws MpiCharacterisation.MpiException,
			IOException {
		List<String> command = new ArrayList<>(List.of(mpicc().toString()));
		command.addAll(flags);
		command.addAll(List.of("-M", program.toString()));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		try {
			if (process.waitFor() != 0) {
				throw new MpiCharacterisation.MpiException("mpicc failed (exit code " + process.exitValue() + "):\n"
						+ output.strip());
			}
		} catch (InterruptedException e) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IOException("interrupted while running mpicc", e);
		}
		return parseDependencies(output);
	}

	/** The prerequisites of make rules as {@code cc -M} writes them ("\ " an escaped space, "\" a continuation). */
	static List<Path> parseDependencies(String rules) {
		List<Path> files = new ArrayList<>();
		String text = rules.replace("\\\n", " ");
		int colon = text.indexOf(": ");
		StringBuilder word = new StringBuilder();
		for (int i = colon < 0 ? 0 : colon + 2; i <= text.length(); i++) {
			char c = i < text.length() ? text.charAt(i) : ' ';
			if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == ' ') {
				word.append(' ');
				i++;
			} else if (Character.isWhitespace(c)) {
				if (!word.isEmpty()) {
					files.add(Path.of(word.toString()));
					word.setLength(0);
				}
			} else {
				word.append(c);
			}
		}
		return files;
	}

	private static Path mpicc() throws MpiCharacterisation.MpiException {
		Path mpicc = MpiCharacterisation.onPath("mpicc");
		if (mpicc == null) {
			throw new MpiCharacterisation.MpiException("Open MPI is not installed (no mpicc on the PATH); on Debian: "
					+ "apt-get install openmpi-bin libopenmpi-dev");
		}
		return mpicc;
	}

	/** Builds {@code target} with mpicc and the arguments {@code args} gives for an output file. */
	private static void compile(Path target, java.util.function.Function<Path, List<String>> args)
			throws MpiCharacterisation.MpiException, IOException {
		Path mpicc = mpicc();
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
		return run(binary, args, np, summary, step, cache, 0);
	}

	/**
	 * As {@link #run(Path, List, int, Path, double, Path)}, ending mpirun and its ranks after {@code timeout}
	 * seconds (0: no limit), which then fails.
	 */
	public static Prediction run(Path binary, List<String> args, int np, Path summary, double step, Path cache,
			int timeout) throws MpiCharacterisation.MpiException, IOException {
		return run(binary, args, np, summary, step, cache, timeout > 0 ? java.time.Duration.ofSeconds(timeout) : null,
				null);
	}

	/**
	 * As {@link #run(Path, List, int, Path, double, Path)}, ending mpirun and its ranks after {@code timeout} (null:
	 * no limit; a {@link org.perfcast.engine.Processes.TimeoutException}) or when {@code monitor} is cancelled.
	 */
	public static Prediction run(Path binary, List<String> args, int np, Path summary, double step, Path cache,
			java.time.@Nullable Duration timeout, org.perfcast.engine.@Nullable EngineMonitor monitor)
			throws MpiCharacterisation.MpiException, IOException {
		return run(binary, args, np, summary, step, "steps", cache, timeout, monitor);
	}

	/**
	 * As {@link #run(Path, List, int, Path, double, Path, java.time.Duration, org.perfcast.engine.EngineMonitor)},
	 * with the computation between MPI calls {@code compute}: {@code steps} (only {@code PERFCAST_COMPUTE(n)}
	 * computes, n × step µs), {@code cpu} (also the time each rank computes between its MPI calls, measured on
	 * its thread CPU clock: a program without annotations) or {@code wall} (the same on the monotonic clock).
	 */
	public static Prediction run(Path binary, List<String> args, int np, Path summary, double step, String compute,
			Path cache, java.time.@Nullable Duration timeout, org.perfcast.engine.@Nullable EngineMonitor monitor)
			throws MpiCharacterisation.MpiException, IOException {
		if (!List.of("steps", "cpu", "wall").contains(compute)) {
			throw new IllegalArgumentException("compute must be steps, cpu or wall, not " + compute);
		}
		if (!Files.isRegularFile(summary)) {
			throw new IOException("no summary file " + summary + " (perfcast fit ... --datasheet DIR writes "
					+ "DIR/revprof-summary.txt)");
		}
		try (org.perfcast.engine.NativeTools.Preload preload = org.perfcast.engine.NativeTools.preload(library(cache)
				.resolve("librevprof.so")); TemporaryDirectory temporary = TemporaryDirectory.create("perfcast-revprof-")) {
			Path lib = preload.path();
			Path logs = temporary.path();
			ProcessBuilder builder = mpirun(np, binary, args, List.of("LD_PRELOAD=" + lib, "PERFCAST_REVPROF_SUMMARY="
					+ summary.toAbsolutePath(), "PERFCAST_REVPROF_OUT=" + logs, "PERFCAST_REVPROF_STEP=" + step,
					"PERFCAST_REVPROF_COMPUTE=" + compute));
			org.perfcast.engine.Processes.Finished finished = org.perfcast.engine.Processes.run(builder, timeout, monitor,
					"mpirun -np " + np);
			String output = finished.output();
			int status = finished.status();
			if (status != 0) {
				throw new MpiCharacterisation.MpiException("the program failed under mpirun -np " + np + " (exit code "
						+ status + "):\n" + output.strip());
			}
			List<Rank> ranks = new ArrayList<>();
			for (int r = 0; r < np; r++) {
				ranks.add(readLog(logs.resolve("rank" + r + ".log"), r));
			}
			return new Prediction(ranks, output);
		}
	}

	/**
	 * Runs {@code binary} (dynamically linked to Open MPI) with {@code args} on {@code np} processes with the
	 * library preloaded in trace mode ({@code PERFCAST_MPI_TRACE}): each rank writes {@code rank-R.txt} into
	 * {@code out} and rank 0 the index {@code trace.mpitrace}. No equations are needed. Returns the program's output.
	 *
	 * @throws MpiCharacterisation.MpiException when mpirun or the program fails, or the trace is incomplete
	 */
	public static String record(Path binary, List<String> args, int np, Path out, Path cache,
			java.time.@Nullable Duration timeout, org.perfcast.engine.@Nullable EngineMonitor monitor)
			throws MpiCharacterisation.MpiException, IOException {
		try (org.perfcast.engine.NativeTools.Preload preload = org.perfcast.engine.NativeTools.preload(library(cache)
				.resolve("librevprof.so"))) {
			Path lib = preload.path();
			Files.createDirectories(out);
			Files.deleteIfExists(out.resolve("trace.mpitrace"));
			String dir = out.toAbsolutePath().toString();
			if (dir.contains(" ")) {
				throw new IOException("the trace folder's path has a space, which mpirun -x cannot pass: " + dir);
			}
			ProcessBuilder builder = mpirun(np, binary, args, List.of("LD_PRELOAD=" + lib, "PERFCAST_MPI_TRACE=" + dir));
			org.perfcast.engine.Processes.Finished finished = org.perfcast.engine.Processes.run(builder, timeout, monitor,
					"mpirun -np " + np);
			if (finished.status() != 0) {
				throw new MpiCharacterisation.MpiException("the program failed under mpirun -np " + np + " (exit code "
						+ finished.status() + "):\n" + finished.output().strip());
			}
			if (!Files.isRegularFile(out.resolve("trace.mpitrace"))) {
				throw new MpiCharacterisation.MpiException("the program wrote no trace (does it call MPI_Finalize, and is it "
						+ "dynamically linked to Open MPI?):\n" + finished.output().strip());
			}
			return finished.output();
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
