package org.perfcast.ide.tests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Status;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.ide.Analysis;
import org.perfcast.ide.BuildParticipant;

/**
 * Stands for an engine: reports "analysed N lines" as INFO and an ERROR at every occurrence of the word
 * "error", and records which files it analysed; a line "reads NAME" declares a dependency on NAME.
 */
public final class RecordingParticipant implements BuildParticipant {

	/** Workspace paths of the analysed files, in order. */
	public static final List<String> ANALYSED = new CopyOnWriteArrayList<>();

	@Override
	public Analysis analyse(IFile file, EngineMonitor monitor) throws CoreException {
		monitor.checkCancelled();
		ANALYSED.add(file.getFullPath().toString());
		String text;
		try (InputStream in = file.getContents(true)) {
			text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		} catch (IOException e) {
			throw new CoreException(Status.error("cannot read " + file, e));
		}
		String path = file.getFullPath().toString();
		String[] lines = text.split("\n", -1);
		List<Diagnostic> result = new ArrayList<>();
		result.add(Diagnostic.info("test.lines", "analysed " + lines.length + " lines", Location.of(path)));
		for (int i = 0; i < lines.length; i++) {
			int column = lines[i].indexOf("error");
			if (column >= 0) {
				result.add(Diagnostic.error("test.error", "found error", new Location.TextLocation(path, i + 1, column + 1, 5)));
			}
		}
		// a line "reads NAME" makes the analysis depend on the file NAME of the same folder
		Set<IPath> inputs = new HashSet<>();
		for (String line : lines) {
			if (line.startsWith("reads ")) {
				inputs.add(file.getParent().getFullPath().append(line.substring(6).strip()));
			}
		}
		return new Analysis(result, inputs);
	}
}
