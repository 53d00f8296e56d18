package org.perfcast.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.perfcast.engine.NativeTools;

/**
 * How an OpenMP program is recorded: it runs on LLVM's OpenMP runtime ({@code libomp}), which loads the recorder's
 * OMPT tool ({@code ompt.c}) through {@code OMP_TOOL_LIBRARIES}. A program built with {@code clang -fopenmp} links
 * libomp itself; one built with {@code gcc -fopenmp} (or {@code gfortran}) links GCC's libgomp, whose {@code GOMP_*}
 * entry points libomp provides too, so libomp is preloaded in its place and the binary records as it is. A script
 * or a shell gets libomp preloaded as well, for the OpenMP programs it starts.
 */
public final class OpenMpRuntime {

	/** The OpenMP runtimes a program may link: GCC's, LLVM's, Intel's. */
	private static final Pattern LINKED = Pattern.compile("^\\s*(libgomp\\.so\\S*|libomp\\.so\\S*|libiomp5\\.so\\S*)"
			+ "\\s*=>\\s*(\\S+)", Pattern.MULTILINE);

	/** Where Debian and other distributions put LLVM's runtime, when {@code ldconfig} does not list it. */
	private static final List<String> LIBOMP_PLACES = List.of("/usr/lib/x86_64-linux-gnu/libomp.so.5",
			"/usr/lib/aarch64-linux-gnu/libomp.so.5", "/usr/lib64/libomp.so", "/usr/lib/libomp.so.5",
			"/usr/local/lib/libomp.so.5");

	private OpenMpRuntime() {
	}

	/**
	 * The OpenMP runtime {@code program} loads, directly or through its libraries ({@code ldd}), e.g.
	 * {@code libgomp.so.1}; null when it uses none, or is not a dynamically linked program (a script).
	 */
	public static String linked(String program) {
		Path path = program.contains("/") ? Path.of(program) : NativeTools.onPath(program);
		Path ldd = NativeTools.onPath("ldd");
		if (path == null || ldd == null || !Files.isRegularFile(path) || !elf(path)) {
			return null;
		}
		try {
			Process process = new ProcessBuilder(ldd.toString(), path.toAbsolutePath().toString())
					.redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
			process.waitFor();
			Matcher m = LINKED.matcher(output);
			return m.find() ? m.group(1) : null;
		} catch (IOException e) {
			return null;
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

	private static boolean elf(Path path) {
		try (var in = Files.newInputStream(path)) {
			byte[] magic = in.readNBytes(4);
			return magic.length == 4 && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' && magic[3] == 'F';
		} catch (IOException e) {
			return false;
		}
	}

	/** LLVM's OpenMP runtime on this machine, or null: what {@code ldconfig -p} lists, else its usual places. */
	public static Path libomp() {
		String override = System.getenv("PERFCAST_LIBOMP");
		if (override != null && !override.isBlank()) {
			return Files.isRegularFile(Path.of(override)) ? Path.of(override) : null;
		}
		for (String ldconfig : List.of("/sbin/ldconfig", "/usr/sbin/ldconfig")) {
			if (Files.isExecutable(Path.of(ldconfig))) {
				try {
					Process process = new ProcessBuilder(ldconfig, "-p").redirectErrorStream(true).start();
					String output = new String(process.getInputStream().readAllBytes(),
							java.nio.charset.StandardCharsets.UTF_8);
					process.waitFor();
					Matcher m = Pattern.compile("^\\s*libomp\\.so\\.5 \\([^)]*\\) => (\\S+)", Pattern.MULTILINE)
							.matcher(output);
					if (m.find() && Files.isRegularFile(Path.of(m.group(1)))) {
						return Path.of(m.group(1));
					}
				} catch (IOException e) {
					// the usual places below
				} catch (InterruptedException e) {
					Thread.currentThread().interrupt();
					return null;
				}
			}
		}
		return LIBOMP_PLACES.stream().map(Path::of).filter(Files::isRegularFile).findFirst().orElse(null);
	}

	/**
	 * Prepares {@code environment} (the program's, with the recorder already in {@code LD_PRELOAD}) to record
	 * OpenMP program {@code program} when it is one: libomp preloaded after the recorder, the recorder named as the
	 * OMPT tool, each said to {@code notes}; when {@code OMP_NUM_THREADS} is not set, the runtime's default team is
	 * the processors the program sees ({@link VisibleProcessors}), which is said too.
	 *
	 * @return the OpenMP runtime the program links, or null when it is not an OpenMP program
	 * @throws PthreadRecorder.RecorderException when it is one and LLVM's runtime is not installed
	 */
	static String prepare(String program, Path recorder, Map<String, String> environment, Consumer<String> notes)
			throws PthreadRecorder.RecorderException {
		String linked = linked(program);
		if (linked == null) {
			Path libomp = launcher(program) ? libomp() : null;
			if (libomp != null) { // the OpenMP programs a script starts record too, on libomp
				preload(environment, recorder, libomp);
				if (environment.getOrDefault("OMP_NUM_THREADS", "").isBlank()) {
					int processors = visible(environment);
					notes.accept("OMP_NUM_THREADS is not set: OpenMP programs that " + program + " starts are recorded "
							+ "with a team of " + processors + " (the processors they see)");
				}
			}
			return null;
		}
		Path libomp = libomp();
		if (libomp == null) {
			throw new PthreadRecorder.RecorderException(program + " is an OpenMP program (it loads " + linked + "); "
					+ "recording it needs LLVM's OpenMP runtime, which is not installed: on Debian and Ubuntu, apt-get "
					+ "install libomp5 (or set PERFCAST_LIBOMP to libomp.so.5)");
		}
		preload(environment, recorder, libomp);
		if (!linked.startsWith("libomp")) {
			notes.accept("an OpenMP program built with " + (linked.startsWith("libgomp") ? "GCC" : "Intel's compiler")
					+ " (" + linked + "): recorded on LLVM's OpenMP runtime " + libomp + ", preloaded in its place");
		}
		String team = environment.get("OMP_NUM_THREADS");
		if (team == null || team.isBlank()) {
			int processors = visible(environment);
			notes.accept("OMP_NUM_THREADS is not set: recorded with a team of " + processors + " thread"
					+ (processors == 1 ? "" : "s") + " (the processors the program sees, --visible-processors); record "
					+ "with the count you want predicted, e.g. --visible-processors 8 for 8 processors");
		}
		return linked;
	}

	/** The processors the program sees, as the environment tells the recorder (else this machine's). */
	private static int visible(Map<String, String> environment) {
		try {
			return VisibleProcessors.of(environment);
		} catch (IllegalArgumentException e) {
			return VisibleProcessors.machine();
		}
	}

	/** libomp preloaded after the recorder, which is named as the OMPT tool. */
	private static void preload(Map<String, String> environment, Path recorder, Path libomp) {
		String preload = environment.get("LD_PRELOAD");
		environment.put("LD_PRELOAD", preload == null || preload.isBlank() ? libomp.toString()
				: preload.startsWith(recorder.toString()) ? recorder + ":" + libomp
						+ preload.substring(recorder.toString().length()) : preload + ":" + libomp);
		environment.put("OMP_TOOL_LIBRARIES", recorder.toString());
		environment.put("OMP_TOOL", "enabled");
	}

	/** Shells and commands that run other programs: what they start may be OpenMP programs. */
	private static final java.util.Set<String> LAUNCHERS = java.util.Set.of("sh", "bash", "dash", "zsh", "ksh", "env",
			"make", "nice", "time", "timeout", "xargs", "nohup", "stdbuf");

	/** Whether {@code program} is a script ({@code #!}) or a command that runs others. */
	static boolean launcher(String program) {
		Path path = program.contains("/") ? Path.of(program) : NativeTools.onPath(program);
		if (path == null || !Files.isRegularFile(path)) {
			return false;
		}
		if (LAUNCHERS.contains(path.getFileName().toString())) {
			return true;
		}
		try (var in = Files.newInputStream(path)) {
			byte[] start = in.readNBytes(2);
			return start.length == 2 && start[0] == '#' && start[1] == '!';
		} catch (IOException e) {
			return false;
		}
	}
}
