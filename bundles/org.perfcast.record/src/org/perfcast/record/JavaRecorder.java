package org.perfcast.record;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;
import org.perfcast.engine.NativeTools;
import org.perfcast.record.PthreadRecorder.RecorderException;

/**
 * Records a Java program's threads: the agent of {@code org.perfcast.record.agent} with the ASM classes it uses
 * (moved to a package of its own, so that a program's own ASM does not clash) is written once into a jar in a
 * cache folder, and the program runs pinned to one processor with {@code -javaagent:} that jar.
 * <p>
 * The program's JVM may be any Java from {@value #OLDEST_JAVA} up: the jar holds the agent's classes as the bundle's
 * build compiled them for Java 11 (into {@code java-agent/}; its {@code Premain-Class} for Java 8, so that an older
 * JVM says what is wrong instead of aborting), not the bundle's own copy, and the JVM's version is checked before
 * the program starts.
 */
public final class JavaRecorder {

	/** The oldest Java the recorder runs on. */
	public static final int OLDEST_JAVA = 11;

	/** The agent's package, as a path. */
	static final String AGENT = "org/perfcast/record/agent/";
	/** Where the bundle holds the agent's package compiled for Java 11. */
	static final String COMPILED_AGENT = "java-agent/";
	private static final String ASM = "org/objectweb/asm/";
	private static final String MOVED_ASM = AGENT + "asm/";

	private JavaRecorder() {
	}

	/** Whether {@code command} runs a Java program: its program is {@code java}. */
	public static boolean isJava(List<String> command) {
		return !command.isEmpty() && Path.of(command.get(0)).getFileName().toString().equals("java");
	}

	/**
	 * The default name of a Java program's trace: its main class's simple name, or its jar's name, or "java".
	 */
	public static String programName(List<String> command) {
		for (int i = 1; i < command.size(); i++) {
			String arg = command.get(i);
			if (arg.equals("-cp") || arg.equals("-classpath") || arg.equals("--class-path") || arg.equals("-p")
					|| arg.equals("--module-path")) {
				i++;
			} else if (arg.equals("-jar") && i + 1 < command.size()) {
				return Path.of(command.get(i + 1)).getFileName().toString().replaceFirst("\\.jar$", "");
			} else if (!arg.startsWith("-")) {
				return arg.substring(arg.lastIndexOf('.') + 1);
			}
		}
		return "java";
	}

	/**
	 * The agent jar in {@code cache}, written unless it is there for these classes.
	 *
	 * @throws RecorderException if the agent's or ASM's classes cannot be found
	 */
	public static Path agentJar(Path cache) throws RecorderException, IOException {
		Map<String, byte[]> classes = new TreeMap<>();
		classes(JavaRecorder.class, COMPILED_AGENT + AGENT, COMPILED_AGENT, classes);
		classes(ClassReader.class, ASM, "", classes);
		if (!classes.containsKey(AGENT + "Premain.class") || !classes.containsKey(AGENT + "Agent.class")) {
			throw new RecorderException("the Java agent's classes compiled for Java " + OLDEST_JAVA + " (" + COMPILED_AGENT
					+ " in the bundle of " + JavaRecorder.class.getName() + ") were not found: build the bundle with "
					+ "Maven, which compiles them");
		}
		if (!classes.containsKey(ASM + "ClassReader.class")) {
			throw new RecorderException("the ASM classes the Java agent needs were not found next to "
					+ ClassReader.class.getName());
		}
		Path jar = cache.resolve("recorder-java-" + NativeTools.hash(classes.values().toArray(byte[][]::new)))
				.resolve("perfcast-recorder.jar");
		if (NativeTools.built(jar)) {
			return jar;
		}
		Remapper moveAsm = new Remapper() {
			@Override
			public String map(String name) {
				return name.startsWith(ASM) ? MOVED_ASM + name.substring(ASM.length()) : name;
			}
		};
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		manifest.getMainAttributes().putValue("Premain-Class", AGENT.replace('/', '.') + "Premain");
		manifest.getMainAttributes().putValue("Created-By", "Perfcast");
		// the agent's classes are the boot class loader's, so that the JDK's Thread and LockSupport can call its hooks
		manifest.getMainAttributes().putValue("Boot-Class-Path", jar.getFileName().toString());
		manifest.getMainAttributes().putValue("Can-Retransform-Classes", "true");
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
			for (Map.Entry<String, byte[]> c : classes.entrySet()) {
				ClassReader reader = new ClassReader(c.getValue());
				ClassWriter writer = new ClassWriter(0);
				reader.accept(new ClassRemapper(writer, moveAsm), 0);
				out.putNextEntry(new JarEntry(moveAsm.map(c.getKey().replace(".class", "")) + ".class"));
				out.write(writer.toByteArray());
				out.closeEntry();
			}
		}
		NativeTools.write(jar, bytes.toByteArray());
		return jar;
	}

	/**
	 * Adds the class files under {@code prefix} of the jar or folder {@code owner} was loaded from, named without
	 * {@code strip}.
	 */
	private static void classes(Class<?> owner, String prefix, String strip, Map<String, byte[]> into)
			throws IOException {
		CodeSource source = owner.getProtectionDomain().getCodeSource();
		if (source == null || source.getLocation() == null) {
			return;
		}
		Path location;
		try {
			location = Path.of(source.getLocation().toURI());
		} catch (URISyntaxException | IllegalArgumentException e) {
			String text = source.getLocation().toString().replaceFirst("^reference:", "").replaceFirst("^file:", "");
			location = Path.of(text);
		}
		if (Files.isDirectory(location)) {
			Path root = location.resolve(prefix);
			if (!Files.isDirectory(root)) {
				return;
			}
			try (Stream<Path> files = Files.walk(root)) {
				for (Path f : files.filter(f -> f.toString().endsWith(".class")).toList()) {
					String name = location.relativize(f).toString().replace('\\', '/');
					if (wanted(name, prefix)) {
						into.put(name.substring(strip.length()), Files.readAllBytes(f));
					}
				}
			}
		} else if (Files.isRegularFile(location)) {
			try (ZipFile zip = new ZipFile(location.toFile())) {
				for (ZipEntry e : java.util.Collections.list(zip.entries())) {
					String name = e.getName();
					if (wanted(name, prefix)) {
						try (InputStream in = zip.getInputStream(e)) {
							into.put(name.substring(strip.length()), in.readAllBytes());
						}
					}
				}
			}
		}
	}

	/** A class file under {@code prefix}; of ASM, only its core package. */
	private static boolean wanted(String name, String prefix) {
		return name.startsWith(prefix) && name.endsWith(".class")
				&& (!prefix.equals(ASM) || !name.substring(prefix.length()).contains("/"));
	}

	/**
	 * Runs the Java program {@code command} on one processor with the agent, writing the trace to {@code out} and
	 * the program's standard output to {@code output}.
	 *
	 * @return the program's exit code
	 * @throws RecorderException when the agent cannot be written, the program cannot start or writes no trace
	 */
	public static int record(List<String> command, Path out, Path cache, ProcessBuilder.Redirect output)
			throws RecorderException, IOException {
		return record(command, out, cache, output, null);
	}

	/**
	 * {@link #record(List, Path, Path, ProcessBuilder.Redirect)}, ending the JVM and what it started after
	 * {@code timeout} (null: no limit).
	 */
	public static int record(List<String> command, Path out, Path cache, ProcessBuilder.Redirect output,
			java.time.Duration timeout) throws RecorderException, IOException {
		return record(command, out, cache, output, timeout, VisibleProcessors.machine());
	}

	/**
	 * {@link #record(List, Path, Path, ProcessBuilder.Redirect, java.time.Duration)}, the program seeing
	 * {@code visible} processors ({@code -XX:ActiveProcessorCount}, unless the command sets it) while it runs on one.
	 */
	public static int record(List<String> command, Path out, Path cache, ProcessBuilder.Redirect output,
			java.time.Duration timeout, int visible) throws RecorderException, IOException {
		checkVersion(command.get(0));
		Path jar = agentJar(cache);
		List<String> full = new ArrayList<>();
		full.add(command.get(0));
		full.add("-javaagent:" + jar + "=out=" + out.toAbsolutePath());
		List<String> shown = VisibleProcessors.javaCommand(command, visible);
		full.addAll(shown.subList(1, shown.size()));
		return PthreadRecorder.runPinned(full, Map.of(), out, command.get(0), output, timeout);
	}

	/**
	 * Checks that the JVM {@code java} (a path, or a name looked up on the PATH) is one the recorder runs on, from
	 * the {@code release} file of its home, else from {@code java -version}; a JVM whose version cannot be told is
	 * let run (the agent says so itself if it is too old).
	 *
	 * @throws RecorderException naming the JVM and its version when it is older than Java {@value #OLDEST_JAVA}
	 */
	public static void checkVersion(String java) throws RecorderException, IOException {
		String version = version(java);
		if (version != null && feature(version) < OLDEST_JAVA) {
			throw new RecorderException(unsupported(java, version));
		}
	}

	/** What is said of the JVM {@code java} of version {@code version}, older than the recorder supports. */
	public static String unsupported(String java, String version) {
		return "the Java recorder needs Java " + OLDEST_JAVA + " or newer; " + java + " is Java " + version;
	}

	/**
	 * The version of the JVM {@code java} (a path, or a name looked up on the PATH), such as "17.0.15" or
	 * "1.8.0_392": its home's {@code release} file's {@code JAVA_VERSION}, else what {@code java -version} says;
	 * null if there is no such program or it does not say.
	 */
	public static String version(String java) throws IOException {
		Path executable = java.contains("/") ? Path.of(java) : NativeTools.onPath(java);
		if (executable == null || !Files.isRegularFile(executable)) {
			return null;
		}
		Path real = executable.toRealPath();
		Path bin = real.getParent();
		if (bin != null && bin.getParent() != null) {
			Path home = bin.getParent();
			for (Path release : List.of(home.resolve("release"), home.resolveSibling("release"))) {
				if (Files.isRegularFile(release)) {
					for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
						Matcher m = RELEASE_VERSION.matcher(line);
						if (m.matches()) {
							return m.group(1);
						}
					}
				}
				if (!home.getFileName().toString().equals("jre")) {
					break; // only a JDK 8's jre/ has its release file one folder up
				}
			}
		}
		Process process = new ProcessBuilder(real.toString(), "-version").redirectErrorStream(true).start();
		try {
			process.getOutputStream().close();
			String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(60, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				return null;
			}
			Matcher m = VERSION_OUTPUT.matcher(text);
			return m.find() ? m.group(1) : null;
		} catch (InterruptedException e) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IOException("interrupted while asking " + java + " its version", e);
		}
	}

	private static final Pattern RELEASE_VERSION = Pattern.compile("JAVA_VERSION=\"([^\"]+)\"");
	private static final Pattern VERSION_OUTPUT = Pattern.compile("version \"([^\"]+)\"");

	/** The feature release of a Java version: "1.8.0_392" is 8, "17.0.15" is 17, "25" is 25; 0 if unknown. */
	public static int feature(String version) {
		String v = version.startsWith("1.") ? version.substring(2) : version;
		int end = 0;
		while (end < v.length() && Character.isDigit(v.charAt(end))) {
			end++;
		}
		return end == 0 || end > 9 ? 0 : Integer.parseInt(v.substring(0, end));
	}
}
