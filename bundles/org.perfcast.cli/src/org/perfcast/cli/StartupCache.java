package org.perfcast.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import org.perfcast.engine.TemporaryDirectory;
import org.perfcast.trace.SyntheticTrace;
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSource;

/**
 * What the start script ({@code releng/cli-jvm.sh}) needs to make the command line's start-up cache:
 * <ul>
 * <li>{@code unsign DIR CLASSPATH}: copies every signed jar of CLASSPATH into DIR without its signature files (a
 * JDK leaves the classes of signed jars out of an AOT cache) and prints the class path with the copies in place
 * of the originals;</li>
 * <li>{@code train}: runs the commands whose classes and profiles the cache should hold (help, version,
 * loggp-step, replay on small generated inputs; validate, loggp, pamela, mapping and glamis on the example
 * projects when {@code -Dperfcast.examples} names them), their output discarded.</li>
 * </ul>
 */
public final class StartupCache {

	private StartupCache() {
	}

	/** Runs {@code unsign DIR CLASSPATH} or {@code train}; exit code 2 on a usage error, 1 on a failure. */
	public static void main(String[] args) {
		try {
			if (args.length == 3 && args[0].equals("unsign")) {
				System.out.println(unsign(Path.of(args[1]), args[2]));
				return;
			}
			if (args.length == 1 && args[0].equals("train")) {
				train(System.getProperty("perfcast.examples"));
				return;
			}
		} catch (IOException | UncheckedIOException e) {
			System.err.println("perfcast: " + e.getMessage());
			System.exit(1);
		}
		System.err.println("usage: StartupCache unsign DIR CLASSPATH | train");
		System.exit(2);
	}

	/**
	 * Copies the signed jars of {@code classpath} into {@code dir} without their signature files; returns the class
	 * path naming the copies (unsigned jars stay where they are).
	 */
	static String unsign(Path dir, String classpath) throws IOException {
		List<String> entries = new ArrayList<>();
		for (String jar : classpath.split(":")) {
			if (jar.isEmpty()) {
				continue;
			}
			Path source = Path.of(jar);
			if (!Files.isRegularFile(source) || !signed(source)) {
				entries.add(jar);
				continue;
			}
			Files.createDirectories(dir);
			Path copy = dir.resolve(source.getFileName()).toAbsolutePath();
			try (ZipFile in = new ZipFile(source.toFile()); OutputStream file = Files.newOutputStream(copy);
					ZipOutputStream out = new ZipOutputStream(file)) {
				Enumeration<? extends ZipEntry> all = in.entries();
				while (all.hasMoreElements()) {
					ZipEntry entry = all.nextElement();
					if (signature(entry.getName())) {
						continue;
					}
					ZipEntry kept = new ZipEntry(entry.getName());
					kept.setTime(entry.getTime());
					out.putNextEntry(kept);
					try (InputStream data = in.getInputStream(entry)) {
						data.transferTo(out);
					}
					out.closeEntry();
				}
			}
			entries.add(copy.toString());
		}
		return String.join(":", entries);
	}

	private static boolean signed(Path jar) throws IOException {
		try (ZipFile zip = new ZipFile(jar.toFile())) {
			return zip.stream().anyMatch(e -> signature(e.getName()));
		}
	}

	/** A jar signature's file: META-INF/*.SF, *.RSA, *.DSA, *.EC or SIG-*. */
	static boolean signature(String name) {
		if (!name.startsWith("META-INF/") || name.indexOf('/', 9) >= 0) {
			return false;
		}
		String file = name.substring(9).toUpperCase(Locale.ROOT);
		return file.endsWith(".SF") || file.endsWith(".RSA") || file.endsWith(".DSA") || file.endsWith(".EC")
				|| file.startsWith("SIG-");
	}

	/** Runs the training commands; a command that fails is skipped. */
	static void train(String examples) throws IOException {
		try (TemporaryDirectory temporary = TemporaryDirectory.create("perfcast-training-")) {
			Path scratch = temporary.path();
			List<List<String>> commands = new ArrayList<>();
			commands.add(List.of("help"));
			commands.add(List.of("version"));
			for (Command command : PerfcastCli.withBuiltinCommands().commands()) {
				commands.add(List.of("help", command.name()));
			}
			Path pattern = scratch.resolve("step.pattern");
			StringBuilder text = new StringBuilder();
			SplittableRandom random = new SplittableRandom(1);
			for (int i = 0; i < 20_000; i++) {
				int from = random.nextInt(64);
				text.append(from).append(' ').append((from + 1 + random.nextInt(63)) % 64).append(' ')
						.append(1 + random.nextInt(4096)).append('\n');
			}
			Files.writeString(pattern, text);
			commands.add(List.of("loggp-step", pattern.toString()));
			commands.add(List.of("loggp-step", pattern.toString(), "--json"));
			commands.add(List.of("loggp-step", pattern.toString(), "--algorithm", "overestimate"));
			Path trace = scratch.resolve("ring.mpitrace");
			Files.writeString(trace, ring(8, 200));
			commands.add(List.of("replay", trace.toString()));
			commands.add(List.of("replay", trace.toString(), "--json"));
			// thread traces, binary and text: the readers, the replay and the simulation
			Path workers = scratch.resolve("workers.vtraceb");
			try (OutputStream out = Files.newOutputStream(workers)) {
				SyntheticTrace.writeBinary(out, SyntheticTrace.Shape.WORKERS, 20_000, 1);
			}
			Path workersText = scratch.resolve("workers.vtrace");
			try (TraceSource source = TraceFiles.open(workers, "workers.vtraceb")) {
				Files.writeString(workersText, Trace.of(source).toText());
			} catch (TraceException e) {
				throw new IOException(e.toString(), e);
			}
			commands.add(List.of("trace", workersText.toString(), "--processors", "2"));
			commands.add(List.of("trace", workers.toString(), "--processors", "4", "--json"));
			if (examples != null && Files.isDirectory(Path.of(examples))) {
				Path root = Path.of(examples);
				try (Stream<Path> files = Files.walk(root, 2)) {
					List<String> validate = new ArrayList<>(List.of("validate"));
					files.filter(f -> f.toString().matches(".*\\.(machine|layout|program)"))
							.filter(f -> !f.startsWith(root.resolve("loggp-scale"))).sorted()
							.forEach(f -> validate.add(f.toString()));
					commands.add(validate);
				}
				commands.add(List.of("loggp", root.resolve("loggp-scale/bcast.program").toString(), "--set", "d=12"));
				commands.add(List.of("loggp", root.resolve("loggp-scale/random-steps.program").toString(), "--set",
						"M=20000", "--set", "S=2"));
				commands.add(List.of("loggp", root.resolve("gauss-elim/gauss-elim.program").toString(), "--set", "b=120",
						"--algorithm", "both", "--json"));
				commands.add(List.of("pamela", root.resolve("matvec-ring/matvec.pamela").toString()));
				commands.add(List.of("mapping", root.resolve("matvec-ring/matvec.program").toString()));
				commands.add(List.of("glamis", root.resolve("matvec-ring/matvec.glamis").toString()));
			}
			PrintStream none = new PrintStream(OutputStream.nullOutputStream());
			Console quiet = new Console(none, none);
			for (List<String> command : commands) {
				try {
					PerfcastCli.withBuiltinCommands().run(command, quiet);
				} catch (RuntimeException e) {
					// a command that cannot run here adds nothing to the cache
				}
			}
		}
	}

	/** A trace of {@code P} ranks passing a message round a ring {@code rounds} times, with a broadcast each round. */
	private static String ring(int P, int rounds) {
		StringBuilder text = new StringBuilder("ranks " + P + "\n");
		for (int r = 0; r < P; r++) {
			text.append("rank ").append(r).append('\n');
			for (int k = 0; k < rounds; k++) {
				text.append("compute 3.5\n");
				if (r == 0) {
					text.append("send 1 0 0 1024\nrecv ").append(P - 1).append(" 0 0 1024\n");
				} else {
					text.append("recv ").append(r - 1).append(" 0 0 1024\nsend ").append((r + 1) % P).append(" 0 0 1024\n");
				}
				text.append("bcast 0 0 64\n");
			}
		}
		return text.toString();
	}
}
