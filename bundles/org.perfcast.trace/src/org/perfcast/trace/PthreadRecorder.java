package org.perfcast.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Records a native program's threads (the VPPB Recorder for C and pthreads): the library {@code recorder.c},
 * shipped in this bundle and built with the system's C compiler into a cache folder, is preloaded into the
 * program, which runs pinned to one processor ({@code taskset -c 0}); at exit it writes the trace. Java
 * programs ({@code java ...}) are recorded by the Java agent instead ({@link JavaRecorder}).
 */
public final class PthreadRecorder {

	/** A recording that could not be made, with what to do about it. */
	public static final class RecorderException extends Exception {
		private static final long serialVersionUID = 1L;

		RecorderException(String message) {
			super(message);
		}
	}

	private PthreadRecorder() {
	}

	static Path onPath(String name) {
		return org.perfcast.engine.NativeTools.onPath(name);
	}

	/**
	 * The recorder library in {@code cache}, built with {@code cc} unless it is there for this source.
	 *
	 * @throws RecorderException when there is no C compiler or it fails
	 */
	public static Path library(Path cache) throws RecorderException, IOException {
		byte[] source = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "recorder.c");
		String hash = org.perfcast.engine.NativeTools.hash(source);
		Path dir = cache.resolve("recorder-" + hash);
		Path library = dir.resolve("librecorder.so");
		if (Files.isRegularFile(library)) {
			return library;
		}
		Path cc = onPath("cc");
		if (cc == null) {
			throw new RecorderException("no C compiler (cc) on the PATH to build the recorder; on Debian: apt-get "
					+ "install gcc libc6-dev");
		}
		Files.createDirectories(dir);
		org.perfcast.engine.NativeTools.write(dir.resolve("recorder.c"), source);
		String failure = org.perfcast.engine.NativeTools.build(library, out -> List.of(cc.toString(), "-O2", "-shared",
				"-fPIC", "-o", out.toString(), dir.resolve("recorder.c").toString(), "-ldl", "-pthread"));
		if (failure != null) {
			throw new RecorderException("could not build the recorder: " + failure);
		}
		return library;
	}

	/**
	 * Runs {@code command} on one processor with the recorder, writing the trace to {@code out}.
	 *
	 * @return the program's exit code
	 * @throws RecorderException when the program cannot be started or writes no trace
	 */
	public static int record(List<String> command, Path out, Path cache) throws RecorderException, IOException {
		return record(command, out, cache, ProcessBuilder.Redirect.INHERIT);
	}

	/**
	 * Runs {@code command} on one processor with the recorder, writing the trace to {@code out} and the program's
	 * standard output to {@code output}.
	 *
	 * @return the program's exit code
	 * @throws RecorderException when the program cannot be started or writes no trace
	 */
	public static int record(List<String> command, Path out, Path cache, ProcessBuilder.Redirect output)
			throws RecorderException, IOException {
		if (command.isEmpty()) {
			throw new RecorderException("no program to record");
		}
		if (JavaRecorder.isJava(command)) {
			return JavaRecorder.record(command, out, cache, output);
		}
		Path library = library(cache);
		return runPinned(command, Map.of("LD_PRELOAD", library.toString(), "PERFCAST_TRACE_OUT",
				out.toAbsolutePath().toString()), out, command.get(0), output);
	}

	/**
	 * A process builder that runs native {@code command} on one processor with the recorder, writing the trace to
	 * {@code out}, for callers that start, watch and may stop the program themselves (the IDE's recorded program
	 * launch): the command is pinned with {@code taskset} when there is one, and the environment, {@code environment}
	 * or else this process's, preloads the recorder ({@code LD_PRELOAD}, before any library the environment already
	 * preloads) and names the trace ({@code PERFCAST_TRACE_OUT}). The caller may set the directory.
	 *
	 * @param environment the program's environment, or null for this process's
	 * @throws RecorderException when there is no C compiler to build the recorder, or it fails
	 */
	public static ProcessBuilder builder(List<String> command, Map<String, String> environment, Path out, Path cache)
			throws RecorderException, IOException {
		if (command.isEmpty()) {
			throw new RecorderException("no program to record");
		}
		Path library = library(cache);
		List<String> full = new ArrayList<>();
		Path taskset = onPath("taskset");
		if (taskset != null) {
			full.addAll(List.of(taskset.toString(), "-c", "0"));
		}
		full.addAll(command);
		ProcessBuilder builder = new ProcessBuilder(full);
		Map<String, String> env = builder.environment();
		if (environment != null) {
			env.clear();
			env.putAll(environment);
		}
		String preload = env.get("LD_PRELOAD");
		env.put("LD_PRELOAD", preload == null || preload.isBlank() ? library.toString() : library + ":" + preload);
		env.put("PERFCAST_TRACE_OUT", out.toAbsolutePath().toString());
		return builder;
	}

	/**
	 * Runs {@code command} pinned to processor 0 (when {@code taskset} is there) with {@code environment} added,
	 * and checks that it wrote {@code out}.
	 *
	 * @return the program's exit code
	 */
	static int runPinned(List<String> command, Map<String, String> environment, Path out, String program,
			ProcessBuilder.Redirect output) throws RecorderException, IOException {
		List<String> full = new ArrayList<>();
		Path taskset = onPath("taskset");
		if (taskset != null) {
			full.addAll(List.of(taskset.toString(), "-c", "0"));
		}
		full.addAll(command);
		Files.deleteIfExists(out);
		ProcessBuilder builder = new ProcessBuilder(full).inheritIO().redirectOutput(output);
		builder.environment().putAll(environment);
		Process process;
		try {
			process = builder.start();
		} catch (IOException e) {
			throw new RecorderException("cannot start " + program + ": " + e.getMessage());
		}
		int status;
		try {
			status = process.waitFor();
		} catch (InterruptedException e) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", e);
		}
		if (!Files.isRegularFile(out)) {
			throw new RecorderException(program + " wrote no trace (exit code " + status + "): "
					+ (JavaRecorder.isJava(command.subList(0, 1)) ? "it must exit through the JVM's normal shutdown"
							: "it must be a dynamically linked program that exits normally"));
		}
		return status;
	}
}
