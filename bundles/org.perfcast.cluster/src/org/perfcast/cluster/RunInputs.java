package org.perfcast.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.RunRequest;

/**
 * The files of this machine that a run through ssh copies to the cluster: the model and the files its engine says a
 * run of it reads ({@link Engine#referencedFiles}), nothing else of the model's folder. Never a hidden file (a dotfile
 * such as {@code .netrc}, or any file in a hidden folder) and never a file outside the model's folder (by its path
 * or as a link): a model that refers to one is refused, the message naming the file.
 *
 * @param folder   the model's folder, absolute
 * @param files    the files to copy, relative to {@code folder}, the model first
 * @param complete whether the engine said which files a run reads (when not, {@code files} is the model alone)
 */
public record RunInputs(Path folder, List<Path> files, boolean complete) {

	public RunInputs {
		files = List.copyOf(files);
	}

	/**
	 * The files to copy for a run of {@code request} with {@code engine}. A referenced file that does not exist is
	 * left out: the run reports it, as it does on this machine.
	 *
	 * @throws ClusterException if a file is hidden, outside the model's folder, or not a regular file
	 */
	public static RunInputs of(Engine engine, RunRequest request) throws ClusterException {
		Path model = request.model().toAbsolutePath().normalize();
		Path folder = model.getParent();
		Optional<List<Path>> referenced = engine.referencedFiles(model, request.options());
		List<Path> candidates = new ArrayList<>(List.of(model));
		referenced.ifPresent(list -> list.stream().map(f -> f.toAbsolutePath().normalize()).filter(Files::exists)
				.forEach(candidates::add));
		List<Path> files = new ArrayList<>();
		for (Path file : candidates) {
			Path relative = inside(folder, file, model);
			if (!files.contains(relative)) {
				files.add(relative);
			}
		}
		return new RunInputs(folder, files, referenced.isPresent());
	}

	/** {@code file} relative to {@code folder}, checked. */
	private static Path inside(Path folder, Path file, Path model) throws ClusterException {
		String what = file.equals(model) ? "the model " + file : file + ", which " + model.getFileName() + " refers to,";
		if (!file.startsWith(folder)) {
			throw new ClusterException(what + " is outside the model's folder " + folder + ": a run through ssh copies"
					+ " only files of that folder to the cluster; copy it there and refer to the copy");
		}
		Path relative = folder.relativize(file);
		for (Path name : relative) {
			if (name.toString().startsWith(".")) {
				throw new ClusterException(what + " is hidden (" + name + "): a run through ssh never copies hidden files,"
						+ " such as .netrc, to the cluster; rename it");
			}
		}
		try {
			Path real = file.toRealPath();
			if (!real.startsWith(folder.toRealPath())) {
				throw new ClusterException(what + " is a link to " + real + ", outside the model's folder " + folder
						+ ": a run through ssh copies only files of that folder to the cluster; copy the file there");
			}
			if (!Files.isRegularFile(real)) {
				throw new ClusterException(what + " is not a file (a folder, a device or a pipe)");
			}
		} catch (IOException e) {
			throw new ClusterException("cannot read " + file + ": " + e.getMessage());
		}
		return relative;
	}
}
