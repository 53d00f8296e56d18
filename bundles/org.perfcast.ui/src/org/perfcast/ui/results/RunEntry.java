package org.perfcast.ui.results;

import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.perfcast.model.results.Run;

/**
 * A run recorded in a results file of the workspace.
 *
 * @param file the results file
 * @param run  the run it holds
 */
public record RunEntry(IFile file, Run run) {

	public RunEntry {
		Objects.requireNonNull(file, "file");
		Objects.requireNonNull(run, "run");
	}

	/** The model the run simulated: its first input file, e.g. "/project/matvec.program". */
	public String model() {
		return run.getInputFiles().isEmpty() ? "" : run.getInputFiles().get(0);
	}
}
