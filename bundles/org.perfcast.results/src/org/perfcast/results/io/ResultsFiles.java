package org.perfcast.results.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.resource.PerfcastResourceFactory;
import org.perfcast.model.results.Run;

/**
 * Results files: one {@code *.results} XMI file per run, named {@code yyyyMMdd-HHmmss-SSS-ENGINE.results}
 * after the run's start (local time) so that names sort by time. Saving never overwrites a file: a name
 * already taken gets a {@code -2}, {@code -3}, ... suffix.
 */
public final class ResultsFiles {

	/** The extension of results files, without the dot. */
	public static final String EXTENSION = "results";

	private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

	private ResultsFiles() {
	}

	/** The file name for {@code run}, e.g. {@code 20260318-142501-007-loggp.results}. */
	public static String fileName(Run run) {
		return fileName(run, 1);
	}

	private static String fileName(Run run, int attempt) {
		String stamp = STAMP.format(run.getStartTime().toInstant().atZone(ZoneId.systemDefault()));
		String engine = run.getEngineId().replaceAll("[^A-Za-z0-9._-]", "_");
		return stamp + "-" + engine + (attempt > 1 ? "-" + attempt : "") + "." + EXTENSION;
	}

	/**
	 * Saves {@code run} in {@code dir} (created if missing) under a new file name; {@code run} itself is not
	 * moved into a resource.
	 *
	 * @return the file written
	 */
	public static Path save(Run run, Path dir) throws IOException {
		Files.createDirectories(dir);
		byte[] bytes = toBytes(run);
		for (int attempt = 1;; attempt++) {
			Path file = dir.resolve(fileName(run, attempt));
			try {
				Files.write(file, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
				return file;
			} catch (FileAlreadyExistsException e) {
				// taken: try the next suffix
			}
		}
	}

	/** The XMI of {@code run}, UTF-8. */
	public static byte[] toBytes(Run run) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		write(run, out);
		return out.toByteArray();
	}

	/** Writes the XMI of a copy of {@code run} to {@code out}. */
	public static void write(Run run, OutputStream out) throws IOException {
		ModelFiles.registerPackages();
		Resource resource = new PerfcastResourceFactory().createResource(URI.createURI("run." + EXTENSION));
		resource.getContents().add(EcoreUtil.copy(run));
		resource.save(out, null);
	}

	/**
	 * Loads the run saved in {@code file}.
	 *
	 * @throws IOException if the file cannot be read or holds no run, with the reason
	 */
	public static Run load(Path file) throws IOException {
		Resource resource = ModelFiles.newResourceSet()
				.createResource(URI.createFileURI(file.toAbsolutePath().toString()));
		try {
			resource.load(null);
		} catch (IOException | RuntimeException e) {
			throw new IOException(file + ": " + (resource.getErrors().isEmpty() ? e.getMessage()
					: resource.getErrors().get(0).getMessage()), e);
		}
		EObject root = resource.getContents().isEmpty() ? null : resource.getContents().get(0);
		if (root instanceof Run run) {
			return run;
		}
		throw new IOException(file + ": not a results file (" + (root == null ? "empty" : root.eClass().getName()) + ")");
	}

	/** The results files in {@code dir}, newest first; none if {@code dir} does not exist. */
	public static List<Path> list(Path dir) throws IOException {
		if (!Files.isDirectory(dir)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(dir)) {
			return files.filter(f -> f.getFileName().toString().endsWith("." + EXTENSION))
					.sorted(Comparator.comparing((Path f) -> f.getFileName().toString()).reversed()).toList();
		}
	}

	/**
	 * The newest run in {@code dir}, other than {@code file}, of the same engine, inputs, bindings, sweeps and
	 * options as {@code run} and started before it: the run a rerun is compared with. Unreadable files are
	 * skipped.
	 */
	public static Optional<Path> previous(Path dir, Run run, Path file) throws IOException {
		for (Path candidate : list(dir)) {
			if (candidate.equals(file)) {
				continue;
			}
			try {
				Run other = load(candidate);
				if (RunComparison.sameInputs(other, run) && !other.getStartTime().after(run.getStartTime())) {
					return Optional.of(candidate);
				}
			} catch (IOException e) {
				// not a run of ours: skip it
			}
		}
		return Optional.empty();
	}
}
