package org.perfcast.record.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.perfcast.record.JavaRecorder;

/**
 * The JVMs the recorder is tested on: the home named by the system property {@code perfcast.javaN} (N the feature
 * release, e.g. {@code -Dperfcast.java17=/usr/lib/jvm/java-17-openjdk-amd64}), else the running JVM if it is that
 * release, else one found under {@code perfcast.jvms} (default {@code /usr/lib/jvm}) by its {@code release} file.
 * A JVM that is not there fails the test that needs it, saying what to install.
 */
final class Jvms {

	private Jvms() {
	}

	/** The home of a JDK of feature release {@code feature}. */
	static Path home(int feature) throws IOException {
		String named = System.getProperty("perfcast.java" + feature);
		if (named != null) {
			Path home = Path.of(named);
			if (!Files.isExecutable(home.resolve("bin/java"))) {
				fail("perfcast.java" + feature + "=" + named + " has no bin/java");
			}
			return home;
		}
		if (Runtime.version().feature() == feature) {
			return Path.of(System.getProperty("java.home"));
		}
		Path root = Path.of(System.getProperty("perfcast.jvms", "/usr/lib/jvm"));
		List<String> seen = new ArrayList<>();
		if (Files.isDirectory(root)) {
			try (Stream<Path> homes = Files.list(root)) {
				for (Path home : homes.sorted().toList()) {
					if (Files.isSymbolicLink(home) || !Files.isExecutable(home.resolve("bin/java"))) {
						continue;
					}
					String version = JavaRecorder.version(home.resolve("bin/java").toString());
					seen.add(home + " (" + version + ")");
					if (version != null && JavaRecorder.feature(version) == feature) {
						return home;
					}
				}
			}
		}
		return fail("no Java " + feature + " under " + root + " (found " + seen + "): install it (on Debian 12: "
				+ (feature == 17 ? "apt-get install openjdk-17-jdk-headless" : "a JDK " + feature)
				+ ") or name its home with -Dperfcast.java" + feature + "=HOME");
	}

	/** The {@code bin/java} of a JDK of release {@code feature}. */
	static String java(int feature) throws IOException {
		return home(feature).resolve("bin/java").toString();
	}
}
