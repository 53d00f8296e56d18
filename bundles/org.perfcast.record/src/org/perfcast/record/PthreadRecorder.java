package org.perfcast.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Records a native program's threads (the VPPB Recorder for C and pthreads): the library {@code recorder.c} (with
 * {@code ompt.c}, the OpenMP part), shipped in this bundle and built with the system's C compiler into a cache
 * folder, is preloaded into the program, which runs pinned to one processor ({@code taskset -c 0}); at exit it
 * writes the trace. OpenMP programs run on LLVM's OpenMP runtime, which calls the recorder's OMPT tool
 * ({@link OpenMpRuntime}). Java
 * programs ({@code java ...}) are recorded by the Java agent instead ({@link JavaRecorder}).
 * <p>
 * Processes the program starts that load the recorder too (through fork, exec, {@code system}, {@code popen},
 * {@code posix_spawn}, or a shell script) write {@code NAME-PID.vtrace} next to the trace, unless {@code follow}
 * is off. After the run, the traces of single-threaded children are removed; when the program itself ran one thread
 * (a shell script, a launcher) and a child ran several, that child's trace becomes the trace, and the rest stays
 * as {@code NAME-PID.vtrace}. Code addresses become source lines ({@link SourceLines}).
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
		byte[] openMp = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "ompt.c");
		byte[] names = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "names.c");
		byte[] header = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "recorder.h");
		byte[] visible = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "visible.c");
		byte[] waits = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "waits.c");
		byte[] channels = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "channels.c");
		byte[] channelsHeader = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "channels.h");
		byte[] ipc = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "ipc.c");
		byte[] handoffs = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "handoffs.c");
		byte[] blocking = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "blocking.c");
		byte[] semaphores = org.perfcast.engine.NativeTools.resource(PthreadRecorder.class, "semaphores.c");
		String hash = org.perfcast.engine.NativeTools.hash(source, openMp, names, header, visible, waits, channels,
				channelsHeader, ipc, handoffs, blocking, semaphores);
		Path dir = cache.resolve("recorder-" + hash);
		Path library = dir.resolve("librecorder.so");
		if (org.perfcast.engine.NativeTools.built(library)) {
			return library;
		}
		Path cc = onPath("cc");
		if (cc == null) {
			throw new RecorderException("no C compiler (cc) on the PATH to build the recorder; on Debian: apt-get "
					+ "install gcc libc6-dev");
		}
		Files.createDirectories(dir);
		org.perfcast.engine.NativeTools.write(dir.resolve("recorder.c"), source);
		org.perfcast.engine.NativeTools.write(dir.resolve("ompt.c"), openMp);
		org.perfcast.engine.NativeTools.write(dir.resolve("names.c"), names);
		org.perfcast.engine.NativeTools.write(dir.resolve("recorder.h"), header);
		org.perfcast.engine.NativeTools.write(dir.resolve("visible.c"), visible);
		org.perfcast.engine.NativeTools.write(dir.resolve("waits.c"), waits);
		org.perfcast.engine.NativeTools.write(dir.resolve("channels.c"), channels);
		org.perfcast.engine.NativeTools.write(dir.resolve("channels.h"), channelsHeader);
		org.perfcast.engine.NativeTools.write(dir.resolve("ipc.c"), ipc);
		org.perfcast.engine.NativeTools.write(dir.resolve("handoffs.c"), handoffs);
		org.perfcast.engine.NativeTools.write(dir.resolve("blocking.c"), blocking);
		org.perfcast.engine.NativeTools.write(dir.resolve("semaphores.c"), semaphores);
		String failure = org.perfcast.engine.NativeTools.build(library, out -> List.of(cc.toString(), "-O2", "-shared",
				"-fPIC", "-fexceptions", "-o", out.toString(), dir.resolve("recorder.c").toString(),
				dir.resolve("ompt.c").toString(), dir.resolve("visible.c").toString(),
				dir.resolve("names.c").toString(), dir.resolve("waits.c").toString(), dir.resolve("channels.c")
						.toString(), dir.resolve("ipc.c").toString(), dir.resolve("handoffs.c").toString(),
				dir.resolve("blocking.c").toString(), dir.resolve("semaphores.c").toString(), "-ldl", "-pthread"));
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
		return record(command, out, cache, output, true, note -> {
		});
	}

	/**
	 * Runs {@code command} on one processor with the recorder, writing the trace to {@code out} and the program's
	 * standard output to {@code output}; the processes it starts are recorded too when {@code follow}.
	 *
	 * @param notes told what became of the processes' traces and what could not be recorded
	 * @return the program's exit code
	 * @throws RecorderException when the program cannot be started or writes no trace
	 */
	public static int record(List<String> command, Path out, Path cache, ProcessBuilder.Redirect output,
			boolean follow, Consumer<String> notes) throws RecorderException, IOException {
		return record(command, out, cache, output, follow, notes, Map.of());
	}

	/**
	 * {@link #record(List, Path, Path, ProcessBuilder.Redirect, boolean, Consumer) record}, with {@code variables}
	 * added to the program's environment (e.g. {@code OMP_NUM_THREADS}).
	 */
	public static int record(List<String> command, Path out, Path cache, ProcessBuilder.Redirect output,
			boolean follow, Consumer<String> notes, Map<String, String> variables) throws RecorderException,
			IOException {
		return record(command, out, cache, output, follow, notes, variables, null);
	}

	/**
	 * {@link #record(List, Path, Path, ProcessBuilder.Redirect, boolean, Consumer, Map) record}, ending the program
	 * and every process it started when it runs longer than {@code timeout} (null: no limit). The program sees the
	 * processors {@code variables} name ({@link VisibleProcessors#VARIABLE}), by default this machine's
	 * ({@link VisibleProcessors}).
	 *
	 * @throws org.perfcast.engine.Processes.TimeoutException when it did
	 */
	public static int record(List<String> command, Path out, Path cache, ProcessBuilder.Redirect output,
			boolean follow, Consumer<String> notes, Map<String, String> variables, java.time.Duration timeout)
			throws RecorderException, IOException {
		if (command.isEmpty()) {
			throw new RecorderException("no program to record");
		}
		int visible;
		try {
			visible = VisibleProcessors.of(variables);
		} catch (IllegalArgumentException e) {
			throw new RecorderException(e.getMessage());
		}
		if (JavaRecorder.isJava(command)) {
			return JavaRecorder.record(command, out, cache, output, timeout, visible);
		}
		try (org.perfcast.engine.NativeTools.Preload preload = org.perfcast.engine.NativeTools.preload(library(cache))) {
			Path library = preload.path();
			for (Path stale : children(out)) {
				Files.deleteIfExists(stale);
			}
			Map<String, String> environment = new HashMap<>();
			environment.put("LD_PRELOAD", library.toString());
			environment.put("PERFCAST_TRACE_OUT", out.toAbsolutePath().toString());
			environment.put("PERFCAST_FOLLOW", follow ? "1" : "0");
			String team = System.getenv("OMP_NUM_THREADS");
			if (team != null) {
				environment.put("OMP_NUM_THREADS", team);
			}
			environment.putAll(variables);
			environment.put(VisibleProcessors.VARIABLE, Integer.toString(visible));
			OpenMpRuntime.prepare(command.get(0), library, environment, notes);
			int status = runPinned(command, environment, out, command.get(0), output, timeout);
			settle(out, notes);
			return status;
		}
	}

	/** The traces of other processes next to {@code out}: NAME-PID.EXT. */
	public static List<Path> children(Path out) throws IOException {
		Path absolute = out.toAbsolutePath();
		String name = absolute.getFileName().toString();
		int dot = name.lastIndexOf('.');
		String stem = dot > 0 ? name.substring(0, dot) : name;
		String extension = dot > 0 ? name.substring(dot) : "";
		Pattern child = Pattern.compile(Pattern.quote(stem) + "-[0-9]+" + Pattern.quote(extension));
		if (!Files.isDirectory(absolute.getParent())) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(absolute.getParent())) {
			return files.filter(f -> child.matcher(f.getFileName().toString()).matches()).sorted().toList();
		}
	}

	/** Resolves source lines, drops single-threaded children, and makes the main program's trace {@code out}. */
	private static void settle(Path out, Consumer<String> notes) throws IOException {
		String remark = SourceLines.resolve(out);
		if (remark != null) {
			notes.accept(remark);
		}
		int threads = threads(out);
		java.util.TreeMap<Path, Integer> kept = new java.util.TreeMap<>(); // each kept child's thread count
		Path busiest = null;
		int dropped = 0;
		for (Path child : children(out)) {
			int n = threads(child);
			if (n <= 1) {
				Files.delete(child);
				dropped++;
				continue;
			}
			SourceLines.resolve(child);
			kept.put(child, n);
			if (busiest == null || n > kept.get(busiest)) {
				busiest = child;
			}
		}
		if (dropped > 0) {
			notes.accept(dropped + " single-threaded process" + (dropped == 1 ? "" : "es") + " the program started "
					+ (dropped == 1 ? "was" : "were") + " recorded and not kept");
		}
		if (threads <= 1 && busiest != null) {
			Path own = out.resolveSibling(out.getFileName().toString().replaceFirst("(\\.[^.]*)?$", "-" + processOf(out)
					+ "$1"));
			Files.move(out, own, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
			Files.move(busiest, out);
			notes.accept("the program ran one thread and started process " + pid(busiest) + ", which ran "
					+ kept.remove(busiest) + ": its trace is " + out + " (the program's own is " + own.getFileName() + ")");
			kept.put(own, threads);
		}
		kept.forEach((child, n) -> notes.accept("process " + pid(child) + " ran " + n + " threads: its trace is "
				+ child));
	}

	/** The process id in a child trace's name NAME-PID.EXT. */
	private static String pid(Path child) {
		return child.getFileName().toString().replaceAll(".*-([0-9]+)\\.[^.]*$", "$1");
	}

	/** How many threads a recorded trace has: its creates and its first thread. */
	private static int threads(Path trace) throws IOException {
		try (Stream<String> lines = Files.lines(trace, java.nio.charset.StandardCharsets.UTF_8)) {
			return 1 + (int) lines.filter(l -> !l.startsWith("@") && l.contains(" create ")).count(); // not in a name
		}
	}

	/** The process id a recorded trace names in its "# process PID" line, or "first". */
	private static String processOf(Path trace) throws IOException {
		try (Stream<String> lines = Files.lines(trace, java.nio.charset.StandardCharsets.UTF_8)) {
			return lines.limit(8).filter(l -> l.startsWith("# process ")).map(l -> l.split(" ")[2]).findFirst()
					.orElse("first");
		}
	}

	/**
	 * A process builder that runs native {@code command} on one processor with the recorder, writing the trace to
	 * {@code out}, for callers that start, watch and may stop the program themselves (the IDE's recorded program
	 * launch), as {@link #record(List, Path, Path, ProcessBuilder.Redirect, boolean, Consumer) record} does: the
	 * command is pinned with {@code taskset} when there is one, and the environment, {@code environment} or else this
	 * process's, preloads the recorder ({@code LD_PRELOAD}, before any library the environment already preloads),
	 * names the trace and follows child processes; the program sees the processors the environment names
	 * ({@link VisibleProcessors#VARIABLE}), by default this machine's. Stale traces of an earlier recording are deleted. The caller may set
	 * the directory, and calls {@link #finish(Path, Consumer)} once the program has ended.
	 *
	 * @param environment the program's environment, or null for this process's
	 * @throws RecorderException when there is no C compiler to build the recorder, or it fails
	 */
	public static ProcessBuilder builder(List<String> command, Map<String, String> environment, Path out, Path cache)
			throws RecorderException, IOException {
		return builder(command, environment, out, cache, note -> {
		});
	}

	/**
	 * {@link #builder(List, Map, Path, Path)}, telling {@code notes} how an OpenMP program is recorded (on which
	 * runtime, with which team).
	 */
	public static ProcessBuilder builder(List<String> command, Map<String, String> environment, Path out, Path cache,
			Consumer<String> notes) throws RecorderException, IOException {
		if (command.isEmpty()) {
			throw new RecorderException("no program to record");
		}
		// a temporary copy (a path with a space) lives until the JVM exits: the caller starts the process
		Path library = org.perfcast.engine.NativeTools.preload(library(cache)).path();
		Files.deleteIfExists(out);
		for (Path stale : children(out)) {
			Files.deleteIfExists(stale);
		}
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
		env.remove("PERFCAST_RECORDER_ROOT");
		String preload = env.get("LD_PRELOAD");
		env.put("LD_PRELOAD", preload == null || preload.isBlank() ? library.toString() : library + ":" + preload);
		env.put("PERFCAST_TRACE_OUT", out.toAbsolutePath().toString());
		env.put("PERFCAST_FOLLOW", "1");
		try {
			env.put(VisibleProcessors.VARIABLE, Integer.toString(VisibleProcessors.of(env)));
		} catch (IllegalArgumentException e) {
			throw new RecorderException(e.getMessage());
		}
		OpenMpRuntime.prepare(command.get(0), library, env, notes);
		return builder;
	}

	/**
	 * After a program started from {@link #builder} has ended: resolves the trace's source lines and settles the traces
	 * of the processes it started, as {@link #record(List, Path, Path, ProcessBuilder.Redirect, boolean, Consumer)
	 * record} does, telling {@code notes} what it did. Does nothing when there is no trace.
	 */
	public static void finish(Path out, Consumer<String> notes) throws IOException {
		if (Files.isRegularFile(out)) {
			settle(out, notes);
		}
	}

	/**
	 * Runs {@code command} pinned to processor 0 (when {@code taskset} is there) with {@code environment} added,
	 * and checks that it wrote {@code out}.
	 *
	 * @return the program's exit code
	 */
	static int runPinned(List<String> command, Map<String, String> environment, Path out, String program,
			ProcessBuilder.Redirect output, java.time.Duration timeout) throws RecorderException, IOException {
		List<String> full = new ArrayList<>();
		Path taskset = onPath("taskset");
		if (taskset != null) {
			full.addAll(List.of(taskset.toString(), "-c", "0"));
		}
		full.addAll(command);
		Files.deleteIfExists(out);
		ProcessBuilder builder = new ProcessBuilder(full).inheritIO().redirectOutput(output);
		builder.environment().remove("PERFCAST_RECORDER_ROOT");
		builder.environment().putAll(environment);
		Process process;
		try {
			process = builder.start();
		} catch (IOException e) {
			throw new RecorderException("cannot start " + program + ": " + e.getMessage());
		}
		int status = org.perfcast.engine.Processes.await(process, timeout, null, program);
		if (!Files.isRegularFile(out)) {
			throw new RecorderException(program + " wrote no trace (exit code " + status + "): "
					+ (JavaRecorder.isJava(command.subList(0, 1)) ? "it must exit through the JVM's normal shutdown"
							: "it must be a dynamically linked program that exits normally"));
		}
		return status;
	}
}
