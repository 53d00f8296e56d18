package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * The command line in a JVM of its own, as {@code perfcast} starts it: the test's Java, the engine and CLI bundles'
 * jars and EMF's and ASM's (found among the test runtime's bundles), options such as {@code -Xmx300m} and a
 * temporary folder of the test's.
 */
final class ChildCli {

	/** What a finished run printed and returned. */
	record Result(int status, String out, String err) {
	}

	private ChildCli() {
	}

	/** The class path: the jars of the bundles the command line needs. */
	static String classPath() {
		Bundle self = FrameworkUtil.getBundle(ChildCli.class);
		if (self == null) {
			fail("not in an OSGi runtime: the child JVM's class path comes from the bundles'");
		}
		TreeSet<String> jars = new TreeSet<>();
		for (Bundle bundle : self.getBundleContext().getBundles()) {
			String name = bundle.getSymbolicName();
			if (name == null || name.endsWith(".tests") || !(name.startsWith("org.perfcast.") || name.startsWith(
					"org.eclipse.emf.common") || name.startsWith("org.eclipse.emf.ecore") || name.startsWith(
							"org.objectweb.asm"))) {
				continue;
			}
			String location = bundle.getLocation();
			int file = location.indexOf("file:");
			if (file >= 0) {
				// Equinox keeps locations relative to its install area when it can
				Path given = Path.of(location.substring(file + 5));
				for (Path base : List.of(installArea(), Path.of(""))) {
					Path jar = base.resolve(given).toAbsolutePath().normalize();
					if (Files.isRegularFile(jar) || Files.isDirectory(jar)) {
						jars.add(jar.toString());
						break;
					}
				}
			}
		}
		assertTrue(jars.stream().anyMatch(j -> j.contains("org.perfcast.cli")), "the CLI's jar among " + jars);
		return String.join(File.pathSeparator, jars);
	}

	/** The folder of the OSGi runtime's install area (osgi.install.area, a file: URL). */
	private static Path installArea() {
		String area = System.getProperty("osgi.install.area", "");
		try {
			return area.startsWith("file:") ? Path.of(URI.create(area.replace(" ", "%20"))) : Path.of("");
		} catch (IllegalArgumentException e) {
			return Path.of(area.substring(5));
		}
	}

	/** Starts {@code perfcast ARGS} with {@code options}, temporary files in {@code tmp}. */
	static Process start(Path tmp, List<String> options, String... args) throws IOException {
		Files.createDirectories(tmp);
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
				.toString(), "-XX:+UseSerialGC", "-Djava.io.tmpdir=" + tmp));
		command.addAll(options);
		command.addAll(List.of("-cp", classPath(), "org.perfcast.cli.Main"));
		command.addAll(List.of(args));
		return new ProcessBuilder(command).redirectOutput(tmp.resolveSibling(tmp.getFileName() + ".out").toFile())
				.redirectError(tmp.resolveSibling(tmp.getFileName() + ".err").toFile()).start();
	}

	/** Runs {@code perfcast ARGS} with {@code options} to its end (at most two minutes). */
	static Result run(Path tmp, List<String> options, String... args) throws IOException, InterruptedException {
		Process process = start(tmp, options, args);
		if (!process.waitFor(2, TimeUnit.MINUTES)) {
			process.destroyForcibly();
			fail("perfcast " + String.join(" ", args) + " still runs after two minutes");
		}
		return new Result(process.exitValue(), text(tmp.resolveSibling(tmp.getFileName() + ".out")), text(tmp
				.resolveSibling(tmp.getFileName() + ".err")));
	}

	/** A file's bytes as UTF-8, malformed ones replaced (so that raw bytes show, not an exception). */
	private static String text(Path file) throws IOException {
		return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
	}
}
