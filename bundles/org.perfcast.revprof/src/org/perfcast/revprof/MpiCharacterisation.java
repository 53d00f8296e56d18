package org.perfcast.revprof;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Runs the characterisation program ({@code characterise.c}, shipped in this bundle) with the system's MPI:
 * compiles it with {@code mpicc} once into a cache folder, then for each process count runs it with
 * {@code mpirun} (oversubscribed, so that more processes than cores is fine; allowed as root) and collects the
 * measurements CSV.
 */
public final class MpiCharacterisation {

	/** The MPI functions timed by default. */
	public static final List<String> FUNCTIONS = List.of("MPI_Send", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce",
			"MPI_Allgather", "MPI_Alltoall", "MPI_Gather", "MPI_Scatter", "MPI_Barrier");

	/** An MPI that cannot be used, with what to do about it. */
	public static final class MpiException extends Exception {
		private static final long serialVersionUID = 1L;

		MpiException(String message) {
			super(message);
		}
	}

	private MpiCharacterisation() {
	}

	static @Nullable Path onPath(String name) {
		return org.perfcast.engine.NativeTools.onPath(name);
	}

	/**
	 * Open MPI's {@code mpirun}.
	 *
	 * @throws MpiException when it is not on the {@code PATH}
	 */
	static Path mpirun() throws MpiException {
		Path mpirun = onPath("mpirun");
		if (mpirun == null) {
			throw new MpiException("Open MPI is not installed (no mpirun on the PATH); on Debian: apt-get install "
					+ "openmpi-bin libopenmpi-dev");
		}
		return mpirun;
	}

	/**
	 * The characterisation program, compiled into {@code cache} unless it is there already for this source.
	 *
	 * @throws MpiException when mpicc is missing or the compilation fails
	 */
	public static Path build(Path cache) throws MpiException, IOException {
		Path mpicc = onPath("mpicc");
		if (mpicc == null || onPath("mpirun") == null) {
			throw new MpiException("Open MPI is not installed (no mpicc or mpirun on the PATH); on Debian: apt-get install "
					+ "openmpi-bin libopenmpi-dev");
		}
		byte[] source = org.perfcast.engine.NativeTools.resource(MpiCharacterisation.class, "characterise.c");
		String hash = org.perfcast.engine.NativeTools.hash(source);
		Path program = cache.resolve("characterise-" + hash);
		Path c = cache.resolve("characterise-" + hash + ".c");
		if (!org.perfcast.engine.NativeTools.built(c)) {
			org.perfcast.engine.NativeTools.write(c, source);
		}
		String failure = org.perfcast.engine.NativeTools.build(program, out -> List.of(mpicc.toString(), "-O2", "-o",
				out.toString(), c.toString()));
		if (failure != null) {
			throw new MpiException("could not compile the characterisation program: " + failure);
		}
		return program;
	}

	/**
	 * Runs {@code program} on {@code np} processes, returning its CSV rows (without header) and passing its
	 * progress lines to {@code progress}.
	 *
	 * @throws MpiException when mpirun fails
	 */
	public static List<String> run(Path program, int np, List<Long> sizes, int repeat, List<String> functions,
			Consumer<String> progress) throws MpiException, IOException {
		return run(program, np, sizes, repeat, functions, progress, null);
	}

	/**
	 * {@link #run(Path, int, List, int, List, Consumer) run}, ending mpirun and its ranks after {@code timeout}
	 * (null: no limit).
	 *
	 * @throws org.perfcast.engine.Processes.TimeoutException when it took longer
	 */
	public static List<String> run(Path program, int np, List<Long> sizes, int repeat, List<String> functions,
			Consumer<String> progress, java.time.@Nullable Duration timeout) throws MpiException, IOException {
		List<String> command = new ArrayList<>(List.of(mpirun().toString(), "--oversubscribe", "-np",
				Integer.toString(np)));
		if ("root".equals(System.getProperty("user.name"))) {
			command.add("--allow-run-as-root");
		}
		command.add(program.toString());
		command.add(String.join(",", sizes.stream().map(String::valueOf).toList()));
		command.add(Integer.toString(repeat));
		command.add(String.join(",", functions));
		ProcessBuilder builder = new ProcessBuilder(command);
		builder.environment().put("OMPI_ALLOW_RUN_AS_ROOT", "1");
		builder.environment().put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
		builder.environment().put("OMPI_MCA_mpi_yield_when_idle", "1");
		Process process = builder.start();
		List<String> errors = java.util.Collections.synchronizedList(new ArrayList<>());
		Thread stderr = new Thread(() -> {
			try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(),
					StandardCharsets.UTF_8))) {
				for (String line = in.readLine(); line != null; line = in.readLine()) {
					if (line.startsWith("characterise: np")) {
						progress.accept(line.substring("characterise: ".length()));
					} else {
						errors.add(line);
					}
				}
			} catch (IOException e) {
				errors.add(e.getMessage());
			}
		}, "mpirun stderr");
		stderr.start();
		List<String> rows = java.util.Collections.synchronizedList(new ArrayList<>());
		Thread stdout = new Thread(() -> {
			try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
					StandardCharsets.UTF_8))) {
				for (String line = in.readLine(); line != null; line = in.readLine()) {
					if (!line.equals(Measurements.HEADER) && !line.isBlank()) {
						rows.add(line);
					}
				}
			} catch (IOException e) {
				errors.add(e.getMessage());
			}
		}, "mpirun stdout");
		stdout.start();
		try {
			int status = org.perfcast.engine.Processes.await(process, timeout, null, "mpirun -np " + np);
			stdout.join(2000);
			stderr.join(2000);
			if (status != 0) {
				throw new MpiException("mpirun -np " + np + " failed (exit code " + status + "):\n" + String.join("\n",
						errors.subList(Math.max(0, errors.size() - 10), errors.size())));
			}
		} catch (InterruptedException e) {
			org.perfcast.engine.Processes.end(process.toHandle());
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", e);
		}
		return new ArrayList<>(rows);
	}
}
