package org.perfcast.ide;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Status;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.pamela.Pamela;

/**
 * Predicts PAMELA models on save: the prediction as INFO on {@code main}, WARNINGs when contention
 * dominates or a budget is exceeded, ERRORs where the model is wrong. Program models are predicted through
 * their PAMELA translation, with messages marked "PAMELA:" beside the execution models' own. Imports resolve
 * next to the file on disk, and a file is analysed again when a file it imports (or its machine) changes.
 */
public final class PamelaParticipant implements BuildParticipant {

	@Override
	public Analysis analyse(IFile file, EngineMonitor monitor) throws CoreException {
		String name = file.getFullPath().toString();
		IPath location = file.getLocation();
		if (location == null) {
			throw new CoreException(Status.error(name + " is not on the local file system"));
		}
		Pamela.Result result;
		if ("program".equals(file.getFileExtension())) {
			WorkspaceModel model = WorkspaceModel.load(file);
			if (!model.isValidProgram()) {
				return new Analysis(List.of(), model.inputs());
			}
			result = Pamela.analyseProgram(location.toPath(), name, ParameterBindings.EMPTY, monitor);
			List<Diagnostic> marked = result.diagnostics().stream()
					.map(d -> new Diagnostic(d.severity(), "PAMELA: " + d.message(), d.location(), d.code())).toList();
			result = new Pamela.Result(result.prediction(), marked, result.sources(), result.criticalPath());
		} else {
			String text;
			try (InputStream in = file.getContents(true)) {
				text = new String(in.readAllBytes(), Charset.forName(file.getCharset()));
			} catch (IOException e) {
				throw new CoreException(Status.error("Cannot read " + name, e));
			}
			result = Pamela.analyse(text, location.toPath(), name, ParameterBindings.EMPTY, true, monitor);
		}
		return new Analysis(result.diagnostics(), workspacePaths(result.sources()), result);
	}

	/** The workspace files at {@code sources}, also those that do not exist yet. */
	private static Set<IPath> workspacePaths(List<Path> sources) {
		Set<IPath> inputs = new HashSet<>();
		for (Path source : sources) {
			for (IFile file : ResourcesPlugin.getWorkspace().getRoot().findFilesForLocationURI(source.toUri())) {
				inputs.add(file.getFullPath());
			}
		}
		return inputs;
	}
}
